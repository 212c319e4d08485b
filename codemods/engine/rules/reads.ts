import { bindingOf, calleeName, isCall, isCallee, isMember, isWrite, keyName, memberName, MEMBER, parentOf, type Node, type Path } from '../ast';
import { words } from '../words';
import { nodesBelow } from '../node-index';
import type { FileContext } from '../file';
import { assertedSubject } from '../ties/assertions';
import { patternTie, tieOf } from '../ties/flow';
import { requestTieOfObject } from '../ties/requests';
import { helperNameTie, nameTie } from '../ties/names';
import { schemaObjects } from '../ties/schemas';
import { mockedResponses } from '../ties/mocks';
import { apiCall } from '../ties/url';
import { typeNameTie, typeTie } from '../ties/types';
import { entityColumn, entityResource, flattenedColumnPath, storeModelAttribute } from '../ties/orm-entities';
import { normalizedPayloadTie, serializerAttrs, serializerResource } from '../ties/store-records';
import type { Tie } from '../ties/tie';

/** Shared by the rules about response fields: where code reads a field, and where a type declares one. */

/** Every member read `x.name` (not a write, not a method call) in the file. */
export function memberReads(ctx: FileContext, names: Set<string>, visit: (path: Path, name: string) => void): void {
  for (const { path, name } of membersNamed(ctx, names)) {
    if (isWrite(path) || isCallee(path)) continue;
    visit(path, name);
  }
}

/** The members `x.name` of the given names, in the order of `nodesOf(...MEMBER)`, from one index per file. */
function membersNamed(ctx: FileContext, names: Set<string>): { path: Path; name: string; at: number }[] {
  let index = memberIndex.get(ctx);
  if (!index) {
    index = new Map();
    ctx.nodesOf(...MEMBER).forEach((path: Path, at: number) => {
      const name = memberName(path.node);
      if (name === null || name === '*') return;
      const list = index!.get(name);
      if (list) list.push({ path, name, at });
      else index!.set(name, [{ path, name, at }]);
    });
    memberIndex.set(ctx, index);
  }
  const lists = [...names].map((n) => index.get(n) ?? []).filter((l) => l.length > 0);
  if (lists.length <= 1) return lists[0] ?? [];
  return lists.flat().sort((a, b) => a.at - b.at);
}
const memberIndex = new WeakMap<FileContext, Map<string, { path: Path; name: string; at: number }[]>>();

/** Every destructured key `{ name }` whose source is tied (and not a request). */
export function patternReads(ctx: FileContext, names: Set<string>, visit: (prop: Path, name: string, tie: Tie) => void): void {
  ctx.nodesOf('ObjectPattern').forEach((pattern: Path) => {
    const props: Node[] = pattern.node.properties;
    props.forEach((p, i) => {
      const key = keyName(p);
      if (!key || !names.has(key) || ctx.claimed.has(p)) return;
      const tie = patternTie(ctx, pattern);
      if (tie && tie.role !== 'request') visit(pattern.get('properties', i), key, tie);
    });
  });
}

/**
 * Where what a destructured key binds is forwarded into another object, on a line after the pattern's: `const {
 * marketplace } = interview` then `track({ event: 'start', marketplace })`, `{ advice: advice ?? '' }`. The removed
 * field travels on from there (an analytics event, a view model, a body); other uses (conditions, text) are the
 * destructuring's own site.
 */
export function forwardedDestructured(ctx: FileContext, prop: Path): Path[] {
  let target: Path = prop.get('value');
  if (target.node?.type === 'AssignmentPattern') target = target.get('left');
  if (target.node?.type !== 'Identifier') return [];
  const binding = target;
  const scope = (binding as { scope?: { path?: Path } }).scope?.path;
  if (!scope) return [];
  const line = ctx.lines.lineCol(parentOf(prop)!.node.end).line;
  const out: Path[] = [];
  ctx.identifiersIn(scope, binding.node.name).forEach((ref: Path) => {
    if (ref.node === binding.node || bindingOf(ref)?.node !== binding.node || ctx.lines.lineCol(ref.node.start).line <= line) return;
    let value: Path = ref;
    for (let up = parentOf(value); up && (up.node.type === 'LogicalExpression' || up.node.type === 'TSNonNullExpression'); up = parentOf(value)) value = up;
    const holder = parentOf(value)?.node;
    if ((holder?.type === 'ObjectProperty' || holder?.type === 'Property') && holder.value === value.node && parentOf(parentOf(value)!)?.node.type === 'ObjectExpression') out.push(ref);
  });
  return out;
}

/** A rule's message, reworded for the member of a declared type (`interface Result { advice?: … }`). */
export function memberMessage(message: string, model: 'type' | 'schema' = 'type'): string {
  return `${message.split(';')[0]!.replace(/\.$/, '')}; remove this member from the ${model}.`;
}

/**
 * Members of the models of a resource, with their path inside it: interfaces and type literals
 * (`interface Result { advice?: string }`) and validation schemas (`z.object({ advice: … })`, ties/schemas.ts).
 */
export function interfaceMembers(
  ctx: FileContext,
  visit: (member: Path, path: string[], role: 'request' | 'response', model: 'type' | 'schema', site: Node) => void,
  resource: string,
  operations?: readonly string[],
): void {
  const walk = (bodyPath: Path, members: Node[], prefix: string[], role: 'request' | 'response') => {
    members.forEach((m, i) => {
      if (m.type === 'ObjectTypeProperty') return flowMember(bodyPath.get(i), m, prefix, role);
      if (m.type !== 'TSPropertySignature') return;
      const key = keyName(m);
      if (!key) return;
      const memberPath = bodyPath.get(i);
      visit(memberPath, [...prefix, key], role, 'type', m.key);
      let t = m.typeAnnotation?.typeAnnotation;
      let inner = [...prefix, key];
      const genericArray = (x: Node) => x?.type === 'TSTypeReference' && x.typeName?.type === 'Identifier' && ['Array', 'ReadonlyArray'].includes(x.typeName.name) && x.typeParameters?.params.length === 1;
      while (t && (t.type === 'TSArrayType' || genericArray(t) || t.type === 'TSUnionType' || t.type === 'TSParenthesizedType')) {
        if (t.type === 'TSArrayType' || genericArray(t)) {
          // `options: Option[]`, `options: Array<{ … }>`
          inner = [...inner, '*'];
          t = t.type === 'TSArrayType' ? t.elementType : t.typeParameters.params[0];
        } else if (t.type === 'TSUnionType') t = t.types.find((x: Node) => x.type === 'TSTypeLiteral' || x.type === 'TSArrayType');
        else t = t.typeAnnotation;
      }
      if (t && t.type === 'TSTypeLiteral') {
        nodesBelow(ctx.j, memberPath.get('typeAnnotation')).filter((p: Path) => p.node === t).forEach((lit: Path) => walk(lit.get('members'), t.members, inner, role));
      }
    });
  };
  // Flow: `type Result = {| advice: ?string |}`, `interface Complaint { extra?: string }`; members nest the same way.
  const flowMember = (memberPath: Path, m: Node, prefix: string[], role: 'request' | 'response') => {
    const key = keyName(m);
    if (!key) return;
    visit(memberPath, [...prefix, key], role, 'type', m.key);
    let t: Node = m.value;
    let valuePath: Path = memberPath.get('value');
    let inner = [...prefix, key];
    while (t && (t.type === 'NullableTypeAnnotation' || t.type === 'ArrayTypeAnnotation')) {
      if (t.type === 'ArrayTypeAnnotation') inner = [...inner, '*'];
      valuePath = valuePath.get(t.type === 'ArrayTypeAnnotation' ? 'elementType' : 'typeAnnotation');
      t = valuePath.node;
    }
    if (t?.type === 'ObjectTypeAnnotation') walk(valuePath.get('properties'), t.properties, inner, role);
  };
  ctx.nodesOf('TypeAlias', 'InterfaceDeclaration').forEach((decl: Path) => {
    const tie = typeNameTie(decl.node.id.name);
    if (!tie || tie.resource !== resource) return;
    const key = decl.node.type === 'TypeAlias' ? 'right' : 'body';
    if (decl.node[key]?.type === 'ObjectTypeAnnotation') walk(decl.get(key, 'properties'), decl.node[key].properties, tie.path, tie.role);
  });
  ctx.nodesOf('TSInterfaceDeclaration').forEach((decl: Path) => {
    const own = typeNameTie(decl.node.id.name);
    // `interface InterviewUpdate extends Interview`: extending a response model makes a response model.
    const base = (decl.node.extends ?? [])
      .map((h: Node) => heritageName(h))
      .map((name: string | null) => (name ? typeNameTie(name) : null))
      .find((t: ReturnType<typeof typeNameTie>) => t && t.role === 'response');
    const tie = base && own && base.resource === own.resource ? { ...own, role: 'response' as const } : own ?? base;
    if (!tie || tie.resource !== resource) return;
    walk(decl.get('body', 'body'), decl.node.body.body, tie.path, tie.role);
  });
  // Classes that model a payload: DTOs (`class CreateComplaintDto { @IsOptional() extra?: string }`), models.
  ctx.nodesOf('ClassDeclaration').forEach((decl: Path) => {
    // An ORM's entity (`@Entity({ name: 'interviews' }) class InterviewRecord`): its columns, a nested field's flattened.
    const table = entityResource(decl.node);
    if (table) {
      if (table !== resource) return;
      decl.node.body.body.forEach((m: Node, i: number) => {
        const col = entityColumn(m);
        if (!col) return;
        const path = flattenedColumnPath(table, col.column) ?? [col.column];
        for (const site of col.sites) visit(decl.get('body', 'body', i), path, 'response', 'type', site);
      });
      return;
    }
    // A serializer named for the resource (`class InterviewSerializer`): the payload keys its `attrs` map.
    const serialized = serializerResource(decl.node);
    if (serialized) {
      if (serialized === resource) serializerAttrs(decl.get('body'), (entry, key, site) => visit(entry, [key], 'response', 'type', site));
      return;
    }
    const tie = decl.node.id ? typeNameTie(decl.node.id.name) : null;
    if (!tie || tie.resource !== resource) return;
    decl.node.body.body.forEach((m: Node, i: number) => {
      if (m.type !== 'ClassProperty' && m.type !== 'PropertyDefinition') return;
      // A store model's attribute named for a nested field (`@attr('number') height` of an interview model): flattened.
      const attr = tie.path.length === 0 ? storeModelAttribute(decl.node, m) : null;
      const flat = attr ? flattenedColumnPath(tie.resource, attr) : null;
      if (flat) return void visit(decl.get('body', 'body', i), flat, tie.role, 'type', m.key);
      const wire = wireKey(m);
      // A renamed member's site is where its JSON key is written (`@Expose({ name: 'interview_mode' })`).
      if (wire) visit(decl.get('body', 'body', i), [...tie.path, wire.key], tie.role, 'type', wire.site);
    });
  });
  // The response type given to a request (`http.put<{ msg?: string }>(url, body)`, `axios.get<{ advice: string[] }>(…)`).
  ctx.nodesOf('CallExpression').forEach((call: Path) => {
    const params = (call.node.typeParameters ?? call.node.typeArguments)?.params;
    const literal = params?.length === 1 && params[0].type === 'TSTypeLiteral' ? params[0] : null;
    if (!literal) return;
    const sent = apiCall(ctx, call);
    if (!sent || sent.resource !== resource || (operations && !operations.includes(sent.op))) return;
    const key = call.node.typeParameters ? 'typeParameters' : 'typeArguments';
    walk(call.get(key, 'params', 0, 'members'), literal.members, [], 'response');
  });
  for (const { object, tie } of schemaObjects(ctx)) {
    if (tie.resource !== resource) continue;
    object.node.properties.forEach((p: Node, i: number) => {
      const key = keyName(p);
      if (key) visit(object.get('properties', i), [...tie.path, key], tie.role === 'request' ? 'request' : 'response', 'schema', p.key);
    });
  }
  ctx.nodesOf('TSTypeAliasDeclaration').forEach((decl: Path) => {
    const own = typeNameTie(decl.node.id.name);
    const t = decl.node.typeAnnotation;
    // `type InterviewUpdate = Interview & { msg?: string }`: extending a response model makes a response model.
    const base = t.type === 'TSIntersectionType'
      ? t.types.map((part: Node) => (part.type === 'TSTypeReference' ? heritageName({ expression: part.typeName, typeParameters: part.typeParameters ?? part.typeArguments }) : null)).map((name: string | null) => (name ? typeNameTie(name) : null)).find((b: ReturnType<typeof typeNameTie>) => b && b.role === 'response')
      : null;
    const tie = base && own && base.resource === own.resource ? { ...own, role: 'response' as const } : own;
    if (!tie || tie.resource !== resource) return;
    if (t.type === 'TSTypeLiteral') walk(decl.get('typeAnnotation', 'members'), t.members, tie.path, tie.role);
    // `type InterviewUpdateResponse = Interview & { msg?: string }`, `Pick<Complaint, 'text'> & { extra?: … }`
    if (t.type === 'TSIntersectionType') {
      t.types.forEach((part: Node, i: number) => {
        if (part.type === 'TSTypeLiteral') walk(decl.get('typeAnnotation', 'types', i, 'members'), part.members, tie.path, tie.role);
      });
    }
  });
}

/** Utility types that keep a model's members (`Partial<Interview>`): what they wrap is the model extended. */
const KEEPING_UTILITIES = new Set(['Partial', 'Readonly', 'Required', 'DeepPartial', 'Omit', 'Pick']);

/** The model an interface extends: `extends Interview`, `extends Partial<Interview>`, `extends Omit<Interview, 'mode'>`. */
function heritageName(h: Node): string | null {
  if (h.expression?.type !== 'Identifier') return null;
  const params = (h.typeParameters ?? h.typeArguments)?.params;
  const inner = params?.[0];
  if (!KEEPING_UTILITIES.has(h.expression.name) || !inner) return h.expression.name;
  return inner.type === 'TSTypeReference' && inner.typeName?.type === 'Identifier' ? inner.typeName.name : null;
}

/** Decorators that name the JSON key a class property maps (class-transformer, json2typescript, typescript-json-serializer). */
const KEY_DECORATORS = new Set(['Expose', 'JsonProperty', 'JsonMember']);

/**
 * The JSON key a class property is read from and written to: `@Expose({ name: 'potential_condition' }) condition`,
 * `@JsonProperty('advice', [String]) tips`, `@JsonProperty({ name: 'test' })`; else the property's own name.
 */
function wireKey(m: Node): { key: string; site: Node } | null {
  for (const d of m.decorators ?? []) {
    const e = d.expression;
    if (e?.type !== 'CallExpression' || e.callee.type !== 'Identifier' || !KEY_DECORATORS.has(e.callee.name)) continue;
    const a = e.arguments[0];
    const named = a?.type === 'ObjectExpression' ? a.properties.find((p: Node) => keyName(p) === 'name')?.value : a;
    if (named && (named.type === 'StringLiteral' || (named.type === 'Literal' && typeof named.value === 'string'))) return { key: named.value, site: named.value === keyName(m) ? m.key : named };
  }
  const key = keyName(m);
  return key ? { key, site: m.key } : null;
}

/**
 * Object literals written with a response model's type: fixtures and mocks (`const result: Result = { advice: […] }`,
 * `{ … } as Interview`, `satisfies Question`, items of a `Result[]`), with the path of each key inside the model.
 */
export function typedLiterals(ctx: FileContext, resource: string, visit: (prop: Path, path: string[]) => void, operations?: readonly string[]): void {
  const walk = (obj: Path, prefix: string[]) => walkLiteral(obj, prefix, visit);
  for (const obj of ctx.nodesOf('ObjectExpression')) {
    const parent = parentOf(obj);
    if (!parent) continue;
    const pn = parent.node;
    let typeNode: Node = null;
    let list = false;
    if (pn.type === 'VariableDeclarator' && pn.init === obj.node) typeNode = pn.id.typeAnnotation;
    else if (pn.type === 'TSAsExpression' || pn.type === 'TSSatisfiesExpression') typeNode = pn.typeAnnotation;
    else if (pn.type === 'ArrayExpression') {
      const decl = parentOf(parent)?.node;
      if (decl?.type === 'VariableDeclarator' && decl.init === pn) {
        typeNode = decl.id.typeAnnotation;
        list = true;
      }
    }
    const tie = typeNode ? typeTie(typeNode) : untypedLiteralTie(ctx, obj);
    if (!tie || tie.role !== 'body' || tie.resource !== resource || (tie.list && !list)) continue;
    walk(obj, [...tie.path]);
  }
  // Test doubles' response bodies (nock, msw, Angular's HttpTestingController): of the rule's operations only, when it
  // names them (a mocked interview read's `msg` is no update's).
  for (const mock of mockedResponses(ctx)) {
    if (mock.body && mock.call.resource === resource && (!operations || operations.includes(mock.call.op))) walk(mock.body, []);
  }
}

/**
 * What an untyped literal stands for in a file that deals with this API and no other: the value a test asserts a
 * response equals (`expect(result).toEqual({ advice })`), a fixture bound to a resource's name (`const question =
 * { options: [...] }`), or the argument of a function named for reading one (`summarizeResult({ … })`). Never a
 * body the code sends (those are requests).
 */
function untypedLiteralTie(ctx: FileContext, obj: Path): Tie | null {
  // The payload a test hands a serializer's normalize call for a resource's model (Ember Data).
  const normalized = normalizedPayloadTie(ctx, obj);
  if (normalized) return normalized;
  if (!ctx.touchesApi() || ctx.otherApiOnly() || requestTieOfObject(ctx, obj)) return null;
  const subject = assertedSubject(obj);
  if (subject) {
    const t = tieOf(ctx, subject);
    return t && (t.role === 'body' || (t.role === 'result' && t.via === 'name')) ? { ...t, role: 'body', weak: true } : null;
  }
  // `{ ...questionFixture, preselected: 'opt-no' }`: a copy of a resource's body with keys of its own.
  const spread = obj.node.properties.findIndex((p: Node) => p.type === 'SpreadElement');
  const copied = spread >= 0 ? tieOf(ctx, obj.get('properties', spread, 'argument')) : null;
  if (copied && copied.role === 'body' && !copied.list) return { ...copied, weak: true };
  const pn = parentOf(obj)!.node;
  let name: string | null = null;
  // `export const questionsResponse = [{ … }, { … }]`: items of a list named for the resource.
  const listDecl = pn.type === 'ArrayExpression' ? parentOf(parentOf(obj)!)?.node : null;
  if (listDecl?.type === 'VariableDeclarator' && listDecl.init === pn && listDecl.id.type === 'Identifier') {
    const listed = nameTie(listDecl.id.name);
    return listed && listed.list ? { ...listed, list: false, weak: true } : null;
  }
  if (pn.type === 'VariableDeclarator' && pn.init === obj.node && pn.id.type === 'Identifier') name = pn.id.name;
  // `<QuestionCard question={{ … }} />`: a prop named for the resource.
  else if (pn.type === 'JSXExpressionContainer' && parentOf(parentOf(obj)!)?.node.type === 'JSXAttribute') name = parentOf(parentOf(obj)!)!.node.name?.name ?? null;
  // `var Fixtures = { interview: { … }, modeUpdate: { … } }`: canned answers kept under their resource's name.
  else if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === obj.node && standInCollection(parentOf(parentOf(obj)!)!)) name = keyName(pn);
  else if (isCall(pn) && pn.arguments[0] === obj.node) {
    name = calleeName(pn.callee);
    const helper = helperNameTie(name);
    if (helper && helper.op !== 'read') return null;
  }
  const t = name ? nameTie(name) : null;
  return t && !t.list ? { ...t, weak: true } : null;
}

/** Plural words that name a collection of stand-ins for the API's answers: `Fixtures`, `MOCKS`, `cannedResponses`. */
const STAND_IN_COLLECTIONS = new Set(['fixtures', 'mocks', 'stubs', 'fakes', 'samples', 'examples', 'responses', 'replies']);

/**
 * Whether an object literal is a collection of canned answers by its name: the value of `var Fixtures = {…}`,
 * `window.MOCK_RESPONSES = {…}`, `export const fixtures = {…}`, `module.exports = {…}` of a file so named. Never
 * a collection of bodies to send (`payloads`, `requests`: those are requests).
 */
function standInCollection(outer: Path): boolean {
  const pn = parentOf(outer)?.node;
  let name: string | null = null;
  if (pn?.type === 'VariableDeclarator' && pn.init === outer.node && pn.id.type === 'Identifier') name = pn.id.name;
  else if (pn?.type === 'AssignmentExpression' && pn.right === outer.node && isMember(pn.left)) name = memberName(pn.left);
  if (!name) return false;
  const w = words(name);
  return STAND_IN_COLLECTIONS.has(w[w.length - 1] ?? '');
}

/** Every key of an object literal (and of the objects and arrays of objects it holds), with its path. */
export function walkLiteral(obj: Path, prefix: string[], visit: (prop: Path, path: string[]) => void): void {
  const walk = (o: Path, pre: string[]) => walkLiteral(o, pre, visit);
  obj.node.properties.forEach((p: Node, i: number) => {
    const key = keyName(p);
    if (!key || p.type === 'SpreadElement') return;
    const prop = obj.get('properties', i);
    visit(prop, [...prefix, key]);
    const v = p.value;
    if (v?.type === 'ObjectExpression') walk(prop.get('value'), [...prefix, key]);
    if (v?.type === 'ArrayExpression') {
      v.elements.forEach((e: Node, k: number) => {
        if (e?.type === 'ObjectExpression') walk(prop.get('value', 'elements', k), [...prefix, key, '*']);
      });
    }
  });
}
