import type { SgNode } from '@ast-grep/napi';
import { all, childOf, namedKids, sameNode, type FieldDecl, type Lit, type TypeDecl } from '../lang';

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
    types.push({ node: n, name, fields, cases: [] });
  }
  for (const n of all(root, 'assignment')) {
    const [left, right] = [namedKids(n)[0], namedKids(n).slice(-1)[0]];
    if (left?.kind() !== 'constant' || right?.kind() !== 'call' || !/^(Struct\.new|Data\.define)\b/.test(right.text())) continue;
    types.push({ node: n, name: left.text(), fields: symbolsOf(right, lit), cases: [] });
  }
  return types;
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
