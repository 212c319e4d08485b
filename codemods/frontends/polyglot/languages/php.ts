import { COMMENTS } from '../../../markers';
import type { SgNode } from '@ast-grep/napi';
import { all, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/** PHP: associative arrays, named arguments, assignments, class constants and properties, enums, `switch`/`match`. */
export const php: LangSpec = {
  id: 'php',
  grammar: '@ast-grep/lang-php',
  extensions: ['php', 'phtml'],
  comment: COMMENTS.slash,
  stringKinds: ['string', 'encapsed_string', 'heredoc', 'nowdoc'],
  contentKinds: ['string_content', 'string_value', 'heredoc_body', 'nowdoc_body'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['method_declaration', 'function_definition', 'anonymous_function', 'arrow_function', 'anonymous_function_creation_expression'],
  chainKinds: ['subscript_expression', 'member_access_expression', 'member_call_expression', 'class_constant_access_expression', 'nullsafe_member_access_expression', 'scoped_call_expression'],
  nameKinds: ['name'],
  intKinds: ['integer'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['anonymous_function', 'arrow_function', 'anonymous_function_creation_expression'], params: ['formal_parameters'], pick: 'last' },
  loopKinds: ['foreach_statement'],
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'array_element_initializer')) {
      const kids = namedKids(n);
      if (kids.length < 2 || !n.children().some((c) => c.kind() === '=>')) continue;
      const key = lit(kids[0]!)?.text;
      if (key !== undefined) pairs.push({ node: n, ...span(n), key, keyNode: kids[0]!, value: kids[kids.length - 1]!, container: n.parent()!, named: false });
    }
    for (const n of all(root, 'argument')) {
      const name = childOf(n, 'name');
      const container = n.parent()?.parent();
      if (name && container && n.children().some((c) => c.kind() === ':')) pairs.push({ node: n, ...span(n), key: name.text(), keyNode: name, value: namedKids(n).slice(-1)[0] ?? null, container, named: true });
    }
    for (const n of all(root, 'assignment_expression')) {
      const [left, right] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0]!];
      const name = left.text().replace(/^\$/, '').split(/->|::/).pop()!;
      if (/^\w+$/.test(name)) decls.push({ node: n, name, nameNode: left, type: null, init: right });
    }
    for (const n of all(root, 'const_element', 'property_element')) {
      const id = childOf(n, 'name') ?? childOf(n, 'variable_name');
      const init = namedKids(n).slice(-1)[0];
      if (id) decls.push({ node: n, name: id.text().replace(/^\$/, ''), nameNode: id, type: null, init: init && init !== id ? init : null });
    }
    // A global constant defined by a call (`define( 'BSC_MODE_SAFE', 'safe' );`, WordPress and older PHP): a declaration
    // as `const BSC_MODE_SAFE = 'safe';` is, named by its string.
    for (const n of all(root, 'function_call_expression')) {
      if (namedKids(n)[0]?.text().replace(/^\\/, '') !== 'define') continue;
      const args = childOf(n, 'arguments');
      const [nameArg, valueArg] = args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : [];
      const name = nameArg ? lit(nameArg)?.text : undefined;
      if (name && valueArg && /^[A-Za-z_]\w*$/.test(name)) decls.push({ node: n.parent()?.kind() === 'expression_statement' ? n.parent()! : n, name, nameNode: nameArg!, type: null, init: valueArg });
    }
    for (const n of all(root, 'simple_parameter', 'property_promotion_parameter')) {
      const v = childOf(n, 'variable_name');
      const type = namedKids(n).find((c) => /type/.test(c.kind() as string));
      if (v) decls.push({ node: n, name: v.text().replace(/^\$/, ''), nameNode: v, type: type?.text() ?? null, init: null });
    }
    for (const n of all(root, 'class_declaration', 'enum_declaration')) {
      const name = childOf(n, 'name')?.text();
      if (!name) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      for (const p of all(n, 'property_element')) {
        const v = childOf(p, 'variable_name');
        if (v) fields.push({ node: p.parent() ?? p, name: v.text().replace(/^\$/, ''), nameNode: v, ...serializedKey(p.parent() ?? p, lit) });
      }
      // Constructor property promotion (`public function __construct(public ?array $advice)`) declares properties too.
      for (const p of all(n, 'property_promotion_parameter')) {
        const v = childOf(p, 'variable_name');
        if (v) fields.push({ node: p, name: v.text().replace(/^\$/, ''), nameNode: v, key: null, keyNode: null });
      }
      for (const c of all(n, 'enum_case')) {
        const id = childOf(c, 'name');
        const values = all(c, 'string').map((s) => lit(s)).filter((l): l is Lit => !!l);
        if (id) cases.push({ node: c, name: id.text(), nameNode: id, values });
      }
      types.push({ node: n, name, fields, cases });
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => ['==', '!=', '===', '!=='].includes(c.kind() as string))) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'switch_statement', 'match_expression')) {
      const subject = childOf(n, 'parenthesized_expression');
      const expr = subject ? namedKids(subject)[0] : null;
      if (!expr) continue;
      for (const c of all(n, 'case_statement', 'match_condition_list')) for (const v of namedKids(c).slice(0, c.kind() === 'case_statement' ? 1 : undefined)) compares.push({ node: c, sides: [expr, v] });
    }
    for (const n of all(root, 'function_call_expression', 'member_call_expression', 'scoped_call_expression', 'object_creation_expression', 'nullsafe_member_call_expression')) {
      const nameNode = n.kind() === 'function_call_expression' ? namedKids(n)[0] : n.kind() === 'object_creation_expression' ? namedKids(n).find((c) => c.kind() === 'name' || c.kind() === 'qualified_name') : n.children().filter((c) => c.kind() === 'name').pop();
      const args = childOf(n, 'arguments');
      calls.push({ node: n, callee: nameNode?.text().split('\\').pop() ?? '', args: args ? namedKids(args).map((a) => namedKids(a).slice(-1)[0] ?? a) : [] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/**
 * The JSON key a serializer's annotation gives a property: Symfony's `#[SerializedName('x')]` attribute, or
 * `@SerializedName("x")` in the docblock above it (the comment, which names the key, is the key's node).
 */
function serializedKey(decl: SgNode, lit: (n: SgNode) => Lit | null): { key: string | null; keyNode: SgNode | null } {
  for (const a of all(decl, 'attribute')) {
    if (!/^\\?(?:[\w\\]+\\)?SerializedName\b/.test(a.text())) continue;
    const s = all(a, 'string', 'encapsed_string')[0];
    const l = s ? lit(s) : null;
    // The attribute's string is itself read as a field's name inside the model (fields.ts namedFields): the key only.
    if (l) return { key: l.text, keyNode: null };
  }
  const doc = decl.prev();
  const m = doc?.kind() === 'comment' ? /@SerializedName\(\s*(?:name\s*=\s*)?["']([\w-]+)["']\s*\)/.exec(doc.text()) : null;
  return m ? { key: m[1]!, keyNode: doc! } : { key: null, keyNode: null };
}
