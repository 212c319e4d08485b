import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, annotatedKey, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/** Java: `Map.of`/`Map.entry`/`put`, declarations, records and classes with `@JsonProperty`/`@SerializedName`, enums, `switch`. */
export const java: LangSpec = {
  id: 'java',
  implicitSelf: true,
  grammar: '@ast-grep/lang-java',
  extensions: ['java'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal'],
  contentKinds: ['string_fragment', 'multiline_string_fragment'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['method_declaration', 'constructor_declaration', 'lambda_expression', 'compact_constructor_declaration'],
  chainKinds: ['field_access', 'method_invocation', 'array_access'],
  nameKinds: ['identifier'],
  intKinds: ['decimal_integer_literal'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['lambda_expression'], params: ['identifier', 'formal_parameters', 'inferred_parameters'], pick: 'last' },
  loopKinds: ['enhanced_for_statement'],
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'method_invocation')) {
      const ids = n.children().filter((c) => c.kind() === 'identifier');
      const name = ids[ids.length - 1]?.text() ?? '';
      const argList = childOf(n, 'argument_list');
      const args = argList ? namedKids(argList) : [];
      calls.push({ node: n, callee: name, args });
      if (/^(of|ofEntries|entry|put|putAll|with|immutableEntry)$/.test(name) && args.length >= 2) {
        const step = name === 'of' || name === 'with' ? 2 : name === 'entry' || name === 'put' || name === 'immutableEntry' ? args.length : 0;
        for (let i = 0; step > 0 && i + 1 < args.length; i += step) {
          const key = lit(args[i]!)?.text;
          if (key === undefined) continue;
          pairs.push({ node: args[i]!, start: span(args[i]!).start, end: span(args[i + 1]!).end, key, keyNode: args[i]!, value: args[i + 1]!, container: n, named: name !== 'of' });
        }
      }
    }
    for (const n of all(root, 'object_creation_expression')) {
      const type = namedKids(n).find((c) => /type/.test(c.kind() as string));
      const argList = childOf(n, 'argument_list');
      calls.push({ node: n, callee: type?.text().replace(/<.*$/, '') ?? '', args: argList ? namedKids(argList) : [] });
    }
    for (const n of all(root, 'local_variable_declaration', 'field_declaration', 'constant_declaration')) {
      const type = namedKids(n).find((c) => /type/.test(c.kind() as string))?.text() ?? null;
      for (const v of n.children().filter((c) => c.kind() === 'variable_declarator')) {
        const id = childOf(v, 'identifier');
        const eq = v.children().findIndex((c) => c.kind() === '=');
        if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: type === 'var' ? null : type, init: eq >= 0 ? namedKids(v).slice(-1)[0]! : null });
      }
    }
    for (const n of all(root, 'formal_parameter', 'inferred_parameters')) {
      const id = n.children().filter((c) => c.kind() === 'identifier').pop();
      const type = namedKids(n).find((c) => /type/.test(c.kind() as string))?.text() ?? null;
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type, init: null });
    }
    for (const n of all(root, 'class_declaration', 'record_declaration', 'enum_declaration', 'interface_declaration')) {
      const name = childOf(n, 'identifier')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      const params = n.kind() === 'record_declaration' ? childOf(n, 'formal_parameters') : null;
      for (const p of params ? namedKids(params).filter((c) => c.kind() === 'formal_parameter') : []) {
        const id = p.children().filter((c) => c.kind() === 'identifier').pop();
        if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      const body = childOf(n, 'class_body', 'enum_body', 'interface_body');
      for (const f of body ? namedKids(body).flatMap((c) => (c.kind() === 'enum_body_declarations' ? namedKids(c) : [c])).filter((f) => f.kind() === 'field_declaration') : []) {
        for (const v of f.children().filter((c) => c.kind() === 'variable_declarator')) {
          const id = childOf(v, 'identifier');
          if (id) fields.push({ node: f, name: id.text(), nameNode: id, ...jsonKey(f, lit) });
        }
      }
      for (const e of body ? namedKids(body).filter((c) => c.kind() === 'enum_constant') : []) {
        const id = childOf(e, 'identifier');
        const values = all(e, 'string_literal').map((s) => lit(s)).filter((l): l is Lit => !!l);
        if (id) cases.push({ node: e, name: id.text(), nameNode: id, values });
      }
      types.push({ node: n, name, fields, cases });
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const call of calls) {
      if (call.callee === 'equals' || call.callee === 'equalsIgnoreCase') {
        const receiver = namedKids(call.node)[0];
        if (receiver && call.args[0] && receiver.kind() !== 'identifier' || receiver && call.args[0]) compares.push({ node: call.node, sides: [receiver!, call.args[0]!] });
      }
    }
    for (const n of all(root, 'switch_expression', 'switch_statement')) {
      const subject = childOf(n, 'parenthesized_expression');
      const expr = subject ? namedKids(subject)[0] : null;
      if (!expr) continue;
      for (const label of all(n, 'switch_label')) for (const v of namedKids(label)) compares.push({ node: label, sides: [expr, v] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** `@JsonProperty("x")`, `@SerializedName("x")`, `@JsonAlias`, `@Json(name = "x")` on a field or record component. */
const jsonKey = (p: SgNode, lit: (n: SgNode) => Lit | null) =>
  annotatedKey(childOf(p, 'modifiers') ?? p, ['annotation', 'marker_annotation'], /^@(JsonProperty|SerializedName|Json|JsonbProperty|SerialName)\b/, 'string_literal', lit);
