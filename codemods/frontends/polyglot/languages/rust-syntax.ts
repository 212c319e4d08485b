import type { SgNode } from '@ast-grep/napi';
import { parseWith } from '../grammars';
import { span } from '../lang';

/**
 * Rust macros the grammar reads only as token trees, rewritten before parsing into expressions it reads, with every
 * offset kept (each change replaces characters one for one); the file itself is never changed, only the parser sees this.
 * - macros whose arguments are expressions (`format!("{}interviews/{}/", base, t)`, `assert_eq!(resp.status(), 202)`,
 *   `vec![Option { … }]`): the `!` is blanked, so they read as a call (`format ("…", base, t)`), or, for `vec!`, the
 *   name too, so the list reads as an array literal;
 * - `json!` (serde_json): its objects' `:` and `,` become `;`, so `{"mode": "complaint", "extra": x}` reads as a block
 *   of expression statements (`{"mode"; "complaint"; "extra"; x}`), each value a real expression; `jsonObjects` tells
 *   the language module which blocks were objects.
 * A macro whose rewritten text does not parse (`info!(target: "x", …)`, a pattern the grammar does not take) is left as
 * written: only the rewrites that read are kept.
 */
export function rewriteMacros(src: string): string | null {
  const root = parseWith('rust', src).root();
  const edits: { start: number; end: number; text: string }[] = [];
  for (const m of root.findAll({ rule: { kind: 'macro_invocation' } })) {
    // Nested invocations are rewritten as tokens of their outer one.
    if (m.ancestors().some((a) => a.kind() === 'macro_invocation')) continue;
    const kids = m.children();
    const tree = kids.find((c) => c.kind() === 'token_tree');
    const bang = kids.find((c) => c.kind() === '!');
    if (!tree || !bang) continue;
    const name = kids[0]!.text().split('::').pop()!;
    const local: { start: number; end: number; text: string }[] = [];
    if (!macro(name, kids[0]!, bang, tree, local)) continue;
    edits.push({ ...span(m), text: apply(src, span(m).start, span(m).end, local) });
  }
  if (edits.length === 0) return null;
  // Keep only the rewrites whose text parses (a few rounds: reverting one may clear another's error).
  let kept = edits;
  for (let round = 0; round < 3; round++) {
    const text = apply(src, 0, src.length, kept);
    const errors = unreadable(parseWith('rust', text).root());
    const bad = kept.filter((e) => errors.some((x) => x.start < e.end && x.end >= e.start));
    if (bad.length === 0) return kept.length > 0 ? text : null;
    kept = kept.filter((e) => !bad.includes(e));
  }
  return null;
}

/** ERROR nodes and tokens the parser had to invent (zero-width leaves), as the front-end counts them. */
function unreadable(root: SgNode): { start: number; end: number }[] {
  const out = root.findAll({ rule: { kind: 'ERROR' } }).map(span);
  for (const n of root.findAll({ rule: { regex: '^$' } })) {
    const s = span(n);
    if (!n.isNamed() && s.start === s.end && n.children().length === 0 && /[^\s]/.test(n.kind() as string)) out.push(s);
  }
  return out;
}

const EXPRESSION_MACROS = new Set([
  'format', 'format_args', 'print', 'println', 'eprint', 'eprintln', 'write', 'writeln', 'panic', 'assert', 'assert_eq', 'assert_ne',
  'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'dbg', 'vec', 'matches', 'anyhow', 'bail', 'todo', 'unreachable', 'json',
]);

/** Whether `name!tree` is rewritten; its edits are pushed. */
function macro(name: string, head: SgNode, bang: SgNode, tree: SgNode, edits: { start: number; end: number; text: string }[]): boolean {
  if (!EXPRESSION_MACROS.has(name)) return false;
  const open = tree.children()[0]?.kind();
  if (name === 'vec' && open === '[') edits.push({ start: span(head).start, end: span(bang).end, text: ' '.repeat(span(bang).end - span(head).start) });
  else if (open === '(') edits.push({ ...span(bang), text: ' ' });
  else return false;
  tokens(tree, name === 'json', edits);
  return true;
}

/** The macros nested in a token tree (`format!` in `assert_eq!`), and, in a `json!`, its objects. */
function tokens(tree: SgNode, json: boolean, edits: { start: number; end: number; text: string }[]): void {
  const kids = tree.children();
  const object = json && kids[0]?.kind() === '{';
  kids.forEach((k, i) => {
    const kind = k.kind() as string;
    if (object && (kind === ':' || kind === ',')) edits.push({ ...span(k), text: ';' });
    if (kind === 'token_tree') {
      const bang = kids[i - 1]?.kind() === '!' ? kids[i - 1]! : null;
      const head = bang ? kids[i - 2] : null;
      if (bang && head && head.kind() === 'identifier' && macro(head.text(), head, bang, k, edits)) return;
      // Inside a json! body an object or array holds objects; a call's parentheses (`Some(x)`) hold code.
      tokens(k, json && (k.children()[0]?.kind() === '{' || k.children()[0]?.kind() === '['), edits);
    }
  });
}

function apply(src: string, from: number, to: number, edits: { start: number; end: number; text: string }[]): string {
  let out = '';
  let at = from;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at) continue;
    out += src.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + src.slice(at, to);
}

/**
 * The objects of a rewritten `json!` body: blocks inside a `json(…)` call whose statements alternate a string key and
 * a value (`{"mode"; "complaint"; "extra"; x}`), as key and value nodes. A real block never starts with a bare string.
 */
export function jsonObjects(root: SgNode): { block: SgNode; entries: [SgNode, SgNode][] }[] {
  const out: { block: SgNode; entries: [SgNode, SgNode][] }[] = [];
  const seen = new Set<number>();
  for (const call of root.findAll({ rule: { kind: 'call_expression' } })) {
    const fn = call.children()[0];
    if (!fn || !/^(?:\w+::)*json$/.test(fn.text())) continue;
    for (const block of call.findAll({ rule: { kind: 'block' } })) {
      if (seen.has(span(block).start)) continue;
      seen.add(span(block).start);
      const items = block.children().filter((c) => c.isNamed() && c.kind() !== 'empty_statement' && !/comment/.test(c.kind() as string)).map((c) => (c.kind() === 'expression_statement' ? c.children().find((x) => x.isNamed()) ?? c : c));
      if (items.length === 0 || items.length % 2 !== 0) continue;
      const entries: [SgNode, SgNode][] = [];
      for (let i = 0; i < items.length; i += 2) entries.push([items[i]!, items[i + 1]!]);
      if (entries.every(([k]) => k.kind() === 'string_literal')) out.push({ block, entries });
    }
  }
  return out;
}
