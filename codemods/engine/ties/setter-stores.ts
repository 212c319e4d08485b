import { constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf } from './constants';
import { tieOf } from './flow';
import { sameValue } from './project';
import type { Tie } from './tie';
import { copiedFrom } from './vuex';

/**
 * A zustand store (`create<InterviewState>((set) => ({ ...initialState, setInterview: (i) => set({ experiment: {
 * marketplace: i.marketplace ?? null } }) }))`): its `set(…)` calls copy tied values into members of the state, so
 * the state's initial members under those names (inline or in the const it spreads) and the members of the state's
 * type (`experiment: { marketplace: string | null }`) model those fields. Weak, as the copies: a person confirms.
 */

/** Store factories of zustand (`create`, vanilla `createStore`). */
const FACTORIES = new Set(['create', 'createStore']);

/** Each initial member and type member of the file's zustand stores that mirrors a tied value, with its tie. */
export function setterStoreMembers(ctx: FileContext, visit: (prop: Path, tie: Tie) => void): void {
  for (const call of ctx.nodesOf('CallExpression')) {
    const made = storeCreator(call);
    if (!made) continue;
    const copies = storeCopies(ctx, made);
    if (copies.size === 0) continue;
    const literal = creatorLiteral(made.creator);
    for (const state of literal ? [literal, ...spreadLiterals(literal)] : []) matchMembers(state, 'properties', [], copies, visit);
    const type = made.type ? typeBody(ctx, made.type) : null;
    if (type) matchMembers(type.path, type.key, [], copies, visit);
  }
}

/**
 * The members of the zustand stores the file exports (`export const useInterviewStore = create(…)`), by
 * `useInterviewStore.experiment`: what a member holds when the `set` calls copy it, or each of its fields from one
 * tied value (`experiment: { marketplace: i.marketplace, variant: i.variant }` holds the interview's fields).
 */
export function setterStoreValues(ctx: FileContext): Record<string, Tie> {
  const out: Record<string, Tie> = {};
  if (!ctx.source.includes('zustand')) return out;
  for (const call of ctx.nodesOf('CallExpression')) {
    const decl = parentOf(call);
    if (decl?.node.type !== 'VariableDeclarator' || decl.node.init !== call.node || decl.node.id.type !== 'Identifier') continue;
    if (parentOf(parentOf(decl)!)?.node.type !== 'ExportNamedDeclaration') continue;
    const made = storeCreator(call);
    if (!made) continue;
    const copies = storeCopies(ctx, made);
    const members = new Map<string, Tie | null>();
    for (const [key, tie] of copies) {
      const [member, ...rest] = key.split('.');
      // A member copied whole, or the tied value its fields come from (one for all of them).
      const value = rest.length === 0 ? tie : rest.length === 1 ? { ...tie, path: tie.path.slice(0, -1) } : null;
      const had = members.get(member!);
      members.set(member!, had === undefined ? value : had && value && sameValue(had, value) ? had : null);
    }
    for (const [member, tie] of members) if (tie) out[`${decl.node.id.name}.${member}`] = tie;
  }
  return out;
}

/** What the `set` calls of a store copy into its state, by the member's path. */
function storeCopies(ctx: FileContext, made: { creator: Path; set: string }): Map<string, Tie> {
  const copies = new Map<string, Tie>();
  ctx.j(made.creator).find(ctx.j.CallExpression).forEach((c: Path) => {
    if (c.node.callee.type !== 'Identifier' || c.node.callee.name !== made.set || !c.node.arguments[0]) return;
    const next = stateObject(c.get('arguments', 0));
    if (next) collectCopies(ctx, next, [], copies);
  });
  return copies;
}

/**
 * `useInterviewStore((s) => s.experiment)` of a store another module exports: what that member holds
 * (setterStoreValues), from the run's facts.
 */
export function storeSelectorTie(ctx: FileContext, call: Path): Tie | null {
  const n = call.node;
  const ask = ctx.project.importedStore;
  const fn = n.arguments[0];
  if (!ask || n.callee.type !== 'Identifier' || n.arguments.length !== 1 || !isFunction(fn) || fn.params[0]?.type !== 'Identifier') return null;
  const body = fn.body;
  if (!isMember(body) || body.object.type !== 'Identifier' || body.object.name !== fn.params[0].name) return null;
  const member = memberName(body);
  const imp = member && member !== '*' ? importOf(call.get('callee')) : null;
  return imp && imp.exportName !== 'default' ? ask(ctx.filePath, imp.specifier, `${imp.exportName}.${member}`) : null;
}

/** The creator function of a zustand store call, the name of its `set` parameter and the state's type argument. */
function storeCreator(call: Path): { creator: Path; set: string; type: Node } | null {
  let callee: Path = call.get('callee');
  let typeArgs: Node = call.node.typeParameters ?? call.node.typeArguments;
  // `create<State>()(creator)`: curried, for middlewares' types.
  if (isCall(callee.node) && callee.node.arguments.length === 0) {
    typeArgs = callee.node.typeParameters ?? callee.node.typeArguments;
    callee = callee.get('callee');
  }
  if (callee.node.type !== 'Identifier' || !FACTORIES.has(callee.node.name)) return null;
  if (!importOf(callee)?.specifier.startsWith('zustand')) return null;
  // Middlewares wrap the creator: `persist((set) => …, options)`, `devtools(…)`.
  let creator: Path | null = call.node.arguments[0] ? call.get('arguments', 0) : null;
  for (let i = 0; creator && isCall(creator.node) && i < 3; i++) creator = creator.node.arguments[0] ? creator.get('arguments', 0) : null;
  const first = creator && isFunction(creator.node) ? creator.node.params[0] : null;
  if (!creator || first?.type !== 'Identifier') return null;
  return { creator, set: first.name, type: typeArgs?.params?.[0] ?? null };
}

/** The object a `set` call merges: `set({…})`, or what `set((state) => ({…}))` returns. */
function stateObject(arg: Path): Path | null {
  if (arg.node.type === 'ObjectExpression') return arg;
  if (isFunction(arg.node) && arg.node.body.type === 'ObjectExpression') return arg.get('body');
  return null;
}

/** The members an object copies from a tied value under the same name, by their path in the state. */
function collectCopies(ctx: FileContext, obj: Path, prefix: string[], copies: Map<string, Tie>): void {
  obj.node.properties.forEach((p: Node, i: number) => {
    const name = keyName(p);
    if (!name || (p.type !== 'ObjectProperty' && p.type !== 'Property')) return;
    const value: Path = obj.get('properties', i, 'value');
    if (value.node.type === 'ObjectExpression') return collectCopies(ctx, value, [...prefix, name], copies);
    const object = copiedFrom(value, name);
    const tie = object ? tieOf(ctx, object) : null;
    if (tie && tie.role !== 'request' && !tie.list) copies.set([...prefix, name].join('.'), { ...tie, path: [...tie.path, name], weak: true });
  });
}

/** The object literal the creator returns (`(set) => ({…})`, or `return {…}`). */
function creatorLiteral(creator: Path): Path | null {
  const body = creator.get('body');
  if (body.node.type === 'ObjectExpression') return body;
  if (body.node.type !== 'BlockStatement') return null;
  const i = body.node.body.findIndex((s: Node) => s.type === 'ReturnStatement' && s.argument?.type === 'ObjectExpression');
  return i >= 0 ? body.get('body', i, 'argument') : null;
}

/** The const object literals a state literal spreads: `{ ...initialState, … }`. */
function spreadLiterals(literal: Path): Path[] {
  const out: Path[] = [];
  literal.node.properties.forEach((p: Node, i: number) => {
    if ((p.type !== 'SpreadElement' && p.type !== 'SpreadProperty') || p.argument?.type !== 'Identifier') return;
    const init = constInit(literal.get('properties', i, 'argument'));
    if (init?.node.type === 'ObjectExpression') out.push(init);
  });
  return out;
}

/** The members of the state's type: an interface's body or a type alias's literal, declared in this file. */
function typeBody(ctx: FileContext, ref: Node): { path: Path; key: string } | null {
  const name = ref?.type === 'TSTypeReference' && ref.typeName?.type === 'Identifier' ? ref.typeName.name : null;
  if (!name) return null;
  for (const d of ctx.nodesOf('TSInterfaceDeclaration')) if (d.node.id.name === name) return { path: d.get('body'), key: 'body' };
  for (const d of ctx.nodesOf('TSTypeAliasDeclaration')) {
    if (d.node.id.name === name && d.node.typeAnnotation?.type === 'TSTypeLiteral') return { path: d.get('typeAnnotation'), key: 'members' };
  }
  return null;
}

/** Visits the members (object properties or type members, nested) whose path in the state was copied from a tied value. */
function matchMembers(holder: Path, key: string, prefix: string[], copies: Map<string, Tie>, visit: (prop: Path, tie: Tie) => void): void {
  (holder.node[key] as Node[]).forEach((m: Node, i: number) => {
    const name = keyName(m);
    if (!name) return;
    const path = [...prefix, name];
    const member: Path = holder.get(key, i);
    const tie = copies.get(path.join('.'));
    if (tie) return visit(member, tie);
    // A nested object (`experiment: { marketplace: null }`) or type literal (`experiment: { marketplace: string }`).
    if (m.value?.type === 'ObjectExpression') matchMembers(member.get('value'), 'properties', path, copies, visit);
    // `profile: { race?: string } | null`: the literal of a union too.
    const t = m.type === 'TSPropertySignature' ? member.get('typeAnnotation', 'typeAnnotation') : null;
    if (t?.node?.type === 'TSTypeLiteral') matchMembers(t, 'members', path, copies, visit);
    if (t?.node?.type === 'TSUnionType') {
      t.node.types.forEach((u: Node, k: number) => {
        if (u.type === 'TSTypeLiteral') matchMembers(t.get('types', k), 'members', path, copies, visit);
      });
    }
  });
}
