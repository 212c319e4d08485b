import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { functionDeclarator } from '../function-facts';
import { all, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/**
 * C and C++ (tree-sitter-cpp reads C99 too): brace-initialised JSON objects (`json{{"mode", "safe"}}`, a
 * `QJsonObject{{"k", v}}`, `{ {U("k"), v} }`), designated initialisers (`.mode = "safe"`), declarations, parameters,
 * assignments and `#define`s, structs and classes (and the fields an `NLOHMANN_DEFINE_TYPE_*` macro lists), enums,
 * `==` and `switch`. Subscripts and accessors (`j["advice"]`, `j.at("advice")`, `v[U("advice")]`) are read as member
 * chains. cpprestsdk's and Qt's string wrappers (`U("…")`, `_XPLATSTR("…")`, `QStringLiteral("…")`) are blanked
 * around their literal, offsets kept. Without its grammar, on a file it cannot read, or on an Objective-C header,
 * a file keeps the token pass (lexical.ts).
 */
export const cpp: LangSpec = {
  id: 'cpp',
  implicitSelf: true,
  lexicalFallback: true,
  grammar: '@ast-grep/lang-cpp',
  extensions: ['c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx', 'ipp'],
  comment: COMMENTS.slash,
  stringKinds: ['string_literal', 'raw_string_literal', 'preproc_arg'],
  contentKinds: ['string_content', 'raw_string_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['function_definition', 'lambda_expression', 'cpp_test_block'],
  virtual: { cpp_test_block: testBlocks },
  chainKinds: ['field_expression', 'subscript_expression', 'call_expression'],
  nameKinds: ['identifier', 'field_identifier'],
  intKinds: ['number_literal'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['lambda_expression'], params: ['abstract_function_declarator', 'parameter_list'], pick: 'last' },
  loopKinds: ['for_range_loop'],
  // `namespace InterviewMode { const QString Safe = QStringLiteral("safe"); }`: a group of constants named by its namespace.
  groupKinds: ['namespace_definition'],
  lexicalOnly: (source) => OBJC.test(source),
  // `bool SymptomClient::set_mode(…)`: the declarator's name, less its class.
  functionName: (fn) => {
    const name = functionDeclarator(fn)?.children().find((c) => c.isNamed())?.text();
    return name ? name.split('::').pop()!.trim() : null;
  },
  // A file the grammar cannot read then gets a second try with each macro call alone on its line and without its `;`
  // (`NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Result, advice, test)`, `Q_DECLARE_METATYPE(Mode)`) ended by one in place of its
  // newline, and each test macro before its block (`TEST_CASE("…") {`, `TEST(Client, Mode) {`) by one in place of the space.
  prepare: (source, attempt) => {
    if (attempt > 1) return null;
    const plain = source.replace(WRAPPED, (_whole, head: string, str: string, tail: string) => ' '.repeat(head.length) + str + ' '.repeat(tail.length));
    return attempt === 0 ? plain : plain.replace(MACRO_LINE, '$1;').replace(MACRO_BLOCK, '$1;$2');
  },
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    // `{"mode", "safe"}` inside a braced list: one key and its value (nlohmann's `json{{…}}`, Qt's, cpprestsdk's pairs).
    for (const n of all(root, 'initializer_list')) {
      const kids = namedKids(n);
      const outer = n.parent();
      const key = kids.length === 2 ? lit(kids[0]!) : null;
      if (key?.simple && outer?.kind() === 'initializer_list') pairs.push({ node: n, ...span(n), key: key.text, keyNode: kids[0]!, value: kids[1]!, container: outer, named: false });
    }
    // `{ .mode = "safe" }`: a designated field of a struct literal.
    for (const n of all(root, 'initializer_pair')) {
      const d = childOf(n, 'field_designator');
      const name = d ? childOf(d, 'field_identifier') : null;
      if (name) pairs.push({ node: n, ...span(n), key: name.text(), keyNode: name, value: namedKids(n).slice(-1)[0] ?? null, container: n.parent()!, named: true });
    }
    for (const n of all(root, 'declaration', 'field_declaration')) {
      const type = typeOf(n);
      for (const d of namedKids(n).filter((c) => c.kind() === 'init_declarator' || /declarator$|^(identifier|field_identifier)$/.test(c.kind() as string))) {
        const id = declared(d);
        if (!id) continue;
        const init = d.kind() === 'init_declarator' ? namedKids(d).slice(-1)[0] ?? null : n.kind() === 'field_declaration' ? namedKids(n).slice(-1)[0] ?? null : null;
        decls.push({ node: n, name: id.text(), nameNode: id, type, init: init && span(init).start >= span(id).end ? init : null });
      }
    }
    for (const n of all(root, 'parameter_declaration', 'optional_parameter_declaration')) {
      const d = namedKids(n).find((c) => /declarator$|^identifier$/.test(c.kind() as string));
      const id = d ? declared(d) : null;
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: typeOf(n), init: null });
    }
    // `#define SC_MODE_SAFE "safe"`: a constant.
    for (const n of all(root, 'preproc_def')) {
      const id = childOf(n, 'identifier');
      const value = childOf(n, 'preproc_arg');
      if (id && value) decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: value });
    }
    // `mode = "complaint"`, `ticket.mode = …`: an assignment to a name.
    for (const n of all(root, 'assignment_expression')) {
      const [left, right] = [namedKids(n)[0], namedKids(n).slice(-1)[0]];
      if (n.children().find((c) => !c.isNamed())?.kind() !== '=' || !left || !right) continue;
      const id = left.kind() === 'identifier' ? left : left.kind() === 'field_expression' ? childOf(left, 'field_identifier') : null;
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: right });
    }
    for (const n of all(root, 'struct_specifier', 'class_specifier', 'enum_specifier')) {
      const body = childOf(n, 'field_declaration_list', 'enumerator_list');
      if (!body) continue;
      // `typedef struct { … } sc_result_t;`: named by its typedef.
      const owner = n.parent()?.kind() === 'type_definition' ? namedKids(n.parent()!).slice(-1)[0] : null;
      const name = childOf(n, 'type_identifier')?.text() ?? (owner?.kind() === 'type_identifier' ? owner.text() : null);
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      for (const f of namedKids(body).filter((c) => c.kind() === 'field_declaration')) {
        if (childOf(f, 'function_declarator')) continue;
        for (const d of namedKids(f).filter((c) => /declarator$|^field_identifier$/.test(c.kind() as string))) {
          const id = declared(d);
          if (id) fields.push({ node: f, name: id.text(), nameNode: id, key: null, keyNode: null });
        }
      }
      for (const e of namedKids(body).filter((c) => c.kind() === 'enumerator')) {
        const id = childOf(e, 'identifier');
        const values = all(e, 'string_literal').map((s) => lit(s)).filter((l): l is Lit => !!l);
        if (id) cases.push({ node: e, name: id.text(), nameNode: id, values });
      }
      types.push({ node: n, name, fields, cases });
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'switch_statement')) {
      const cond = childOf(n, 'condition_clause');
      const subject = cond ? namedKids(cond)[0] : null;
      if (!subject) continue;
      for (const c of all(n, 'case_statement')) {
        const v = namedKids(c)[0];
        if (v && c.children()[0]?.kind() === 'case') compares.push({ node: c, sides: [subject, v] });
      }
    }
    for (const n of all(root, 'call_expression')) {
      const fn = namedKids(n)[0];
      const argList = childOf(n, 'argument_list');
      if (!fn) continue;
      const args = argList ? namedKids(argList) : [];
      calls.push({ node: n, callee: calleeName(fn), args });
      // `obj.insert(QStringLiteral("extra"), extra)` on a QJsonObject or QVariantMap: an entry of the map the receiver holds.
      const key = fn.kind() === 'field_expression' && calleeName(fn) === 'insert' && args.length === 2 ? lit(args[0]!) : null;
      if (key?.simple) pairs.push({ node: args[0]!, start: span(args[0]!).start, end: span(args[1]!).end, key: key.text, keyNode: args[0]!, value: args[1]!, container: n, named: true });
      // `NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Result, triage, advice)`: the fields the JSON mapping lists.
      if (/^NLOHMANN_DEFINE_TYPE_/.test(fn.text()) && args[0]) {
        const fields = args.slice(1).filter((a) => a.kind() === 'identifier').map((a): FieldDecl => ({ node: a, name: a.text(), nameNode: a, key: null, keyNode: null }));
        const name = /INTRUSIVE/.test(fn.text()) && !/NON_INTRUSIVE/.test(fn.text()) ? enclosingType(n) ?? args[0].text() : args[0].text();
        types.push({ node: n, name: name.split('::').pop()!, fields, cases: [] });
      }
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** Objective-C headers share `.h` with C (`@interface`, `#import`, Foundation's `NSString`, `NS_ENUM`, `@"…"`): they keep the token pass. */
const OBJC = /^\s*(?:@interface|@protocol|@implementation|@property|#import)\b|\bNS(?:String|Integer|UInteger|Dictionary|Array|Object)\b|\bNS_(?:ENUM|OPTIONS|CLOSED_ENUM)\b|\bFOUNDATION_EXPORT\b|@"/m;

/** String wrappers of cpprestsdk (`U`, `_XPLATSTR`), Windows (`_T`, `TEXT`) and Qt (`QStringLiteral`, `QLatin1String`, …). */
const WRAPPED = /(\b(?:U|_XPLATSTR|_T|TEXT|QStringLiteral|QLatin1String|QLatin1StringView|QByteArrayLiteral|QString|utility::conversions::to_string_t)\s*\(\s*)("(?:[^"\\\n]|\\.)*")(\s*\))/g;

/** A macro call alone on its line, no `;` after it, not continued on the next (`ON_CALL(…)` / `.WillByDefault(…)`). */
const MACRO_LINE = /^([ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*\([^;\n]*\)[ \t]*)\r?\n(?![ \t]*(?:\.|->|[-+*/%<>=&|?:,)]))/gm;

/** A macro call before a block on its line (GoogleTest's `TEST(…) {`, Catch2's `TEST_CASE(…) {`, `SECTION(…) {`). */
const MACRO_BLOCK = /^([ \t]*[A-Z][A-Z0-9_]*\s*\([^;{}\n]*\)[ \t]*)[ \t](\{)/gm;

/** The blocks of test macros (`TEST_CASE("…") { … }` read as a call, then a block): scopes as functions are. */
function testBlocks(n: SgNode): SgNode[] {
  return all(n, 'compound_statement').filter((b) => {
    const prev = b.prev();
    const call = prev?.kind() === 'expression_statement' ? namedKids(prev)[0] : null;
    return call?.kind() === 'call_expression' && /^[A-Z][A-Z0-9_]*$/.test(namedKids(call)[0]?.text() ?? '');
  });
}

/** The identifier a declarator declares (`*p`, `&r`, `name[32]`, `x = …`). */
function declared(d: SgNode): SgNode | null {
  if (d.kind() === 'identifier' || d.kind() === 'field_identifier') return d;
  if (d.kind() === 'function_declarator') return null;
  const inner = namedKids(d).find((c) => /declarator$|^(identifier|field_identifier)$/.test(c.kind() as string));
  return inner ? declared(inner) : null;
}

/** The declared type's text, qualifiers left out (`const std::string` → `std::string`). */
function typeOf(n: SgNode): string | null {
  const t = namedKids(n).find((c) => /type|qualified_identifier|template_type/.test(c.kind() as string) && !/qualifier|storage/.test(c.kind() as string));
  return t?.text() ?? null;
}

/** The last name of a callee: `post` for `client.post`, `string` for `json::value::string`, `get` for `j.get<T>`. */
function calleeName(fn: SgNode): string {
  const last = fn.kind() === 'field_expression' ? namedKids(fn).slice(-1)[0] ?? fn : fn;
  const text = last.text().replace(/<[\s\S]*$/, '');
  return text.split(/::|\.|->/).pop()!.trim();
}

/** The class or struct a node is inside of. */
function enclosingType(n: SgNode): string | null {
  const t = n.ancestors().find((a) => a.kind() === 'class_specifier' || a.kind() === 'struct_specifier');
  return t ? childOf(t, 'type_identifier')?.text() ?? null : null;
}
