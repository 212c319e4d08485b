import type { SgNode } from '@ast-grep/napi';
import { isCode } from '../comments';
import { COMMENTS } from '../../../markers';
import { all, annotatedKey, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/**
 * Scala (2 and 3): `Map("k" -> v)` / `Json.obj("k" -> v)` tuples, named arguments, `val`/`var`/`def` parameters,
 * case classes with `@JsonKey`/`@jsonField`/`@JsonProperty`, sealed traits with case objects, Scala 3 enums and
 * `Enumeration` values, `==` and `match`. Strings: `"…"`, `"""…"""` and interpolated `s"…"`, `f"…"`, `uri"…"`.
 * Without its grammar (or on a file it cannot read) a Scala file keeps the token pass (lexical.ts).
 */
export const scala: LangSpec = {
  id: 'scala',
  implicitSelf: true,
  lexicalFallback: true,
  grammar: '@ast-grep/lang-scala',
  extensions: ['scala', 'sc'],
  comment: COMMENTS.slash,
  stringKinds: ['string', 'interpolated_string_expression'],
  contentKinds: [],
  escapeKinds: [],
  gapContent: true,
  // A test's block scopes its code as a function does (ScalaTest `"x" should "y" in { … }`, `test("x") { … }`).
  functionKinds: ['function_definition', 'lambda_expression', 'scala_test'],
  virtual: { scala_test: testBlocks },
  functionName: (fn) => (fn.kind() === 'function_definition' ? childOf(fn, 'identifier')?.text() ?? null : null),
  chainKinds: ['field_expression', 'call_expression', 'generic_function'],
  nameKinds: ['identifier'],
  intKinds: ['integer_literal'],
  returnKinds: ['return_expression'],
  lambdas: { kinds: ['lambda_expression'], params: ['bindings', 'identifier'], pick: 'first' },
  // `class Service @Inject() (ws: WSClient)(implicit ec: ExecutionContext)`: the grammar reads a constructor's
  // annotation only before a single parameter list; blanked, offsets kept (Play's injected services).
  prepare: (source, attempt) => (attempt === 0 ? source.replace(CTOR_ANNOTATION, (all, head: string, ann: string) => head + ' '.repeat(ann.length)) : null),
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'infix_expression')) {
      const kids = namedKids(n);
      if (kids.length !== 3) continue;
      const op = kids[1]!.text();
      if (op === '==' || op === '!=') {
        compares.push({ node: n, sides: [kids[0]!, kids[2]!] });
        continue;
      }
      if (op !== '->' && op !== '→') continue;
      const key = lit(kids[0]!)?.text;
      const container = n.ancestors().find((a) => a.kind() === 'call_expression');
      if (key !== undefined && container) pairs.push({ node: n, ...span(n), key, keyNode: kids[0]!, value: kids[2]!, container, named: false });
    }
    // `HttpRequest(method = …, uri = …)`, `ModeUpdate(mode = "safe")`: named arguments.
    for (const n of all(root, 'assignment_expression')) {
      const args = n.parent();
      const container = args?.kind() === 'arguments' ? args.parent() : null;
      const kids = namedKids(n);
      if (!container || container.kind() !== 'call_expression' || kids[0]?.kind() !== 'identifier') continue;
      pairs.push({ node: n, ...span(n), key: kids[0]!.text(), keyNode: kids[0]!, value: kids[kids.length - 1] ?? null, container, named: true });
    }
    for (const n of all(root, 'val_definition', 'var_definition', 'val_declaration', 'var_declaration', 'class_parameter', 'parameter')) {
      const kids = n.children();
      const id = kids.find((c) => c.kind() === 'identifier');
      if (!id) continue;
      const eq = kids.findIndex((c) => c.kind() === '=');
      const colon = kids.findIndex((c) => c.kind() === ':');
      const type = colon >= 0 ? kids.slice(colon + 1).find((c) => c.isNamed()) : undefined;
      decls.push({ node: n, name: id.text(), nameNode: id, type: type?.text() ?? null, init: eq >= 0 ? kids.slice(eq + 1).find(isCode) ?? null : null });
    }
    for (const n of all(root, 'class_definition', 'object_definition', 'trait_definition', 'enum_definition')) {
      const name = childOf(n, 'identifier')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      const params = childOf(n, 'class_parameters');
      for (const p of params ? namedKids(params).filter((c) => c.kind() === 'class_parameter') : []) {
        const id = childOf(p, 'identifier');
        if (id) fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      const body = childOf(n, 'template_body', 'enum_body');
      for (const p of body ? namedKids(body).filter((c) => /^(val|var)_(definition|declaration)$/.test(c.kind() as string)) : []) {
        const id = childOf(p, 'identifier');
        // `val Complaint = Value("complaint")` of an `Enumeration`: a case, not a field.
        const init = namedKids(p).slice(-1)[0];
        if (id && /\bEnumeration\b/.test(childOf(n, 'extends_clause')?.text() ?? '') && init && /^Value\b/.test(init.text())) {
          cases.push({ node: p, name: id.text(), nameNode: id, values: all(init, 'string').map((s) => lit(s)).filter((l): l is Lit => !!l) });
        } else if (id && n.kind() !== 'object_definition') fields.push({ node: p, name: id.text(), nameNode: id, ...jsonKey(p, lit) });
      }
      // Scala 3: `enum Mode(val wire: String) { case Complaint extends Mode("complaint"); case Safe, Other }`.
      for (const c of body ? all(body, 'enum_case_definitions') : []) {
        for (const e of namedKids(c).filter((k) => /case/.test(k.kind() as string))) {
          const id = childOf(e, 'identifier');
          const values = all(e, 'string').map((s) => lit(s)).filter((l): l is Lit => !!l);
          if (id) cases.push({ node: e, name: id.text(), nameNode: id, values });
        }
      }
      types.push({ node: n, name, fields, cases });
    }
    // `case object Complaint extends InterviewMode("complaint")`, `case object Safe extends InterviewMode { val wire = "safe" }`:
    // an object extending a class or trait of this file, built with its value or overriding a member with it, is a case of it.
    for (const n of all(root, 'object_definition')) {
      const id = childOf(n, 'identifier');
      const ext = childOf(n, 'extends_clause');
      const parent = ext ? namedKids(ext)[0]?.text().replace(/\[.*$/s, '') : undefined;
      const owner = parent ? types.find((t) => t.name === parent && t.node.kind() !== 'object_definition') : undefined;
      if (!id || !owner) continue;
      const args = ext ? childOf(ext, 'arguments') : null;
      const body = childOf(n, 'template_body');
      const members = body ? namedKids(body).filter((c) => /^(val_definition|function_definition)$/.test(c.kind() as string)) : [];
      const overrides = members.map((m) => namedKids(m).slice(-1)[0]!).filter(Boolean);
      const values = [...(args ? namedKids(args) : []), ...overrides].map((v) => lit(v)).filter((l): l is Lit => !!l);
      owner.cases.push({ node: n, name: id.text(), nameNode: id, values });
      // A case, not a type of its own: `Complaint` here is a mode, not a model of the complaints resource.
      const own = types.findIndex((t) => t.node.kind() === 'object_definition' && span(t.node).start === span(n).start);
      if (own >= 0) types.splice(own, 1);
    }
    for (const n of all(root, 'match_expression')) {
      const subject = namedKids(n)[0];
      const block = childOf(n, 'case_block');
      if (!subject || !block) continue;
      for (const c of namedKids(block).filter((k) => k.kind() === 'case_clause')) {
        const pattern = namedKids(c)[0];
        if (pattern && pattern.kind() !== 'wildcard') compares.push({ node: c, sides: [subject, pattern] });
      }
    }
    for (const n of all(root, 'call_expression')) {
      const fn = namedKids(n)[0];
      if (!fn) continue;
      const head = fn.kind() === 'generic_function' ? namedKids(fn)[0] ?? fn : fn;
      const callee = head.kind() === 'field_expression' ? namedKids(head).slice(-1)[0]?.text() ?? '' : head.text();
      const args = childOf(n, 'arguments');
      // A named argument's value (`uri = s"…"`), as other grammars give it.
      const list = args ? namedKids(args).map((a) => (a.kind() === 'assignment_expression' ? namedKids(a).slice(-1)[0] ?? a : a)) : [];
      calls.push({ node: n, callee, args: list });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/** Words that open a test with a string before its block: ScalaTest's `in`/`should`/`-`/`when`, specs2's `>>`. */
const TEST_WORDS = new Set(['in', 'should', 'must', 'can', 'when', 'which', 'ignore', 'taggedAs', '-', '>>']);
/** Calls that take a test's name then its block: FunSuite's `test("x") { … }`, FunSpec's `it("x")`, munit, utest. */
const TEST_CALLS = new Set(['test', 'it', 'they', 'describe', 'scenario', 'Scenario', 'property', 'ignore']);

/** The blocks of a file's tests: `"x" should "y" in { … }`, `"x" - { … }`, `test("x") { … }`, `it("x") { … }`. */
function testBlocks(n: SgNode): SgNode[] {
  const infix = all(n, 'infix_expression').filter((x) => {
    const kids = namedKids(x);
    // The test's name: a string, or the last operand of `"x" should "y"` / `it should "y"`.
    const name = kids[0]?.kind() === 'infix_expression' ? namedKids(kids[0]).slice(-1)[0] : kids[0];
    return kids.length === 3 && TEST_WORDS.has(kids[1]!.text()) && kids[2]!.kind() === 'block' && name?.kind() === 'string';
  });
  const calls = all(n, 'call_expression').filter((x) => {
    const [head, block] = namedKids(x);
    const [name, args] = head?.kind() === 'call_expression' ? namedKids(head) : [];
    return block?.kind() === 'block' && !!name && TEST_CALLS.has(name.text()) && args?.kind() === 'arguments' && namedKids(args)[0]?.kind() === 'string';
  });
  return [...infix, ...calls];
}

const CTOR_ANNOTATION = /(\bclass\s+\w+(?:\[[^\]\n]*\])?\s*)((?:@\w+(?:\(\s*\))?\s*)+)(?=\()/g;

/** `@JsonKey("x")` (circe-generic-extras), `@jsonField("x")` (zio-json), `@JsonProperty("x")` (Jackson), `@key("x")` (upickle), `@named("x")`. */
const jsonKey = (p: SgNode, lit: (n: SgNode) => Lit | null) => annotatedKey(p, ['annotation'], /^@(JsonKey|jsonField|JsonProperty|key|named|SerializedName|JsonName)\b/, 'string', lit);
