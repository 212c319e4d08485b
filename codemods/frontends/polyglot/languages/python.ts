import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, sameNode, type EnumCase, type FieldDecl, type LangSpec, type Lit } from '../lang';

/** Python: dicts and keyword arguments, assignments and annotated parameters, classes (dataclasses, pydantic, Enum). */
export const python: LangSpec = {
  id: 'python',
  grammar: '@ast-grep/lang-python',
  extensions: ['py', 'pyi'],
  comment: COMMENTS.hash,
  stringKinds: ['string'],
  contentKinds: ['string_content'],
  escapeKinds: ['escape_sequence'],
  functionKinds: ['function_definition', 'lambda'],
  chainKinds: ['attribute', 'subscript', 'call'],
  nameKinds: ['identifier'],
  intKinds: ['integer'],
  returnKinds: ['return_statement'],
  lambdas: { kinds: ['lambda'], params: ['lambda_parameters'], pick: 'first' },
  loopKinds: ['for_statement', 'for_in_clause'],
  builtReturn: pythonBuiltReturn,
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    const keyOf = (n: SgNode) => lit(n)?.text ?? (n.kind() === 'identifier' ? n.text() : null);
    for (const n of all(root, 'pair')) {
      const [k, v] = [namedKids(n)[0], namedKids(n).slice(-1)[0]];
      const key = k ? keyOf(k) : null;
      if (k && key !== null) pairs.push({ node: n, ...rangeOf(n), key, keyNode: k, value: v ?? null, container: n.parent()!, named: false });
    }
    for (const n of all(root, 'keyword_argument')) {
      const [k, v] = [namedKids(n)[0], namedKids(n).slice(-1)[0]];
      const container = n.parent()?.parent();
      if (k && container) pairs.push({ node: n, ...rangeOf(n), key: k.text(), keyNode: k, value: v ?? null, container, named: true });
    }
    for (const n of all(root, 'assignment')) {
      const left = namedKids(n)[0]!;
      const type = childOf(n, 'type');
      const right = n.children().find((c, i, all) => i > 0 && all[i - 1]!.kind() === '=') ?? null;
      const nameNode = left.kind() === 'attribute' ? namedKids(left).slice(-1)[0]! : left;
      // `status, data = self._call(…)`: each name gets the one call (what it returns is read through them).
      const unpacked = /pattern_list|tuple_pattern/.test(left.kind() as string) && right?.kind() === 'call' ? namedKids(left).filter((c) => c.kind() === 'identifier') : [];
      for (const id of unpacked) decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: right });
      if (nameNode.kind() !== 'identifier') continue;
      decls.push({ node: n, name: nameNode.text(), nameNode, type: type?.text() ?? null, init: right });
      // `ModeName = Literal["complaint", "safe"]`: a type alias whose values are its cases, as an Enum's are.
      const literal = right?.kind() === 'subscript' && /^(?:typing\.|t\.)?Literal$/.test(namedKids(right)[0]!.text()) ? namedKids(right).slice(1) : [];
      const cases: EnumCase[] = literal.flatMap((v) => {
        const l = lit(v);
        return l?.simple ? [{ node: v, name: l.text, nameNode: v, values: [l] }] : [];
      });
      if (cases.length > 0 && left === nameNode) types.push({ node: n, name: nameNode.text(), fields: [], cases });
    }
    // `async with http.put(url) as resp:`
    for (const n of all(root, 'as_pattern')) {
      const target = childOf(n, 'as_pattern_target');
      const id = target ? namedKids(target)[0] : undefined;
      const value = namedKids(n)[0];
      if (id?.kind() === 'identifier' && value && value.kind() !== 'as_pattern_target') decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: value });
    }
    for (const n of all(root, 'typed_parameter', 'typed_default_parameter', 'default_parameter')) {
      const nameNode = childOf(n, 'identifier');
      if (!nameNode) continue;
      const type = childOf(n, 'type');
      const value = n.kind() === 'typed_parameter' ? null : namedKids(n).slice(-1)[0] ?? null;
      decls.push({ node: n, name: nameNode.text(), nameNode, type: type?.text() ?? null, init: sameNode(value, nameNode) || (!!type && sameNode(value, type)) ? null : value });
    }
    const helpers = fieldHelpers(root);
    for (const n of all(root, 'class_definition')) {
      const name = childOf(n, 'identifier')?.text();
      const body = childOf(n, 'block');
      if (!name || !body) continue;
      const fields: FieldDecl[] = [];
      const cases: EnumCase[] = [];
      for (const st of namedKids(body)) {
        const a = st.kind() === 'expression_statement' ? childOf(st, 'assignment') : null;
        if (!a) continue;
        const nameNode = namedKids(a)[0]!;
        if (nameNode.kind() !== 'identifier') continue;
        const right = a.children().find((c, i, all) => i > 0 && all[i - 1]!.kind() === '=') ?? null;
        const alias = right?.kind() === 'call' ? aliasOf(right, lit) : null;
        // Annotated (`advice: str`), a serializer / form / ORM field (`advice = serializers.CharField(source=…)`), or an
        // attrs attribute (`advice = attr.ib(default=None)`), which needs no base class.
        const callee = right?.kind() === 'call' ? namedKids(right)[0]!.text() : '';
        // Or a helper of this file that returns one (`race = _opt()` on `def _opt(default=None): return attr.ib(default=default)`).
        const declared = !!childOf(a, 'type') || (!!callee && ((!!childOf(n, 'argument_list') && FIELD_CALL.test(callee)) || ATTRS_FIELD.test(callee) || helpers.has(callee)));
        if (declared) fields.push({ node: st, name: nameNode.text(), nameNode, key: alias?.text ?? null, keyNode: alias?.node ?? null });
        // `COMPLAINT = "complaint"`, and a Django choice with its label (`COMPLAINT = "complaint", "Complaint"`).
        const first = right?.kind() === 'expression_list' || right?.kind() === 'tuple' ? namedKids(right)[0] : right;
        const value = first ? lit(first) : null;
        if (!childOf(a, 'type') && value) cases.push({ node: st, name: nameNode.text(), nameNode, values: [value] });
      }
      types.push({ node: n, name, fields, cases });
    }
    // `Interview = TypedDict("Interview", {"token": str, …})`: a model written as a call.
    for (const n of all(root, 'call')) {
      const callee = namedKids(n)[0]!.text().split('.').pop();
      const args = childOf(n, 'argument_list');
      const [nameArg, dict] = args ? namedKids(args) : [];
      const name = nameArg ? lit(nameArg)?.text : undefined;
      if (callee !== 'TypedDict' || !name || dict?.kind() !== 'dictionary') continue;
      const fields: FieldDecl[] = [];
      for (const pair of namedKids(dict).filter((c) => c.kind() === 'pair')) {
        const k = namedKids(pair)[0];
        const key = k ? lit(k) : null;
        if (k && key?.simple) fields.push({ node: pair, name: key.text, nameNode: k, key: key.text, keyNode: k });
      }
      types.push({ node: n, name, fields, cases: [] });
    }
    for (const n of all(root, 'comparison_operator')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=' || c.kind() === 'is')) compares.push({ node: n, sides: namedKids(n) });
      // `status not in (200, 202)`, `mode in ("safe", "triage")`: the subject against each value listed.
      const [subject, values] = namedKids(n);
      if (n.children().some((c) => c.kind() === 'in' || c.kind() === 'not in') && values && /^(tuple|list|set)$/.test(values.kind() as string)) {
        compares.push({ node: n, sides: [subject!, ...namedKids(values)] });
      }
    }
    for (const n of all(root, 'call')) {
      const fn = namedKids(n)[0]!;
      const args = childOf(n, 'argument_list');
      const callee = fn.kind() === 'attribute' ? namedKids(fn).slice(-1)[0]!.text() : fn.text();
      calls.push({ node: n, callee, args: args ? namedKids(args) : [] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

function rangeOf(n: SgNode): { start: number; end: number } {
  const r = n.range();
  return { start: r.start.index, end: r.end.index };
}

/** A class attribute built by a field constructor: `serializers.CharField(…)`, `fields.Str()`, `ProfileSerializer(many=True)`, SQLAlchemy's `Column(…)`. */
const FIELD_CALL = /(?:^|\.)(?:[A-Z]\w*(?:Field|Serializer|Schema)|Nested|List|Dict|Str|Int|Float|Bool|Column|mapped_column)$/;

/** An attrs attribute: `attr.ib()`, `attr.attrib()`, `attrs.field()`, an imported `attrib()`. */
const ATTRS_FIELD = /^(?:(?:attr|attrs)\.(?:ib|attrib|field)|attrib)$/;

/**
 * Functions of the module whose body returns an attribute constructor (`def _opt(default=None): return attr.ib(default=default)`,
 * `def optional(): return fields.Str(allow_none=True)`): a class attribute built by calling one is that field.
 */
function fieldHelpers(root: SgNode): Set<string> {
  const out = new Set<string>();
  for (const fn of namedKids(root).map((c) => (c.kind() === 'decorated_definition' ? childOf(c, 'function_definition') ?? c : c))) {
    const name = fn.kind() === 'function_definition' ? childOf(fn, 'identifier')?.text() : undefined;
    const body = name ? childOf(fn, 'block') : null;
    const ret = body ? namedKids(body).filter((s) => s.kind() !== 'expression_statement' || childOf(s, 'string') === null) : [];
    const value = ret.length === 1 && ret[0]!.kind() === 'return_statement' ? namedKids(ret[0]!)[0] : undefined;
    const callee = value?.kind() === 'call' ? namedKids(value)[0]!.text() : '';
    if (name && callee && (ATTRS_FIELD.test(callee) || FIELD_CALL.test(callee) || HELPER_FIELD.test(callee))) out.add(name);
  }
  return out;
}

/** dataclasses' and pydantic's field constructors, which a helper may return (`return field(default=None)`). */
const HELPER_FIELD = /^(?:(?:dataclasses|pydantic)\.)?(?:field|Field)$/;

/** `Field(alias="_links")`, `CharField(source="advice")`: the JSON key pydantic or DRF reads the field from. */
function aliasOf(call: SgNode, lit: (n: SgNode) => Lit | null): Lit | null {
  const args = childOf(call, 'argument_list');
  for (const kw of args ? namedKids(args) : []) {
    const key = kw.kind() === 'keyword_argument' ? namedKids(kw)[0]?.text() : null;
    if (key !== 'alias' && key !== 'source' && key !== 'data_key') continue;
    const l = lit(namedKids(kw).slice(-1)[0]!);
    // A dotted source (`source="triage_explanation.potential_condition"`) reaches into another object.
    if (l?.simple && /^\w+$/.test(l.text)) return l;
  }
  return null;
}

/** `Result(…)`, `models.Result(…)`, `Result.from_dict(…)`, `models.Result.model_validate(…)`: the class a call builds. */
const BUILDS = /^(?:[a-z_]\w*\.)*([A-Z]\w*)(?:\.[a-z_]\w*)?$/;

/**
 * The model a function without a return annotation returns: every `return` of its own gives a call that builds one
 * class (`return models.ModeUpdate(accepted_only=True)`, `return Result.from_dict(data)`).
 */
function pythonBuiltReturn(fn: SgNode): string | null {
  if (fn.kind() !== 'function_definition') return null;
  const own = all(fn, 'return_statement').filter((r) => r.ancestors().find((a) => a.kind() === 'function_definition' || a.kind() === 'lambda')?.id() === fn.id());
  let type: string | null = null;
  for (const r of own) {
    const e = namedKids(r)[0];
    const callee = e?.kind() === 'call' ? namedKids(e)[0]!.text() : null;
    const m = callee ? BUILDS.exec(callee) : null;
    if (!m || (type && type !== m[1])) return null;
    type = m[1]!;
  }
  return type;
}
