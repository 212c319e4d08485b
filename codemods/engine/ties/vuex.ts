import { bindingOf, calleeName, constInit, isFunction, isMember, keyName, memberName, objectHasKey, parentOf, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './static-text';
import { tieOf } from './flow';
import { wireName, type Tie } from './tie';

/**
 * Vuex: an action commits what the API returned (`commit('SET_INTERVIEW', data)`, `context.commit(…)`,
 * `this.$store.commit('interview/SET_INTERVIEW', res.data)`), and the mutation of that name receives it as its
 * second parameter (`SET_INTERVIEW (state, data) { state.marketplace = data.marketplace }`). Mutations are found
 * under a `mutations` key of the store object (or a `const mutations = {…}`) of the same file; the commits are
 * the file's calls from the node index. The payload crossed a store: its reads are weak (a person confirms).
 */
export function mutationPayloadTie(ctx: FileContext, param: Path): Tie | null {
  const fnPath = parentOf(param);
  if (!fnPath || !(isFunction(fnPath.node) || fnPath.node.type === 'ObjectMethod') || fnPath.node.params[1] !== param.node) return null;
  const name = mutationName(ctx, fnPath);
  if (!name) return null;
  for (const call of ctx.nodesOf('CallExpression')) {
    const args = call.node.arguments;
    if (calleeName(call.node.callee) !== 'commit' || args.length < 2) continue;
    const type = staticText(ctx, call.get('arguments', 0));
    if (type !== name && !type?.endsWith(`/${name}`)) continue;
    const tie = tieOf(ctx, call.get('arguments', 1));
    if (tie && tie.role !== 'request' && !tie.list) return { ...tie, weak: true };
  }
  return null;
}

/**
 * A field of a Vuex module's state, read in a getter or a mutation (`marketplaceName: state => state.marketplace.name`):
 * what the module's mutations assign to that field (`state.marketplace = data.marketplace`, with `data` tied as
 * above). Weak, as the payload it came from.
 */
export function storeStateTie(ctx: FileContext, member: Path): Tie | null {
  const name = memberName(member.node);
  if (!name || name === '*' || !isStateParam(ctx, member.get('object'), STATE_READERS)) return null;
  for (const right of stateAssignments(ctx, name, member)) {
    const tie = tieOf(ctx, right);
    if (tie && tie.role !== 'request' && !tie.list) return { ...tie, weak: true };
  }
  return null;
}

/**
 * The state itself where a field of it is read, when the mutations copy that field from a tied value under the same
 * name (`state.marketplace = data.marketplace`): the state mirrors that value there, so `state.marketplace` is a read
 * of the interview's `marketplace`. Weak.
 */
export function mirroredStateTie(ctx: FileContext, id: Path): Tie | null {
  const member = parentOf(id);
  if (!member || !isMember(member.node) || member.node.object !== id.node) return null;
  const name = memberName(member.node);
  if (!name || name === '*' || !isStateParam(ctx, id, STATE_READERS)) return null;
  for (const right of stateAssignments(ctx, name, member)) {
    const object = copiedFrom(right, name);
    const tie = object ? tieOf(ctx, object) : null;
    if (tie && tie.role !== 'request' && !tie.list) return { ...tie, weak: true };
  }
  return null;
}

/** What the module's mutations assign to `state.<name>` (other than at `except`), from the node index. */
function stateAssignments(ctx: FileContext, name: string, except: Path): Path[] {
  const out: Path[] = [];
  for (const a of ctx.nodesOf('AssignmentExpression')) {
    const left = a.get('left');
    if (a.node.operator !== '=' || !isMember(left.node) || memberName(left.node) !== name || left.node === except.node) continue;
    if (isStateParam(ctx, left.get('object'), MUTATIONS)) out.push(a.get('right'));
  }
  return out;
}

/**
 * The object a state field copies its namesake from: `data.marketplace`, with a fallback (`data.marketplace || null`,
 * `?? ''`) or as a flag (`!!data.interview_mode` into `interviewMode`, the camel-cased name). Null for anything else.
 */
export function copiedFrom(right: Path, name: string): Path | null {
  const n = right.node;
  if (n.type === 'ParenthesizedExpression') return copiedFrom(right.get('expression'), name);
  if (n.type === 'LogicalExpression' && ['||', '??'].includes(n.operator) && isFallback(n.right)) return copiedFrom(right.get('left'), name);
  if (n.type === 'UnaryExpression' && n.operator === '!' && n.argument.type === 'UnaryExpression' && n.argument.operator === '!') return copiedFrom(right.get('argument', 'argument'), name);
  if (!isMember(n)) return null;
  const read = memberName(n);
  return read === name || (read && wireName(name) === read) ? right.get('object') : null;
}

/** A literal default: `null`, `''`, `0`, `false`, `[]`, `{}`. */
export function isFallback(n: { type: string; elements?: unknown[]; properties?: unknown[] }): boolean {
  if (['NullLiteral', 'StringLiteral', 'NumericLiteral', 'BooleanLiteral', 'Literal'].includes(n.type)) return true;
  if (n.type === 'Identifier') return (n as { name?: string }).name === 'undefined';
  return (n.type === 'ArrayExpression' && n.elements!.length === 0) || (n.type === 'ObjectExpression' && n.properties!.length === 0);
}

const MUTATIONS = new Set(['mutations']);
const STATE_READERS = new Set(['mutations', 'getters']);

/** Whether an expression is the `state` parameter (the first) of a function held under one of `holders`' keys. */
function isStateParam(ctx: FileContext, path: Path, holders: Set<string>): boolean {
  if (path.node.type !== 'Identifier') return false;
  const binding = bindingOf(path);
  const fnPath = binding ? parentOf(binding) : null;
  if (!fnPath || !(isFunction(fnPath.node) || fnPath.node.type === 'ObjectMethod') || fnPath.node.params[0] !== binding!.node) return false;
  const held = holderOf(ctx, fnPath);
  return !!held && holders.has(held.holder);
}

/** The name of the mutation a function is (`SET_X (state, p) {}`, `SET_X: (state, p) => …`), or null. */
function mutationName(ctx: FileContext, fnPath: Path): string | null {
  const held = holderOf(ctx, fnPath);
  return held?.holder === 'mutations' ? held.name : null;
}

/** For a function that is a property of an object literal: the property's name and what holds the object. */
function holderOf(ctx: FileContext, fnPath: Path): { name: string | null; holder: string } | null {
  let prop: Path = fnPath;
  if (fnPath.node.type !== 'ObjectMethod') {
    prop = parentOf(fnPath)!;
    if (!prop || !['ObjectProperty', 'Property'].includes(prop.node.type) || prop.node.value !== fnPath.node) return null;
  }
  const obj = parentOf(prop);
  if (obj?.node.type !== 'ObjectExpression') return null;
  const holder = parentOf(obj);
  const held =
    holder && (['ObjectProperty', 'Property'].includes(holder.node.type) ? keyName(holder.node) : holder.node.type === 'VariableDeclarator' && holder.node.id.type === 'Identifier' ? holder.node.id.name : null);
  if (!held) return null;
  return { name: keyName(prop.node) ?? (prop.node.computed ? staticText(ctx, prop.get('key')) : null), holder: held };
}

/**
 * The members of a Vuex module's initial state that mirror a tied value (`state: () => ({ marketplace: null })`
 * where a mutation does `state.marketplace = data.marketplace`): the state models that field of the resource, with
 * its path inside it. The state is a literal, a function returning one, or a const of this file naming either.
 */
export function mirroredStateMembers(ctx: FileContext, visit: (prop: Path, tie: Tie) => void): void {
  let found = membersMemo.get(ctx);
  if (!found) {
    found = [];
    const out = found;
    collectStateMembers(ctx, (prop, tie) => out.push({ prop, tie }));
    membersMemo.set(ctx, found);
  }
  for (const { prop, tie } of found) visit(prop, tie);
}
/** Per file: every rule of the run asks, the answer is one. */
const membersMemo = new WeakMap<FileContext, { prop: Path; tie: Tie }[]>();

function collectStateMembers(ctx: FileContext, visit: (prop: Path, tie: Tie) => void): void {
  reducerStateMembers(ctx, visit);
  const states: Path[] = [];
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property', 'ObjectMethod')) {
    if (keyName(prop.node) === 'state' && objectHasKey(parentOf(prop)!, 'mutations')) states.push(prop.node.type === 'ObjectMethod' ? prop : prop.get('value'));
  }
  // Nuxt's store modules export their parts: `export const state = () => ({…})` beside `export const mutations = {…}`.
  const topLevel = (name: string) => ctx.nodesOf('VariableDeclarator').find((d) => d.node.id.type === 'Identifier' && d.node.id.name === name && d.scope?.isGlobal !== false && d.node.init);
  const nuxtState = topLevel('state');
  if (nuxtState && topLevel('mutations')) states.push(nuxtState.get('init'));
  for (const state of states) {
    const literal = stateLiteral(state);
    if (!literal) continue;
    literal.node.properties.forEach((member: { key?: unknown }, i: number) => {
      const name = keyName(member);
      if (!name) return;
      for (const right of stateAssignments(ctx, name, literal)) {
        const object = copiedFrom(right, name);
        const tie = object ? tieOf(ctx, object) : null;
        if (tie && tie.role !== 'request' && !tie.list) return visit(literal.get('properties', i), { ...tie, path: [...tie.path, name], weak: true });
      }
    });
  }
}

/** The object literal a module's `state` is: itself, what a function returns, or the const it names. */
function stateLiteral(path: Path, depth = 0): Path | null {
  const n = path.node;
  if (!n || depth > 2) return null;
  if (n.type === 'ObjectExpression') return path;
  if (n.type === 'ParenthesizedExpression') return stateLiteral(path.get('expression'), depth + 1);
  if (n.type === 'Identifier') {
    const init = constInit(path);
    return init ? stateLiteral(init, depth + 1) : null;
  }
  if (isFunction(n) || n.type === 'ObjectMethod') {
    if (n.body.type !== 'BlockStatement') return stateLiteral(path.get('body'), depth + 1);
    const i = n.body.body.findIndex((s: { type: string }) => s.type === 'ReturnStatement');
    return i >= 0 ? stateLiteral(path.get('body', 'body', i, 'argument'), depth + 1) : null;
  }
  return null;
}

/**
 * Redux: a reducer's initial state (`function interview(state = initialState, action)`) whose members the reducer
 * fills from a tied value under the same name (`return { ...state, marketplace: action.payload.marketplace }`, or
 * `state.marketplace = action.payload.marketplace` in an Immer reducer): the state models that field of the resource.
 */
function reducerStateMembers(ctx: FileContext, visit: (prop: Path, tie: Tie) => void): void {
  for (const fn of ctx.nodesOf('FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression')) {
    const first = fn.node.params[0];
    if (first?.type !== 'AssignmentPattern' || first.left.type !== 'Identifier' || fn.node.params.length !== 2) continue;
    const literal = stateLiteral(fn.get('params', 0, 'right'));
    if (!literal) continue;
    const inside = (p: Path) => p.node.start >= fn.node.start && p.node.end <= fn.node.end && !(p.node.start >= literal.node.start && p.node.end <= literal.node.end);
    const copies = new Map<string, Path[]>();
    const add = (name: string | null, value: Path) => {
      if (name && isMember(value.node) && memberName(value.node) === name) copies.set(name, [...(copies.get(name) ?? []), value.get('object')]);
    };
    for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) if (inside(prop) && objectSpreads(parentOf(prop)!, first.left.name)) add(keyName(prop.node), prop.get('value'));
    for (const a of ctx.nodesOf('AssignmentExpression')) {
      const left = a.node.left;
      if (a.node.operator === '=' && inside(a) && isMember(left) && left.object.type === 'Identifier' && left.object.name === first.left.name) add(memberName(left), a.get('right'));
    }
    literal.node.properties.forEach((member: { key?: unknown }, i: number) => {
      const name = keyName(member);
      for (const object of (name && copies.get(name)) || []) {
        const tie = tieOf(ctx, object);
        if (tie && tie.role !== 'request' && !tie.list) return visit(literal.get('properties', i), { ...tie, path: [...tie.path, name!], weak: true });
      }
    });
  }
}

/** Whether an object literal spreads the state (`{ ...state, x }`): the reducer's next state. */
function objectSpreads(obj: Path, state: string): boolean {
  return obj.node.type === 'ObjectExpression' && obj.node.properties.some((p: { type: string; argument?: { type: string; name?: string } }) => (p.type === 'SpreadElement' || p.type === 'SpreadProperty') && p.argument?.type === 'Identifier' && p.argument.name === state);
}
