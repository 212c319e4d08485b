/**
 * Whether the response the shim gave in a replay is one the v1 client can use in place of the recorded one.
 * The rules (docs/traffic.md, "What replay compares"):
 *
 * - the status must be the recorded one; the content type's media type too (parameters such as charset aside);
 *   `Location` is compared as a link;
 * - every JSON field the client got must be there with an equal value, where ids count as equal when the
 *   replayed id is the one learned for the recorded id, links when their paths are equal (hosts aside, ids
 *   mapped), timestamps when both are ISO date-times, and secrets (access tokens) when both are strings;
 * - what the catalogue says the shim cannot restore is a note, not a difference: a removed field put back with
 *   its default instead of the value v1 sent, and list items v2 no longer sends (pre-selected options);
 * - fields the client did not get before (added by v2) are notes too.
 *
 * `strict` turns every note into a difference.
 */
import { api, rulesOfKind, type JsonValue } from '../../catalogue';
import type { ResourceName } from '../../catalogue/api';
import { defaultKey } from '../../shim/options';
import { isObject } from '../../shim/transforms';
import { IdMap, isLink, segmentsOf } from './ids';

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface Difference {
  /** `(status)`, `(header) location`, or a JSON path: `options[2].preselected`. */
  path: string;
  kind: 'status' | 'header' | 'missing' | 'changed' | 'extra' | 'length';
  recorded: string;
  replayed: string;
  /** The change whose rule explains it, when a catalogue rule does. */
  change?: string;
}

export interface Comparison {
  differences: Difference[];
  notes: Difference[];
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;
const SECRET = new Set<string>(api.secrets.bodyFields);

/** A short, printable account of a value: never a whole body, never a secret. */
export function summary(v: unknown, key?: string): string {
  if (v === undefined) return '(absent)';
  if (key !== undefined && SECRET.has(key)) return '[secret]';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return `[${v.length} ${v.length === 1 ? 'item' : 'items'}]`;
  if (isObject(v)) return `{${Object.keys(v).slice(0, 4).join(', ')}${Object.keys(v).length > 4 ? ', …' : ''}}`;
  return JSON.stringify(v);
}

const mediaType = (v: string | undefined) => (v ?? '').split(';')[0]!.trim().toLowerCase();

function pathKey(path: (string | number)[]): string {
  return path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');
}

function pathText(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export interface CompareContext {
  ids: IdMap;
  resource: ResourceName | null;
  /** `<resource>.<path>` → value the shim puts back (shim.defaults). */
  defaults: ReadonlyMap<string, JsonValue>;
}

/** Links are equal when their paths are, recorded ids mapped; hosts and schemes are not compared. */
function sameLink(a: string, b: string, ids: IdMap): boolean {
  const x = segmentsOf(a).map((s) => ids.get(s) ?? s);
  const y = segmentsOf(b);
  return x.length === y.length && x.every((s, i) => s === y[i]);
}

export function compareExchange(recorded: Exchange, replayed: Exchange, ctx: CompareContext): Comparison {
  const out: Comparison = { differences: [], notes: [] };
  if (recorded.status !== replayed.status) out.differences.push({ path: '(status)', kind: 'status', recorded: String(recorded.status), replayed: String(replayed.status) });
  const rt = mediaType(recorded.headers['content-type']);
  if (rt !== '' && rt !== mediaType(replayed.headers['content-type'])) {
    out.differences.push({ path: '(header) content-type', kind: 'header', recorded: rt, replayed: mediaType(replayed.headers['content-type']) || '(absent)' });
  }
  const rl = recorded.headers['location'];
  const pl = replayed.headers['location'];
  if (rl !== undefined && (pl === undefined || !sameLink(rl, pl, ctx.ids))) {
    out.differences.push({ path: '(header) location', kind: 'header', recorded: segmentsOf(rl).join('/'), replayed: pl === undefined ? '(absent)' : segmentsOf(pl).join('/') });
  }
  if (recorded.body !== undefined) walk(recorded.body, replayed.body, [], ctx, out);
  return out;
}

const removed = rulesOfKind('response-field-removed');
const filters = rulesOfKind('obsolete-filter');

/** The change that removed the field at `path` of `resource`, and the value the shim puts back. */
function removedField(resource: ResourceName | null, path: (string | number)[], ctx: CompareContext): { change: string; value: JsonValue } | null {
  if (resource === null) return null;
  const key = pathKey(path.filter((p, i) => !(i === 0 && typeof p === 'number')));
  const hit = removed.find((r) => r.rule.resource === resource && r.rule.path.join('.') === key);
  if (!hit) return null;
  return { change: hit.change.id, value: ctx.defaults.get(defaultKey(resource, hit.rule.path)) ?? hit.rule.default };
}

function walk(rec: unknown, rep: unknown, path: (string | number)[], ctx: CompareContext, out: Comparison): void {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string');
  const at = pathText(path) || '(body)';
  if (Array.isArray(rec)) {
    if (!Array.isArray(rep)) {
      out.differences.push({ path: at, kind: 'changed', recorded: summary(rec), replayed: summary(rep) });
      return;
    }
    let items = rec;
    const filter = ctx.resource === null ? undefined : filters.find((f) => f.rule.resource === ctx.resource && f.rule.list === key);
    if (filter) {
      items = rec.filter((i) => !isObject(i) || i[filter.rule.field] === null || i[filter.rule.field] === undefined);
      const dropped = rec.length - items.length;
      if (dropped > 0) out.notes.push({ path: at, kind: 'length', recorded: `${rec.length} items`, replayed: `${rep.length} items`, change: filter.change.id });
    }
    if (items.length !== rep.length) out.differences.push({ path: at, kind: 'length', recorded: `${items.length} items`, replayed: `${rep.length} items` });
    items.forEach((item, i) => walk(item, rep[i], [...path, i], ctx, out));
    return;
  }
  if (isObject(rec)) {
    if (!isObject(rep)) {
      out.differences.push({ path: at, kind: 'changed', recorded: summary(rec), replayed: summary(rep) });
      return;
    }
    for (const [k, v] of Object.entries(rec)) {
      const p = [...path, k];
      if (!Object.hasOwn(rep, k)) {
        out.differences.push({ path: pathText(p), kind: 'missing', recorded: summary(v, k), replayed: '(absent)' });
        continue;
      }
      const gone = removedField(ctx.resource, p, ctx);
      if (gone && JSON.stringify(rep[k]) === JSON.stringify(gone.value) && JSON.stringify(v) !== JSON.stringify(gone.value)) {
        out.notes.push({ path: pathText(p), kind: 'changed', recorded: summary(v, k), replayed: summary(rep[k], k), change: gone.change });
        continue;
      }
      walk(v, rep[k], p, ctx, out);
    }
    for (const k of Object.keys(rep)) {
      if (!Object.hasOwn(rec, k)) out.notes.push({ path: pathText([...path, k]), kind: 'extra', recorded: '(absent)', replayed: summary(rep[k], k) });
    }
    return;
  }
  if (equalLeaf(rec, rep, key, ctx.ids)) return;
  out.differences.push({ path: at, kind: 'changed', recorded: summary(rec, key), replayed: summary(rep, key) });
}

function equalLeaf(a: unknown, b: unknown, key: string | undefined, ids: IdMap): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (key !== undefined && SECRET.has(key)) return true;
  if (ids.get(a) === b) return true;
  if (isLink(a) && isLink(b)) return sameLink(a, b, ids);
  return ISO.test(a) && ISO.test(b);
}
