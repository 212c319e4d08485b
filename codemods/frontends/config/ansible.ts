import type { Node as YamlNode, Pair, Scalar, YAMLMap } from 'yaml';
import { isMap, isScalar, isSeq } from './yaml-nodes';
import { baseVariables, jsonProps, pathTie, propSites, refineTie, relativePath, statusSites, type BodyProp, type Tie } from './calls';
import { chainReads, type Root } from './chains';
import type { ConfigValue, Site } from './model';
import { comparedModeSites, comparedStatusSites, readPathSites } from './reads';
import type { ShellContext } from './shell';

/**
 * Ansible tasks that call the API with the `uri` module: the request (`url` after a base variable or a v1
 * address, `method`, a `body` map or JSON text), the statuses it accepts (`status_code`), and what the play does
 * with the answer it registers: reads of `<register>.json.…` and checks of `<register>.status` in conditions
 * (`when`, `failed_when`, `until`, `assert: that`), `{{ … }}` expressions and `set_fact` aliases. The module's
 * key says nothing about roles: values under it are named as under `module`.
 */

const URI_MODULES = new Set(['uri', 'ansible.builtin.uri', 'ansible.legacy.uri', 'win_uri', 'ansible.windows.win_uri']);
const SET_FACT = new Set(['set_fact', 'ansible.builtin.set_fact', 'ansible.legacy.set_fact']);
const EXPRESSION_KEYS = new Set(['when', 'failed_when', 'changed_when', 'until', 'that', 'var', 'loop', 'with_items']);

interface Registered {
  name: string;
  tie: Tie;
  /** Where the task starts: reads come after it, outside the module's arguments (`failed_when`, `until` of the task read its answer). */
  after: number;
  args?: [number, number];
  path: string[];
}

/** Whether a document holds a task that calls `uri`. */
function hasUriTask(node: unknown): boolean {
  if (isSeq(node)) return node.items.some(hasUriTask);
  if (!isMap(node)) return false;
  return node.items.some((p) => (isScalar(p.key) && URI_MODULES.has(String(p.key.value))) || hasUriTask(p.value));
}

/** Values under a `uri:` key are named as under `module` (the module's name is no role). */
export function ansibleValues(values: readonly ConfigValue[]): ConfigValue[] {
  return values.map((v) => (v.path.some((k) => URI_MODULES.has(k)) ? { ...v, path: v.path.map((k) => (URI_MODULES.has(k) ? 'module' : k)) } : v));
}

export function isAnsible(node: unknown): boolean {
  return isSeq(node) && hasUriTask(node);
}

export function ansibleSites(doc: unknown, source: string, ctx: ShellContext, values: readonly ConfigValue[]): Site[] {
  const isBase = baseVariables(ctx.config, source, values);
  const registered: Registered[] = [];
  const sites: Site[] = [];
  const scalars: { node: Scalar; key: string; anchor: number }[] = [];

  const task = (map: YAMLMap) => {
    const modulePair = map.items.find((p) => isScalar(p.key) && URI_MODULES.has(String(p.key.value)));
    const args = modulePair?.value;
    if (!isMap(args)) return;
    const url = text(source, args.get('url', true));
    const rel = url !== null ? relativePath(ctx.config, url, isBase) : null;
    const base = rel !== null ? pathTie(text(source, args.get('method', true)) ?? 'GET', rel) : null;
    if (!base) return;
    const body = args.get('body', true) as unknown;
    const bodyKey = args.items.find((p) => isScalar(p.key) && p.key.value === 'body')?.key as YamlNode | undefined;
    const props = isMap(body) ? yamlProps(body, source) : isScalar(body) ? jsonText(source, body).map((p) => ({ ...p, anchor: bodyKey?.range?.[0] })) : [];
    const tie = refineTie(base, props);
    sites.push(...propSites(props, tie, ctx.changes));
    const codes = args.get('status_code', true) as unknown;
    for (const c of isSeq(codes) ? codes.items : [codes]) {
      if (isScalar(c) && c.range && /^\d{3}$/.test(String(c.value))) sites.push(...statusSites(Number(c.value), tie, ctx.changes, { start: c.range[0], end: c.range[1] }));
    }
    const reg = text(source, map.get('register', true));
    if (reg && /^\w+$/.test(reg)) registered.push({ name: reg, tie, after: map.range?.[0] ?? 0, args: args.range ? [args.range[0], args.range[1]] : undefined, path: [] });
  };

  // Markers go above the key or the item that holds a scalar (never inside a block or multi-line scalar).
  const walk = (node: unknown, key: string, anchor: number) => {
    if (isSeq(node)) {
      for (const item of node.items) {
        if (isMap(item)) task(item);
        walk(item, key, (item as YamlNode | null)?.range?.[0] ?? anchor);
      }
    } else if (isMap(node)) {
      for (const p of node.items as Pair[]) walk(p.value, isScalar(p.key) ? String(p.key.value) : '', (p.key as YamlNode | null)?.range?.[0] ?? anchor);
    } else if (isScalar(node) && typeof node.value === 'string') scalars.push({ node, key, anchor });
  };
  walk(doc, '', 0);

  // `set_fact: x: "{{ reg.json.a }}"` makes x an alias of reg's answer at a.
  for (const { node, key } of scalars) {
    const at = node.range![0];
    const m = /^\s*\{\{\s*([\w.[\]'"]+)\s*\}\}\s*$/.exec(text(source, node) ?? '');
    const owner = registered.find((r) => r.after <= at && m && (m[1]!.startsWith(`${r.name}.json`) || m[1]!.startsWith(`${r.name}['json']`)));
    if (!m || !owner || !isSetFact(doc, node)) continue;
    const path = m[1]!.replace(/\[['"](\w+)['"]\]/g, '.$1').split('.').slice(2);
    registered.push({ name: key, tie: owner.tie, after: at, path: [...owner.path, ...path] });
  }

  for (const { node, key, anchor } of scalars) {
    const [a, b] = node.range!;
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    const start = quoted ? a + 1 : a;
    const t = source.slice(start, quoted ? b - 1 : b);
    if (!EXPRESSION_KEYS.has(key) && !/\{[{%]/.test(t)) continue;
    const offset = (i: number) => start + i;
    for (const r of registered) {
      if (r.after > a || (r.args && a >= r.args[0] && a < r.args[1])) continue;
      const roots = new Map<string, Root>();
      if (r.path.length > 0) roots.set(r.name, { path: r.path });
      else {
        roots.set(`${r.name}.json`, { path: [] });
        roots.set(`${r.name}.status`, { path: [], status: true });
      }
      const found = chainReads(t, roots);
      const reads = found.reads.map((x) => ({ ...x, start: offset(x.start), end: offset(x.end) }));
      sites.push(...readPathSites(reads, r.tie, ctx.changes, anchor));
      for (const s of found.statuses) sites.push(...comparedStatusSites(t, s, r.tie, ctx.changes, offset, anchor));
      for (const x of found.reads) sites.push(...comparedModeSites(t, x, r.tie, ctx.changes, offset, () => true, anchor));
    }
  }
  return sites;
}

function isSetFact(doc: unknown, node: Scalar): boolean {
  let found = false;
  const visit = (n: unknown, under: boolean) => {
    if (found) return;
    if (isSeq(n)) for (const i of n.items) visit(i, under);
    else if (isMap(n)) for (const p of n.items as Pair[]) visit(p.value, under || (isScalar(p.key) && SET_FACT.has(String(p.key.value))));
    else if (n === node && under) found = true;
  };
  visit(doc, false);
  return found;
}

/** A scalar's text as written (inside its quotes), or null. */
function text(source: string, n: unknown): string | null {
  if (!isScalar(n) || !n.range) return null;
  const [a, b] = n.range;
  const quoted = n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE';
  return source.slice(quoted ? a + 1 : a, quoted ? b - 1 : b);
}

/** The properties of a body written as a YAML map. */
function yamlProps(map: YAMLMap, source: string, path: string[] = []): BodyProp[] {
  const out: BodyProp[] = [];
  for (const p of map.items as Pair[]) {
    const k = p.key as YamlNode | null;
    if (!isScalar(k) || !k.range) continue;
    const next = [...path, String(k.value)];
    const v = p.value as unknown;
    const range = (isScalar(v) || isMap(v) || isSeq(v)) && v.range ? v.range : k.range;
    const quoted = isScalar(v) && (v.type === 'QUOTE_DOUBLE' || v.type === 'QUOTE_SINGLE');
    const type = isScalar(v) && typeof v.value === 'string' ? 'string' : isScalar(v) && typeof v.value === 'number' ? 'number' : 'other';
    const inner = type === 'string' ? { start: quoted ? range[0] + 1 : range[0], end: quoted ? range[1] - 1 : range[1], exact: !quoted || !source.slice(range[0], range[1]).includes('\\') } : undefined;
    out.push({ path: next, key: { start: k.range[0], end: k.range[1] }, anchor: k.range[0], value: { type, value: isScalar(v) ? v.value : null, start: range[0], end: range[1], inner } });
    if (isMap(v)) out.push(...yamlProps(v, source, next));
    if (isSeq(v)) for (const item of v.items) if (isMap(item)) out.push(...yamlProps(item, source, [...next, '*']));
  }
  return out;
}

/** A body written as JSON text in a YAML string. */
function jsonText(source: string, n: Scalar): BodyProp[] {
  if (!n.range || typeof n.value !== 'string' || !/^\s*\{/.test(n.value)) return [];
  const [a, b] = n.range;
  let start = a;
  let end = b;
  if (n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE') [start, end] = [a + 1, b - 1];
  else if (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED') start = source.indexOf('\n', a) + 1;
  const raw = source.slice(start, end);
  return jsonProps({ text: raw, map: Array.from({ length: raw.length }, (_, i) => start + i) });
}
