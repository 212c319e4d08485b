import { parseTree, type Node } from 'jsonc-parser';
import { api, rulesOfKind, type Change, type Operation, type ResourceName } from '../../../catalogue';
import type { Config } from '../../../config';
import { tolerantUrlPattern } from '../../../config/urls';
import { keyRole } from '../../roles';
import type { ConfigValue, Site } from './model';
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
 * Whether a variable holds the API's base: named so and named for the API (`SC_API_BASE`), or set to a v1
 * address among `values`.
 */
export function baseVariables(config: Config, source: string, values: readonly ConfigValue[]): (name: string) => boolean {
  const bases = apiBasePatterns(config);
  const literal = (v: ConfigValue) => {
    const r = v.refs[0];
    return r?.default && v.refs.length === 1 ? source.slice(r.default.start, r.default.end) : source.slice(v.start, v.end);
  };
  const set = new Set(values.filter((v) => bases.some((re) => re.test(literal(v).trim()))).map((v) => v.path[v.path.length - 1]!));
  return (name) => set.has(name) || (keyRole(name) === 'base' && inApiScope(config, [name]));
}

/** The v1 and v2 base addresses (v2 too, so that a second run ties what the first rewrote). */
function apiBasePatterns(config: Config): RegExp[] {
  return Object.values(config.environments).flatMap((e) => [e.v1.baseUrl, e.v2.baseUrl].map((u) => new RegExp(`^${tolerantUrlPattern(u, '').source}/?`, 'i')));
}

/**
 * The path of a request relative to the API's base: after a base variable (`${BASE}`, `$BASE`, `{{BASE}}`)
 * or a v1 base address; with `relative`, a bare path (`interviews/`) too (the argument of a wrapper function).
 */
export function relativePath(config: Config, text: string, isBase: (name: string) => boolean, relative = false): string | null {
  const v = /^(?:\$\{?([A-Za-z_]\w*)\}?|\{\{\s*([A-Za-z_][\w.-]*)\s*\}\})(.*)$/s.exec(text);
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

interface Prop {
  path: string[];
  key: Node;
  value: Node;
}

function props(root: Node): Prop[] {
  const out: Prop[] = [];
  const walk = (n: Node, path: string[]) => {
    if (n.type === 'object') {
      for (const p of n.children ?? []) {
        const [k, v] = p.children ?? [];
        if (!k || !v) continue;
        const next = [...path, String(k.value)];
        out.push({ path: next, key: k, value: v });
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
  const s = body.map[start]!;
  const e = body.map[end - 1]! + 1;
  return { start: s, end: e, exact: e - s === end - start };
}

/** An interview update whose body sets the mode is a mode update. */
export function refineTie(tie: Tie, bodyText: string | undefined): Tie {
  const modeOwner = [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].find(({ rule }) => rule.field === api.modeField)?.rule.resource;
  if (tie.resource !== modeOwner || tie.op !== 'update' || !bodyText) return tie;
  const root = parseTree(bodyText);
  return root?.type === 'object' && props(root).some((p) => samePath(p.path, [api.modeField])) ? { ...tie, op: 'mode-update' } : tie;
}

/** Sites in a request body sent to `tie`: removed fields, renamed or removed modes, values out of range. */
export function bodySites(body: Body, tie: Tie, changes: readonly Change[], anchor?: number): Site[] {
  const root = parseTree(body.text);
  if (!root || root.type !== 'object') return [];
  const ps = props(root);
  const op = refineTie(tie, body.text).op;
  const out: Site[] = [];
  const at = (n: Node) => sourceRange(body, n.offset, n.offset + n.length);
  for (const p of ps) {
    for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
      if (rule.resource === tie.resource && rule.operations.includes(op) && samePath(rule.path, p.path)) {
        out.push({ change: change.id, ...at(p.key), message: rule.message, anchor, subject: p.path[p.path.length - 1] });
      }
    }
    const str = p.value.type === 'string' ? String(p.value.value) : null;
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.resource !== tie.resource || !samePath([rule.field], p.path) || str !== rule.from) continue;
      const r = sourceRange(body, p.value.offset + 1, p.value.offset + p.value.length - 1);
      const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
      out.push(r.exact ? { change: change.id, start: r.start, end: r.end, message, text: rule.to, anchor } : { change: change.id, ...r, message: `${message}: write '${rule.to}' here`, anchor });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.resource === tie.resource && samePath([rule.field], p.path) && str !== null && rule.values.includes(str)) {
        out.push({ change: change.id, ...at(p.value), message: rule.message, anchor, subject: str });
      }
    }
    for (const { change, rule } of rulesOfKind('range-constraint', changes)) {
      if (rule.resource === tie.resource && samePath(rule.path, p.path) && p.value.type === 'number') {
        const n = Number(p.value.value);
        if (n < rule.min || n > rule.max) out.push({ change: change.id, ...at(p.value), message: rule.message, anchor });
      }
    }
  }
  return out;
}

/** Field names a jq filter reads: `.a.b`, `."a"`, `.["a"]`, `has("a")`. */
export function jqNames(filter: string): string[] {
  const out: string[] = [];
  for (const m of filter.matchAll(/\.([A-Za-z_]\w*)|\."([^"]+)"|\.\["([^"]+)"\]|has\("([^"]+)"\)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
  return out;
}

/** Sites for reads (by field names) of an answer of `tie`: removed and moved response fields. */
export function readSites(names: readonly string[], tie: Tie, changes: readonly Change[], at: { start: number; end: number; anchor?: number }): Site[] {
  const have = new Set(names);
  const out: Site[] = [];
  const seen = new Set<string>();
  const add = (change: string, path: readonly string[], message: string) => {
    const field = path[path.length - 1]!;
    if (!have.has(field) || !path.slice(0, -1).every((s) => s === '*' || have.has(s)) || seen.has(`${change}/${field}`)) return;
    seen.add(`${change}/${field}`);
    out.push({ change, ...at, message, subject: field });
  };
  // The most specific rule of a field first (`options.*.preselected` before `preselected`).
  const rules: { change: string; path: readonly string[]; message: string }[] = [];
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) if (rule.resource === tie.resource) rules.push({ change: change.id, path: rule.path, message: rule.message });
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === tie.resource && (!rule.operations || rule.operations.includes(tie.op) || (tie.op === 'list' && rule.operations.includes('read')))) rules.push({ change: change.id, path: rule.from, message: rule.message });
  }
  for (const r of rules.sort((a, b) => b.path.length - a.path.length)) add(r.change, r.path, r.message);
  return out;
}

/** Sites for a check of the status an operation answered (`[[ $status == 202 ]]`). */
export function statusSites(code: number, tie: Tie, changes: readonly Change[], at: { start: number; end: number; anchor?: number }): Site[] {
  return rulesOfKind('status-changed', changes)
    .filter(({ rule }) => rule.resource === tie.resource && rule.operation === tie.op && rule.from === code)
    .map(({ change, rule }) => ({ change: change.id, ...at, message: rule.message }));
}
