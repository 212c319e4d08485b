import type { Node as JsonNode } from 'jsonc-parser';
import * as path from 'node:path';
import { api, rulesOfKind, type Change, type Operation, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { pathTie, statusSites, type Tie } from './calls';
import type { Site } from './model';
import { indexOfRun } from './vocab';
import { isMap, isScalar, isSeq } from './yaml-nodes';

/**
 * API descriptions of the v1 API kept in a client's repository: OpenAPI documents (YAML or JSON) and JSON
 * Schemas of its bodies. A schema is tied to a resource by the operation that uses it (`paths` → request body, or
 * Swagger 2's `in: body` parameter; responses) or by its name (`InterviewInput`, `Profile`, a file or title naming `result`); its properties are
 * checked against the removed and moved fields, a mode enum (its default and example too) against the renamed and removed modes, an
 * operation's response codes against the changed statuses. All are reported for a person (the document
 * describes v1; whether to update it or replace it with the v2 description is theirs to decide).
 */

/** A format-neutral tree with offsets (built from yaml's and jsonc-parser's nodes). */
export interface TNode {
  kind: 'map' | 'seq' | 'scalar';
  start: number;
  /** A scalar's end (its closing quote included). */
  end?: number;
  value?: unknown;
  entries?: { key: string; keyStart: number; value: TNode }[];
  items?: TNode[];
}

interface SchemaTie {
  resource: ResourceName;
  /** Where the schema sits in the resource (`['profile']` for a profile). */
  prefix: string[];
  /** Known operation and side; unknown: every rule of the resource applies. */
  op?: Operation;
  side?: 'request' | 'response';
}

const get = (n: TNode | undefined, key: string) => n?.entries?.find((e) => e.key === key)?.value;

/** Whether a document is an API description this module reads. */
export function isApiDescription(root: TNode, filePath: string): boolean {
  return !!get(root, 'openapi') || !!get(root, 'swagger') || (!!get(root, '$schema') && /schema/i.test(filePath + String(get(root, '$schema')?.value)));
}

export function apiDescriptionSites(root: TNode, filePath: string, changes: readonly Change[]): Site[] {
  const out: Site[] = [];
  const seen = new Set<string>();
  const add = (s: Site) => {
    const k = `${s.change}\u0000${s.start}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(s);
  };
  const components = get(get(root, 'components'), 'schemas') ?? get(root, 'definitions');
  const named = (ref: unknown): TNode | undefined => (typeof ref === 'string' ? get(components, ref.split('/').pop()!) : undefined);

  if (get(root, '$schema')) {
    const tie = nameTie([path.basename(filePath), String(get(root, 'title')?.value ?? '')].join(' '));
    if (tie) schema(root, tie, [], add, changes, named);
    return out;
  }
  for (const p of get(root, 'paths')?.entries ?? []) {
    for (const m of p.value.entries ?? []) {
      const base = pathTie(m.key, p.key);
      if (!base) continue;
      // OpenAPI 3: `requestBody.content.application/json.schema`; Swagger 2: the `in: body` parameter's `schema`.
      const swaggerBody = [...(get(m.value, 'parameters')?.items ?? []), ...(get(p.value, 'parameters')?.items ?? [])].find((x) => get(x, 'in')?.value === 'body');
      const body = get(get(get(get(m.value, 'requestBody'), 'content'), 'application/json'), 'schema') ?? get(swaggerBody, 'schema');
      const bodySchema = body && (named(get(body, '$ref')?.value) ?? body);
      const op: Operation = base.resource === modeOwner() && base.op === 'update' && get(get(bodySchema, 'properties'), api.modeField) ? 'mode-update' : base.op;
      const tie: Tie = { resource: base.resource, op };
      if (bodySchema) schema(bodySchema, { ...tie, prefix: [], side: 'request' }, [], add, changes, named);
      for (const r of get(m.value, 'responses')?.entries ?? []) {
        if (/^\d{3}$/.test(r.key)) for (const s of statusSites(Number(r.key), tie, changes, { start: r.keyStart, end: r.keyStart + r.key.length + 2, anchor: r.keyStart })) add(s);
        // The answer's schema (OpenAPI 3's `content.application/json.schema`, Swagger 2's `schema`): a 202's `msg`, a removed field.
        const answer = get(get(get(r.value, 'content'), 'application/json'), 'schema') ?? get(r.value, 'schema');
        const answerSchema = answer && (named(get(answer, '$ref')?.value) ?? answer);
        if (answerSchema) schema(answerSchema, { ...tie, prefix: [], side: 'response' }, [], add, changes, named);
      }
    }
  }
  for (const c of components?.entries ?? []) {
    const tie = nameTie(c.key);
    if (tie) schema(c.value, tie, [], add, changes, named);
    if (isModeSchema(c.key)) modeEnum(c.value, add, changes);
  }
  return out;
}

function modeOwner(): ResourceName | undefined {
  return rulesOfKind('value-renamed').find(({ rule }) => rule.field === api.modeField)?.rule.resource;
}

function isModeSchema(name: string): boolean {
  const w = words(name);
  return w[w.length - 1] === api.modeField;
}

/** A schema named for a resource or a part of one: `InterviewInput` (a request), `Profile`, `result.schema.json`. */
function nameTie(name: string): SchemaTie | null {
  const w = words(name.replace(/\.[\w.]+$/, ''));
  const side = w.some((x) => ['input', 'request', 'body', 'create', 'payload'].includes(x)) ? 'request' : undefined;
  for (const s of Object.values(api.subjects)) {
    if (s.path.includes('*') || !s.nouns.some((n) => indexOfRun(w, words(n)) >= 0)) continue;
    return { resource: s.parent, prefix: [...s.path], side };
  }
  for (const [r, info] of Object.entries(api.resources) as [ResourceName, (typeof api.resources)[ResourceName]][]) {
    if (info.nouns.some((n) => w.includes(n))) return { resource: r, prefix: [], side, op: w.includes('update') ? 'update' : undefined };
  }
  return null;
}

/** The properties of a schema (and of its `items`, `allOf`…), checked at their path in the resource. */
function schema(n: TNode, tie: SchemaTie, at: string[], add: (s: Site) => void, changes: readonly Change[], named: (ref: unknown) => TNode | undefined, depth = 0): void {
  if (depth > 12) return;
  for (const k of ['allOf', 'oneOf', 'anyOf']) for (const item of get(n, k)?.items ?? []) schema(item, tie, at, add, changes, named, depth + 1);
  const items = get(n, 'items');
  if (items) schema(items, tie, [...at, '*'], add, changes, named, depth + 1);
  // A definition referred to (`items: {$ref: "#/definitions/QuestionOption"}`): its properties at this place.
  const ref = named(get(n, '$ref')?.value);
  if (ref) schema(ref, tie, at, add, changes, named, depth + 1);
  // Fields a schema requires but does not describe (`required: [advice]` beside other properties).
  const described = new Set((get(n, 'properties')?.entries ?? []).map((p) => p.key));
  for (const r of get(n, 'required')?.items ?? []) {
    if (typeof r.value !== 'string' || described.has(r.value)) continue;
    for (const s of fieldSites([...tie.prefix, ...at, r.value], tie, changes)) add({ ...s, message: `this schema requires \`${r.value}\`: ${s.message}`, start: r.start, end: r.start + r.value.length, anchor: r.start });
  }
  for (const p of get(n, 'properties')?.entries ?? []) {
    const full = [...tie.prefix, ...at, p.key];
    for (const s of fieldSites(full, tie, changes)) add({ ...s, message: `this schema describes \`${p.key}\`: ${s.message}`, start: p.keyStart, end: p.keyStart + p.key.length, anchor: p.keyStart });
    if (p.key === api.modeField && tie.resource === modeOwner()) modeEnum(p.value, add, changes);
    if (tie.side !== 'response') rangeSites(p.value, full, tie, add, changes);
    schema(p.value, tie, [...at, p.key], add, changes, named, depth + 1);
  }
}

/** A request property's bounds that accept values the API now refuses (`age: {minimum: 0}` against ages 2–120). */
function rangeSites(n: TNode, full: string[], tie: SchemaTie, add: (s: Site) => void, changes: readonly Change[]): void {
  for (const { change, rule } of rulesOfKind('range-constraint', changes)) {
    if (rule.resource !== tie.resource || !same(rule.path, full)) continue;
    for (const [key, out] of [['minimum', (v: number) => v < rule.min], ['maximum', (v: number) => v > rule.max]] as const) {
      const b = n.entries?.find((e) => e.key === key);
      if (b && typeof b.value.value === 'number' && out(b.value.value)) add({ change: change.id, start: b.keyStart, end: b.keyStart + key.length, message: `this schema's \`${key}: ${b.value.value}\` accepts what v2 refuses: ${rule.message}`, anchor: b.keyStart });
    }
  }
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function fieldSites(full: string[], tie: SchemaTie, changes: readonly Change[]): Omit<Site, 'start' | 'end'>[] {
  const out: Omit<Site, 'start' | 'end'>[] = [];
  const subject = full[full.length - 1];
  if (tie.side !== 'request') {
    // Or the field under another of its spellings (`preselected_value` of an option).
    const spelt = (path: readonly string[], spellings?: readonly string[]) => same(path, full) || (!!spellings?.includes(subject!) && same(path.slice(0, -1), full.slice(0, -1)));
    for (const { change, rule } of rulesOfKind('response-field-removed', changes)) if (rule.resource === tie.resource && spelt(rule.path, rule.spellings)) out.push({ change: change.id, message: rule.message, subject });
    for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
      if (rule.resource === tie.resource && same(rule.from, full) && (!tie.op || !rule.operations || rule.operations.includes(tie.op))) out.push({ change: change.id, message: rule.message, subject });
    }
  }
  if (tie.side !== 'response') {
    for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
      if (rule.resource === tie.resource && same(rule.path, full) && (!tie.op || rule.operations.includes(tie.op)) && !out.some((o) => o.change === change.id)) out.push({ change: change.id, message: rule.message, subject });
    }
  }
  return out;
}

/** The values of a mode enum, and its default and example: renamed and removed modes. */
function modeEnum(n: TNode, add: (s: Site) => void, changes: readonly Change[]): void {
  const one = (k: string) => {
    const x = get(n, k);
    return x?.kind === 'scalar' && typeof x.value === 'string' ? [x] : [];
  };
  for (const item of [...(get(n, 'enum')?.items ?? []), ...one('default'), ...one('example')]) {
    const value = String(item.value);
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.field === api.modeField && rule.from === value) add({ change: change.id, start: item.start, end: item.start + value.length, anchor: item.start, message: `${rule.field} '${rule.from}' is '${rule.to}' in v2`, subject: value });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.field === api.modeField && rule.values.includes(value)) add({ change: change.id, start: item.start, end: item.start + value.length, anchor: item.start, message: rule.message, subject: value });
    }
  }
}

/** A yaml node as a TNode. */
export function fromYaml(n: unknown): TNode | undefined {
  if (isMap(n)) {
    const entries: NonNullable<TNode['entries']> = [];
    for (const p of n.items) {
      const value = fromYaml(p.value);
      if (isScalar(p.key) && p.key.range && value) entries.push({ key: String(p.key.value), keyStart: p.key.range[0], value });
    }
    return { kind: 'map', start: n.range?.[0] ?? 0, entries };
  }
  if (isSeq(n)) return { kind: 'seq', start: n.range?.[0] ?? 0, items: n.items.map(fromYaml).filter((x): x is TNode => !!x) };
  if (isScalar(n)) return { kind: 'scalar', start: n.range?.[0] ?? 0, end: n.range?.[1] ?? 0, value: n.value };
  return undefined;
}

/** A jsonc-parser node as a TNode. */
export function fromJson(n: JsonNode): TNode {
  if (n.type === 'object') {
    const entries = (n.children ?? []).flatMap((p) => (p.children?.[0] && p.children[1] ? [{ key: String(p.children[0].value), keyStart: p.children[0].offset + 1, value: fromJson(p.children[1]) }] : []));
    return { kind: 'map', start: n.offset, entries };
  }
  if (n.type === 'array') return { kind: 'seq', start: n.offset, items: (n.children ?? []).map(fromJson) };
  return { kind: 'scalar', start: n.type === 'string' ? n.offset + 1 : n.offset, end: n.offset + n.length, value: n.value };
}
