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
  // Asked of the same few configured addresses for every file and literal: memoised (bounded), a copy per caller.
  let parsed = parsedBases.get(url);
  if (!parsed) {
    const m = /^https?:\/\/([^/?#]+)(\/[^?#]*)?/i.exec(url);
    if (!m) throw new Error(`not an http(s) URL: ${url}`);
    parsed = { host: m[1]!.toLowerCase(), path: (m[2] ?? '').replace(/\/+$/, '') };
    if (parsedBases.size >= 10_000) parsedBases.clear();
    parsedBases.set(url, parsed);
  }
  return { host: parsed.host, path: parsed.path };
}
const parsedBases = new Map<string, ParsedBase>();

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
  private readonly exactBases: RegExp[];
  private readonly v2Bases: RegExp[];
  private readonly v2Audiences: RegExp[];
  private readonly exactV2Bases: RegExp[];

  constructor(readonly config: Config) {
    const envs = Object.entries(config.environments);
    this.bases = envs.map(([env, e]) => ({ env, re: tolerantUrlPattern(e.v1.baseUrl), to: stripSlash(e.v2.baseUrl) }));
    this.audiences = envs.map(([env, e]) => ({
      env,
      re: new RegExp(`^${tolerantUrlPattern(e.v1.audience, '').source}/?$`, 'i'),
      to: e.v2.audience,
    }));
    this.exactBases = envs.map(([, e]) => new RegExp(`^${tolerantUrlPattern(e.v1.baseUrl, '').source}/?$`, 'i'));
    this.v2Bases = envs.map(([, e]) => tolerantUrlPattern(e.v2.baseUrl, 'i'));
    this.exactV2Bases = envs.map(([, e]) => new RegExp(`^${tolerantUrlPattern(e.v2.baseUrl, '').source}/?$`, 'i'));
    this.v2Audiences = envs.map(([, e]) => new RegExp(`^${tolerantUrlPattern(e.v2.audience, '').source}/?$`, 'i'));
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

  /** Whether `value` is exactly a v1 base address (scheme and trailing slash aside). */
  isExactV1Base(value: string): boolean {
    return this.exactBases.some((b) => b.test(value.trim()));
  }

  /**
   * Whether `text` holds this API's v2 base address (what a first run wrote in place of a v1 one), or is exactly its
   * v2 audience: a value of this API all the same, for the ties a second run must still find.
   */
  hasV2Address(text: string): boolean {
    return this.v2Bases.some((b) => b.test(text)) || this.v2Audiences.some((a) => a.test(text.trim()));
  }

  /** Whether `value` is exactly a v2 base address (scheme and trailing slash aside). */
  isExactV2Base(value: string): boolean {
    return this.exactV2Bases.some((b) => b.test(value.trim()));
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

  /** Every host an environment names: v1 and v2 bases and audiences, the token service. Another host is another API's. */
  configuredHosts(): ReadonlySet<string> {
    if (!this.hosts) {
      this.hosts = new Set(Object.values(this.config.environments).flatMap((e) => [e.v1.baseUrl, e.v2.baseUrl, e.v1.audience, e.v2.audience, e.authUrl].map((u) => parseBase(u).host)));
    }
    return this.hosts;
  }
  private hosts: Set<string> | null = null;

  /** Literal strings a cheap text scan can look for to decide whether a file may mention v1 addresses. */
  scanNeedles(): string[] {
    if (!this.needles) {
      const hosts = new Set<string>();
      for (const e of Object.values(this.config.environments)) {
        hosts.add(parseBase(e.v1.baseUrl).host);
        hosts.add(parseBase(e.v1.audience).host);
      }
      this.needles = [...hosts];
    }
    return this.needles;
  }
  private needles: string[] | null = null;

  /** One mapper per configuration object (its patterns are compiled once, not per file). */
  static of(config: Config): UrlMapper {
    let m = mappers.get(config);
    if (!m) {
      m = new UrlMapper(config);
      mappers.set(config, m);
    }
    return m;
  }
}
const mappers = new WeakMap<Config, UrlMapper>();

/** A v1 address found in free text. Offsets are into the text; `end` is the end of the whole URL token. */
export interface V1Occurrence {
  start: number;
  end: number;
  env: string;
  /** `base`: a v1 base address (with or without a path after it); `host`: the v1 host alone, no path;
   * `audience`: exactly a v1 audience that is not a v1 base (configs where they differ). */
  kind: 'base' | 'host' | 'audience';
  /** Written without `http(s)://`. */
  schemeless: boolean;
  /** The URL token as written. */
  text: string;
}

const URL_END = /[\s"'`<>)\]}|\\,;]/;

/**
 * Every v1 address in a text: v1 bases (the scheme optional), bare v1 hosts, and v1 audiences that are not
 * bases. A host followed by another path (`https://www.example.com/privacy`) is not a v1 address.
 */
export function findV1Urls(config: { environments: Record<string, { v1: { baseUrl: string; audience: string } }> }, text: string): V1Occurrence[] {
  const out: V1Occurrence[] = [];
  const seen = new Set<number>();
  for (const { env, targets } of v1Targets(config.environments)) {
    for (const t of targets) {
      for (const m of text.matchAll(t.re)) {
        const start = m.index;
        if (seen.has(start)) continue;
        let end = start + m[0].length;
        while (end < text.length && !URL_END.test(text[end]!)) end++;
        const token = text.slice(start, end);
        const after = text.slice(start + m[0].length, end);
        const schemeless = !m[1];
        const pathRe = t.pathRe;
        let kind: V1Occurrence['kind'] | null = null;
        if (t.path && pathRe.test(after)) kind = t.kind === 'audience' ? (after.replace(pathRe, '').replace(/^\/$/, '') === '' ? 'audience' : null) : 'base';
        // An audience that is a bare host (no path) is the audience, not a host without its path.
        else if (/^\/?$/.test(after)) kind = t.kind === 'audience' && !t.path ? 'audience' : 'host';
        // A host with its port (`server host:443;` in a proxy's upstream) is the host.
        else if (/^:\d+\/?$/.test(after)) kind = 'host';
        if (!kind || (schemeless && kind === 'host' && !/^[\s"'=:]*$/.test(text.slice(Math.max(0, start - 1), start)))) continue;
        seen.add(start);
        out.push({ start, end, env, kind, schemeless, text: token });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

interface V1Target {
  host: string;
  path: string;
  kind: 'base' | 'audience';
  re: RegExp;
  pathRe: RegExp;
}

/** Per environment, the v1 base (and the audience where it differs) with their patterns, compiled once. */
function v1Targets(environments: Record<string, { v1: { baseUrl: string; audience: string } }>): { env: string; targets: V1Target[] }[] {
  const cached = targetCache.get(environments);
  if (cached) return cached;
  const target = (host: string, path: string, kind: V1Target['kind']): V1Target => ({
    host,
    path,
    kind,
    re: new RegExp(`(https?://)?(?<![\\w.-])${escape(host)}(?![\\w-]|\\.[\\w])`, 'gi'),
    pathRe: new RegExp(`^(?::\\d+)?${escape(path)}(?=$|[/?#])`, 'i'),
  });
  const out = Object.entries(environments).map(([env, e]) => {
    const base = parseBase(e.v1.baseUrl);
    const aud = parseBase(e.v1.audience);
    const targets = [target(base.host, base.path, 'base')];
    if (aud.host !== base.host || aud.path !== base.path) targets.push(target(aud.host, aud.path, 'audience'));
    return { env, targets };
  });
  targetCache.set(environments, out);
  return out;
}
const targetCache = new WeakMap<object, { env: string; targets: V1Target[] }[]>();
