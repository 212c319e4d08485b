import type { Operation, ResourceName } from '../../../catalogue';
import type { Path } from '../ast';
import { nounTie } from './names';
import { flattenedColumnPath } from './orm-entities';

/**
 * What the engine knows a value is, and why. Each module of this folder decides one reason a site is tied to
 * the API:
 *
 * - url.ts        a call sends a request to a URL of this API (resource and operation from the URL and method);
 * - flow.ts       data flow from such a call: its result, `.json()`, `.data`, `.then`, callbacks, destructuring,
 *                 and bodies the call sends (the caller's own objects are requests, never responses);
 * - types.ts      a declared type names the resource (`Result`, `ComplaintBody`, `Result[]`);
 * - names.ts      a name says it (`lastResult`, `createInterview()`): weakest, it only ever adds manual sites;
 * - constants.ts  the static value of an expression through consts, `as const` objects, frozen maps, enums and
 *                 imported constants (URLs, mode names);
 * - schemas.ts    validation schemas that model a payload (zod, yup, valibot, io-ts, superstruct).
 *
 * `index.ts` composes them into `tieOf`.
 */
export interface Tie {
  resource: ResourceName;
  /** `request`: a body sent to the API; `result`: what an API call returns (a response, or the parsed body for
   * wrappers that return JSON); `body`: a parsed response body or a part of it. */
  role: 'request' | 'result' | 'body';
  /** Where the value sits inside the resource; `*` for list items. */
  path: string[];
  op?: Operation;
  /** How it was established: data flow from an API call, a declared type or schema, or only a name. */
  via: 'flow' | 'type' | 'name';
  /** The value is a list of what `path` designates (`results`, `options` by name). */
  list?: boolean;
  /** Not certain enough for an automatic rewrite (a body given to a helper named for the operation, a literal
   * built with a model type): rules report such sites for a person. */
  weak?: boolean;
  /** A request body as a test double received it (nock's body matcher, msw's `req.json()`): reads of its fields
   * assert what the code sends. */
  received?: boolean;
  /** A wrapper's parameter named for the request field it is sent as, and sent only as that field
   * (`addComplaint(token, text, extra)` → `{ …, extra }`): once a run deletes the field, the parameter is left
   * unused and still named for it, so what is said of it and of its arguments holds in a later run too. */
  onlyAs?: boolean;
  /** A record of a model layer that keeps the resource flat (Ember Data's attributes, filled by its serializer from
   * `profile.race`, …): a member named for a nested field of the resource is that field. */
  flat?: boolean;
}

export interface ApiCall {
  resource: ResourceName;
  op: Operation;
  method: string;
  /** Paths of the expressions sent as body (object literals or identifiers). */
  bodies: Path[];
  /** Static text of the URL argument, `{}` for unknown parts. */
  url: string;
}

/**
 * Moving into a field of a tied value. A field named for another resource (`interview.complaints`,
 * `session.result`) holds that resource, as far as names tell.
 */
/** Keys a paginated list answer keeps its items under (Django REST framework's `results`, `items`, JSON:API's `data`). */
const LIST_ENVELOPES = new Set(['results', 'items', 'data']);

/** A nested object of the resource held under its camel-cased name by a view model (`potentialCondition`), not the wire's. */
function camelSubject(t: Tie, other: ReturnType<typeof nounTie>, name: string): boolean {
  const last = other?.path[other.path.length - 1];
  return !!other && other.resource === t.resource && !other.list && other.path.length > 1 && name !== last && wireName(name) === last;
}

/** A plural of a nested object of the same resource, not a field of the wire (`conditions` for `potential_condition`). */
function pluralSubject(t: Tie, other: ReturnType<typeof nounTie>, name: string): boolean {
  const last = other?.path[other.path.length - 1];
  return !!other && other.resource === t.resource && other.list && other.path.length > 1 && !other.path.includes('*') && name !== last;
}

export function step(t: Tie, name: string): Tie | null {
  if (name === '*') return item(t);
  if (t.flat) {
    const own = t.path.length === 0 && !t.list && t.role === 'body' ? flattenedColumnPath(t.resource, name) : null;
    const { flat: _flat, ...rest } = t;
    if (own) return { ...rest, path: own };
    return step(rest, name);
  }
  // `.value` of a ref (Vue `ref`, `computed`, `useFetch` data) is the value itself; no resource has such a field.
  if (name === 'value' && t.role !== 'result') return t;
  const bodyOfResult = t.role === 'result' && (name === 'data' || name === 'body' || name === '_data' || name === 'payload');
  // A list helper's response (`(await api.getQuestions()).data`) still has its body.
  if (t.list && !bodyOfResult) {
    // A paginated envelope around the list (`res.data.results`, `.items`): the list itself (no resource has such a field).
    return t.role === 'body' && t.path.length === 0 && LIST_ENVELOPES.has(name) ? t : null;
  }
  if (t.role === 'result') {
    // The body of a list operation is a list of the resource.
    if (bodyOfResult) return { ...t, role: 'body', path: [], list: t.op === 'list' };
    if (name === 'status' || name === 'statusCode' || name === 'headers' || name === 'ok') return null;
    // What a helper named for an operation returns may wrap the resource: `(await setMode(…)).interview` is the
    // interview itself (no resource has a field named for itself).
    const own = nounTie(name);
    if (t.via === 'name' && own && own.resource === t.resource && own.path.length === 0 && !own.list) return { ...t, role: 'body', path: [] };
    if (t.via === 'name' && camelSubject(t, own, name)) return { ...t, role: 'body', path: [...own!.path] };
    return { ...t, role: 'body', path: [name] };
  }
  const other = nounTie(name);
  // A holder tied by its name alone whose property is named for the same resource (`$interview.interview` of a
  // store named `interview`, `state.interview`): the resource itself (no resource has a field named for itself).
  if (other && other.resource === t.resource && t.role === 'body' && t.via === 'name' && t.path.length === 0 && other.path.length === 0 && !other.list && !t.list) return t;
  // A view model named for the resource that keeps a nested object under its camel-cased name (`result.potentialCondition`
  // of `{ potentialCondition: data.triage_explanation.potential_condition }`): that object.
  if (t.role === 'body' && t.via === 'name' && t.path.length === 0 && !t.list && camelSubject(t, other, name)) return { ...t, path: [...other!.path] };
  // A model named for the resource that keeps the list of a nested object under its plural (`result.conditions`,
  // `result.potential_conditions` of `[PotentialCondition.from_dict(c) for c in explanation["potential_condition"]]`): that list.
  if (t.role === 'body' && t.via === 'name' && t.path.length === 0 && !t.list && pluralSubject(t, other, name)) return { ...t, path: [...other!.path], list: true };
  if (other && other.resource !== t.resource && t.role !== 'request') {
    return { resource: other.resource, role: 'body', path: other.path, via: 'name', list: other.list };
  }
  return { ...t, path: [...t.path, name] };
}

/** The path of a member `name` read on a tied value: beside its path, or a flat record's flattened field. */
export function memberPath(t: Tie, name: string): string[] {
  return (t.flat ? step(t, name)?.path : null) ?? [...t.path, name];
}

/** An item of a tied list. */
export function item(t: Tie): Tie {
  return t.list ? { ...t, list: false } : { ...t, path: [...t.path, '*'] };
}

/**
 * Whether a path inside a resource is the rule's. `*` on either side matches any segment; items of a list the
 * rule does not know as one (code that treats `potential_condition` as an array) are looked through.
 */
export function pathMatches(rulePath: readonly string[], path: readonly string[]): boolean {
  const same = (p: readonly string[]) => rulePath.length === p.length && rulePath.every((seg, i) => seg === p[i] || seg === '*' || p[i] === '*' || (seg.includes('_') && seg === wireName(p[i]!)));
  return same(path) || (!rulePath.includes('*') && path.includes('*') && same(path.filter((s) => s !== '*')));
}

/**
 * The JSON key a camel-cased property stands for in a client that converts keys (class-transformer, `camelcase-keys`,
 * humps): `triageExplanation` → `triage_explanation`. Only snake_case keys of the API are compared this way.
 */
export function wireName(name: string): string {
  return /[a-z0-9][A-Z]/.test(name) ? name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : name;
}

/** The camel-cased name a converting client reads a snake_case key by (`interview_mode` → `interviewMode`), or null. */
export function camelName(key: string): string | null {
  return /_[a-z]/.test(key) ? key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) : null;
}
