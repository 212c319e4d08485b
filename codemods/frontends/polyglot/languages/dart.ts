import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';
import { built, fullText, group, within } from './dart-nodes';
import { enhancedEnums, prepareDart, switchArms } from './dart-syntax';

/**
 * Dart (Flutter): map literals and named arguments (dio's `data:`, `BaseOptions(baseUrl: …)`, package:http's
 * `body:`), `const`/`final`/`static const` declarations and `String.fromEnvironment` defaults, classes with
 * `@JsonKey(name: …)` fields (json_serializable, freezed factories), enums with `@JsonValue`, `==` and `switch`
 * cases, Retrofit/Chopper annotations on abstract methods. The grammar writes calls, member chains and methods
 * as sibling runs; dart-nodes.ts builds them.
 */
export const dart: LangSpec = {
  id: 'dart',
  implicitSelf: true,
  grammar: '@ast-grep/lang-dart',
  extensions: ['dart'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal'],
  contentKinds: [],
  escapeKinds: ['escape_sequence'],
  gapContent: true,
  textOnError: true,
  functionKinds: ['dart_function', 'function_expression'],
  chainKinds: ['dart_chain'],
  nameKinds: ['identifier', 'identifier_dollar_escaped'],
  intKinds: ['decimal_integer_literal'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['function_expression'], params: ['formal_parameter_list'], pick: 'last' },
  prepare: (source, attempt) => (attempt === 0 ? prepareDart(source) : prepareDart(source, false)),
  virtual: {
    dart_chain: (n) => within(n, built(n).chains),
    dart_function: (n) => within(n, built(n).functions),
  },
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    const top = root.getRoot().root();
    const source = fullText(top);
    const g = (kids: SgNode[]) => group(kids.filter((c) => c.isNamed() && !/comment/.test(c.kind() as string)), 'dart_expression', source);
    const callOfList = new Map<number, SgNode>();
    for (const c of built(root).calls) {
      callOfList.set(span(c.list).start, c.node);
      const args = namedKids(c.list).map((a) => (a.kind() === 'named_argument' ? g(a.children().filter((k) => k.kind() !== 'label')) : a)).filter((a): a is SgNode => !!a);
      calls.push({ node: c.node, callee: c.callee, args });
      // A mocked answer's status by position: http_mock_adapter's `server.reply(202, …)`, package:http's `Response(body, 202)`.
      const code = c.callee === 'reply' ? args[0] : c.callee === 'Response' || c.callee === 'bytes' ? args[1] : undefined;
      if (code && /^\d{3}$/.test(code.text()) && c.list.children().filter((a) => a.kind() === 'argument').some((a) => span(a).start === span(code).start)) {
        pairs.push({ node: code, ...span(code), key: 'statusCode', keyNode: code, value: code, container: c.node, named: true });
      }
    }
    for (const n of all(root, 'named_argument')) {
      const label = n.children().find((c) => c.kind() === 'label');
      const id = label?.children().find((c) => c.kind() === 'identifier');
      const list = n.parent();
      if (!label || !id || !list) continue;
      const container = callOfList.get(span(list).start) ?? list.parent() ?? list;
      const value = g(n.children().filter((c) => c.kind() !== 'label'));
      pairs.push({ node: n, ...span(n), key: id.text(), keyNode: id, value, container, named: true });
      // `baseUrl: Uri.parse('https://…')`: the address parsed is the value the name is given.
      const parsed = value ? uriParsed(value, lit) : null;
      if (parsed) pairs.unshift({ node: n, ...span(parsed), key: id.text(), keyNode: id, value: parsed, container, named: true });
    }
    for (const n of all(root, 'pair')) {
      const kids = namedKids(n);
      const key = lit(kids[0]!)?.text;
      // An entry under a collection `if` or `for` (`if (d != null) 'detail': d`) is an entry of the literal around it.
      let container = n.parent();
      while (container && /^(if|for)_element$/.test(container.kind() as string)) container = container.parent();
      if (key !== undefined && container) pairs.push({ node: n, ...span(n), key, keyNode: kids[0]!, value: g(kids.slice(1)), container, named: false });
    }
    const enums = enhancedEnums(span(top).start, top.text());
    const literalAt = new Map(all(root, 'set_or_map_literal').map((n) => [span(n).start, n]));
    for (const e of enums) {
      const set = literalAt.get(e.open);
      if (set) types.push({ node: set, name: e.name, fields: [], cases: enumConstants(set, lit) });
    }
    for (const open of switchArms(span(top).start, top.text())) {
      const set = literalAt.get(open);
      const paren = set?.parent()?.children().find((c) => c.kind() === 'parenthesized_expression');
      const subject = paren ? g(paren.children()) : null;
      for (const p of set && subject ? set.children().filter((c) => c.kind() === 'pair') : []) {
        const key = g(p.children().slice(0, p.children().findIndex((c) => c.kind() === ':')));
        if (key && key.text().trim() !== '_') compares.push({ node: p, sides: [subject!, key] });
      }
    }
    for (const n of all(root, 'static_final_declaration', 'initialized_identifier', 'initialized_variable_definition')) {
      const kids = n.children();
      // An enhanced enum's constants, read as a set literal, are no variable.
      if (kids.some((c) => c.kind() === 'set_or_map_literal' && enums.some((e) => e.open === span(c).start))) continue;
      const eq = kids.findIndex((c) => c.kind() === '=');
      const head = (eq < 0 ? kids : kids.slice(0, eq)).filter((c) => c.isNamed());
      const id = [...head].reverse().find((c) => c.kind() === 'identifier');
      if (!id) continue;
      const init = eq >= 0 ? g(kids.slice(eq + 1)) : null;
      decls.push({ node: n, name: id.text(), nameNode: id, type: typeOf(n, head), init });
      const env = init ? envDefault(init, lit) ?? uriParsed(init, lit) : null;
      // Read before the call's own `defaultValue:` entry: the name the value is stored under says its role.
      if (env) pairs.unshift({ node: n, ...span(env), key: id.text(), keyNode: id, value: env, container: init!, named: true });
    }
    // `String get baseUrl => kReleaseMode ? '…' : '…';`: a getter's expression is the value of its name.
    for (const n of all(root, 'getter_signature')) {
      const id = n.children().filter((c) => c.kind() === 'identifier').pop();
      const holder = n.parent()?.kind() === 'method_signature' ? n.parent()! : n;
      const body = holder.next();
      const kids = body?.kind() === 'function_body' ? body.children() : [];
      if (id && kids[0]?.kind() === '=>') decls.push({ node: holder, name: id.text(), nameNode: id, type: typeOf(n, namedKids(n)), init: g(kids.slice(1).filter((c) => c.kind() !== ';')) });
    }
    for (const n of all(root, 'formal_parameter')) {
      const kids = namedKids(n).filter((c) => !/annotation/.test(c.kind() as string));
      const ctor = kids.find((c) => c.kind() === 'constructor_param');
      const id = ctor ? ctor.children().find((c) => c.kind() === 'identifier') : [...kids].reverse().find((c) => c.kind() === 'identifier');
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: typeOf(n, kids) ?? snapshotOf(n), init: null });
    }
    for (const n of all(root, 'for_loop_parts')) {
      const kids = n.children();
      const at = kids.findIndex((c) => c.kind() === 'in');
      const id = kids.slice(0, Math.max(0, at)).filter((c) => c.kind() === 'identifier').pop();
      if (at > 0 && id) decls.push({ node: n, name: id.text(), nameNode: id, type: typeOf(n, kids.slice(0, at)), init: g(kids.slice(at + 1)) });
    }
    for (const n of all(root, 'assignment_expression')) {
      const kids = n.children();
      const target = kids[0];
      const eq = kids.findIndex((c) => c.kind() === '=');
      const name = target ? /([A-Za-z_]\w*)\s*$/.exec(target.text())?.[1] : undefined;
      if (target && name && eq > 0) decls.push({ node: n, name, nameNode: target, type: null, init: g(kids.slice(eq + 1)) });
    }
    for (const n of all(root, 'class_definition')) {
      const name = n.children().find((c) => c.kind() === 'identifier')?.text();
      const body = n.children().find((c) => c.kind() === 'class_body');
      if (name && body) types.push({ node: n, name, fields: classFields(body, lit, source), cases: [] });
    }
    for (const n of all(root, 'enum_declaration')) {
      const name = n.children().find((c) => c.kind() === 'identifier')?.text();
      const cases: EnumCase[] = [];
      for (const e of all(n, 'enum_constant')) {
        const id = e.children().filter((c) => c.kind() === 'identifier').pop();
        const values = e.children().filter((c) => /annotation/.test(c.kind() as string) && /^@JsonValue\b/.test(c.text())).flatMap((a) => all(a, 'string_literal')).map((s) => lit(s)).filter((l): l is Lit => !!l);
        if (id) cases.push({ node: e, name: id.text(), nameNode: id, values });
      }
      if (name) types.push({ node: n, name, fields: [], cases });
    }
    for (const n of all(root, 'equality_expression')) {
      const kids = namedKids(n);
      const op = kids.findIndex((c) => c.kind() === 'equality_operator');
      const sides = [g(kids.slice(0, op)), g(kids.slice(op + 1))];
      if (op > 0 && sides.every(Boolean)) compares.push({ node: n, sides: sides as SgNode[] });
    }
    for (const n of all(root, 'switch_statement')) {
      const paren = n.children().find((c) => c.kind() === 'parenthesized_expression');
      const subject = paren ? g(paren.children()) : null;
      if (!subject) continue;
      for (const label of all(n, 'switch_label')) {
        const value = g(label.children().filter((c) => c.kind() !== 'case_builtin'));
        if (label.children().some((c) => c.kind() === 'case_builtin') && value) compares.push({ node: label, sides: [subject, value] });
      }
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** An enhanced enum's constants (`complaint('complaint'), safe('safe')`), each with the strings it is given. */
function enumConstants(set: SgNode, lit: (n: SgNode) => Lit | null): EnumCase[] {
  const cases: EnumCase[] = [];
  let current: EnumCase | null = null;
  for (const c of set.children()) {
    if (c.kind() === 'identifier') {
      current = { node: c, name: c.text(), nameNode: c, values: [] };
      cases.push(current);
    } else if (c.kind() === 'selector' && current) {
      const list = c.find({ rule: { kind: 'arguments' } });
      for (const a of list ? namedKids(list) : []) {
        const l = lit(a);
        if (l) current.values.push(l);
      }
    } else if (c.kind() === ',') current = null;
  }
  return cases;
}

/** The declared type before a name (`final String? guidance`, `const String kBase`, `List<Option> options`). */
function typeOf(n: SgNode, head: SgNode[]): string | null {
  const local = head.filter((c) => /type_identifier|type_arguments|nullable_type/.test(c.kind() as string));
  if (local.length > 0) return local.map((c) => c.text()).join('');
  // `const String kBase = …`: the type stands beside the declaration list, in its parent.
  const list = n.parent();
  const outer = list?.parent()?.children() ?? [];
  const at = outer.findIndex((c) => list && span(c).start === span(list).start && c.kind() === list.kind());
  const before: SgNode[] = [];
  for (let k = at - 1; k >= 0 && /type_identifier|type_arguments|nullable_type/.test(outer[k]!.kind() as string); k--) before.unshift(outer[k]!);
  return before.length > 0 ? before.map((c) => c.text()).join('') : null;
}

/** `String.fromEnvironment('SC_API_BASE', defaultValue: 'https://…')`: the default's literal. */
function envDefault(init: SgNode, lit: (n: SgNode) => Lit | null): SgNode | null {
  if (!/^\s*(?:const\s+)?(?:String|bool|int)\.fromEnvironment\s*\(/.test(init.text()) && !/^\s*(?:Platform\.environment|dotenv\.env|env)\b/.test(init.text())) return null;
  for (const a of all(init, 'named_argument')) {
    if (!/^defaultValue\s*:/.test(a.text())) continue;
    const value = namedKids(a).filter((c) => c.kind() !== 'label');
    if (value.length === 1 && lit(value[0]!)) return value[0]!;
  }
  return null;
}

/**
 * `FutureBuilder<Result>(builder: (context, snapshot) => …)`: the snapshot's data is a Result (`.data` unwraps),
 * as is a `StreamBuilder`'s.
 */
function snapshotOf(param: SgNode): string | null {
  const list = param.parent();
  const fn = list?.parent();
  const arg = fn?.parent();
  if (fn?.kind() !== 'function_expression' || arg?.kind() !== 'named_argument' || !/^builder\s*:/.test(arg.text())) return null;
  if (namedKids(list!).pop()?.text() !== param.text()) return null;
  const part = arg.parent()?.parent();
  const types = part?.kind() === 'argument_part' ? part.children().find((c) => c.kind() === 'type_arguments') : undefined;
  const owner = part?.parent()?.prev();
  return types && owner && /^(?:Future|Stream)Builder$/.test(owner.text()) ? types.text().replace(/^<|>$/g, '') : null;
}

/** `Uri.parse('https://…')`, `Uri.tryParse('…')`: the literal parsed. */
function uriParsed(value: SgNode, lit: (n: SgNode) => Lit | null): SgNode | null {
  if (!/^\s*Uri\s*\.\s*(?:parse|tryParse)\s*\(/.test(value.text())) return null;
  const list = value.find({ rule: { kind: 'arguments' } });
  const args = list ? namedKids(list) : [];
  return args.length === 1 && lit(args[0]!) ? args[0]! : null;
}

/** Model fields: instance fields with their `@JsonKey(name: …)`, and the parameters of a freezed factory. */
function classFields(body: SgNode, lit: (n: SgNode) => Lit | null, source: string): FieldDecl[] {
  const fields: FieldDecl[] = [];
  const kids = body.children().filter((c) => c.isNamed());
  kids.forEach((d, i) => {
    if (d.kind() !== 'declaration') return;
    if (d.children().some((c) => c.kind() === 'static' || c.text() === 'static')) return;
    const annotations: SgNode[] = [];
    for (let k = i - 1; k >= 0 && /annotation/.test(kids[k]!.kind() as string); k--) annotations.unshift(kids[k]!);
    // The field with its annotations (a marker goes above them).
    const node = group([...annotations, d], 'dart_field', source)!;
    for (const id of all(d, 'initialized_identifier')) {
      const name = id.children().find((c) => c.kind() === 'identifier');
      if (name) fields.push({ node, name: name.text(), nameNode: name, ...jsonKey(annotations, lit) });
    }
    const factory = d.children().find((c) => c.kind() === 'redirecting_factory_constructor_signature');
    for (const p of factory ? all(factory, 'formal_parameter') : []) {
      const name = namedKids(p).filter((c) => c.kind() === 'identifier').pop();
      if (name) fields.push({ node: p, name: name.text(), nameNode: name, ...jsonKey(namedKids(p).filter((c) => /annotation/.test(c.kind() as string)), lit) });
    }
  });
  return fields;
}

/** `@JsonKey(name: 'interview_mode')`: the key it gives. */
function jsonKey(annotations: SgNode[], lit: (n: SgNode) => Lit | null): { key: string | null; keyNode: SgNode | null } {
  for (const a of annotations) {
    if (!/^@JsonKey\b/.test(a.text())) continue;
    for (const arg of all(a, 'named_argument')) {
      if (!/^name\s*:/.test(arg.text())) continue;
      const s = namedKids(arg).find((c) => c.kind() === 'string_literal');
      const l = s ? lit(s) : null;
      if (l?.simple) return { key: l.text, keyNode: s! };
    }
  }
  return { key: null, keyNode: null };
}

