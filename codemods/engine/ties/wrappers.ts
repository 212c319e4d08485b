import { bindingOf, calleeName, constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, propertyPath, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { assertedSubject } from './assertions';
import { sagaEffect } from './effects';
import { importOf, namespaceImport } from './constants';
import { staticText } from './static-text';
import { requestTieOfObject } from './requests';
import type { Tie } from './tie';
import { nameTie } from './names';
import { unusedFieldParamTie } from './unused-params';
import { receiverClass } from './class-receivers';
import { schemaTieOfCall } from './schemas';
import { enclosingCallSending, urlTarget } from './url';
import { SCRIPT_GLOBAL, scriptGlobalMethods, scriptGlobalReceiver } from './script-globals';
import { ipcArgumentTie } from './ipc-channels';

/**
 * Wrappers: functions that send what they are given. `function start(profile, location) { return
 * createInterview({ profile, location }) }` sends its first parameter as the request's `profile`; so
 * `start({ ...profile, height })` builds an interview profile. Local functions and class methods are followed
 * (certain, like data flow); functions imported from another file of the run come from its facts (weak: a
 * person confirms what the wrapper does with them).
 */

/** The function a call invokes, when this file declares it: `f(…)`, `this.method(…)`. */
export function calleeFunction(callPath: Path): Path | null {
  const callee = callPath.node.callee;
  if (callee.type === 'Identifier') return functionNamed(callPath.get('callee'));
  if (isMember(callee) && callee.object.type === 'ThisExpression') {
    const name = memberName(callee);
    for (let p = parentOf(callPath); p; p = parentOf(p)) {
      if (p.node.type !== 'ClassBody') continue;
      const i = p.node.body.findIndex((m: Node) => (m.type === 'ClassMethod' || m.type === 'MethodDefinition') && keyName(m) === name);
      if (i < 0) return null;
      const m = p.get('body', i);
      return m.node.type === 'MethodDefinition' ? m.get('value') : m;
    }
  }
  return null;
}

/** The function an identifier names, when this file declares it (a declaration, a const function). */
export function functionNamed(idPath: Path): Path | null {
  const binding = bindingOf(idPath);
  if (!binding) return null;
  const parent = parentOf(binding)!;
  if (parent.node.type === 'FunctionDeclaration' && parent.node.id === binding.node) return parent;
  const init = constInit(idPath);
  return init && isFunction(init.node) ? init : null;
}

/** The parameter identifier at `index` (`(a, b = 1)` → b). */
export function paramAt(fnPath: Path, index: number): Path | null {
  const p = fnPath.node.params?.[index];
  if (!p) return null;
  if (p.type === 'Identifier') return fnPath.get('params', index);
  if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier') return fnPath.get('params', index, 'left');
  if (p.type === 'TSParameterProperty' && p.parameter?.type === 'Identifier') return fnPath.get('params', index, 'parameter');
  return null;
}

/** What a function does with its parameter `index` when it sends it: the request and the path inside it. */
export function paramRequestTie(ctx: FileContext, fnPath: Path, index: number, depth = 0): Tie | null {
  const key = `${fnPath.node.start}:${index}`;
  const memo = paramMemo.get(ctx) ?? new Map<string, Tie | null>();
  paramMemo.set(ctx, memo);
  if (memo.has(key)) return memo.get(key)!;
  memo.set(key, null);
  const param = paramAt(fnPath, index);
  const found = param && depth < 3 ? bindingRequestTie(ctx, fnPath, param, depth) : null;
  memo.set(key, found);
  return found;
}
const paramMemo = new WeakMap<FileContext, Map<string, Tie | null>>();

/**
 * What a function does with one of its parameters' bindings (a parameter, or a name a destructured parameter binds:
 * a Vuex action's `addIntent({ commit }, { kind, detail })`) when it sends it: the request and the path inside it.
 */
export function bindingRequestTie(ctx: FileContext, fnPath: Path, param: Path, depth = 0): Tie | null {
  let found: Tie | null = null;
  {
    const name = param.node.name;
    let refs = 0;
    let onlyAs = true;
    ctx.identifiersIn(fnPath.get('body'), name).forEach((ref: Path) => {
      if (bindingOf(ref)?.node !== param.node || isKeyName(ref)) return;
      refs++;
      const sent = sentAs(ctx, ref, depth) ?? sentWithin(ctx, ref);
      if (!sent || sent.role !== 'request' || sent.path[sent.path.length - 1] !== name) onlyAs = false;
      found ??= sent;
    });
    if (found && onlyAs) found = { ...(found as Tie), onlyAs: true };
    // Left unused by an earlier run that deleted the field it was sent as: still named for it.
    if (!found && refs === 0) found = unusedFieldParamTie(ctx, fnPath, name, depth);
  }
  return found;
}

const VALUE_PARTS = new Set(['LogicalExpression', 'ConditionalExpression', 'TemplateLiteral', 'BinaryExpression', 'UnaryExpression', 'TSAsExpression', 'TSNonNullExpression', 'ParenthesizedExpression', 'AwaitExpression', 'MemberExpression', 'OptionalMemberExpression', 'CallExpression', 'OptionalCallExpression']);

/** A reference that is part of a body field's value (`extra: extra ?? ''`, `extra: String(extra).trim()`): sent as that field. */
function sentWithin(ctx: FileContext, ref: Path): Tie | null {
  let p = ref;
  for (let i = 0; i < 6; i++) {
    const parent = parentOf(p);
    if (!parent) return null;
    const pn = parent.node;
    if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === p.node) {
      return i === 0 ? null : sentAs(ctx, p, 0);
    }
    if (!VALUE_PARTS.has(pn.type)) return null;
    // `extra.trim()` is the value transformed; `more.detail` is a part of it, sent as another field.
    if (isMember(pn) && pn.object === p.node && !(isCall(parentOf(parent)?.node) && parentOf(parent)!.node.callee === pn)) return null;
    p = parent;
  }
  return null;
}

/** The key of `{ extra }` or `{ extra: x }`, the name of `o.extra`: a name, not a reference. */
function isKeyName(ref: Path): boolean {
  const pn = parentOf(ref)?.node;
  if (!pn || pn.computed) return false;
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.key === ref.node && pn.value !== ref.node) return true;
  return isMember(pn) && pn.property === ref.node;
}

/** Whether the parameter a reference names belongs to a function handed to a call (`ipcMain.handle(ch, (_e, detail) => …)`) or an object's member. */
function inHandedCallback(ref: Path): boolean {
  const binding = bindingOf(ref);
  const fn = binding ? parentOf(binding) : null;
  const holder = fn ? parentOf(fn) : null;
  if (!fn || !isFunction(fn.node) || !fn.node.params.includes(binding!.node) || !holder) return false;
  // …or a member of an object handed on whole (a preload's `{ addIntent: (intent, detail) => ipcRenderer.invoke(…) }`).
  return (isCall(holder.node) && holder.node.arguments.includes(fn.node)) || ((holder.node.type === 'ObjectProperty' || holder.node.type === 'Property') && holder.node.value === fn.node);
}

/** Where a reference of a parameter goes: the body of an API call, a field or spread of a body, another wrapper. */
export function sentAs(ctx: FileContext, ref: Path, depth: number): Tie | null {
  const parent = parentOf(ref);
  if (!parent) return null;
  const pn = parent.node;
  const direct = !['ObjectProperty', 'Property', 'SpreadElement'].includes(pn.type) ? enclosingCallSending(ctx, ref) : null;
  if (direct) return { resource: direct.resource, op: direct.op, role: 'request', path: [], via: 'flow' };
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === ref.node) {
    const obj = requestTieOfObject(ctx, parentOf(parent)!);
    const k = keyName(pn);
    return obj && k ? { ...obj, path: [...obj.path, k] } : null;
  }
  if (pn.type === 'SpreadElement') return requestTieOfObject(ctx, parentOf(parent)!);
  if (isCall(pn) && pn.arguments.includes(ref.node)) {
    const fn = calleeFunction(parent);
    if (fn) return paramRequestTie(ctx, fn, pn.arguments.indexOf(ref.node), depth + 1);
    // A method of an imported client (`symptoms.addIntent(token, intent, detail)` in an IPC handler): what it does with it.
    // Only for a handler handed to a call (an IPC or event handler); a named wrapper of a wrapper stays the caller's.
    // Whether this function's parameter only carries the field is this function's to say (its own name), not the method's.
    const t = depth < 2 && inHandedCallback(ref) ? wrapperParamTie(ctx, ref)?.tie : null;
    return t ? { ...t, onlyAs: undefined } : null;
  }
  return null;
}

/** An object literal given to a wrapper: the request it becomes, if the wrapper sends that parameter. */
export function wrapperArgumentTie(ctx: FileContext, argPath: Path): Tie | null {
  const t = wrapperParamTie(ctx, argPath);
  return t && t.imported ? { ...t.tie, weak: true } : (t?.tie ?? null);
}

/**
 * What a wrapper does with an argument, as its own analysis or its file's facts say (`imported`): not weakened, so
 * that a caller can tell whether the wrapper's body loses the field in the run (a certain tie of an auto rule).
 */
export function wrapperParamTie(ctx: FileContext, argPath: Path): { tie: Tie; imported: boolean } | null {
  let callPath = parentOf(argPath);
  // `apply(client, fn, [a, b])`: the arguments sit in an array.
  if (callPath?.node.type === 'ArrayExpression') callPath = parentOf(callPath);
  if (!callPath || !isCall(callPath.node)) return null;
  // `yield call(submit, token, {…})`: a saga effect calls its function with the arguments after it.
  const effect = sagaEffect(callPath);
  const index = effect ? effect.args.findIndex((a) => a.node === argPath.node) : callPath.node.arguments.indexOf(argPath.node);
  if (index < 0) return null;
  // `ipcRenderer.invoke(channel, intent, detail)`: what the main process's handler of the channel does with it.
  const overIpc = effect ? null : ipcArgumentTie(ctx, callPath, index);
  if (overIpc) return { tie: overIpc, imported: true };
  const fnRef = effect ? effect.fn : callPath.get('callee');
  const fn = effect ? (fnRef.node.type === 'Identifier' ? functionNamed(fnRef) : null) : calleeFunction(callPath);
  if (fn) {
    const local = paramRequestTie(ctx, fn, index);
    return local ? { tie: local, imported: false } : null;
  }
  // `this.checker.addComplaint(…)`, `service.addComplaint(…)` on an instance of an imported class (an injected
  // service): the class's method, by `SymptomCheckerService.addComplaint`.
  const cls = !effect && isMember(fnRef.node) && !fnRef.node.computed ? receiverClass(ctx, fnRef.get('object')) : null;
  const clsImport = cls ? importOf(cls) : null;
  if (clsImport) {
    const sent = ctx.project.importedFunction?.(ctx.filePath, clsImport.specifier, `${clsImport.exportName}.${memberName(fnRef.node)}`);
    const t = sent?.find((s) => s.index === index)?.tie;
    return t ? { tie: t, imported: true } : null;
  }
  // `api.createComplaint(token, text, extra)` of an imported client object: its method, by `default.createComplaint`;
  // of a namespace import (`import * as api`), the module's function itself, called directly or by a saga's `call`.
  const member = isMember(fnRef.node) && fnRef.node.object.type === 'Identifier' && !fnRef.node.computed ? fnRef.get('object') : null;
  const namespace = member ? namespaceImport(member) : null;
  const owner = !effect && !namespace ? member : null;
  const ref = owner ?? (fnRef.node.type === 'Identifier' ? fnRef : null);
  if (namespace) {
    const sent = ctx.project.importedFunction?.(ctx.filePath, namespace, memberName(fnRef.node)!);
    const t = sent?.find((s) => s.index === index)?.tie;
    return t ? { tie: t, imported: true } : null;
  }
  // `Buoy.addComplaint(…)` of a classic script's global namespace, defined in another script of the page.
  const global = !effect ? scriptGlobalReceiver(ctx, fnRef) : null;
  if (global) {
    const sent = ctx.project.importedFunction?.(ctx.filePath, SCRIPT_GLOBAL, `${global}.${memberName(fnRef.node)}`);
    const t = sent?.find((s) => s.index === index)?.tie;
    return t ? { tie: t, imported: true } : null;
  }
  if (!ref) return null;
  const imp = importOf(ref) ?? (owner ? storeOf(owner) : null);
  const name = imp && owner ? `${imp.exportName}.${memberName(fnRef.node)}` : imp?.exportName;
  const sent = imp && name ? ctx.project.importedFunction?.(ctx.filePath, imp.specifier, name) : null;
  const t = sent?.find((s) => s.index === index)?.tie;
  return t ? { tie: t, imported: true } : null;
}

/** For the project facts: the exported functions of this file that send a parameter, and how. */
export function sendingFunctions(ctx: FileContext): Record<string, { index: number; tie: Tie }[]> {
  const out: Record<string, { index: number; tie: Tie }[]> = {};
  const record = (name: string, fnPath: Path) => {
    const list: { index: number; tie: Tie }[] = [];
    (fnPath.node.params ?? []).forEach((_: Node, i: number) => {
      const t = paramRequestTie(ctx, fnPath, i);
      if (t) list.push({ index: i, tie: t });
    });
    if (list.length) out[name] = list;
  };
  // The methods of an exported client object (`export default { createComplaint(t, text, extra) {…} }`) as `default.createComplaint`.
  const recordMethods = (owner: string, obj: Path) => {
    obj.node.properties.forEach((m: Node, i: number) => {
      const k = keyName(m);
      if (!k) return;
      if (m.type === 'ObjectMethod') record(`${owner}.${k}`, obj.get('properties', i));
      else if ((m.type === 'ObjectProperty' || m.type === 'Property') && isFunction(m.value)) record(`${owner}.${k}`, obj.get('properties', i, 'value'));
    });
  };
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type === 'FunctionDeclaration' && d.id) record(d.id.name, exp.get('declaration'));
    if (d?.type === 'VariableDeclaration') {
      d.declarations.forEach((decl: Node, i: number) => {
        if (decl.id.type === 'Identifier' && isFunction(decl.init)) record(decl.id.name, exp.get('declaration', 'declarations', i, 'init'));
        else if (decl.id.type === 'Identifier' && decl.init?.type === 'ObjectExpression') recordMethods(decl.id.name, exp.get('declaration', 'declarations', i, 'init'));
        // `export const buoy = new BuoyClient()`: the one instance of a class of this file, its methods as `buoy.addIntent`.
        else if (decl.id.type === 'Identifier' && decl.init?.type === 'NewExpression' && decl.init.callee.type === 'Identifier' && classNamed(decl.init.callee.name)) recordClass(decl.id.name, classNamed(decl.init.callee.name)!);
        else if (decl.id.type === 'Identifier') storeActions(exp.get('declaration', 'declarations', i, 'init'), (fn) => recordMethods(decl.id.name, fn), (name, fn) => record(`${decl.id.name}.${name}`, fn));
      });
    }
  }
  for (const m of scriptGlobalMethods(ctx)) record(`${m.owner}.${m.name}`, m.fn);
  for (const exp of ctx.nodesOf('ExportDefaultDeclaration')) {
    if (exp.node.declaration?.type === 'ObjectExpression') recordMethods('default', exp.get('declaration'));
    if (exp.node.declaration?.type === 'ClassDeclaration') recordClass('default', exp.get('declaration'));
  }
  function classNamed(name: string): Path | null {
    return ctx.nodesOf('ClassDeclaration').find((c: Path) => c.node.id?.name === name) ?? null;
  }
  // The methods of an exported class (an injectable service) as `SymptomCheckerService.addComplaint`.
  function recordClass(owner: string, cls: Path) {
    cls.node.body.body.forEach((m: Node, i: number) => {
      const k = keyName(m);
      if (!k || k === 'constructor' || m.static) return;
      if (m.type === 'ClassMethod') record(`${owner}.${k}`, cls.get('body', 'body', i));
      else if (m.type === 'MethodDefinition') record(`${owner}.${k}`, cls.get('body', 'body', i, 'value'));
    });
  }
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type === 'ClassDeclaration' && d.id) recordClass(d.id.name, exp.get('declaration'));
  }
  return out;
}

/**
 * The actions of a Pinia store (`export const useInterviewStore = defineStore('interview', { actions: {…} })`, or a
 * setup store whose function returns its functions): a component calls them on `useInterviewStore()`'s result.
 */
function storeActions(init: Path, methods: (obj: Path) => void, action: (name: string, fn: Path) => void): void {
  if (!isCall(init.node) || calleeName(init.node.callee) !== 'defineStore') return;
  const args: Node[] = init.node.arguments;
  const i = args.findIndex((a) => a.type === 'ObjectExpression' || isFunction(a));
  if (i < 0) return;
  const arg = init.get('arguments', i);
  if (arg.node.type === 'ObjectExpression') {
    const actions = propertyPath(arg, 'actions');
    if (actions?.node.value?.type === 'ObjectExpression') methods(actions.get('value'));
    return;
  }
  // `defineStore('interview', () => { async function submit(…) {…} return { submit } })`
  const body = arg.get('body');
  const returned = body.node.type === 'BlockStatement' ? body.get('body', body.node.body.length - 1) : null;
  const obj = returned?.node?.type === 'ReturnStatement' && returned.node.argument?.type === 'ObjectExpression' ? returned.get('argument') : null;
  obj?.node.properties.forEach((p: Node, k: number) => {
    const name = keyName(p);
    const value = obj.get('properties', k, 'value');
    const fn = value.node?.type === 'Identifier' ? functionNamed(value) : null;
    if (name && fn) action(name, fn);
  });
}

/** `store.submitComplaint(…)` with `const store = useInterviewStore()` imported: the store's action, as `useInterviewStore.submitComplaint`. */
function storeOf(owner: Path): { specifier: string; exportName: string } | null {
  const init = constInit(owner);
  if (!init || !isCall(init.node) || init.node.arguments.length > 0 || init.node.callee.type !== 'Identifier' || !/^use[A-Z]\w*Store$/.test(init.node.callee.name)) return null;
  return importOf(init.get('callee'));
}

/**
 * A literal under a resource's name in an object handed to a function: `submit.mutateAsync({ complaint: { text,
 * extra }, intent: { … } })` gives the function a complaint and an intent to send. Weak (a name): only in a file
 * that deals with this API and no other, and not in a call whose first argument is another API's URL.
 */
export function resourceKeyTie(ctx: FileContext, objPath: Path, key: string): Tie | null {
  const named = nameTie(key);
  if (!named || named.list || named.path.length > 0 || !ctx.touchesApi() || ctx.otherApiOnly()) return null;
  let p: Path = objPath;
  for (let i = 0; i < 6; i++) {
    const parent = parentOf(p);
    if (!parent) return null;
    const pn = parent.node;
    if (isCall(pn) && pn.arguments.includes(p.node)) {
      const first = pn.arguments[0] === p.node ? null : staticText(ctx, parent.get('arguments', 0));
      if (first !== null && /\/|^https?:/.test(first) && urlTarget(ctx, first) === null) return null;
      if (assertedSubject(p) || schemaTieOfCall(parent)) return null;
      return { resource: named.resource, role: 'request', path: [], via: 'name', weak: true };
    }
    if (!['ObjectProperty', 'Property', 'ObjectExpression'].includes(pn.type)) return null;
    p = parent;
  }
  return null;
}
