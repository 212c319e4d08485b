import { api } from '../catalogue';
import type { UrlMapper } from '../config/urls';
import { words } from './engine/words';

/**
 * The role of a v1 address. In v1 the token audience and the API base were the same string; in v2 they
 * differ. A value is rewritten only to the v2 value of the role it plays: the base when a path follows the
 * v1 base or its key or uses say base (`API_URL`, `baseURL`), the audience when its key or uses say audience.
 * A value whose role cannot be told is left for a person; one used in both roles is split or left for a person
 * (never rewritten to one role's value).
 */
export type Role = 'base' | 'audience';

/** Words of a key or name that say it holds the API's address. */
const BASE_WORDS = new Set(['url', 'uri', 'base', 'endpoint', 'host', 'api', 'root', 'origin', 'server', 'address', 'addr', 'href', 'prefix', 'baseurl', 'apiurl', 'apibase', 'link', 'domain', 'site', 'service', 'proxy', 'upstream']);

/** Whether a key or name names an audience: one of its words is `aud`, `audience` or `audiences` (not `audit`). */
export function isAudienceKey(key: string | null | undefined): boolean {
  if (!key) return false;
  const field = api.tokenRequest.audienceField;
  return words(key.replace(/[.[\]]/g, '_')).some((w) => w === field.slice(0, 3) || w === field || w === `${field}s`);
}

/** The role a key or name gives its value, or null when it says neither. */
export function keyRole(key: string | null | undefined): Role | null {
  if (!key) return null;
  if (isAudienceKey(key)) return 'audience';
  const w = words(key.replace(/[.[\]]/g, '_'));
  return w.some((x) => BASE_WORDS.has(x)) ? 'base' : null;
}

/** What a v1 value can be, from its text alone. */
export interface ValueRoles {
  /** It contains a v1 base (possibly with a path after it). */
  base: boolean;
  /** It is exactly a v1 audience. */
  audience: boolean;
  /** A path follows the v1 base: it is an API address, whatever its name. */
  withPath: boolean;
}

export function valueRoles(mapper: UrlMapper, value: string): ValueRoles {
  const base = mapper.hasV1Base(value);
  const audience = mapper.mapAudience(value) !== null;
  const withPath = base && !audience && mapper.rewriteBases(value).text !== value && !mapper.isExactV1Base(value);
  return { base, audience, withPath };
}

/**
 * The role a v1 value plays, from its text and the roles its key and uses give it:
 * - a v1 base with a path after it, or a value that is a base but not an audience: base;
 * - a value that is an audience but not a base (configs where they differ): audience;
 * - a value that is both (the usual v1 case): the roles named by its key and uses; two roles: 'both'.
 * Null when it is no v1 value; 'unknown' when nothing tells.
 */
export function decideRole(mapper: UrlMapper, value: string, hints: readonly (Role | null)[]): Role | 'both' | 'unknown' | null {
  const v = valueRoles(mapper, value);
  if (!v.base && !v.audience) return null;
  if (v.withPath || (v.base && !v.audience)) return 'base';
  if (v.audience && !v.base) return 'audience';
  const said = new Set(hints.filter((h): h is Role => h !== null));
  if (said.size === 2) return 'both';
  if (said.size === 1) return [...said][0]!;
  return 'unknown';
}

/** The message of a value whose role cannot be told. */
export function unknownRoleMessage(): string {
  return 'this is the v1 address, which in v1 was both the API base and the token audience; in v2 they differ. Use the v2 base address where it addresses the API and the v2 audience where it is a token audience (nothing here says which).';
}

/** The message of a value used in both roles that was not split. */
export function bothRolesMessage(where: string): string {
  return `this v1 address is used both as the API base and as the token audience (${where}); in v2 they differ. Give each use its own value: the v2 base address for requests, the v2 audience for token requests.`;
}
