import type { SgNode } from '@ast-grep/napi';
import { isCode } from '../comments';
import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';
import { blankAwaits } from './swift-syntax';

/** Swift: dictionary literals and labelled arguments, `let`/`var`, Codable structs with CodingKeys, String enums, `switch`. */
export const swift: LangSpec = {
  id: 'swift',
  implicitSelf: true,
  grammar: '@ast-grep/lang-swift',
  extensions: ['swift'],
  comment: COMMENTS.slash,
  stringKinds: ['line_string_literal', 'multi_line_string_literal', 'raw_string_literal'],
  contentKinds: ['line_str_text', 'multi_line_str_text', 'raw_str_part', 'raw_str_end_part'],
  escapeKinds: ['str_escaped_char'],
  functionKinds: ['function_declaration', 'lambda_literal', 'init_declaration', 'computed_property', 'computed_getter'],
  chainKinds: ['navigation_expression', 'call_expression'],
  nameKinds: ['simple_identifier'],
  intKinds: ['integer_literal'],
  returnKinds: ['control_transfer_statement'],
  lambdas: { kinds: ['lambda_literal'], params: ['lambda_function_type_parameters'], pick: 'first', implicit: '$0' },
  loopKinds: ['for_statement'],
  prepare: (source, attempt) => (attempt === 0 ? null : blankAwaits(source)),
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'dictionary_literal')) {
      const kids = namedKids(n);
      for (let i = 0; i + 1 < kids.length; i += 2) {
        const key = lit(kids[i]!)?.text;
        if (key !== undefined) pairs.push({ node: kids[i]!, start: span(kids[i]!).start, end: span(kids[i + 1]!).end, key, keyNode: kids[i]!, value: kids[i + 1]!, container: n, named: false });
      }
    }
    for (const n of all(root, 'value_argument')) {
      const label = childOf(n, 'value_argument_label');
      const container = n.parent()?.parent()?.parent();
      if (label && container) pairs.push({ node: n, ...span(n), key: label.text(), keyNode: label, value: namedKids(n).slice(-1)[0] ?? null, container, named: true });
    }
    for (const n of all(root, 'property_declaration', 'parameter')) {
      const id = childOf(n, 'pattern') ? childOf(childOf(n, 'pattern')!, 'simple_identifier') : n.children().filter((c) => c.kind() === 'simple_identifier').pop();
      if (!id) continue;
      const type = childOf(n, 'type_annotation')?.text().replace(/^:\s*/, '') ?? namedKids(n).find((c) => /type/.test(c.kind() as string))?.text() ?? null;
      const eq = n.children().findIndex((c) => c.kind() === '=');
      decls.push({ node: n, name: id.text(), nameNode: id, type, init: eq >= 0 ? n.children().slice(eq + 1).find(isCode) ?? null : null });
    }
    for (const n of all(root, 'assignment')) {
      const [left, right] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0]!];
      const name = left.text().split('.').pop()!;
      if (/^\w+$/.test(name)) decls.push({ node: n, name, nameNode: left, type: null, init: right });
    }
    for (const n of all(root, 'class_declaration', 'protocol_declaration')) {
      const name = childOf(n, 'type_identifier')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases = enumCases(n, lit);
      const body = childOf(n, 'class_body', 'enum_class_body', 'protocol_body');
      const codingKeys = body ? namedKids(body).find((c) => c.kind() === 'class_declaration' && childOf(c, 'type_identifier')?.text() === 'CodingKeys') : undefined;
      const keyOf = new Map<string, { key: string; node: SgNode }>();
      for (const c of codingKeys ? enumCases(codingKeys, lit) : []) {
        const v = c.values[0];
        keyOf.set(c.name, { key: v?.text ?? c.name, node: v?.node ?? c.nameNode });
        fields.push({ node: c.nameNode, name: c.name, nameNode: c.nameNode, key: v?.text ?? c.name, keyNode: v?.node ?? c.nameNode });
      }
      for (const p of body ? namedKids(body).filter((c) => c.kind() === 'property_declaration') : []) {
        const id = childOf(p, 'pattern') ? childOf(childOf(p, 'pattern')!, 'simple_identifier') : null;
        if (!id || childOf(p, 'computed_property')) continue;
        if (codingKeys && !keyOf.has(id.text())) continue;
        fields.push({ node: p, name: id.text(), nameNode: id, key: keyOf.get(id.text())?.key ?? null, keyNode: null });
      }
      types.push({ node: n, name, fields, cases });
    }
    for (const n of all(root, 'equality_expression')) compares.push({ node: n, sides: namedKids(n) });
    for (const n of all(root, 'switch_statement')) {
      const expr = namedKids(n)[0];
      if (!expr) continue;
      for (const p of all(n, 'switch_pattern')) {
        compares.push({ node: p, sides: [expr, p] });
        // `case .updated(let update):` on an answer: the one name the case binds holds the answer's value (never a failure's).
        const outer = childOf(p, 'pattern');
        const [name, inner, ...rest] = outer ? namedKids(outer) : [];
        const bound = inner?.kind() === 'pattern' && rest.length === 0 ? namedKids(inner) : [];
        const id = bound.length === 2 && bound[0]!.kind() === 'value_binding_pattern' && bound[1]!.kind() === 'simple_identifier' ? bound[1]! : null;
        if (id && name?.kind() === 'simple_identifier' && !/^(?:failure|error|failed)$/i.test(name.text())) decls.push({ node: p.parent() ?? p, name: id.text(), nameNode: id, type: null, init: expr });
      }
    }
    // `guard case let .updated(response) = outcome else { … }`, `if case .updated(let r) = outcome { … }`: as a switch's
    // case, the one name the pattern binds holds the answer's value.
    for (const n of all(root, 'guard_statement', 'if_statement')) {
      if (!/^(?:guard|if)\s+case\b/.test(n.text())) continue;
      const kids = namedKids(n).filter((k) => k.kind() !== 'value_binding_pattern');
      const [name, pattern, subject] = kids;
      const inner = pattern?.kind() === 'pattern' ? namedKids(pattern).filter((k) => k.kind() !== 'value_binding_pattern') : [];
      const id = inner.length === 1 && inner[0]!.kind() === 'simple_identifier' ? inner[0]! : null;
      if (!id || name?.kind() !== 'simple_identifier' || subject?.kind() !== 'simple_identifier' || /^(?:failure|error|failed)$/i.test(name.text())) continue;
      decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: subject });
    }
    for (const n of all(root, 'call_expression')) {
      const fn = namedKids(n)[0]!;
      const callee = fn.text().split(/[.?!]+/).pop()!.replace(/<.*$/, '');
      const suffix = childOf(n, 'call_suffix');
      const args = suffix ? childOf(suffix, 'value_arguments') : null;
      calls.push({ node: n, callee, args: args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : [] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** `case a, b = "x"` entries: each name with its raw value, if written. */
function enumCases(n: SgNode, lit: (n: SgNode) => Lit | null): EnumCase[] {
  const body = childOf(n, 'enum_class_body');
  const out: EnumCase[] = [];
  for (const e of body ? namedKids(body).filter((c) => c.kind() === 'enum_entry') : []) {
    const kids = e.children();
    kids.forEach((k, i) => {
      if (k.kind() !== 'simple_identifier') return;
      const raw = kids[i + 1]?.kind() === '=' ? lit(kids[i + 2]!) : null;
      out.push({ node: e, name: k.text(), nameNode: k, values: raw ? [raw] : [] });
    });
  }
  return out;
}
