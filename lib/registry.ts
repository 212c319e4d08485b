import type { FrontEnd, FrontEndRegistryLike } from './types';

/**
 * Front-ends by file kind. The first registered front-end whose `matches` accepts a path reads it; the
 * fallback (the plain-text front-end) reads every other text file. Integrations register their own with
 * `register` (before the defaults, to take a kind over).
 */
export class FrontEndRegistry implements FrontEndRegistryLike {
  private readonly list: FrontEnd[] = [];
  /** Each path's front-end, once asked: a scan asks for every file several times, and `matches` only reads the path. */
  private readonly byPath = new Map<string, FrontEnd>();

  constructor(private readonly fallback: FrontEnd) {}

  register(frontEnd: FrontEnd, opts: { first?: boolean } = {}): this {
    if (this.list.some((f) => f.id === frontEnd.id)) throw new Error(`a front-end named '${frontEnd.id}' is already registered`);
    if (opts.first) this.list.unshift(frontEnd);
    else this.list.push(frontEnd);
    this.byPath.clear();
    return this;
  }

  forFile(absPath: string): FrontEnd {
    let f = this.byPath.get(absPath);
    if (!f) {
      f = this.list.find((x) => x.matches(absPath)) ?? this.fallback;
      this.byPath.set(absPath, f);
    }
    return f;
  }

  all(): readonly FrontEnd[] {
    return [...this.list, this.fallback];
  }
}
