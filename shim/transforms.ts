/**
 * The shim's interpreter of the catalogue's rules. Nothing here knows a field, mode or status of the API:
 * every transform comes from a rule of a change (catalogue/changes/*.ts), selected by the client's pin.
 */
import { api, catalogue, changesAfterPin, type Change, type JsonPath, type JsonValue, type LegacyPin, type Rule } from '../catalogue';
import type { Operation, ResourceName } from '../catalogue/api';
import { defaultKey } from './options';

/** Rule kinds the shim acts on; every other kind has nothing for a running client. */
export const SHIM_RULE_KINDS = [
  'base-url',
  'token-audience',
  'request-field-removed',
  'response-field-removed',
  'response-field-added',
  'response-field-moved',
  'value-renamed',
  'value-removed',
  'status-changed',
] as const satisfies readonly Rule['kind'][];

export interface ShimTransform {
  change: Change;
  rule: Rule;
}

/** Every rule the shim applies (for some pin), in catalogue order. `request-field-removed` only with `strip`. */
export function shimTransforms(changes: readonly Change[] = catalogue): ShimTransform[] {
  const kinds: readonly string[] = SHIM_RULE_KINDS;
  const out: ShimTransform[] = [];
  for (const change of changes) {
    for (const rule of change.rules) {
      if (!kinds.includes(rule.kind)) continue;
      if (rule.kind === 'request-field-removed' && !rule.strip) continue;
      out.push({ change, rule });
    }
  }
  return out;
}

/** Changes a request pinned at `pin` gets the down-migrations of. */
const pinCache = new Map<string, readonly Change[]>();
export function changesForPin(pin: LegacyPin): readonly Change[] {
  let hit = pinCache.get(pin);
  if (!hit) {
    hit = changesAfterPin(pin);
    pinCache.set(pin, hit);
  }
  return hit;
}

/** The resource whose field is the interview mode (from the catalogue's value rules on `api.modeField`). */
const modeResources = new Set<ResourceName>(
  catalogue.flatMap((c) =>
    c.rules.flatMap((r) => ((r.kind === 'value-renamed' || r.kind === 'value-removed') && r.field === api.modeField ? [r.resource] : [])),
  ),
);

/**
 * The operation of a request (spec section 4 names them; methods are assumptions in catalogue/api.ts):
 * `GET <segment>/` is a list, `GET <segment>/<token>/` a read; an update of the mode resource whose body sets
 * the mode is a mode update; an update of the answer resource is an answer.
 */
export function operationOf(method: string, resource: ResourceName | null, segments: readonly string[], body: unknown): Operation | null {
  const op = api.methodOperations[method.toUpperCase()];
  if (!op) return null;
  if (op === 'read' && segments.length <= 1) return 'list';
  if (op === 'update' && resource !== null) {
    if (modeResources.has(resource) && isObject(body) && Object.hasOwn(body, api.modeField)) return 'mode-update';
    if (resource === api.answerResource && segments.length > 1) return 'answer';
  }
  return op;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Call `fn` with every object that holds the last key of `path` (`*` walks every item of a list). */
function forEachHolder(root: unknown, path: JsonPath, fn: (holder: Record<string, unknown>, key: string) => void): void {
  const last = path.length - 1;
  const walk = (node: unknown, i: number): void => {
    if (i === last) {
      if (isObject(node)) fn(node, path[i]!);
      return;
    }
    const seg = path[i]!;
    if (seg === '*') {
      if (Array.isArray(node)) for (const item of node) walk(item, i + 1);
    } else if (isObject(node) && Object.hasOwn(node, seg)) {
      walk(node[seg], i + 1);
    }
  };
  if (path.length > 0) walk(root, 0);
}

/**
 * The objects that hold the last key of `path` under `root` (`*` walks every item of a list): what forEachHolder
 * visits, without a closure per call. A path of one key (most rules) has the root itself as its only possible
 * holder: no walk and no array. Safe to mutate the holders' last keys afterwards: no holder is on the path to
 * another.
 */
const NO_HOLDERS: Record<string, unknown>[] = [];
function holdersOf(root: unknown, path: JsonPath): Record<string, unknown>[] {
  if (path.length === 1) return isObject(root) ? [root] : NO_HOLDERS;
  const out: Record<string, unknown>[] = [];
  if (path.length > 1) collectHolders(root, path, 0, out);
  return out;
}

function collectHolders(node: unknown, path: JsonPath, i: number, out: Record<string, unknown>[]): void {
  if (i === path.length - 1) {
    if (isObject(node)) out.push(node);
    return;
  }
  const seg = path[i]!;
  if (seg === '*') {
    if (Array.isArray(node)) for (const item of node) collectHolders(item, path, i + 1, out);
  } else if (isObject(node) && Object.hasOwn(node, seg)) {
    collectHolders(node[seg], path, i + 1, out);
  }
}

/**
 * A key dropped from a body is set to `undefined`, which JSON.stringify leaves out, instead of deleted: `delete`
 * turns a parsed object into a dictionary, and serialising dictionaries takes V8's slow path (about 5 µs more
 * on a list of questions; docs/PERFORMANCE.md, shim-29). Parsed JSON has no `undefined` value, so a key is
 * present when it is an own key whose value is not `undefined`.
 */
function present(holder: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(holder, key) && holder[key] !== undefined;
}

function drop(holder: Record<string, unknown>, key: string): void {
  holder[key] = undefined;
}

/** The single value at a path without `*`, or undefined. */
function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const seg of path) {
    if (!isObject(node) || !Object.hasOwn(node, seg)) return undefined;
    node = node[seg];
  }
  return node;
}

export interface RequestContext {
  resource: ResourceName | null;
  operation: Operation | null;
  changes: readonly Change[];
}

export type RequestOutcome =
  | { refused: false; body: unknown; applied: Set<string> }
  | { refused: true; changeId: string; message: string };

/** Per change list and resource, memoised answers of the two "could a rule apply?" questions (hot path). */
const memo = new WeakMap<readonly Change[], Map<string, boolean>>();
function memoised(changes: readonly Change[], key: string, compute: () => boolean): boolean {
  let m = memo.get(changes);
  if (!m) memo.set(changes, (m = new Map()));
  let hit = m.get(key);
  if (hit === undefined) m.set(key, (hit = compute()));
  return hit;
}

/** Whether any request rule of `changes` can apply to this resource (so the body must be read). */
export function requestNeedsBody(resource: ResourceName | null, changes: readonly Change[]): boolean {
  if (resource === null) return false;
  return memoised(changes, `req:${resource}`, () =>
    modeResources.has(resource) ||
    changes.some((c) =>
      c.rules.some(
        (r) =>
          ((r.kind === 'request-field-removed' && r.strip) || r.kind === 'value-removed' || r.kind === 'value-renamed') &&
          r.resource === resource,
      ),
    ),
  );
}

/**
 * Down-migrate a legacy request body (mutated in place): refuse removed values, strip removed fields,
 * rename old values.
 */
export function transformRequest(body: unknown, ctx: RequestContext): RequestOutcome {
  const applied = new Set<string>();
  if (ctx.resource === null || !isObject(body)) return { refused: false, body, applied };
  for (const change of ctx.changes) {
    for (const rule of change.rules) {
      if (rule.kind === 'value-removed' && rule.resource === ctx.resource) {
        const v = body[rule.field];
        if (typeof v === 'string' && rule.values.includes(v)) return { refused: true, changeId: change.id, message: rule.message };
      }
    }
  }
  for (const change of ctx.changes) {
    for (const rule of change.rules) {
      if (
        rule.kind === 'request-field-removed' &&
        rule.strip &&
        rule.resource === ctx.resource &&
        ctx.operation !== null &&
        rule.operations.includes(ctx.operation)
      ) {
        forEachHolder(body, rule.path, (holder, key) => {
          if (present(holder, key)) {
            drop(holder, key);
            applied.add(change.id);
          }
        });
      } else if (rule.kind === 'value-renamed' && rule.resource === ctx.resource && body[rule.field] === rule.from) {
        body[rule.field] = rule.to;
        applied.add(change.id);
      }
    }
  }
  return { refused: false, body, applied };
}

export interface ResponseContext extends RequestContext {
  method: string;
  status: number;
  requestBody: unknown;
  /** Parsed JSON body, or undefined when the body is not JSON (or not read). */
  body: unknown;
  /** `<resource>.<path>` → value put back for removed fields. */
  defaults: ReadonlyMap<string, JsonValue>;
}

export interface ResponseOutcome {
  status: number;
  body: unknown;
  applied: Set<string>;
}

/** Whether a response rule applies to this resource and operation (any status). */
export function responseRuleMatches(rule: Rule, resource: ResourceName, operation: Operation | null): boolean {
  switch (rule.kind) {
    case 'response-field-removed':
    case 'response-field-added':
    case 'value-renamed':
      return rule.resource === resource;
    case 'response-field-moved':
      return rule.resource === resource && (!rule.operations || (operation !== null && rule.operations.includes(operation)));
    case 'status-changed':
      return rule.resource === resource && rule.operation === operation;
    default:
      return false;
  }
}

/** `defaultKey` of a rule, once per rule (the lookup runs for every item of every response). */
const defaultKeys = new WeakMap<object, string>();
function defaultKeyOf(rule: { resource: ResourceName; path: readonly string[] }): string {
  let key = defaultKeys.get(rule);
  if (key === undefined) defaultKeys.set(rule, (key = defaultKey(rule.resource, rule.path)));
  return key;
}

/**
 * A deep copy of a JSON value (parsed JSON or a configured default: plain objects, arrays and primitives), as
 * structuredClone makes it for such values (own keys, `__proto__` included, as data properties) at a fraction
 * of its cost: the moved and put-back values of every response go through it.
 */
export function cloneJson<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const value = cloneJson((v as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out as T;
}
const clone = cloneJson;

/**
 * Down-migrate a v2 response for a legacy client (body mutated in place): map changed statuses back, and on
 * success bodies put removed fields back, drop added fields, copy moved values back and rename values back.
 * A list body (a JSON array) is treated item by item.
 */
export function transformResponse(ctx: ResponseContext): ResponseOutcome {
  const applied = new Set<string>();
  let status = ctx.status;
  const { resource, operation } = ctx;
  if (resource === null) return { status, body: ctx.body, applied };

  for (const change of ctx.changes) {
    for (const rule of change.rules) {
      if (
        rule.kind === 'status-changed' &&
        status === ctx.status &&
        rule.resource === resource &&
        rule.operation === operation &&
        ctx.status === rule.to &&
        rule.applies({ method: ctx.method, operation, requestBody: ctx.requestBody, responseBody: ctx.body })
      ) {
        status = rule.from;
        applied.add(change.id);
      }
    }
  }

  const success = ctx.status >= 200 && ctx.status < 300;
  if (!success || ctx.body === undefined || ctx.body === null || typeof ctx.body !== 'object') {
    return { status, body: ctx.body, applied };
  }
  const items: unknown[] = Array.isArray(ctx.body) ? ctx.body : [ctx.body];
  for (const change of ctx.changes) {
    for (const rule of change.rules) {
      if (!responseRuleMatches(rule, resource, operation)) continue;
      switch (rule.kind) {
        case 'response-field-removed': {
          const value = ctx.defaults.get(defaultKeyOf(rule)) ?? rule.default;
          const key = rule.path[rule.path.length - 1]!;
          for (const item of items) {
            for (const holder of holdersOf(item, rule.path)) {
              if (!present(holder, key)) {
                holder[key] = clone(value);
                applied.add(change.id);
              }
            }
          }
          break;
        }
        case 'response-field-added': {
          const key = rule.path[rule.path.length - 1]!;
          for (const item of items) {
            for (const holder of holdersOf(item, rule.path)) {
              if (present(holder, key)) {
                drop(holder, key);
                applied.add(change.id);
              }
            }
          }
          break;
        }
        case 'response-field-moved': {
          const key = rule.from[rule.from.length - 1]!;
          for (const item of items) {
            const value = valueAt(item, rule.to);
            if (value === undefined) continue;
            for (const holder of holdersOf(item, rule.from)) {
              if (!present(holder, key)) {
                holder[key] = cloneJson(value);
                applied.add(change.id);
              }
            }
          }
          break;
        }
        case 'value-renamed':
          for (const item of items) {
            if (isObject(item) && item[rule.field] === rule.to) {
              item[rule.field] = rule.from;
              applied.add(change.id);
            }
          }
          break;
        default:
          break;
      }
    }
  }
  return { status, body: ctx.body, applied };
}
