import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, annotatedKey, childOf, collect, namedKids, sameNode, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/** C#: anonymous objects and initializers, records and classes with `[JsonPropertyName]`, enums, properties, `switch`. */
export const csharp: LangSpec = {
  id: 'csharp',
  implicitSelf: true,
  grammar: '@ast-grep/lang-csharp',
  extensions: ['cs'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal', 'verbatim_string_literal', 'interpolated_string_expression', 'raw_string_literal'],
  contentKinds: ['string_literal_content', 'string_content', 'raw_string_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['method_declaration', 'constructor_declaration', 'lambda_expression', 'local_function_statement', 'accessor_declaration', 'arrow_expression_clause'],
  chainKinds: ['member_access_expression', 'invocation_expression', 'element_access_expression', 'conditional_access_expression'],
  nameKinds: ['identifier'],
  intKinds: ['integer_literal'],
  returnKinds: ['return_statement', 'arrow_expression_clause'],
  lambdas: { kinds: ['lambda_expression'], params: ['implicit_parameter', 'parameter_list'], pick: 'last' },
  loopKinds: ['foreach_statement'],
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'anonymous_object_creation_expression')) {
      const kids = n.children();
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i]!;
        if (k.kind() !== 'identifier') continue;
        const named = kids[i + 1]?.kind() === '=';
        const value = named ? kids[i + 2]! : k;
        pairs.push({ node: k, start: span(k).start, end: span(value).end, key: k.text(), keyNode: k, value, container: n, named: false });
        if (named) i += 2;
      }
    }
    for (const n of all(root, 'assignment_expression')) {
      const [left, right] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0]!];
      const init = n.parent()?.kind() === 'initializer_expression' ? n.parent()! : null;
      if (init) {
        const key = left.kind() === 'element_binding_expression' ? lit(namedKids(namedKids(left)[0] ?? left)[0] ?? left)?.text ?? left.text() : left.text();
        pairs.push({ node: n, ...span(n), key, keyNode: left, value: right, container: init.parent() ?? init, named: true });
      } else {
        const name = left.text().split('.').pop()!;
        if (/^\w+$/.test(name)) decls.push({ node: n, name, nameNode: left, type: null, init: right });
      }
    }
    for (const n of all(root, 'argument')) {
      const colon = n.children().findIndex((c) => c.kind() === ':');
      const label = colon > 0 ? n.children()[colon - 1] : null;
      const container = n.parent()?.parent();
      if (label && container) pairs.push({ node: n, ...span(n), key: label.text(), keyNode: label, value: namedKids(n).slice(-1)[0] ?? null, container, named: true });
    }
    for (const n of all(root, 'variable_declaration')) {
      const type = namedKids(n)[0]?.text() ?? null;
      for (const v of n.children().filter((c) => c.kind() === 'variable_declarator')) {
        const id = childOf(v, 'identifier');
        const init = namedKids(v).filter((c) => !sameNode(c, id)).slice(-1)[0] ?? null;
        if (id) decls.push({ node: n.parent() ?? n, name: id.text(), nameNode: id, type: type === 'var' ? null : type, init });
      }
    }
    for (const n of all(root, 'parameter', 'property_declaration')) {
      const kids = n.children();
      const stop = kids.findIndex((c) => ['=', 'accessor_list', 'arrow_expression_clause'].includes(c.kind() as string));
      const ids = (stop < 0 ? kids : kids.slice(0, stop)).filter((c) => c.kind() === 'identifier');
      const id = ids[ids.length - 1];
      const type = namedKids(n).find((c) => /type|generic_name|qualified_name/.test(c.kind() as string) || (c.kind() === 'identifier' && !sameNode(c, id) && ids.some((i) => sameNode(i, c))));
      const value = stop < 0 ? undefined : kids.slice(stop).find((c) => c.isNamed() && c.kind() !== 'accessor_list') ?? (kids[stop]!.kind() === 'arrow_expression_clause' ? kids[stop] : undefined);
      const init = value?.kind() === 'arrow_expression_clause' ? namedKids(value)[0] ?? null : value ?? null;
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: type?.text() ?? null, init });
    }
    for (const n of all(root, 'class_declaration', 'record_declaration', 'struct_declaration', 'enum_declaration', 'interface_declaration')) {
      const name = childOf(n, 'identifier')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      const params = childOf(n, 'parameter_list');
      for (const p of params ? namedKids(params).filter((c) => c.kind() === 'parameter') : []) {
        const id = p.children().filter((c) => c.kind() === 'identifier').pop();
        if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      const body = childOf(n, 'declaration_list', 'enum_member_declaration_list');
      for (const p of body ? namedKids(body) : []) {
        if (p.kind() === 'property_declaration') {
          const id = p.children().filter((c) => c.kind() === 'identifier').pop();
          if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
        } else if (p.kind() === 'field_declaration') {
          for (const id of all(p, 'variable_declarator').map((v) => childOf(v, 'identifier')).filter((x): x is SgNode => !!x)) {
            fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
          }
        } else if (p.kind() === 'enum_member_declaration') {
          const id = childOf(p, 'identifier');
          const values = all(p, 'string_literal').map((s) => lit(s)).filter((l): l is Lit => !!l);
          if (id) cases.push({ node: p, name: id.text(), nameNode: id, values });
        }
      }
      types.push({ node: n, name, fields, cases });
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'switch_statement', 'switch_expression')) {
      const subject = namedKids(n)[0];
      const expr = subject?.kind() === 'parenthesized_expression' ? namedKids(subject)[0] : subject;
      if (!expr) continue;
      for (const label of all(n, 'case_switch_label', 'constant_pattern', 'switch_expression_arm')) {
        const v = namedKids(label)[0];
        if (v) compares.push({ node: label, sides: [expr, v] });
      }
    }
    for (const n of all(root, 'invocation_expression')) {
      const fn = namedKids(n)[0]!;
      const callee = fn.kind() === 'member_access_expression' ? namedKids(fn).slice(-1)[0]!.text() : fn.text().replace(/<.*$/, '');
      const args = childOf(n, 'argument_list');
      calls.push({ node: n, callee, args: args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : [] });
    }
    for (const n of all(root, 'object_creation_expression')) {
      const type = namedKids(n).find((c) => /name|type|identifier/.test(c.kind() as string));
      const args = childOf(n, 'argument_list');
      calls.push({ node: n, callee: type?.text().replace(/<.*$/, '') ?? '', args: args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : [] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** `[JsonPropertyName("x")]`, `[JsonProperty("x")]`, `[property: JsonPropertyName("x")]`, `[DataMember(Name = "x")]`. */
const jsonKey = (p: SgNode, lit: (n: SgNode) => Lit | null) =>
  annotatedKey(p, ['attribute'], /^(JsonPropertyName|JsonProperty|DataMember|SerializedName)\b/, 'string_literal', lit);
