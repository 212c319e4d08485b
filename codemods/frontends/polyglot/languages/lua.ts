import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { aliasFieldType, isTypeAlias, prepareLuau } from './luau-syntax';
import { prepareNginxLua } from './lua-nginx';
import { all, childOf, collect, namedKids, span, type EnumCase, type FieldDecl, type LangSpec, type Lit, type TypeDecl } from '../lang';

const EQUALITY = new Set(['==', '~=']);

/** The operator of a binary_expression. */
function operator(n: SgNode): string {
  return n.children().find((c) => !c.isNamed())?.kind() as string;
}

/** The last name of a callee or an assigned name: `post` for `httpc:post`, `MODES` for `M.MODES`. */
function lastName(n: SgNode): SgNode | null {
  if (n.kind() === 'identifier') return n;
  if (n.kind() === 'dot_index_expression' || n.kind() === 'method_index_expression') {
    const last = namedKids(n).slice(-1)[0];
    return last?.kind() === 'identifier' ? last : null;
  }
  return null;
}

/**
 * The key of a table field: a name (`mode = …`) or a bracketed string (`["extra"] = …`); a field without a key
 * (`{ "a", "b" }`) has none.
 */
function fieldKey(field: SgNode, lit: (n: SgNode) => Lit | null): { key: string; keyNode: SgNode; value: SgNode | null } | null {
  const kids = field.children();
  const eq = kids.findIndex((c) => c.kind() === '=');
  if (eq < 0) return null;
  const before = kids.slice(0, eq).filter((c) => c.isNamed());
  const value = kids.slice(eq + 1).find((c) => c.isNamed()) ?? null;
  const k = before[0];
  if (!k) return null;
  const bracketed = kids.slice(0, eq).some((c) => c.kind() === '[');
  if (!bracketed) return k.kind() === 'identifier' ? { key: k.text(), keyNode: k, value } : null;
  const l = lit(k);
  return l?.simple ? { key: l.text, keyNode: k, value } : null;
}

/**
 * Lua: tables (`{ mode = "complaint", ["extra"] = note }`) as request bodies, stubbed answers and constant groups
 * (`M.MODES = { COMPLAINT = "complaint" }`), assignments and `local` declarations (each name its value, `local res, err
 * = httpc:request_uri(…)` every name the one call), function parameters, `==`/`~=` comparisons, calls with their last
 * name (`httpc:request_uri`, `http.request`, `HttpService:RequestAsync`) and `for _, pc in ipairs(xs)` loops, the item
 * declared with the collection it walks. Luau is read through luau-syntax.ts (annotations, casts and generics blanked,
 * offsets kept); a file the grammar still cannot read gets the token pass.
 */
export const lua: LangSpec = {
  id: 'lua',
  grammar: '@ast-grep/lang-lua',
  extensions: ['lua', 'luau'],
  comment: COMMENTS.dash,
  stringKinds: ['string'],
  contentKinds: ['string_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['function_declaration', 'function_definition'],
  chainKinds: ['dot_index_expression', 'bracket_index_expression', 'method_index_expression', 'function_call'],
  nameKinds: ['identifier'],
  intKinds: ['number'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['function_definition'], params: ['parameters'], pick: 'first' },
  lexicalFallback: true,
  functionName: (fn) => {
    if (fn.kind() !== 'function_declaration') return null;
    const name = namedKids(fn)[0];
    return name ? lastName(name)?.text() ?? null : null;
  },
  // First the Lua an nginx configuration in a long string holds (lua-nginx.ts) and Luau's syntax; then, should that not
  // parse, Luau's alone.
  prepare: (source, attempt) => {
    const luau = prepareLuau(source);
    const embedded = prepareNginxLua(luau ?? source);
    return attempt === 0 ? embedded ?? luau : embedded ? luau ?? source : null;
  },
  calledModule,
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    const aliases = typeAliases(root, lit);
    types.push(...aliases.types);
    for (const n of all(root, 'field')) {
      const f = fieldKey(n, lit);
      // A type alias's fields declare a model; they hold no data.
      if (!f || aliases.spans.some((a) => span(n).start >= a.start && span(n).end <= a.end)) continue;
      const container = n.parent()!;
      // `f{ mode = "x" }`: a table given to a call without parentheses is the call's table, not named arguments.
      pairs.push({ node: n, ...span(n), key: f.key, keyNode: f.keyNode, value: f.value, container, named: false });
      // `STATUS = { MODE_PENDING = 202 }`: a constant of a table of constants, read as `STATUS.MODE_PENDING`.
      if (/^[A-Z][A-Z0-9_]*$/.test(f.key) && f.keyNode.kind() === 'identifier') decls.push({ node: n, name: f.key, nameNode: f.keyNode, type: null, init: f.value });
    }
    for (const n of all(root, 'assignment_statement')) {
      const names = namedKids(childOf(n, 'variable_list') ?? n).filter((c) => c.kind() !== 'attribute');
      const values = namedKids(childOf(n, 'expression_list') ?? n);
      // `local res, err = httpc:request_uri(…)`: each name gets the one call.
      const single = values.length === 1 && values[0]!.kind() === 'function_call' ? values[0]! : null;
      for (const [i, target] of names.entries()) {
        const nameNode = lastName(target);
        if (!nameNode || target.kind() === 'method_index_expression' || aliases.names.has(span(nameNode).start)) continue;
        const init = single ?? values[i] ?? null;
        decls.push({ node: n, name: nameNode.text(), nameNode, type: null, init });
        // `M.MODES = { COMPLAINT = "complaint", … }`: a table of named strings is a group of constants.
        if (init?.kind() === 'table_constructor') {
          const cases = constantCases(init, lit);
          if (cases.length > 0) types.push({ node: n, name: nameNode.text(), fields: [], cases });
          // Each a constant too (`InterviewModes.Triage`), as upper-case keys of any table are (above).
          for (const c of cases) if (!/^[A-Z][A-Z0-9_]*$/.test(c.name)) decls.push({ node: c.node, name: c.name, nameNode: c.nameNode, type: null, init: c.values[0]!.node });
        }
      }
    }
    for (const n of all(root, 'parameters')) {
      for (const p of namedKids(n)) if (p.kind() === 'identifier') decls.push({ node: p, name: p.text(), nameNode: p, type: null, init: null });
    }
    // `for _, pc in ipairs(result.potential_conditions) do`: the value variable holds an item of the collection.
    for (const n of all(root, 'for_generic_clause')) {
      const names = namedKids(childOf(n, 'variable_list') ?? n);
      const source = namedKids(childOf(n, 'expression_list') ?? n)[0];
      const item = names[names.length - 1];
      if (!item || !source || item.kind() !== 'identifier') continue;
      const walked = source.kind() === 'function_call' && /^i?pairs$/.test(namedKids(source)[0]?.text() ?? '') ? namedKids(childOf(source, 'arguments') ?? source)[0] : source;
      if (walked) decls.push({ node: n, name: item.text(), nameNode: item, type: null, init: walked });
    }
    for (const n of all(root, 'binary_expression')) {
      const [left, right] = namedKids(n);
      if (left && right && EQUALITY.has(operator(n))) compares.push({ node: n, sides: [left, right] });
    }
    for (const n of all(root, 'function_call')) {
      const fn = namedKids(n)[0];
      if (!fn) continue;
      const callee = lastName(fn)?.text() ?? '';
      const argList = childOf(n, 'arguments');
      calls.push({ node: n, callee, args: argList ? namedKids(argList) : [] });
    }
    types.push(...classTypes(root));
    return { pairs, decls, types, compares, calls };
  },
};

/**
 * The module a call's table is required from: `helpdesk` for `helpdesk.add_complaint(…)` after `local helpdesk =
 * require "app.helpdesk"` (or `require("app/helpdesk")`, Roblox's `require(script.Parent.Helpdesk)`), or where the
 * call is made on it (`require("app.handlers.result").present(…)`). Null for a
 * table the file does not bind to one `require` (`self._client:create(…)`, a module's own `_M.create(…)`).
 */
function calledModule(call: SgNode): string | null {
  const callee = namedKids(call)[0];
  if (callee?.kind() !== 'dot_index_expression' && callee?.kind() !== 'method_index_expression') return null;
  const receiver = namedKids(callee)[0];
  // `require("app.handlers.result").present(…)`: the module required there.
  if (receiver?.kind() === 'function_call') return requiredName(receiver);
  if (receiver?.kind() !== 'identifier') return null;
  let root = call;
  while (root.parent()) root = root.parent()!;
  const modules = new Set<string>();
  for (const n of all(root, 'assignment_statement')) {
    const names = namedKids(childOf(n, 'variable_list') ?? n);
    const values = namedKids(childOf(n, 'expression_list') ?? n);
    const i = names.findIndex((c) => c.kind() === 'identifier' && c.text() === receiver.text());
    const value = i >= 0 ? values[i] : undefined;
    const name = value?.kind() === 'function_call' ? requiredName(value) : null;
    if (name) modules.add(name);
  }
  return modules.size === 1 ? [...modules][0]! : null;
}

/** The last segment of the module a `require` call names (`result` of `require("app.handlers.result")`), or null for another call. */
function requiredName(call: SgNode): string | null {
  if (namedKids(call)[0]?.text() !== 'require') return null;
  return /(\w+)[\s"')\]]*$/.exec(childOf(call, 'arguments')?.text() ?? '')?.[1] ?? null;
}

/**
 * Classes written as tables with methods (`local Interview = class("Interview")` of middleclass, `Interview.__index =
 * Interview`): a name with methods declared with a colon (`function Interview:initialize(data)`) is a type whose fields
 * are what those methods assign to `self` (`self.marketplace = data.marketplace`).
 */
function classTypes(root: SgNode): TypeDecl[] {
  const byName = new Map<string, { node: SgNode; fields: Map<string, FieldDecl> }>();
  for (const fn of all(root, 'function_declaration')) {
    const head = namedKids(fn)[0];
    if (head?.kind() !== 'method_index_expression') continue;
    const owner = namedKids(head)[0];
    if (owner?.kind() !== 'identifier' || !/^[A-Z]/.test(owner.text())) continue;
    const entry = byName.get(owner.text()) ?? { node: fn, fields: new Map<string, FieldDecl>() };
    byName.set(owner.text(), entry);
    for (const a of all(fn, 'assignment_statement')) {
      for (const target of namedKids(childOf(a, 'variable_list') ?? a)) {
        const [obj, name] = target.kind() === 'dot_index_expression' ? namedKids(target) : [];
        if (obj?.text() !== 'self' || name?.kind() !== 'identifier' || entry.fields.has(name.text())) continue;
        entry.fields.set(name.text(), { node: a, name: name.text(), nameNode: name, key: null, keyNode: null });
      }
    }
  }
  return [...byName].filter(([, e]) => e.fields.size > 0).map(([name, e]) => ({ node: e.node, name, fields: [...e.fields.values()], cases: [] }));
}

/**
 * Luau's type aliases (luau-syntax.ts wrote `export type Interview = { marketplace: string? }` as an assignment of
 * a table): a table's named fields are the model's fields; a union of strings (`"complaint" | "safe"`) its cases.
 */
function typeAliases(root: SgNode, lit: (n: SgNode) => Lit | null): { types: TypeDecl[]; spans: { start: number; end: number }[]; names: Set<number> } {
  const out = { types: [] as TypeDecl[], spans: [] as { start: number; end: number }[], names: new Set<number>() };
  const parsed = root.text();
  for (const n of all(root, 'assignment_statement')) {
    const nameNode = namedKids(childOf(n, 'variable_list') ?? n)[0];
    const value = namedKids(childOf(n, 'expression_list') ?? n)[0];
    if (nameNode?.kind() !== 'identifier' || !value || !isTypeAlias(parsed, span(nameNode).start)) continue;
    out.names.add(span(nameNode).start);
    out.spans.push(span(value));
    if (value.kind() === 'table_constructor') {
      const fields: FieldDecl[] = [];
      for (const f of namedKids(value)) {
        const entry = f.kind() === 'field' ? fieldKey(f, lit) : null;
        if (entry && entry.keyNode.kind() === 'identifier') fields.push({ node: f, name: entry.key, nameNode: entry.keyNode, key: null, keyNode: null, type: aliasFieldType(span(entry.keyNode).start) });
      }
      out.types.push({ node: n, name: nameNode.text(), fields, cases: [] });
    } else {
      const strings = all(value, 'string');
      const cases: EnumCase[] = strings.flatMap((s) => {
        const l = lit(s);
        return l?.simple ? [{ node: s, name: l.text, nameNode: s, values: [l] }] : [];
      });
      if (cases.length > 0) out.types.push({ node: n, name: nameNode.text(), fields: [], cases });
    }
  }
  return out;
}

/** `{ COMPLAINT = "complaint", SAFE = "safe" }`: every field a name given a string; none otherwise. */
function constantCases(table: SgNode, lit: (n: SgNode) => Lit | null): EnumCase[] {
  const cases: EnumCase[] = [];
  for (const f of namedKids(table)) {
    if (f.kind() !== 'field') continue;
    const entry = fieldKey(f, lit);
    const value = entry?.value ? lit(entry.value) : null;
    if (!entry || entry.keyNode.kind() !== 'identifier' || !value?.simple) return [];
    cases.push({ node: f, name: entry.key, nameNode: entry.keyNode, values: [value] });
  }
  return cases;
}
