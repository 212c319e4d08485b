import type { SgNode } from '@ast-grep/napi';
import { all, childOf, namedKids, type FieldDecl, type Lit, type TypeDecl } from '../lang';

/** Macros that declare a field of an Ecto schema (`field :advice, :string`, `embeds_one :potential_condition, Cond`). */
const FIELD_MACROS = /^(?:field|embeds_one|embeds_many|belongs_to|has_one|has_many)$/;
/** Ecto's schema blocks. */
const SCHEMA_MACROS = /^(?:embedded_schema|schema|typed_embedded_schema|typed_schema)$/;

/** The macro a call names (`field` for `field :advice, :string`), or null for a remote call. */
export function macroName(call: SgNode): string | null {
  const head = namedKids(call)[0];
  return head?.kind() === 'identifier' ? head.text() : null;
}

/**
 * Elixir's model types: a module's Ecto schema (`embedded_schema do field :advice, :string end`, `schema "…" do`)
 * and its `defstruct [:advice, mode: "safe"]`. The type is named by the module's last alias segment.
 */
export function elixirModels(root: SgNode, lit: (n: SgNode) => Lit | null): TypeDecl[] {
  const types: TypeDecl[] = [];
  for (const mod of all(root, 'call')) {
    if (macroName(mod) !== 'defmodule') continue;
    const alias = childOf(childOf(mod, 'arguments') ?? mod, 'alias');
    const name = alias?.text().split('.').pop();
    const body = childOf(mod, 'do_block');
    if (!name || !body) continue;
    const fields: FieldDecl[] = [];
    for (const c of namedKids(body)) {
      if (c.kind() !== 'call') continue;
      const macro = macroName(c);
      if (macro && SCHEMA_MACROS.test(macro)) fields.push(...schemaFields(c, lit, types));
      else if (macro === 'defstruct') fields.push(...structFields(c, lit));
    }
    if (fields.length > 0) types.push({ node: mod, name, fields, cases: [] });
  }
  return types;
}

/**
 * The fields of a schema block; an inline embed (`embeds_one :potential_condition, PotentialCondition do … end`)
 * is a type of its own, named by its module, whose fields are read the same way.
 */
function schemaFields(block: SgNode, lit: (n: SgNode) => Lit | null, types: TypeDecl[]): FieldDecl[] {
  const fields: FieldDecl[] = [];
  const body = childOf(block, 'do_block');
  for (const f of body ? namedKids(body) : []) {
    if (f.kind() !== 'call' || !FIELD_MACROS.test(macroName(f) ?? '')) continue;
    const field = fieldOf(f, lit);
    fields.push(...field);
    if (field[0]?.type && childOf(f, 'do_block')) {
      const inner = schemaFields(f, lit, types);
      if (inner.length > 0) types.push({ node: f, name: field[0].type, fields: inner, cases: [] });
    }
  }
  return fields;
}

/** `field :advice, :string`: the field is the first atom; `embeds_one :pc, Cond` holds Cond. */
function fieldOf(call: SgNode, lit: (n: SgNode) => Lit | null): FieldDecl[] {
  const args = childOf(call, 'arguments');
  const [first, second] = args ? namedKids(args) : [];
  if (first?.kind() !== 'atom') return [];
  const l = lit(first);
  if (!l) return [];
  const type = second?.kind() === 'alias' ? second.text().split('.').pop() ?? null : null;
  return [{ node: first, name: l.text, nameNode: first, key: null, keyNode: null, ...(type ? { type } : {}) }];
}

/** `defstruct [:advice, mode: "safe"]` or `defstruct advice: nil`: each atom and keyword. */
function structFields(call: SgNode, lit: (n: SgNode) => Lit | null): FieldDecl[] {
  const out: FieldDecl[] = [];
  for (const a of all(childOf(call, 'arguments') ?? call, 'atom', 'keyword')) {
    // Only the struct's own members: not atoms inside a default value.
    const p = a.parent();
    const list = a.kind() === 'atom' ? p : p?.parent()?.parent();
    if (!list || !['list', 'arguments'].includes(list.kind() as string) || list.parent()?.kind() === 'pair') continue;
    const name = a.kind() === 'atom' ? lit(a)?.text : a.text().replace(/:\s*$/, '');
    if (name && /^\w+$/.test(name)) out.push({ node: a, name, nameNode: a, key: null, keyNode: null });
  }
  return out;
}
