import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, span, type FieldDecl, type LangSpec } from '../lang';

/** Go: map and struct literals, `:=` / `var` / `const` / parameters, structs with `json:"…"` tags, switch cases. */
export const go: LangSpec = {
  id: 'go',
  grammar: '@ast-grep/lang-go',
  extensions: ['go'],
  comment: COMMENTS.slash,
  stringKinds: ['interpreted_string_literal', 'raw_string_literal'],
  contentKinds: ['interpreted_string_literal_content', 'raw_string_literal_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['function_declaration', 'method_declaration', 'func_literal'],
  chainKinds: ['selector_expression', 'index_expression', 'call_expression'],
  nameKinds: ['identifier', 'field_identifier'],
  intKinds: ['int_literal'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['func_literal'], params: ['parameter_list'], pick: 'first' },
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'keyed_element')) {
      const [k, v] = namedKids(n).map((e) => (e.kind() === 'literal_element' ? namedKids(e)[0] ?? e : e));
      if (!k) continue;
      const key = lit(k)?.text ?? (k.kind() === 'identifier' || k.kind() === 'field_identifier' ? k.text() : null);
      const container = n.parent()?.parent();
      if (key === null || !container) continue;
      // `Context: ctx`, `Context: r.Context()` (a go-swagger operation, a request's options): Go's context, never a body key.
      if (!lit(k) && v && isGoContext(key, v.text())) continue;
      pairs.push({ node: n, ...span(n), key, keyNode: k, value: v ?? null, container, named: !lit(k) });
    }
    for (const n of all(root, 'short_var_declaration', 'assignment_statement', 'var_spec', 'const_spec', 'range_clause')) {
      const lists = namedKids(n);
      const type = n.kind() === 'var_spec' || n.kind() === 'const_spec' ? lists.find((c) => /type/.test(c.kind() as string))?.text() ?? null : null;
      const names = (n.kind() as string).endsWith('_spec') ? lists.filter((c) => c.kind() === 'identifier') : namedKids(lists[0]!);
      const valuesNode = lists[lists.length - 1]!;
      const values = n.kind() === 'range_clause' ? names.map(() => valuesNode) : valuesNode.kind() === 'expression_list' ? namedKids(valuesNode) : [];
      names.forEach((nameNode, i) => {
        const nn = nameNode.kind() === 'selector_expression' ? namedKids(nameNode).slice(-1)[0]! : nameNode;
        decls.push({ node: n, name: nn.text(), nameNode: nn, type, init: values[i] ?? null });
      });
    }
    for (const n of all(root, 'parameter_declaration')) {
      const type = namedKids(n).find((c) => c.kind() !== 'identifier')?.text() ?? null;
      for (const id of namedKids(n).filter((c) => c.kind() === 'identifier')) decls.push({ node: n, name: id.text(), nameNode: id, type, init: null });
    }
    // A struct's own fields; a field of an anonymous struct type is a model of its own, named as the field.
    const struct = (name: string, node: SgNode, st: SgNode) => {
      const fields: FieldDecl[] = [];
      const list = childOf(st, 'field_declaration_list');
      for (const f of list ? namedKids(list).filter((c) => c.kind() === 'field_declaration') : []) {
        const tag = childOf(f, 'raw_string_literal', 'interpreted_string_literal');
        const m = tag ? /json:"([^",]*)/.exec(tag.text()) : null;
        const ids = namedKids(f).filter((c) => c.kind() === 'field_identifier');
        // A `context.Context` field (a generated params struct's) carries Go's context, never a key: as `json:"-"`.
        const goContext = !m && /^\*?context\.Context$/.test(namedKids(f).find((c) => c.kind() !== 'field_identifier' && c !== tag)?.text() ?? '');
        for (const id of ids) fields.push({ node: f, name: id.text(), nameNode: id, key: goContext ? '-' : m?.[1] || null, keyNode: tag });
        const inner = childOf(f, 'struct_type');
        if (inner && ids.length === 1) struct(ids[0]!.text(), inner, inner);
      }
      types.push({ node, name, fields, cases: [] });
    };
    for (const n of all(root, 'type_spec')) {
      const name = childOf(n, 'type_identifier')?.text();
      const st = childOf(n, 'struct_type');
      if (name && st) struct(name, n, st);
    }
    // `type CreateComplaintJSONBody Complaint`, `type Body = Complaint` (oapi-codegen's request bodies): the same fields
    // under another name, a chain of them followed within the file.
    const named = all(root, 'type_spec', 'type_alias').map((n) => ({ n, name: childOf(n, 'type_identifier')?.text(), of: namedKids(n).slice(-1)[0] }));
    for (let added = true; added; ) {
      added = false;
      for (const { n, name, of } of named) {
        const base = of?.kind() === 'type_identifier' ? types.find((t) => t.name === of.text()) : undefined;
        if (!name || !base || types.some((t) => t.name === name)) continue;
        types.push({ node: n, name, fields: base.fields, cases: [] });
        added = true;
      }
    }
    // `Context: params.Context` where the file's params struct declares `Context context.Context`: the same.
    const fields = types.flatMap((t) => t.fields).filter((f) => f.name === 'Context');
    if (fields.length > 0 && fields.every((f) => f.key === '-')) {
      const kept = pairs.filter((p) => !(p.named && p.key === 'Context' && /^[\w.]+\.Context$/.test(p.value?.text() ?? '')));
      pairs.splice(0, pairs.length, ...kept);
    }
    for (const n of all(root, 'binary_expression')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'expression_switch_statement')) {
      const subject = namedKids(n).find((c) => c.kind() !== 'expression_case' && c.kind() !== 'default_case');
      if (!subject) continue;
      for (const c of all(n, 'expression_case')) {
        for (const label of namedKids(childOf(c, 'expression_list') ?? c)) compares.push({ node: c, sides: [subject, label] as SgNode[] });
      }
    }
    const pkgs = importedPackages(root);
    for (const n of all(root, 'call_expression')) {
      const fn = namedKids(n)[0]!;
      const parts = fn.kind() === 'selector_expression' ? namedKids(fn) : [];
      const callee = parts.length > 0 ? parts[parts.length - 1]!.text() : fn.text();
      const args = childOf(n, 'argument_list');
      const pkg = parts.length === 2 && parts[0]!.kind() === 'identifier' ? pkgs.get(parts[0]!.text()) : undefined;
      calls.push({ node: n, callee, args: args ? namedKids(args) : [], ...(pkg ? { pkg } : {}) });
    }
    return { pairs, decls, types, compares, calls };
  },
};

/**
 * The names a file's imports give their packages (the alias, else the path's last segment less a go- prefix or .go
 * suffix), each with the folder it names (the path's last segment; a /vN suffix skipped): what a package's files know it by.
 */
function importedPackages(root: SgNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of all(root, 'import_spec')) {
    const alias = namedKids(spec).find((c) => c.kind() === 'package_identifier')?.text();
    const path = childOf(spec, 'interpreted_string_literal', 'raw_string_literal')?.text().slice(1, -1) ?? '';
    const segs = path.split('/').filter((x) => !/^v\d+$/.test(x));
    const folder = segs[segs.length - 1] ?? '';
    const name = alias ?? folder.replace(/^go-|[.-]go$/g, '').replace(/\W/g, '');
    if (name && folder && name !== '_' && name !== '.') out.set(name, folder);
  }
  return out;
}

/** A keyed element that hands on Go's context: `Context: ctx`, `Context: params.Context`, `Context: context.Background()`. */
function isGoContext(key: string, value: string): boolean {
  return key === 'Context' && /^(?:ctx|context\.(?:Background|TODO)\(\)|[\w.]+\.Context\(\))$/.test(value.trim());
}
