import { sep } from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import { api, rulesOfKind, type Change, type Operation, type ResourceName } from '../../../catalogue';
import type { Config } from '../../../config';
import { tolerantUrlPattern } from '../../../config/urls';
import { keyRole } from '../../roles';
import { words } from '../../engine/words';
import { norm, type ConfigValue, type NameUse, type Site } from './model';
import { inApiScope } from './vocab';

/**
 * API calls written out as requests (curl in scripts, REST-client files, Postman, runbooks): what a request
 * to `<base>/<segment>/…` with a JSON body sends that v2 no longer takes, and what the checks and reads of its
 * answer expect that v2 changed. Resources come from the catalogue's path segments, operations from the
 * method (and a mode in an interview update's body), fields, modes, statuses and ranges from its rules.
 */

export interface Tie {
  resource: ResourceName;
  op: Operation;
}

/** The resource and operation of a request path relative to the base (`interviews/anonymous/`, `results/abc/`). */
export function pathTie(method: string, relPath: string): Tie | null {
  const segs = relPath.replace(/^\/+/, '').split(/[?#]/)[0]!.split('/').filter(Boolean);
  const first = segs[0];
  const resource = (Object.keys(api.resources) as ResourceName[]).find((r) => api.resources[r].segment === first);
  const op = api.methodOperations[method.toUpperCase()];
  if (!resource || !op) return null;
  return { resource, op: op === 'read' && segs.length === 1 && resource !== 'result' ? 'list' : op };
}

/**
 * Whether a variable holds the API's base: named so and named for the API (`SC_API_BASE`), set to a v1
 * address among `values`, or set to the API's base by another file of the run (`defines` among `uses`: an
 * environment file's `baseUrl`).
 */
export function baseVariables(config: Config, source: string, values: readonly ConfigValue[], uses: readonly NameUse[] = [], filePath = ''): (name: string) => boolean {
  const bases = apiBasePatterns(config);
  const byName = new Map(values.map((v) => [v.path[v.path.length - 1]!, v]));
  // A default stands for its reference; other references for the value they name (`https://{{host}}/api/`).
  const literal = (v: ConfigValue, depth = 0): string => {
    const r = v.refs[0];
    if (r?.default && v.refs.length === 1) return source.slice(r.default.start, r.default.end);
    let out = '';
    let pos = v.start;
    for (const x of [...v.refs].sort((a, b) => a.start - b.start)) {
      const t = byName.get(x.name);
      if (x.start < pos) continue;
      out += source.slice(pos, x.start) + (t && t !== v && depth < 2 ? literal(t, depth + 1) : '\u0000');
      pos = x.end;
    }
    return out + source.slice(pos, v.end);
  };
  const set = new Set(values.filter((v) => bases.some((re) => re.test(literal(v).trim()))).map((v) => v.path[v.path.length - 1]!));
  const inScope = (u: NameUse) => u.scope !== undefined && filePath.startsWith(u.scope.endsWith(sep) ? u.scope : u.scope + sep);
  const defined = new Set(uses.filter((u) => u.defines && u.role === 'base' && inScope(u)).map((u) => u.name));
  return (name) => set.has(name) || defined.has(norm(name)) || (keyRole(name) === 'base' && inApiScope(config, [name]));
}

/** Whether a text is exactly the API's base address (v1 or v2, any environment; a trailing slash or not). */
export function isApiBase(config: Config, text: string): boolean {
  return apiBasePatterns(config).some((re) => {
    const m = re.exec(text);
    return m !== null && /^\/?$/.test(text.slice(m[0].length));
  });
}

/** The v1 and v2 base addresses (v2 too, so that a second run ties what the first rewrote). */
function apiBasePatterns(config: Config): RegExp[] {
  let list = basePatterns.get(config);
  if (!list) {
    list = Object.values(config.environments).flatMap((e) => [e.v1.baseUrl, e.v2.baseUrl].map((u) => new RegExp(`^${tolerantUrlPattern(u, '').source}/?`, 'i')));
    basePatterns.set(config, list);
  }
  return list;
}
/** Built once per configuration: a file asks for every value it holds. */
const basePatterns = new WeakMap<Config, RegExp[]>();

/**
 * The path of a request relative to the API's base: after a base variable (`${BASE}`, `$BASE`, `{{BASE}}`, `{{.BASE}}`)
 * or a v1 base address; with `relative`, a bare path (`interviews/`) too (the argument of a wrapper function).
 */
export function relativePath(config: Config, text: string, isBase: (name: string) => boolean, relative = false): string | null {
  const v = /^(?:\$\{?(?:env\.)?([A-Za-z_]\w*)\}?|\{\{\s*\.?([A-Za-z_][\w.-]*)\s*\}\})(.*)$/s.exec(text);
  if (v) return isBase(v[1] ?? v[2]!) ? v[3]! : null;
  for (const re of apiBasePatterns(config)) {
    const m = re.exec(text);
    if (m) return text.slice(m[0].length);
  }
  return relative && /^[\w{}$]/.test(text) && !/^https?:/i.test(text) ? text : null;
}

/** A JSON body as decoded text with the source offset of each character. */
export interface Body {
  text: string;
  map: number[];
}

/** A property of a request body, from JSON text or a YAML map: its path, its key's range and its value. */
export interface BodyProp {
  path: string[];
  key: { start: number; end: number };
  /** Where a marker for it goes, when not above its own line. */
  anchor?: number;
  value: {
    type: 'string' | 'number' | 'other';
    value: unknown;
    start: number;
    end: number;
    /** The range of a string's characters (inside its quotes), when they are written as they read (an edit can be made in place). */
    inner?: { start: number; end: number; exact: boolean };
  };
}

/** The properties of a JSON body. */
export function jsonProps(body: Body): BodyProp[] {
  const root = parseTree(body.text);
  if (!root || root.type !== 'object') return [];
  const out: BodyProp[] = [];
  const at = (n: Node) => sourceRange(body, n.offset, n.offset + n.length);
  const walk = (n: Node, path: string[]) => {
    if (n.type === 'object') {
      for (const p of n.children ?? []) {
        const [k, v] = p.children ?? [];
        if (!k || !v) continue;
        const next = [...path, String(k.value)];
        const type = v.type === 'string' ? 'string' : v.type === 'number' ? 'number' : 'other';
        const inner = v.type === 'string' ? sourceRange(body, v.offset + 1, v.offset + v.length - 1) : undefined;
        out.push({ path: next, key: at(k), value: { type, value: v.value, ...at(v), inner } });
        walk(v, next);
      }
    } else if (n.type === 'array') for (const item of n.children ?? []) walk(item, [...path, '*']);
  };
  walk(root, []);
  return out;
}

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The source range of a decoded range, and whether it is contiguous there (an edit can be made in place). */
function sourceRange(body: Body, start: number, end: number): { start: number; end: number; exact: boolean } {
  if (end <= start) return { start: body.map[start] ?? 0, end: body.map[start] ?? 0, exact: true };
  const s = body.map[start]!;
  const e = body.map[end - 1]! + 1;
  return { start: s, end: e, exact: e - s === end - start };
}

/** An interview update whose body sets the mode is a mode update. */
export function refineTie(tie: Tie, body: string | readonly BodyProp[] | undefined): Tie {
  const modeOwner = [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].find(({ rule }) => rule.field === api.modeField)?.rule.resource;
  if (tie.resource !== modeOwner || tie.op !== 'update' || !body) return tie;
  const props = typeof body === 'string' ? jsonProps({ text: body, map: Array.from({ length: body.length }, (_, i) => i) }) : body;
  return props.some((p) => samePath(p.path, [api.modeField])) ? { ...tie, op: 'mode-update' } : tie;
}

/** A setting a body's value is taken from (`"mode": "$(MODE)"`): its literal, where it is written, and its name. */
export interface Forwarded {
  text: string;
  start: number;
  end: number;
  name: string;
  anchor?: number;
}

/** Sites in a JSON request body sent to `tie`. */
export function bodySites(body: Body, tie: Tie, changes: readonly Change[], anchor?: number, resolve?: (text: string) => Forwarded | null): Site[] {
  return propSites(jsonProps(body), tie, changes, { anchor, resolve });
}

/**
 * Sites in the properties of a request body sent to `tie` (or of a part of it at `prefix`): removed fields,
 * renamed or removed modes (also in the setting a value is taken from, where `resolve` finds it), values out of range.
 */
export function propSites(ps: readonly BodyProp[], tie: Tie, changes: readonly Change[], opts: { anchor?: number; prefix?: readonly string[]; resolve?: (text: string) => Forwarded | null } = {}): Site[] {
  const { prefix = [] } = opts;
  const op = refineTie(tie, ps).op;
  const out: Site[] = [];
  for (const p of ps) {
    const anchor = p.anchor ?? opts.anchor;
    const path = [...prefix, ...p.path];
    const from = p.value.type === 'string' && opts.resolve ? opts.resolve(String(p.value.value)) : null;
    if (from) out.push(...forwardedModeSites(from, tie, path, changes));
    for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
      if (rule.resource === tie.resource && rule.operations.includes(op) && samePath(rule.path, path)) {
        out.push({ change: change.id, start: p.key.start, end: p.key.end, message: rule.message, anchor, subject: path[path.length - 1] });
      }
    }
    const str = p.value.type === 'string' ? String(p.value.value) : null;
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.resource !== tie.resource || !samePath([rule.field], path) || str !== rule.from || !p.value.inner) continue;
      const r = p.value.inner;
      const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
      out.push(r.exact ? { change: change.id, start: r.start, end: r.end, message, text: rule.to, anchor } : { change: change.id, start: r.start, end: r.end, message: `${message}: write '${rule.to}' here`, anchor });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.resource === tie.resource && samePath([rule.field], path) && str !== null && rule.values.includes(str)) {
        out.push({ change: change.id, start: p.value.start, end: p.value.end, message: rule.message, anchor, subject: str });
      }
    }
    for (const { change, rule } of rulesOfKind('range-constraint', changes)) {
      if (rule.resource === tie.resource && samePath(rule.path, path) && p.value.type === 'number') {
        const n = Number(p.value.value);
        if (n < rule.min || n > rule.max) out.push({ change: change.id, start: p.value.start, end: p.value.end, message: rule.message, anchor });
      }
    }
  }
  return out;
}

/** Sites for a check of the status an operation answered (`[[ $status == 202 ]]`). */
export function statusSites(code: number, tie: Tie, changes: readonly Change[], at: { start: number; end: number; anchor?: number }): Site[] {
  return rulesOfKind('status-changed', changes)
    .filter(({ rule }) => rule.resource === tie.resource && rule.operation === tie.op && rule.from === code)
    .map(({ change, rule }) => ({ change: change.id, ...at, message: rule.message }));
}

/** A renamed or removed mode in the setting a body's mode is taken from: rewritten where the setting is named for a mode, else marked. */
function forwardedModeSites(from: Forwarded, tie: Tie, path: readonly string[], changes: readonly Change[]): Site[] {
  const out: Site[] = [];
  const named = words(from.name).at(-1) === api.modeField;
  for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
    if (rule.resource !== tie.resource || !samePath([rule.field], path) || from.text !== rule.from) continue;
    const message = `${rule.field} '${rule.from}' renamed '${rule.to}' (\`${from.name}\` is sent as the interview ${rule.field})`;
    out.push({ change: change.id, start: from.start, end: from.end, anchor: from.anchor, ...(named ? { message, text: rule.to } : { message: `${message}: write '${rule.to}' here` }) });
  }
  for (const { change, rule } of rulesOfKind('value-removed', changes)) {
    if (rule.resource === tie.resource && samePath([rule.field], path) && rule.values.includes(from.text)) out.push({ change: change.id, start: from.start, end: from.end, message: rule.message, anchor: from.anchor, subject: from.text });
  }
  return out;
}

/** A JSON string's value with the source offset of each character. */
export function decodeString(source: string, n: Node): Body {
  let text = '';
  const map: number[] = [];
  const end = n.offset + n.length - 1;
  for (let i = n.offset + 1; i < end; i++) {
    if (source[i] !== '\\') {
      text += source[i];
      map.push(i);
      continue;
    }
    const e = source[i + 1]!;
    const at = i;
    if (e === 'u') {
      text += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
      i += 5;
    } else {
      text += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
      i++;
    }
    map.push(at);
  }
  return { text, map };
}
