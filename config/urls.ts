import type { Config } from './types';

/**
 * Matching of configured addresses. v1 addresses are matched tolerantly: `http` or `https`, with or without
 * the trailing slash, in any letter case of the host. A match must end at a path boundary, so
 * `https://sandbox.example/api` does not match `https://sandbox.example/apiary`.
 */

export interface ParsedBase {
  host: string;
  /** Path without trailing slash, e.g. `/api` or `/symptom-checker/v2`. */
  path: string;
}

export function parseBase(url: string): ParsedBase {
  const m = /^https?:\/\/([^/?#]+)(\/[^?#]*)?/i.exec(url);
  if (!m) throw new Error(`not an http(s) URL: ${url}`);
  return { host: m[1]!.toLowerCase(), path: (m[2] ?? '').replace(/\/+$/, '') };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regular expression for `url` anywhere in a string, tolerant of scheme and trailing slash. */
export function tolerantUrlPattern(url: string, flags = 'gi'): RegExp {
  const { host, path } = parseBase(url);
  return new RegExp(`https?://${escape(host)}${escape(path)}(?=$|[/?#\\s'"\`),;<>\\]}])`, flags);
}

/** v2 base without its trailing slash: a v1 prefix is replaced by it and keeps what followed. */
function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export interface EnvMatch {
  env: string;
}

export interface Rewrite {
  text: string;
  /** Environments whose addresses were replaced, in order. */
  envs: string[];
}

export class UrlMapper {
  private readonly bases: { env: string; re: RegExp; to: string }[];
  private readonly audiences: { env: string; re: RegExp; to: string }[];
  private readonly v1Hosts: { env: string; re: RegExp }[];

  constructor(readonly config: Config) {
    const envs = Object.entries(config.environments);
    this.bases = envs.map(([env, e]) => ({ env, re: tolerantUrlPattern(e.v1.baseUrl), to: stripSlash(e.v2.baseUrl) }));
    this.audiences = envs.map(([env, e]) => ({
      env,
      re: new RegExp(`^${tolerantUrlPattern(e.v1.audience, '').source}/?$`, 'i'),
      to: e.v2.audience,
    }));
    this.v1Hosts = envs.map(([env, e]) => ({
      env,
      re: new RegExp(`^https?://${escape(parseBase(e.v1.baseUrl).host)}/?$`, 'i'),
    }));
  }

  /** Replace every v1 base address inside `text` by the v2 base of the same environment. */
  rewriteBases(text: string): Rewrite {
    const envs: string[] = [];
    let out = text;
    for (const b of this.bases) {
      out = out.replace(b.re, () => {
        envs.push(b.env);
        return b.to;
      });
    }
    return { text: out, envs };
  }

  /** Whether `text` contains a v1 base address. */
  hasV1Base(text: string): boolean {
    return this.bases.some((b) => {
      b.re.lastIndex = 0;
      return b.re.test(text);
    });
  }

  /** The v2 audience for a string that is exactly a v1 audience, else null. */
  mapAudience(value: string): { to: string; env: string } | null {
    const hit = this.audiences.find((a) => a.re.test(value.trim()));
    return hit ? { to: hit.to, env: hit.env } : null;
  }

  /** Whether `value` is exactly a v1 host with no path (`https://sandbox.example.com`). */
  isBareV1Host(value: string): boolean {
    return this.v1Hosts.some((h) => h.re.test(value.trim()));
  }

  /** Literal strings a cheap text scan can look for to decide whether a file may mention v1 addresses. */
  scanNeedles(): string[] {
    const hosts = new Set<string>();
    for (const e of Object.values(this.config.environments)) {
      hosts.add(parseBase(e.v1.baseUrl).host);
      hosts.add(parseBase(e.v1.audience).host);
    }
    return [...hosts];
  }
}
