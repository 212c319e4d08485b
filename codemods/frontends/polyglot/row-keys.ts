import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import type { PolyFile } from './file';
import type { PolyFacts } from './project-types';
import { encloses } from './context';
import { namesForeignAddress } from './foreign-addresses';
import { span } from './lang';
import { chainSegments, dataSegments } from './ties';
import { norm, resourcesOfField, type FieldSite, type Vocabulary } from './vocabulary';

/**
 * Row keys: a function that answers with a row it builds itself (`return {"race": profile.get("race"), …}`, a Ruby
 * method ending in `{ advice: result["advice"] }`, rows appended to a list it turns into a table) copies the API's
 * fields under keys of its own. A key whose value is the read of a removed answer field carries only what v2 no longer
 * sends: where a caller reads that key of what the function returned (`row = flatten(i)` then `row["race"]`,
 * `df[["advice", "test"]]`, `out.fetch(:bmi)`), the read is of the removed field. The field is known by the last key
 * the value reads and the one before it (a variable named for the part, or the key it was read with), checked against
 * the catalogue's places for that field.
 */

/** Key of the row → the part the value was read from (the segment before the field) and the field. */
export type RowKeys = Record<string, [string, string]>;

const COLLECTION = /^(?:dictionary|hash|array_creation_expression)$/;
/** Calls that add an item to a list a function turns into its answer (`rows.append({...})`, `rows << {...}`, `push`). */
const ADD = /(?:\.\s*(?:append|push|add)\s*\(|<<)\s*$/;

/** The keys a function's built rows carry (facts stage: syntax only, the use site checks them against the catalogue). */
export function rowKeys(file: PolyFile, fn: SgNode): RowKeys | undefined {
  const out: RowKeys = {};
  const containers = new Set<number>();
  for (const pair of file.x.pairs) {
    if (pair.named || !pair.value || !COLLECTION.test(pair.container.kind() as string) || !encloses(fn, pair.container)) continue;
    const c = span(pair.container);
    if (!containers.has(c.start) && !rowOf(file, fn, pair.container)) continue;
    containers.add(c.start);
    const read = readOf(file, fn, pair.value);
    if (read) out[pair.key] = read;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether a collection literal is what the function answers with: returned, its last expression, or added to a list. */
function rowOf(file: PolyFile, fn: SgNode, lit: SgNode): boolean {
  const parent = lit.parent();
  if (parent && file.spec.returnKinds.includes(parent.kind() as string)) return true;
  const before = file.source.slice(Math.max(0, span(lit).start - 40), span(lit).start);
  if (ADD.test(before)) return true;
  // A Ruby method's last expression.
  const body = fn.children().find((c) => /body|block|statements/.test(c.kind() as string)) ?? fn;
  const kids = body.children().filter((c) => c.isNamed() && !/comment/.test(c.kind() as string));
  return file.spec.id === 'ruby' && kids.length > 0 && span(kids[kids.length - 1]!).start === span(lit).start;
}

/** A value that is the read of a changed field (`profile.get("race")`, `result["advice"]`): [part, field]. */
function readOf(file: PolyFile, fn: SgNode, value: SgNode, depth = 0): [string, string] | undefined {
  const whole = value.text().trim();
  if (/^[A-Za-z_]\w*$/.test(whole)) return depth === 0 ? unpackedRead(file, fn, value, whole) : undefined;
  // A read guarded against the key's absence is the read: `isset($p['race']) ? $p['race'] : null`, `$p['race'] ?? null`.
  const text = GUARDED.exec(whole)?.[2] ?? DEFAULTED.exec(whole)?.[1] ?? whole;
  const offset = span(value).start + Math.max(0, whole.lastIndexOf(text));
  const segs = dataSegments(chainSegments(text, offset));
  const last = segs[segs.length - 1];
  if (!last || segs.length < 2 || segs.some((s) => s.call)) return undefined;
  // The read is the whole value: nothing after the key but its closing quote and bracket or parenthesis.
  if (!/^['"]?\s*[\])]?$/.test(text.slice((last.through ?? last.end) - offset))) return undefined;
  const field = norm(last.name);
  let part = norm(segs[segs.length - 2]!.name);
  // `profile = interview.get("profile") or {}` then `profile.get("race")`: the key the variable was read with.
  if (segs.length === 2) {
    const decl = file.x.decls.find((d) => d.name === segs[0]!.name && d.init && encloses(fn, d.node) && span(d.node).start < span(value).start);
    const held = decl?.init?.text().trim();
    const init = (held && GUARDED.exec(held)?.[2]) ?? held?.replace(/\s*(?:\bor\b|\|\||\?\?)[\s\S]*$/, '');
    const from = init ? dataSegments(chainSegments(init, 0)) : [];
    if (from.length >= 2 && !from.some((s) => s.call)) part = norm(from[from.length - 1]!.name);
  }
  return [part, field];
}

/**
 * A name unpacked from what a helper of this file returns (`top_name, top_triage = _top_condition(result)` where the
 * helper ends in `return condition.get("name"), condition.get("triage")`): the read at the same place of its tuple.
 */
function unpackedRead(file: PolyFile, fn: SgNode, value: SgNode, name: string): [string, string] | undefined {
  const before = file.source.slice(span(fn).start, span(value).start);
  const m = new RegExp(String.raw`(?:^|\n)[ \t]*\(?((?:[A-Za-z_]\w*\s*,\s*)+[A-Za-z_]\w*)\)?\s*=\s*(?:self\.)?([A-Za-z_]\w*)\s*\(`, 'g');
  let hit: { index: number; callee: string } | undefined;
  for (const x of before.matchAll(m)) {
    const names = x[1]!.split(',').map((n) => n.trim());
    if (names.includes(name)) hit = { index: names.indexOf(name), callee: x[2]! };
    else if (new RegExp(String.raw`(?:^|\n)[ \t]*${name}\s*=`).test(x[0])) hit = undefined;
  }
  if (!hit) return undefined;
  const helpers = file.functions().filter((f) => f.name === hit!.callee);
  if (helpers.length !== 1) return undefined;
  const helper = helpers[0]!.node;
  const returns = helper.findAll({ rule: { kind: 'return_statement' } });
  if (returns.length !== 1) return undefined;
  const list = returns[0]!.children().find((c) => c.kind() === 'expression_list' || c.kind() === 'tuple');
  const items = list?.children().filter((c) => c.isNamed() && !/comment/.test(c.kind() as string)) ?? [];
  const item = items[hit.index];
  return item ? readOf(file, helper, item, 1) : undefined;
}

/** `isset(R) ? R : default`, `!empty(R) ? R : default`: R, when both reads are the same. */
const GUARDED = /^(?:isset|!\s*empty|array_key_exists)\s*\(\s*([^()]+?)\s*\)\s*\?\s*(\1)\s*:\s*[^?:]+$/;
/** `R ?? default`, `R || default`: R. */
const DEFAULTED = /^([^?|()]+?)\s*(?:\?\?|\|\|)\s*(?:null|nil|None|''|""|0|\[\]|array\(\))$/;

/** The removed field a row key carries: the one place in the catalogue its part and name fit, or undefined. */
export function carriedSite(vocab: Vocabulary, read: readonly [string, string]): FieldSite | undefined {
  const [part, field] = read;
  if (!vocab.fieldNames.has(field)) return undefined;
  const places = resourcesOfField(vocab, field, 'response').filter((p) => {
    const parent = p.path[p.path.length - 2];
    // A field of a part (`profile.race`) is read from that part; a top-level field from whatever holds the answer.
    return parent ? norm(parent) === part || part.endsWith(`_${norm(parent)}`) : !vocab.fieldNames.has(part) || part === field;
  });
  // A field moved inside the object that held it (`msg` to `_links.msg`): the builder's read changes, the row's key does not.
  const sites = places.map((p) => [vocab.fields(p.resource, p.path, 'response')[0], p.path] as const).filter(([s, path]) => !!s && !movedWithin(s, path)).map(([s]) => s!);
  return sites.length > 0 && sites.every((s) => s.change.id === sites[0]!.change.id) ? sites[0] : undefined;
}

/** A key read of a value a row-building function returned: `row["race"]`, `df[["advice", "test"]]`, `row.get("bmi")`, `out.fetch(:bmi)`. */
const KEY_READ = /([A-Za-z_]\w*)\s*(?:\[\s*(?:\[[^\]\n]*)?|\[\s*:?|\.\s*(?:get|fetch)\s*\(\s*:?)$/;

export function rowKeyReads(ctx: Ctx): void {
  const { file, vocab, out, index } = ctx;
  if (!index.rowKeys) return;
  for (const lit of file.lits) {
    if (!lit.simple) continue;
    const m = KEY_READ.exec(file.source.slice(Math.max(0, lit.start - 200), lit.start).replace(/^[\s\S]*\n(?=[^\n]*$)/, ''));
    if (!m) continue;
    const name = m[1]!;
    const scope = file.scopeOf(lit.node);
    const decl = file.x.decls
      .filter((d) => d.name === name && d.init && span(d.node).start < lit.start && (scope === file.root || encloses(scope, d.node) || file.scopeOf(d.node) === file.root))
      .sort((a, b) => span(b.node).start - span(a.node).start)[0];
    const callee = decl?.init ? /^(?:await\s+)?(?:[A-Za-z_][\w.:]*[.:])?([A-Za-z_]\w*[?!]?)\s*\(/.exec(decl.init.text().trim())?.[1] : undefined;
    const keys = callee ? index.rowKeys(callee) : null;
    const read = keys?.[lit.text];
    const site = read ? carriedSite(vocab, read) : undefined;
    if (!site || !out.has(site.change.id)) continue;
    out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
  }
}

/**
 * A row key of this file's builder whose value was unpacked from a helper's tuple of reads (`"top_condition_triage":
 * top_triage`): the read is in the helper, so the key is where the row carries it.
 */
export function unpackedRowKeys(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (!ctx.tied) return;
  for (const fn of file.functions()) {
    // A row of another service's answer (the function names its address) carries nothing of the API.
    const keys = fn.name ? rowKeys(file, fn.node) : undefined;
    if (!keys || namesForeignAddress(file, fn.node, false)) continue;
    for (const pair of file.x.pairs) {
      if (pair.named || !pair.value || !encloses(fn.node, pair.container) || !/^[A-Za-z_]\w*$/.test(pair.value.text().trim())) continue;
      const read = keys[pair.key];
      const site = read ? carriedSite(vocab, read) : undefined;
      if (!site || !out.has(site.change.id)) continue;
      const at = pair.keyNode ? span(pair.keyNode) : span(pair.value);
      out.manual(site.change.id, at.start, at.end, site.message, { anchor: at.start, subject: pair.key });
    }
  }
}

function movedWithin(site: FieldSite, path: readonly string[]): boolean {
  if (site.kind !== 'moved' || !site.to) return false;
  const to = site.to.filter((p) => p !== '*').map(norm);
  const parent = path.slice(0, -1).map(norm);
  return to.length > parent.length && parent.every((p, i) => to[i] === p);
}

export const withRowKeys = (keys: RowKeys | undefined) => (keys ? { rowKeys: keys } : {});

/**
 * Row keys by function name (row-keys.ts): a function one file of the run defines, in a file that talks to the API;
 * a function without rows of its own that calls one such builder (`results_frame` turning `flatten_result`'s rows
 * into a table) answers with its keys.
 */
export function rowKeysIndex(all: readonly PolyFacts[], tied: (f: PolyFacts) => boolean): (name: string) => RowKeys | null {
  const defs = new Map<string, { keys?: RowKeys; tied: boolean; callees: string[] }[]>();
  for (const f of all) for (const fn of f.functions) defs.set(fn.name, [...(defs.get(fn.name) ?? []), { keys: fn.rowKeys, tied: tied(f) && !(f.apiFree && f.otherAddress), callees: fn.callees }]);
  const own = (name: string): RowKeys | null => {
    const d = defs.get(name);
    return d && d.length === 1 && d[0]!.tied && d[0]!.keys ? d[0]!.keys : null;
  };
  return (name) => {
    const d = defs.get(name);
    if (!d || d.length !== 1) return null;
    if (d[0]!.keys) return own(name);
    const builders = [...new Set(d[0]!.callees)].filter((c) => c !== name && own(c));
    return builders.length === 1 ? own(builders[0]!) : null;
  };
}
