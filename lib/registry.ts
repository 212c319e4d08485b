import type { FrontEnd, FrontEndRegistryLike } from './types';

/**
 * Front-ends by file kind. The first registered front-end whose `matches` accepts a path reads it; the
 * fallback (the plain-text front-end) reads every other text file. Integrations register their own with
 * `register` (before the defaults, to take a kind over).
 */
export class FrontEndRegistry implements FrontEndRegistryLike {
  private readonly list: FrontEnd[] = [];

  constructor(private readonly fallback: FrontEnd) {}

  register(frontEnd: FrontEnd, opts: { first?: boolean } = {}): this {
    if (this.list.some((f) => f.id === frontEnd.id)) throw new Error(`a front-end named '${frontEnd.id}' is already registered`);
    if (opts.first) this.list.unshift(frontEnd);
    else this.list.push(frontEnd);
    return this;
  }

  forFile(absPath: string): FrontEnd {
    return this.list.find((f) => f.matches(absPath)) ?? this.fallback;
  }

  all(): readonly FrontEnd[] {
    return [...this.list, this.fallback];
  }
}
