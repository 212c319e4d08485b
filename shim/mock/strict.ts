/**
 * What the v2 stand-in accepts and answers, by the catalogue's rules: request bodies refused the way v2 refuses
 * them (removed fields, removed and renamed values, out-of-range numbers), representations without what v2 no
 * longer returns, and the statuses, start mode and message path the catalogue gives. The server (./server.ts)
 * only routes and keeps state.
 */
import { api, rulesOfKind, type JsonPath } from '../../catalogue';
import type { Operation, ResourceName } from '../../catalogue/api';
import { isObject } from '../transforms';
import type { Json } from './content';

export type Obj = { [key: string]: Json };


// ---- rules, from the catalogue ----------------------------------------------------------------------------

export const segment = (r: ResourceName) => api.resources[r].segment;
const stripped = rulesOfKind('request-field-removed').filter((r) => r.rule.strip);
const removedValues = rulesOfKind('value-removed');
const renamedValues = rulesOfKind('value-renamed');
const ranges = rulesOfKind('range-constraint');
const removedFields = rulesOfKind('response-field-removed');
const movedFields = rulesOfKind('response-field-moved');
const obsoleteFilters = rulesOfKind('obsolete-filter');
const statusRule = (resource: ResourceName, operation: Operation) => {
  const hit = rulesOfKind('status-changed').find((r) => r.rule.resource === resource && r.rule.operation === operation);
  if (!hit) throw new Error(`the catalogue has no status rule for ${resource} ${operation}`);
  return hit.rule;
};
export const LOCATION_FAILURE = statusRule('interview', 'create').to;
export const MODE_UPDATE_NOTHING = statusRule('interview', 'mode-update').to;
/** The mode an interview starts in: the new name of the renamed mode (spec section 3). */
export const START_MODE = renamedValues.find((r) => r.rule.field === api.modeField)!.rule.to;
/** Where an interview update answer carries its message (`_links.msg`). */
export const MSG_PATH = movedFields.find((r) => r.rule.resource === 'interview' && r.rule.operations?.includes('mode-update'))!.rule.to;
export const ANSWER_EXTRA = rulesOfKind('field-relaxed').find((r) => r.rule.operation === 'answer')!.rule.path;

// The stand-in's own statuses (HTTP semantics, not API facts).
export const OK = 200;
export const CREATED = 201;
export const BAD = 400;
export const UNAUTHORIZED = 401;
export const NOT_FOUND = 404;

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function has(root: unknown, path: JsonPath): boolean {
  let node = root;
  for (const seg of path) {
    if (seg === '*') return Array.isArray(node) && node.some((item) => has(item, path.slice(path.indexOf(seg) + 1)));
    if (!isObject(node) || !Object.hasOwn(node, seg)) return false;
    node = node[seg];
  }
  return true;
}

export function remove(root: unknown, path: JsonPath): void {
  if (path.length === 0) return;
  const [head, ...tail] = path;
  if (head === '*') {
    if (Array.isArray(root)) for (const item of root) remove(item, tail);
    return;
  }
  if (!isObject(root) || !Object.hasOwn(root, head!)) return;
  if (tail.length === 0) delete root[head!];
  else remove(root[head!], tail);
}

export function setAt(root: Obj, path: JsonPath, value: Json): void {
  let node: Obj = root;
  for (const seg of path.slice(0, -1)) {
    if (!isObject(node[seg])) node[seg] = {};
    node = node[seg] as Obj;
  }
  node[path[path.length - 1]!] = value;
}

/** Refuse a request body the way v2 does, by the catalogue's rules. */
export function checkRequest(resource: ResourceName, operation: Operation | null, body: unknown): void {
  if (!isObject(body)) return;
  for (const { rule } of stripped) {
    if (rule.resource === resource && operation !== null && rule.operations.includes(operation) && has(body, rule.path)) {
      throw new Refusal(BAD, 'removed-field', `'${rule.path.join('.')}' is not accepted in v2: ${rule.message}`);
    }
  }
  for (const { rule } of removedValues) {
    const v = body[rule.field];
    if (rule.resource === resource && typeof v === 'string' && rule.values.includes(v)) {
      throw new Refusal(BAD, 'unsupported-value', `'${rule.field}' '${v}' is not supported in v2`);
    }
  }
  for (const { rule } of renamedValues) {
    if (rule.resource === resource && body[rule.field] === rule.from) {
      throw new Refusal(BAD, 'unsupported-value', `'${rule.field}' '${rule.from}' is not supported in v2 (it is '${rule.to}')`);
    }
  }
  for (const { rule } of ranges) {
    if (rule.resource !== resource) continue;
    let node: unknown = body;
    for (const seg of rule.path) node = isObject(node) ? node[seg] : undefined;
    if (node !== undefined && (typeof node !== 'number' || node < rule.min || node > rule.max)) {
      throw new Refusal(BAD, 'out-of-range', `'${rule.path.join('.')}' must be a number from ${rule.min} to ${rule.max}`);
    }
  }
}

/** A representation as v2 answers it: without what the catalogue says v2 no longer returns. */
export function v2Shape(resource: ResourceName, value: Obj): Obj {
  const out = structuredClone(value);
  for (const { rule } of obsoleteFilters) {
    if (rule.resource !== resource) continue;
    const list = out[rule.list];
    if (Array.isArray(list)) out[rule.list] = list.filter((item) => !isObject(item) || item[rule.field] === null || item[rule.field] === undefined);
  }
  for (const { rule } of removedFields) if (rule.resource === resource) remove(out, rule.path);
  for (const { rule } of movedFields) if (rule.resource === resource) remove(out, rule.from);
  return out;
}
