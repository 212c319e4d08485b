import { calleeName, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { tieOf } from './flow';
import type { Tie } from './tie';
import { copiedFrom } from './vuex';
import { wrapperParamTie } from './wrappers';

/**
 * Remix and React Router route modules: the component reads what the module's `loader` (or `action`) returned
 * through `useLoaderData()` (`useActionData()`). Where the returned object copies a field of a tied value under the
 * same name (`return json({ advice: result.advice ?? null })`), `data.advice` in the component is a read of that
 * field: the route data mirrors the value there, as a Vuex state mirrors what its mutations copy (vuex.ts). Weak.
 */

/** The hooks that hand a route component what the module's function of that name returned. */
const ROUTE_HOOKS: Record<string, string> = { useLoaderData: 'loader', useActionData: 'action', useRouteLoaderData: 'loader' };

/** Wrappers a route function's answer is built with (`json(…)`, `defer(…)`, remix-typedjson's `typedjson(…)`). */
const RESPONSE_HELPERS = new Set(['json', 'defer', 'typedjson', 'data']);

/** `data.advice` where `data` is declared by `useLoaderData()` (the binding `id`'s init): what the loader copied there. */
export function routeDataTie(ctx: FileContext, init: Path, ref: Path): Tie | null {
  const hook = isCall(init.node) ? calleeName(init.node.callee) : null;
  const fnName = hook ? ROUTE_HOOKS[hook] : undefined;
  const member = parentOf(ref);
  if (!fnName || !member || !isMember(member.node) || member.node.object !== ref.node) return null;
  const name = memberName(member.node);
  if (!name || name === '*') return null;
  return copiedHolder(ctx, fnName, name);
}

/** The tied value the route function's answer copies `name` from (`{ advice: result.advice }`: the result), weak. */
function copiedHolder(ctx: FileContext, fnName: string, name: string): Tie | null {
  for (const obj of returnedObjects(ctx, fnName)) {
    const i = obj.node.properties.findIndex((p: Node) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) === name);
    if (i < 0) continue;
    const object = copiedFrom(obj.get('properties', i, 'value'), name);
    const tie = object ? tieOf(ctx, object) : null;
    if (tie && tie.role !== 'request' && !tie.list) return { ...tie, weak: true };
  }
  return null;
}

/**
 * The members of the type a route module gives its answer (`type LoaderData = { advice: string | null }` of
 * `json<LoaderData>(…)` in the loader, or `useLoaderData<LoaderData>()`) that the answer fills by copying a field
 * under its own name: each with the field's tie (`advice` of a result).
 */
export function routeDataMembers(ctx: FileContext, visit: (member: Path, tie: Tie) => void): void {
  const typed = new Map<string, string>();
  for (const call of ctx.nodesOf('CallExpression')) {
    const name = calleeName(call.node.callee);
    const param = (call.node.typeParameters ?? call.node.typeArguments)?.params?.[0];
    if (param?.type !== 'TSTypeReference' || param.typeName?.type !== 'Identifier') continue;
    if (ROUTE_HOOKS[name]) typed.set(param.typeName.name, ROUTE_HOOKS[name]);
    else if (RESPONSE_HELPERS.has(name)) {
      const fn = enclosingRouteFunction(ctx, call);
      if (fn) typed.set(param.typeName.name, fn);
    }
  }
  if (typed.size === 0) return;
  const members = (decl: Path, list: Node[], at: (i: number) => Path, fnName: string) =>
    list.forEach((m, i) => {
      const key = m.type === 'TSPropertySignature' ? keyName(m) : null;
      const holder = key ? copiedHolder(ctx, fnName, key) : null;
      if (key && holder) visit(at(i), { ...holder, path: [...holder.path, key] });
    });
  for (const decl of ctx.nodesOf('TSTypeAliasDeclaration', 'TSInterfaceDeclaration')) {
    const fnName = typed.get(decl.node.id.name);
    if (!fnName) continue;
    if (decl.node.type === 'TSInterfaceDeclaration') members(decl, decl.node.body.body, (i) => decl.get('body', 'body', i), fnName);
    else if (decl.node.typeAnnotation.type === 'TSTypeLiteral') members(decl, decl.node.typeAnnotation.members, (i) => decl.get('typeAnnotation', 'members', i), fnName);
  }
}

/** The name of the exported route function (`loader`, `action`) a call sits in. */
function enclosingRouteFunction(ctx: FileContext, call: Path): string | null {
  for (const fnName of new Set(Object.values(ROUTE_HOOKS))) {
    const fn = routeFunction(ctx, fnName);
    if (fn && call.node.start >= fn.node.start && call.node.end <= fn.node.end) return fnName;
  }
  return null;
}

/** The object literals the module's exported route function of that name returns, bare or in a response helper. */
function returnedObjects(ctx: FileContext, fnName: string): Path[] {
  const fn = routeFunction(ctx, fnName);
  if (!fn) return [];
  const out: Path[] = [];
  const take = (value: Path | null) => {
    let v = value;
    if (v && isCall(v.node) && RESPONSE_HELPERS.has(calleeName(v.node.callee) ?? '') && v.node.arguments.length > 0) v = v.get('arguments', 0);
    if (v?.node.type === 'ObjectExpression') out.push(v);
  };
  if (fn.node.body.type !== 'BlockStatement') take(fn.get('body'));
  for (const r of ctx.nodesOf('ReturnStatement')) {
    if (r.node.argument && r.node.start >= fn.node.start && r.node.end <= fn.node.end && enclosingFunction(r) === fn.node) take(r.get('argument'));
  }
  return out;
}

/** `export async function loader(…)`, `export const loader: LoaderFunction = async (…) => …`. */
function routeFunction(ctx: FileContext, fnName: string): Path | null {
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type === 'FunctionDeclaration' && d.id?.name === fnName) return exp.get('declaration');
    if (d?.type !== 'VariableDeclaration') continue;
    const i = d.declarations.findIndex((decl: Node) => decl.id.type === 'Identifier' && decl.id.name === fnName && isFunction(decl.init));
    if (i >= 0) return exp.get('declaration', 'declarations', i, 'init');
  }
  return null;
}

function enclosingFunction(p: Path): Node | null {
  for (let up = parentOf(p); up; up = parentOf(up)) if (isFunction(up.node)) return up.node;
  return null;
}

/**
 * What a route module's own `action` does with a posted form field (`<Form method="post"><input name="extra" />`
 * with no `action` of its own posts to it): `form.get('extra')` handed, as is or through `String(…)` and a
 * fallback, to a wrapper's parameter that sends it (`createComplaint(token, text, extra)`), directly or through a
 * const. The request tie of where it goes, or null.
 */
export function routeActionFieldTie(ctx: FileContext, field: string): Tie | null {
  const fn = routeFunction(ctx, 'action');
  if (!fn) return null;
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (n.start < fn.node.start || n.end > fn.node.end || !isMember(n.callee) || memberName(n.callee) !== 'get' || n.arguments.length !== 1) continue;
    const a = n.arguments[0];
    if ((a.type !== 'StringLiteral' && a.type !== 'Literal') || a.value !== field) continue;
    let value: Path = call;
    for (let up = parentOf(value); up; up = parentOf(value)) {
      const u = up.node;
      if (u.type === 'LogicalExpression' || u.type === 'TSAsExpression' || u.type === 'ParenthesizedExpression' || (isCall(u) && u.callee.type === 'Identifier' && VALUE_CASTS.has(u.callee.name) && u.arguments[0] === value.node)) value = up;
      else break;
    }
    const holder = parentOf(value)!;
    const sent = (arg: Path) => wrapperParamTie(ctx, arg)?.tie ?? null;
    let tie: Tie | null = null;
    if (isCall(holder.node) && holder.node.arguments.includes(value.node)) tie = sent(value);
    else if (holder.node.type === 'VariableDeclarator' && holder.node.id.type === 'Identifier') {
      for (const ref of ctx.identifiersIn(fn, holder.node.id.name) as Path[]) {
        const p = parentOf(ref);
        if (ref.node !== holder.node.id && p && isCall(p.node) && p.node.arguments.includes(ref.node)) tie = tie ?? sent(ref);
      }
    }
    if (tie && tie.role === 'request' && tie.path.length === 1 && tie.path[0] === field) return tie;
  }
  return null;
}

/** Calls that turn a posted value into a string or number without changing what it is. */
const VALUE_CASTS = new Set(['String', 'Number', 'Boolean']);
