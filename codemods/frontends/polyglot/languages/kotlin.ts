import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, annotatedKey, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/** Kotlin: `mapOf("k" to v)`, named arguments, `val`/`var`, data classes with `@SerializedName`/`@Json`/`@SerialName`, enum classes, `when`. */
export const kotlin: LangSpec = {
  id: 'kotlin',
  implicitSelf: true,
  grammar: '@ast-grep/lang-kotlin',
  extensions: ['kt', 'kts'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal', 'multiline_string_literal'],
  contentKinds: ['string_content'],
  escapeKinds: ['escape_sequence', 'character_escape_seq'],
  functionKinds: ['function_declaration', 'lambda_literal', 'anonymous_function', 'getter', 'setter'],
  chainKinds: ['navigation_expression', 'call_expression', 'indexing_expression'],
  nameKinds: ['simple_identifier'],
  intKinds: ['integer_literal'],
  returnKinds: ['jump_expression'],
  lambdas: { kinds: ['lambda_literal', 'anonymous_function'], params: ['lambda_parameters', 'function_value_parameters'], pick: 'first', implicit: 'it' },
  loopKinds: ['for_statement'],
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    const callOf = (n: SgNode) => n.ancestors().find((a) => a.kind() === 'call_expression') ?? null;
    for (const n of all(root, 'infix_expression')) {
      const kids = namedKids(n);
      if (kids.length !== 3 || kids[1]!.text() !== 'to') continue;
      const key = lit(kids[0]!)?.text;
      const container = callOf(n);
      const arg = n.parent()?.kind() === 'value_argument' ? n.parent()! : n;
      if (key !== undefined && container) pairs.push({ node: arg, ...span(arg), key, keyNode: kids[0]!, value: kids[2]!, container, named: false });
    }
    for (const n of all(root, 'value_argument')) {
      const kids = n.children();
      const eq = kids.findIndex((c) => c.kind() === '=');
      if (eq !== 1 || kids[0]!.kind() !== 'simple_identifier') continue;
      const container = n.parent()?.parent()?.parent();
      if (container) pairs.push({ node: n, ...span(n), key: kids[0]!.text(), keyNode: kids[0]!, value: namedKids(n).slice(-1)[0] ?? null, container, named: true });
    }
    for (const n of all(root, 'property_declaration')) {
      const v = childOf(n, 'variable_declaration');
      const id = v ? childOf(v, 'simple_identifier') : null;
      if (!v || !id) continue;
      const eq = n.children().findIndex((c) => c.kind() === '=');
      // `val audience: String get() = baseUrl`: an expression-bodied getter gives the value.
      const body = childOf(n, 'getter') ? childOf(childOf(n, 'getter')!, 'function_body') : null;
      const computed = body?.children()[0]?.kind() === '=' ? namedKids(body)[0] ?? null : null;
      decls.push({ node: n, name: id.text(), nameNode: id, type: namedKids(v)[1]?.text() ?? null, init: eq >= 0 ? namedKids(n).slice(-1)[0]! : computed });
    }
    for (const n of all(root, 'class_parameter', 'parameter')) {
      const id = childOf(n, 'simple_identifier');
      if (!id) continue;
      const eq = n.children().findIndex((c) => c.kind() === '=');
      const type = namedKids(n).find((c) => /type/.test(c.kind() as string) && c.kind() !== 'binding_pattern_kind');
      decls.push({ node: n, name: id.text(), nameNode: id, type: type?.text() ?? null, init: eq >= 0 ? namedKids(n).slice(-1)[0]! : null });
    }
    for (const n of all(root, 'class_declaration', 'object_declaration')) {
      const name = childOf(n, 'type_identifier')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      const ctor = childOf(n, 'primary_constructor');
      for (const p of ctor ? all(ctor, 'class_parameter') : []) {
        const id = childOf(p, 'simple_identifier');
        if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      const body = childOf(n, 'class_body', 'enum_class_body');
      for (const p of body ? namedKids(body).filter((c) => c.kind() === 'property_declaration') : []) {
        const id = childOf(p, 'variable_declaration')?.find({ rule: { kind: 'simple_identifier' } });
        if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      for (const e of body ? namedKids(body).filter((c) => c.kind() === 'enum_entry') : []) {
        const id = childOf(e, 'simple_identifier');
        const values = all(e, 'string_literal').map((s) => lit(s)).filter((l): l is Lit => !!l);
        if (id) cases.push({ node: e, name: id.text(), nameNode: id, values });
      }
      types.push({ node: n, name, fields, cases });
    }
    // `object Safe : InterviewMode("safe")`, `object Safe : InterviewMode() { override val wire = "safe" }`: a subtype of a
    // sealed class of this file, built with its value or overriding a property with it, is a case of it.
    for (const n of all(root, 'class_declaration', 'object_declaration')) {
      const id = childOf(n, 'type_identifier');
      const invoked = n.children().filter((c) => c.kind() === 'delegation_specifier').map((d) => childOf(d, 'constructor_invocation')).find((c) => !!c);
      const parent = invoked ? childOf(invoked, 'user_type')?.text() : undefined;
      const owner = parent ? types.find((t) => t.name === parent && t.node.kind() === 'class_declaration') : undefined;
      if (!id || !owner || owner.node === n) continue;
      const args = childOf(invoked!, 'value_arguments');
      const body = childOf(n, 'class_body');
      const overrides = (body ? namedKids(body).filter((c) => c.kind() === 'property_declaration' && /^override\b/.test(c.text())) : []).map((p) => namedKids(p).slice(-1)[0]!);
      const values = [...(args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : []), ...overrides].map((v) => lit(v)).filter((l): l is Lit => !!l);
      owner.cases.push({ node: n, name: id.text(), nameNode: id, values });
    }
    for (const n of all(root, 'equality_expression')) compares.push({ node: n, sides: namedKids(n) });
    for (const n of all(root, 'when_expression')) {
      const subject = childOf(n, 'when_subject');
      const expr = subject ? namedKids(subject).slice(-1)[0] : null;
      if (!expr) continue;
      for (const c of all(n, 'when_condition')) compares.push({ node: c, sides: [expr, ...namedKids(c)] });
    }
    for (const n of all(root, 'call_expression')) {
      const fn = namedKids(n)[0]!;
      const callee = fn.kind() === 'navigation_expression' ? fn.text().split(/[.?!]+/).pop()! : fn.text();
      const suffix = childOf(n, 'call_suffix');
      const args = suffix ? childOf(suffix, 'value_arguments') : null;
      const list = args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0]!).filter(Boolean) : [];
      calls.push({ node: n, callee, args: list });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** `@SerializedName("x")`, `@Json(name = "x")`, `@SerialName("x")`, `@JsonProperty("x")` on a property. */
const jsonKey = (p: SgNode, lit: (n: SgNode) => Lit | null) =>
  annotatedKey(childOf(p, 'modifiers') ?? p, ['annotation'], /^@(?:field:|get:|param:)?(SerializedName|Json|SerialName|JsonProperty|JsonName)\b/, 'string_literal', lit);
