import type { SgNode } from '@ast-grep/napi';
import { all, childOf, namedKids, sameNode, type FieldDecl, type Lit, type TypeDecl } from '../lang';
import { saysMode } from '../ties';

/**
 * Ruby's model types: a class's attributes (`attr_reader :advice, :test`, `attr_accessor`) and a
 * `Struct.new(:token, :preselected)` / `Data.define(…)` assigned to a constant. The field's node is the symbol.
 */
export function rubyModels(root: SgNode, lit: (n: SgNode) => Lit | null): TypeDecl[] {
  const types: TypeDecl[] = [];
  for (const n of all(root, 'class')) {
    const nameNode = namedKids(n)[0];
    const name = nameNode?.text().split('::').pop();
    if (!name) continue;
    const fields: FieldDecl[] = [];
    for (const call of all(n, 'call')) {
      const method = childOf(call, 'identifier')?.text();
      if (!method || !/^attr_(reader|accessor|writer)$/.test(method) || !sameNode(ownerClass(call), n)) continue;
      fields.push(...symbolsOf(call, lit));
    }
    types.push({ node: n, name, fields: heldTypes(n, name, fields), cases: [] });
  }
  // `module Modes; SAFE = 'safe'.freeze; end`: a group of constants named for modes, which other files use qualified
  // (`Checker::Modes::SAFE`); a type without fields, so that the run knows the group (LangIndex.modeGroup).
  for (const n of all(root, 'module')) {
    const name = namedKids(n)[0]?.text().split('::').pop();
    if (name && saysMode(name)) types.push({ node: n, name, fields: [], cases: [] });
  }
  for (const n of all(root, 'assignment')) {
    const [left, right] = [namedKids(n)[0], namedKids(n).slice(-1)[0]];
    if (left?.kind() !== 'constant' || right?.kind() !== 'call' || !/^(Struct\.new|Data\.define)\b/.test(right.text())) continue;
    types.push({ node: n, name: left.text(), fields: heldTypes(n, left.text(), symbolsOf(right, lit)), cases: [] });
  }
  return types;
}

/** A model built by a class method of its own (`Cond.new(…)`, `Cond.from_hash(h)`, a list of them by `.map`). */
const BUILT = /^(?:::)?(?:[A-Z]\w*::)*([A-Z]\w*)\.(?:new|from_\w+|build|parse|wrap|load)\b|\.map\s*(?:\{|do\b)\s*(?:\|[^|]*\|)?\s*(?:::)?(?:[A-Z]\w*::)*([A-Z]\w*)\.(?:new|from_\w+|build|parse|wrap|load)\b/;

/**
 * The model each field holds, from how the type fills it: a keyword of its own constructor called in its body
 * (`new(potential_condition: Cond.new(…))` in `self.from_hash`) or an instance variable set in it
 * (`@potential_condition = Cond.from_hash(h[:pc])`). Fields filled two ways with two types get none.
 */
function heldTypes(type: SgNode, name: string, fields: FieldDecl[]): FieldDecl[] {
  if (fields.length === 0) return fields;
  const seen = new Map<string, string | null>();
  const note = (field: string, value: SgNode | null | undefined) => {
    const m = value ? BUILT.exec(value.text()) : null;
    const t = m ? (m[1] ?? m[2])! : null;
    if (!t || !fields.some((f) => f.name === field)) return;
    seen.set(field, seen.has(field) && seen.get(field) !== t ? null : t);
  };
  for (const call of all(type, 'call')) {
    const method = namedKids(call).filter((c) => c.kind() === 'identifier').pop()?.text();
    // `new(…)`, `self.new(…)`, `self.class.new(…)`, `Result.new(…)` in Result's body.
    const receiver = namedKids(call)[0]!.text();
    if (method !== 'new' || !(receiver === 'new' || /^self(\.class)?$/.test(receiver) || receiver.split('::').pop() === name)) continue;
    const args = childOf(call, 'argument_list');
    for (const pair of args ? namedKids(args).filter((a) => a.kind() === 'pair') : []) {
      const key = namedKids(pair)[0];
      if (key?.kind() === 'hash_key_symbol') note(key.text(), namedKids(pair).slice(-1)[0]);
    }
  }
  for (const a of all(type, 'assignment')) {
    const left = namedKids(a)[0];
    if (left?.kind() === 'instance_variable') note(left.text().slice(1), namedKids(a).slice(-1)[0]);
  }
  return fields.map((f) => (seen.get(f.name) ? { ...f, type: seen.get(f.name)! } : f));
}

function symbolsOf(call: SgNode, lit: (n: SgNode) => Lit | null): FieldDecl[] {
  const args = childOf(call, 'argument_list');
  const out: FieldDecl[] = [];
  for (const a of args ? namedKids(args) : []) {
    if (a.kind() !== 'simple_symbol') continue;
    const l = lit(a);
    if (l) out.push({ node: a, name: l.text, nameNode: a, key: null, keyNode: null });
  }
  return out;
}

function ownerClass(n: SgNode): SgNode | null {
  for (let p = n.parent(); p; p = p.parent()) if (p.kind() === 'class') return p;
  return null;
}
