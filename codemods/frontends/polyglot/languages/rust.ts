import type { SgNode } from '@ast-grep/napi';
import { isCode } from '../comments';
import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';
import { jsonObjects, rewriteMacros } from './rust-syntax';

/**
 * Rust: struct literals and `json!` objects, `let`/`const`/`static`/parameters, serde structs and enums with
 * `#[serde(rename = "…")]`, `match` arms, reqwest-style call chains. Macros are read as expressions (rust-syntax).
 */
export const rust: LangSpec = {
  id: 'rust',
  grammar: '@ast-grep/lang-rust',
  extensions: ['rs'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal', 'raw_string_literal'],
  contentKinds: ['string_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['function_item', 'closure_expression'],
  chainKinds: ['field_expression', 'index_expression', 'call_expression', 'scoped_identifier'],
  nameKinds: ['identifier', 'field_identifier', 'shorthand_field_identifier'],
  intKinds: ['integer_literal'],
  returnKinds: ['return_expression'],
  lambdas: { kinds: ['closure_expression'], params: ['closure_parameters'], pick: 'first' },
  loopKinds: ['for_expression'],
  prepare: (source, attempt) => (attempt === 0 ? rewriteMacros(source) : null),
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'field_initializer', 'shorthand_field_initializer')) {
      const key = n.kind() === 'field_initializer' ? childOf(n, 'field_identifier') : namedKids(n)[0];
      const container = n.parent()?.parent();
      if (!key || !container) continue;
      const value = n.kind() === 'field_initializer' ? namedKids(n).slice(-1)[0] ?? null : key;
      pairs.push({ node: n, ...span(n), key: key.text(), keyNode: key, value, container, named: true });
    }
    for (const { block, entries } of jsonObjects(root)) {
      // The macro's own object is the macro call (`json!({…})` returned, assigned or passed as a whole).
      const call = block.parent()?.kind() === 'arguments' ? block.parent()!.parent() : null;
      const container = call && namedKids(block.parent()!).length === 1 && call.kind() === 'call_expression' ? call : block;
      for (const [k, v] of entries) {
        const key = lit(k);
        if (key?.simple) pairs.push({ node: k, start: span(k).start, end: span(v).end, key: key.text, keyNode: k, value: v, container, named: false });
      }
    }
    // Form and query pairs (`.form(&[("audience", aud), ("extra", x)])`): a list of two-element tuples keyed by a string.
    for (const n of all(root, 'tuple_expression')) {
      const [k, v, ...rest] = namedKids(n);
      const key = k ? lit(k) : null;
      const container = n.parent();
      if (!key?.simple || !v || rest.length > 0 || container?.kind() !== 'array_expression') continue;
      pairs.push({ node: n, ...span(n), key: key.text, keyNode: k!, value: v, container, named: false });
    }
    // `if let Some(cond) = …`, `while let`, `let Some(x) = … else {…}`: the one name a pattern unwraps holds the value's.
    for (const n of all(root, 'let_declaration', 'let_condition', 'const_item', 'static_item', 'parameter')) {
      const id = n.kind() === 'const_item' || n.kind() === 'static_item' ? childOf(n, 'identifier') : pattern(n);
      if (!id) continue;
      const kids = n.children();
      const eq = kids.findIndex((c) => c.kind() === '=');
      const colon = kids.findIndex((c) => c.kind() === ':');
      const type = colon >= 0 ? kids.slice(colon + 1).find((c) => c.isNamed())?.text() ?? null : null;
      decls.push({ node: n, name: id.text(), nameNode: id, type, init: eq >= 0 ? kids.slice(eq + 1).find(isCode) ?? null : null });
    }
    for (const n of all(root, 'assignment_expression')) {
      const [left, right] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0]!];
      const nameNode = left.kind() === 'field_expression' ? namedKids(left).slice(-1)[0]! : left;
      if (/^\w+$/.test(nameNode.text())) decls.push({ node: n, name: nameNode.text(), nameNode, type: null, init: right });
    }
    for (const n of all(root, 'struct_item')) {
      const name = childOf(n, 'type_identifier')?.text();
      const list = childOf(n, 'field_declaration_list');
      if (!name) continue;
      const fields: FieldDecl[] = [];
      for (const f of list ? namedKids(list).filter((c) => c.kind() === 'field_declaration') : []) {
        const id = childOf(f, 'field_identifier');
        if (!id) continue;
        fields.push({ node: f, name: id.text(), nameNode: id, ...serdeName(f, lit) });
        // `#[serde(default = "default_mode")]`: the literal that function returns is the field's value when it is missing.
        const given = defaultOf(root, f, lit);
        if (given) decls.push({ node: f, name: id.text(), nameNode: id, type: null, init: given });
      }
      types.push({ node: n, name, fields, cases: [] });
    }
    for (const n of all(root, 'enum_item')) {
      const name = childOf(n, 'type_identifier')?.text();
      const list = childOf(n, 'enum_variant_list');
      if (!name || !list) continue;
      const cases: EnumCase[] = [];
      const style = renameAll(n, lit);
      for (const v of namedKids(list).filter((c) => c.kind() === 'enum_variant')) {
        const id = childOf(v, 'identifier');
        const { keyNode } = serdeName(v, lit);
        const value = keyNode ? lit(keyNode) : null;
        // Its name on the wire: `Safe` is `safe` under `#[serde(rename_all = "lowercase")]`.
        if (id) cases.push({ node: v, name: style ? style(id.text()) : id.text(), nameNode: id, values: value ? [value] : [] });
      }
      types.push({ node: n, name, fields: [], cases });
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'match_expression')) {
      const subject = namedKids(n)[0];
      const block = childOf(n, 'match_block');
      if (!subject || !block) continue;
      for (const arm of namedKids(block).filter((c) => c.kind() === 'match_arm')) {
        const pat = childOf(arm, 'match_pattern');
        const alts = pat ? namedKids(pat).flatMap((p) => (p.kind() === 'or_pattern' ? all(p, 'string_literal', 'integer_literal', 'scoped_identifier') : [p])) : [];
        for (const p of alts) compares.push({ node: arm, sides: [subject, p] });
        // `ModeUpdate::Updated(update) => …`, `Ok(body) => …` on an answer: the one name the arm unwraps holds the answer's
        // value (never an `Err(e)`'s).
        const one = alts.length === 1 ? unwrapped(alts[0]!) : null;
        if (one) decls.push({ node: arm, name: one.text(), nameNode: one, type: null, init: subject });
      }
    }
    for (const n of all(root, 'call_expression')) {
      let fn = namedKids(n)[0]!;
      if (fn.kind() === 'generic_function') fn = namedKids(fn)[0]!;
      const callee = fn.kind() === 'field_expression' ? namedKids(fn).slice(-1)[0]!.text() : fn.text().split('::').pop()!.trim();
      const args = childOf(n, 'arguments');
      const list = args ? namedKids(args).map(unref) : [];
      calls.push({ node: n, callee, args: list });
      // `body.insert("extra", x)` on a map built before: an entry of the map the receiver holds (context.ts).
      const key = callee === 'insert' && list.length === 2 ? lit(list[0]) : null;
      if (key?.simple) pairs.push({ node: list[0]!, start: span(list[0]!).start, end: span(list[1]!).end, key: key.text, keyNode: list[0]!, value: list[1]!, container: n, named: true });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** The name a `let` or parameter binds (`mut x`, `x`), not a destructuring pattern. */
function pattern(n: SgNode): SgNode | null {
  const kids = n.children();
  const colon = kids.findIndex((c) => c.kind() === ':' || c.kind() === '=');
  const before = (colon < 0 ? kids : kids.slice(0, colon)).filter((c) => c.isNamed() && c.kind() !== 'mutable_specifier');
  const p = before[0];
  if (!p) return null;
  if (p.kind() === 'identifier') return p;
  if (p.kind() === 'tuple_struct_pattern') return unwrapped(p);
  return p.kind() === 'mut_pattern' ? childOf(p, 'identifier') : null;
}

/** The one name a variant's pattern binds (`Some(cond)`, `Ok(body)`, `Reply::Updated(update)`), never an error's. */
function unwrapped(p: SgNode): SgNode | null {
  if (p.kind() !== 'tuple_struct_pattern') return null;
  const [variant, ...inner] = namedKids(p);
  const name = variant?.text().split('::').pop()?.trim();
  if (!name || /^(?:Err|Error|Failure|Failed)$/.test(name) || inner.length !== 1) return null;
  const id = inner[0]!.kind() === 'mut_pattern' ? childOf(inner[0]!, 'identifier') : inner[0]!;
  return id?.kind() === 'identifier' ? id : null;
}

/** `&body`, `&mut body`: the value lent. */
function unref(n: SgNode): SgNode {
  return n.kind() === 'reference_expression' ? namedKids(n).filter((c) => c.kind() !== 'mutable_specifier').slice(-1)[0] ?? n : n;
}

/** The case conversion `#[serde(rename_all = "…")]` (strum's `serialize_all`) on a type applies to its variants' names. */
function renameAll(n: SgNode, lit: (n: SgNode) => Lit | null): ((name: string) => string) | null {
  for (const a of attributes(n)) {
    const tokens = all(a, 'identifier', 'string_literal');
    const k = tokens.findIndex((t) => t.text() === 'rename_all' || t.text() === 'serialize_all');
    const style = k >= 0 ? lit(tokens[k + 1])?.text : undefined;
    const w = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
    if (style === 'lowercase') return (s) => s.toLowerCase();
    if (style === 'UPPERCASE') return (s) => s.toUpperCase();
    if (style === 'snake_case') return (s) => w(s).join('_');
    if (style === 'SCREAMING_SNAKE_CASE') return (s) => w(s).join('_').toUpperCase();
    if (style === 'kebab-case') return (s) => w(s).join('-');
    if (style === 'camelCase') return (s) => s.charAt(0).toLowerCase() + s.slice(1);
  }
  return null;
}

/** The string a field's `#[serde(default = "f")]` function returns, when its body is that literal (`"complaint".to_string()`). */
function defaultOf(root: SgNode, field: SgNode, lit: (n: SgNode) => Lit | null): SgNode | null {
  for (const a of attributes(field)) {
    const m = /^#\[\s*serde\s*\([^\]]*\bdefault\s*=\s*"(\w+)"/.exec(a.text());
    if (!m) continue;
    const fn = all(root, 'function_item').find((f) => childOf(f, 'identifier')?.text() === m[1]);
    const body = fn ? childOf(fn, 'block') : null;
    const value = body ? namedKids(body) : [];
    const only = value.length === 1 ? (value[0]!.kind() === 'return_expression' ? namedKids(value[0]!)[0] : value[0]) : undefined;
    const s = only ? all(only, 'string_literal')[0] : undefined;
    if (s && lit(s)?.simple && /^\s*"[^"]*"(?:\.(?:to_string|to_owned|into)\(\))?\s*$/.test(only!.text())) return s;
  }
  return null;
}

/** The `#[…]` attributes just before an item, field or variant (comments between them skipped). */
function attributes(n: SgNode): SgNode[] {
  const siblings = n.parent()?.children() ?? [];
  const at = siblings.findIndex((c) => span(c).start === span(n).start && c.kind() === n.kind());
  const out: SgNode[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const s = siblings[i]!;
    if (/comment/.test(s.kind() as string)) continue;
    if (s.kind() !== 'attribute_item') break;
    out.push(s);
  }
  return out;
}

/** The JSON name `#[serde(rename = "x")]` (strum's `serialize = "x"`) gives a field or variant, from the attributes just before it. */
function serdeName(n: SgNode, lit: (n: SgNode) => Lit | null): { key: string | null; keyNode: SgNode | null } {
  for (const s of attributes(n)) {
    if (!/^#\[\s*(?:serde|strum)\s*\(/.test(s.text())) continue;
    const tokens = all(s, 'identifier', 'string_literal');
    const k = tokens.findIndex((t) => t.text() === 'rename' || t.text() === 'serialize');
    const str = k >= 0 ? tokens[k + 1] : undefined;
    const l = str ? lit(str) : null;
    if (l?.simple) return { key: l.text, keyNode: str! };
  }
  return { key: null, keyNode: null };
}
