import { bindingOf, calleeName, chainNames, isCall, isMember, keyName, parentOf, type Node, type Path } from '../ast';
import { api } from '../../../catalogue';
import type { FileContext } from '../file';
import { tieOf } from './flow';
import { helperNameTie } from './names';
import { schemaArgumentTie } from './schemas';
import type { ApiCall, Tie } from './tie';
import { typeTie } from './types';
import { assertedSubject } from './assertions';
import { sagaEffect } from './effects';
import { enclosingCallSending, requestConfig } from './url';
import { resourceKeyTie, wrapperArgumentTie } from './wrappers';
import { mutationArgumentTie } from './mutations';
import { modelBodyTie, modelDefaultsTie } from './resource-models';
import { constructedRecordTie, resourceObjectTie } from './store-records';

/**
 * The request side of data flow: which object literals are request bodies (sent to an API call, directly or
 * through a const, a wrapper, a mutation or a helper named for a create or update; declared with a request type;
 * or at a path inside such a body), and which bindings the caller owns because it sends them.
 */

/**
 * An object literal is a request body when it is sent to the API (an argument of an API call, directly or
 * through a const), or declared with a request type (`const body: ComplaintBody = {…}`), or sits at a path
 * inside such a body.
 */
export function requestTieOfObject(ctx: FileContext, path: Path, shape: Node = path.node): Tie | null {
  if (shape !== path.node) return objectTie(ctx, path, shape);
  const memo = ctx.requestMemo;
  if (memo.has(path.node)) return memo.get(path.node)!;
  memo.set(path.node, null);
  const tie = objectTie(ctx, path, shape);
  memo.set(path.node, tie);
  return tie;
}

function objectTie(ctx: FileContext, path: Path, shape: Node): Tie | null {
  const parent = parentOf(path);
  if (!parent) return null;
  const pn = parent.node;
  // `_.omitBy({ … }, _.isNil)`, `Object.assign({}, { … })`: helpers that hand the object on.
  if (isCall(pn) && PASS_THROUGH.has(calleeName(pn.callee)) && pn.arguments.includes(path.node)) {
    return requestTieOfObject(ctx, parent, shape);
  }
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === path.node) {
    const outer = requestTieOfObject(ctx, parentOf(parent)!);
    const key = keyName(pn);
    if (outer && key) return { ...outer, path: [...outer.path, key] };
    // `request('complaints/', { method: 'POST', body: { … } })`: the options object is not the body.
    const call = enclosingCallSending(ctx, path) ?? configSending(ctx, parentOf(parent)!, path);
    if (call) return { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
    // A JSON:API resource object's `attributes` (`store.push({ data: { type: 'interview', attributes: { mode } } })`).
    if (key === 'attributes') {
      const typed = resourceObjectTie(ctx, parentOf(parent)!);
      if (typed) return typed;
    }
    return modelDefaultsTie(ctx, path) ?? (key ? resourceKeyTie(ctx, parentOf(parent)!, key) : null);
  }
  if (pn.type === 'TSAsExpression' || pn.type === 'TSSatisfiesExpression') {
    const t = typeTie(pn.typeAnnotation);
    if (t && t.role === 'request') return t;
  }
  if (pn.type === 'VariableDeclarator' && pn.init === path.node) {
    const declared = typeTie(pn.id.typeAnnotation);
    if (declared && declared.role === 'request') return declared;
    const sent = pn.id.type === 'Identifier' ? requestTieOfBinding(ctx, parent.get('id'), shape) : null;
    if (sent) return sent;
    // `const profile: Profile = { … }`: a literal the caller builds with a model type is data it sends.
    if (declared && !declared.list) return { ...declared, role: 'request', weak: true };
    return null;
  }
  // `vm.intent = { … }` then `checker.createIntent(vm.intent)`: the member is sent as it was set.
  if (pn.type === 'AssignmentExpression' && pn.right === path.node && pn.operator === '=' && isMember(pn.left)) return memberSentTie(ctx, pn.left, shape);
  // `toJSON() { return { … } }` of a model that declares its address: the body the library sends.
  if (pn.type === 'ReturnStatement') return modelBodyTie(ctx, path) ?? returnedBodyTie(ctx, parentOf(parentOf(parent)!), parent);
  if (pn.type === 'ArrowFunctionExpression') return pn.body === path.node ? returnedBodyTie(ctx, parent, path) : null;
  // `expect(sent).toEqual({ … })` where `sent` is a body a test double received.
  const subject = assertedSubject(path);
  const asserted = subject ? tieOf(ctx, subject) : null;
  if (asserted) return asserted.role === 'request' ? { ...asserted, weak: true } : null;
  const call = enclosingCallSending(ctx, path);
  if (call) return { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
  return wrapperArgumentTie(ctx, path) ?? mutationArgumentTie(ctx, path) ?? schemaArgumentTie(path) ?? helperArgumentTie(path, shape) ?? constructedRecordTie(ctx, path);
}

/**
 * What a local helper that builds a body returns (`function toIntentBody(d) { return { … } }`, `const body = (d) =>
 * ({ … })`): a request when a call of it is sent (`{ url: 'intents/', method: 'POST', body: toIntentBody(d) }`).
 */
function returnedBodyTie(ctx: FileContext, fn: Path | null, ret: Path): Tie | null {
  if (!fn) return null;
  const f = fn.node;
  if (f.type === 'FunctionDeclaration' || f.type === 'FunctionExpression') {
    if (parentOf(ret)?.node !== f.body) return null;
  } else if (f.type !== 'ArrowFunctionExpression') return null;
  const up = parentOf(fn);
  const id: Path | null = f.type === 'FunctionDeclaration' && f.id ? fn.get('id') : up?.node.type === 'VariableDeclarator' && up.node.init === f && up.node.id.type === 'Identifier' ? up.get('id') : null;
  if (!id) return null;
  const scopePath = (parentOf(fn) as { scope?: { path?: Path } } | null)?.scope?.path;
  if (!scopePath) return null;
  let found: Tie | null = null;
  for (const ref of ctx.identifiersIn(scopePath, id.node.name)) {
    const call = parentOf(ref);
    if (found || !call || !isCall(call.node) || call.node.callee !== ref.node || bindingOf(ref)?.node !== id.node) continue;
    found = sentValueTie(ctx, call);
  }
  return found;
}

/** The request a value (not an object literal: a call, an identifier) is sent as: an API call's body, or a key of a sent body or request config. */
function sentValueTie(ctx: FileContext, value: Path): Tie | null {
  const call = enclosingCallSending(ctx, value);
  if (call) return { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
  const prop = parentOf(value);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== value.node) return null;
  const obj = parentOf(prop)!;
  const outer = requestTieOfObject(ctx, obj);
  const key = keyName(prop.node);
  if (outer && key) return { ...outer, path: [...outer.path, key] };
  const config = configSending(ctx, obj, value);
  return config ? { resource: config.resource, op: config.op, role: 'request', path: [], via: 'flow' } : null;
}

/** What a member set to an object literal (`vm.intent = { … }`) is sent as, where the file passes that member (`createIntent(vm.intent)`). */
function memberSentTie(ctx: FileContext, member: Node, shape: Node): Tie | null {
  const chain = chainNames(member).join('.');
  if (!chain.includes('.') || chain.includes('?')) return null;
  for (const call of ctx.nodesOf('CallExpression')) {
    const args: Node[] = call.node.arguments;
    const i = args.findIndex((a) => isMember(a) && chainNames(a).join('.') === chain);
    if (i < 0) continue;
    const arg = call.get('arguments', i);
    const sent = enclosingCallSending(ctx, arg);
    const tie = sent ? { resource: sent.resource, op: sent.op, role: 'request' as const, path: [], via: 'flow' as const } : helperArgumentTie(arg, shape);
    if (tie) return tie;
  }
  return null;
}

/** The request a config object describes (`{ url: 'complaints/', method: 'POST', body: {…} }`) when `value` is its body. */
function configSending(ctx: FileContext, obj: Path, value: Path): ApiCall | null {
  const call = requestConfig(ctx, obj);
  return call && call.bodies.some((b) => b.node === value.node) ? call : null;
}

/** Helpers that return (a copy of) the object they are given. */
const PASS_THROUGH = new Set(['omitBy', 'pickBy', 'omit', 'cloneDeep', 'clone', 'compact', 'cleanDeep', 'assign', 'merge', 'defaults', 'freeze', 'structuredClone', 'toJSON']);

/** An argument of a helper named for a create or update (`sc.createIntent(token, { intent, detail })`). */
function helperArgumentTie(path: Path, shape: Node = path.node): Tie | null {
  let parent = parentOf(path);
  if (parent?.node.type === 'ArrayExpression') parent = parentOf(parent);
  if (!parent || !isCall(parent.node)) return null;
  // `yield call(api.createIntent, token, {…})`: the saga effect's function is the helper.
  const effect = sagaEffect(parent);
  if (effect ? !effect.args.some((a) => a.node === path.node) : !parent.node.arguments.includes(path.node)) return null;
  const helper = helperNameTie(effect ? effect.name ?? '' : calleeName(parent.node.callee));
  if (!helper || !['create', 'update', 'mode-update', 'answer'].includes(helper.op ?? '')) return null;
  // `createInterview({ age, sex, race })`: an object shaped like a part of the request sits at that part's path.
  const keys = new Set((shape.properties ?? []).map((p: Node) => keyName(p)));
  const part = Object.values(api.subjects).find((s) => s.parent === helper.resource && s.keys?.every((k) => keys.has(k)));
  return { resource: helper.resource, op: helper.op, role: 'request', path: part ? [...part.path] : [], via: 'name', weak: true };
}

/** A `const body = {…}` is a request body when an API call in the file sends `body` (or a helper named for one gets it). */
function requestTieOfBinding(ctx: FileContext, idPath: Path, shape: Node): Tie | null {
  const name = idPath.node.name;
  const scopePath = (idPath as { scope?: { path?: Path } }).scope?.path;
  if (!scopePath) return null;
  let found: Tie | null = null;
  ctx.identifiersIn(scopePath, name).forEach((ref: Path) => {
      if (found || ref.node === idPath.node) return;
      if (bindingOf(ref)?.node !== idPath.node) return;
      // `{ profile, location }` sent as an interview: `profile` is the body's `profile`.
      const prop = parentOf(ref);
      if (prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property') && prop.node.value === ref.node && !prop.node.computed) {
        const outer = requestTieOfObject(ctx, parentOf(prop)!);
        const key = keyName(prop.node);
        if (outer && key) return void (found = { ...outer, path: [...outer.path, key] });
      }
      const call = enclosingCallSending(ctx, ref);
      if (call) found = { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
      // `var body = {…}; … return body;` in a model's `toJSON()`: the body the model sends.
      else if (prop?.node.type === 'ReturnStatement') found = modelBodyTie(ctx, ref);
      else found = wrapperArgumentTie(ctx, ref) ?? helperArgumentTie(ref, shape);
    });
  return found;
}

/**
 * A value the caller owns: a binding whose value (or a field of it) is sent in a request body to the API and
 * that nothing in this file receives from the API. Its fields are the caller's data, not a v2 response.
 */
export function ownedRequest(ctx: FileContext, binding: Path): Tie | null {
  const node = binding.node;
  if (ctx.ownedMemo.has(node)) return ctx.ownedMemo.get(node) ? ownedTie.get(node)! : null;
  ctx.ownedMemo.set(node, false);
  const scopePath = (binding as { scope?: { path?: Path } }).scope?.path;
  if (!scopePath) return null;
  let sent: Tie | null = null;
  ctx.identifiersIn(scopePath, node.name).forEach((ref: Path) => {
      if (sent || ref.node === node || bindingOf(ref)?.node !== node) return;
      // `x` sent as a body, `x.f` or `...x` inside a body literal.
      let p: Path = ref;
      const parent = parentOf(ref);
      if (parent && isMember(parent.node) && parent.node.object === ref.node) p = parent;
      const up = parentOf(p);
      const holder = up && (up.node.type === 'SpreadElement' || up.node.type === 'ObjectProperty' || up.node.type === 'Property') ? parentOf(up) : null;
      const call = enclosingCallSending(ctx, p) ?? (holder && holder.node.type === 'ObjectExpression' ? enclosingCallSending(ctx, holder) : null);
      if (call) sent = { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
    });
  if (sent) {
    ctx.ownedMemo.set(node, true);
    ownedTie.set(node, sent);
  }
  return sent;
}
const ownedTie = new WeakMap<Node, Tie>();

