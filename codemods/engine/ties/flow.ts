import { foreignCall } from '../other-api';
import {
  bindingOf,
  calleeName,
  isCallee,
  constInit,
  isCall,
  isFunction,
  isMember,
  keyName,
  memberName,
  objectHasKey,
  parentOf,
  stringValue,
  type Path,
} from '../ast';
import { rulesOfKind } from '../../../catalogue';
import { sagaEffect, type EffectCall } from './effects';
import { actionPayloadTie } from './actions';
import type { FileContext } from '../file';
import { checkerParamTie, helperNameTie, nameMayTie, nameTie } from './names';
import { constructorParamTie, modelParseParamTie } from './resource-models';
import { schemaTieOfCall } from './schemas';
import { ownedRequest, requestTieOfObject } from './requests';
import { item, step, type Tie } from './tie';
import { isFallback, mirroredStateTie, mutationPayloadTie, storeStateTie } from './vuex';
import { typeNameTie, typeTie } from './types';
import { mockRequestTie, repliedBindings } from './mock-requests';
import { expectedRequestBodyTie, insideTest, receiverVerbTie } from './test-context';
import { recordedBodyTie } from './recorded-bodies';
import { callbackParamTie } from './callback-params';
import { apiCall } from './url';
import { derivedCallback, importedStoreTie, storeReadArgument } from './exported-stores';
import { storeSelectorTie } from './setter-stores';
import { wrapperPart } from './response-parts';
import { routeDataTie } from './route-data';
import { calledParamTie, calledPropTie } from './passed-values';
import { DEFERRED_CALLBACKS, signalFieldTie } from './library-callbacks';
import { normalizedAttributesTie, savedBodyTie, sentByModelTie, storeModelThisTie, storeRecordTie } from './store-records';

/**
 * Data flow: what an expression is, following values from an API call (url.ts) through awaits, `.json()`,
 * `.data`, `.then` callbacks, list callbacks, helpers of this file, destructuring and consts. Which object
 * literals are request bodies, and which values the caller owns, is requests.ts. Declared types (types.ts)
 * and schemas (schemas.ts) are asked where a value is declared; a name (names.ts) is the last resort, and a
 * value the caller only ever sends is a request, never a response.
 */

/** What an expression is, as far as this file shows. Memoized. */
export function tieOf(ctx: FileContext, path: Path | null): Tie | null {
  if (!path || !path.node) return null;
  const n = path.node;
  if (ctx.tieMemo.has(n)) return ctx.tieMemo.get(n)!;
  ctx.tieMemo.set(n, null); // cycle guard
  const t = computeTie(ctx, path);
  ctx.tieMemo.set(n, t);
  return t;
}

function computeTie(ctx: FileContext, path: Path): Tie | null {
  const n = path.node;
  switch (n.type) {
    case 'AwaitExpression':
      return tieOf(ctx, path.get('argument'));
    // `const res = yield call(api.put, url, body)`: a saga (or co-style generator) resumes with the call's result.
    case 'YieldExpression':
      return n.delegate ? null : tieOf(ctx, path.get('argument'));
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
      return tieOf(ctx, path.get('expression'));
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return typeTie(n.typeAnnotation) ?? tieOf(ctx, path.get('expression'));
    case 'CallExpression':
    case 'OptionalCallExpression':
      return callTie(ctx, path);
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const name = memberName(n);
      if (name === null) return null;
      // `req.request.body` of Angular's `const req = httpMock.expectOne(url)`: the body the code sent.
      const sent = name === 'body' ? (expectedRequestBodyTie(ctx, path) ?? mockRequestTie(ctx, path)) : null;
      if (sent) return sent;
      // `normalized.data.attributes` of a serializer's normalize call: the record's attributes.
      const attributes = name === 'attributes' ? normalizedAttributesTie(ctx, path) : null;
      if (attributes) return attributes;
      const obj = tieOf(ctx, path.get('object'));
      // `this.result`, `state.interview`, `store.lastResult`: a property of something untied, named for the resource
      // (not in a file that talks only to another API: `response.data.results` there are that API's).
      if (!obj) {
        if (name === '*' || isCallee(path)) return null;
        // `case T.RESULT_LOADED: … action.payload`: what other files dispatch with that type.
        return (name === 'payload' ? actionPayloadTie(ctx, path) : null) ?? storeStateTie(ctx, path) ?? importedStoreTie(ctx, path) ?? (ctx.otherApiOnly() ? null : nameTie(name));
      }
      return step(obj, name);
    }
    case 'Identifier':
      return identifierTie(ctx, path);
    case 'ThisExpression':
      return storeModelThisTie(path);
    case 'ObjectExpression':
      return requestTieOfObject(ctx, path);
    // `new Interview({ … })` of a model class named for the resource (Backbone, a class of its own): its attributes.
    case 'NewExpression':
      return n.callee.type === 'Identifier' && !ctx.otherApiOnly() ? newModelTie(n.callee.name) : null;
    case 'LogicalExpression':
      // `data?.[0] ?? null`, `res.data || fallback`: what the API side of it is; `a && b` is b.
      if (n.operator === '&&') return tieOf(ctx, path.get('right'));
      return tieOf(ctx, path.get('left')) ?? tieOf(ctx, path.get('right'));
    case 'ConditionalExpression':
      return tieOf(ctx, path.get('consequent')) ?? tieOf(ctx, path.get('alternate'));
    default:
      return null;
  }
}

/** An instance of a model class named for a resource (`Interview`, `ComplaintModel`; not `Results`, a collection). */
function newModelTie(name: string): Tie | null {
  if (!/^[A-Z]/.test(name)) return null;
  const t = typeNameTie(name);
  return t && t.role === 'response' && !t.list ? { resource: t.resource, role: 'body', path: [...t.path], via: 'name' } : null;
}

function callTie(ctx: FileContext, path: Path): Tie | null {
  const n = path.node;
  const call = apiCall(ctx, path);
  if (call) return { resource: call.resource, op: call.op, role: 'result', path: [], via: 'flow' };
  const record = storeRecordTie(ctx, path);
  if (record) return record;
  const received = mockRequestTie(ctx, path) ?? recordedBodyTie(ctx, path) ?? storeSelectorTie(ctx, path);
  if (received) return received;
  const schema = schemaTieOfCall(path);
  if (schema) return schema;
  // `yield call(api.createInterview, profile, location)`: the saga resumes with what the function returns.
  const effect = sagaEffect(path);
  if (effect) return effect.returns ? effectTie(ctx, effect) : null;
  const callee = n.callee;
  const cell = n.arguments.length === 0 ? signalFieldTie(ctx, path) : undefined;
  if (cell !== undefined) return cell;
  if (isMember(callee)) {
    const name = memberName(callee);
    const objTie = tieOf(ctx, path.get('callee', 'object'));
    // `interview.get('profile')` of a model (Backbone, Immutable records): the attribute.
    const attribute = name === 'get' && n.arguments.length === 1 ? stringValue(n.arguments[0]) : null;
    if (objTie && objTie.role === 'body' && attribute && /^[A-Za-z_$][\w$]*$/.test(attribute)) return step(objTie, attribute);
    if (objTie && name === 'json') return { ...objTie, role: 'body', path: [], list: objTie.op === 'list' };
    // `intent.toJSON()` of a model instance named for a resource the client creates: the body it sends when saved.
    if (objTie && name === 'toJSON' && n.arguments.length === 0 && objTie.role === 'body' && objTie.via === 'name' && objTie.path.length === 0 && !objTie.list) return savedBodyTie(objTie);
    if (objTie && name === 'then' && n.arguments[0]) return returnTie(ctx, path.get('arguments', 0), objTie);
    // jQuery deferreds: `.done(cb)`, `.fail(cb)`, `.always(cb)` hand back the same promise, whatever cb returns.
    if (objTie && name && DEFERRED_CALLBACKS.has(name)) return objTie;
    if (objTie && name && ['find', 'findLast', 'at'].includes(name)) return item(objTie);
    if (objTie && name && ['filter', 'slice', 'concat', 'sort', 'reverse'].includes(name)) return objTie;
    // `_.clone(resp)`, `angular.copy(result)`, `Object.freeze(q)`: a library's copy of the value it is given.
    if (!objTie && name && callee.object.type === 'Identifier' && COPY_LIBRARIES.has(callee.object.name) && (WRAPPING.has(name) || name === 'copy') && n.arguments.length === 1 && n.arguments[0].type !== 'SpreadElement') return tieOf(ctx, path.get('arguments', 0));
    // `[].concat(result.triage_explanation.potential_condition || [])`: the one value (or list) an empty array is given.
    if (!objTie && name === 'concat' && callee.object.type === 'ArrayExpression' && callee.object.elements.length === 0 && n.arguments.length === 1 && n.arguments[0].type !== 'SpreadElement') return tieOf(ctx, path.get('arguments', 0));
    // `let json = super.serialize(snapshot, options)` in a serializer's `serialize` that returns it: the body sent.
    if (!objTie && callee.object.type === 'Super') return sentByModelTie(ctx, path);
    // `api.getResult(token)`, `this.client.createInterview(…)`: a method named for what it does.
    // A client named for the resource (`this.interviews.updateMode(…)`) says no more than its method does.
    // In a test, a bare verb on a holder named for the resource: `ResultService.read('r-1')`, `interviewService.create(…)`.
    const byName = (!objTie || (objTie.via === 'name' && objTie.list)) && name ? helperNameTie(name) ?? (!objTie && insideTest(path) ? receiverVerbTie(path.get('callee')) : null) : null;
    return modeUpdateOf(byName, argPaths(path)) ?? sentThrough(ctx, path);
  }
  // `get(bodyStats)` (svelte/store): the store's value.
  const read = storeReadArgument(ctx, path);
  if (read) return tieOf(ctx, read);
  // `derived(profile, ($p) => ({ bmi: $p.bmi }))`: what its callback returns.
  const deriving = derivedCallback(path);
  if (deriving) return returnTie(ctx, deriving, null);
  // `computed(() => props.interview.profile)`, `ref(result)`, `useMemo(() => data.result, […])`: the wrapped value.
  if (callee.type === 'Identifier' && WRAPPING.has(callee.name) && n.arguments[0]) {
    const arg = path.get('arguments', 0);
    return isFunction(arg.node) ? returnTie(ctx, arg, null) : tieOf(ctx, arg);
  }
  if (callee.type === 'Identifier') {
    const fn = functionOf(path.get('callee'));
    const returned = fn ? returnTie(ctx, fn, null) : null;
    if (returned) return modeUpdateOf(returned, argPaths(path));
    // A guard that hands back the response it checks (`ensureOk(res, 'Update interview')`, `assertOk(res)`): that response.
    if (RESPONSE_GUARD.test(callee.name) && n.arguments[0]) {
      const checked = tieOf(ctx, path.get('arguments', 0));
      if (checked && checked.role === 'result') return checked;
    }
    // A helper defined elsewhere, named for what it does: `createInterview(…)`, `getResult(token)`.
    return modeUpdateOf(helperNameTie(callee.name), argPaths(path)) ?? sentThrough(ctx, path);
  }
  return null;
}

/**
 * What the function a saga effect calls returns: a function of this file, or one named for what it does. An
 * update given a body that sets the enumerated field (`call(api.updateInterview, token, { mode })`) is a mode update.
 */
function effectTie(ctx: FileContext, effect: EffectCall): Tie | null {
  const fn = effect.fn.node.type === 'Identifier' ? functionOf(effect.fn) : null;
  const t = (fn ? returnTie(ctx, fn, null) : null) ?? (effect.name ? helperNameTie(effect.name) : null);
  return modeUpdateOf(t, effect.args);
}

/**
 * An update given a body that sets the enumerated field (`sc.updateInterview(id, { mode })`, a local wrapper's
 * `updateInterview(id, { mode: next })`, a saga's `call(api.updateInterview, token, { mode })`) is a mode update.
 */
function modeUpdateOf(t: Tie | null, args: readonly Path[]): Tie | null {
  if (!t || t.op !== 'update') return t;
  const setsField = rulesOfKind('value-renamed').some(({ rule }) => rule.resource === t.resource && args.some((a) => objectHasKey(a, rule.field)));
  return setsField ? { ...t, op: 'mode-update' } : t;
}

const argPaths = (call: Path): Path[] => call.node.arguments.map((_: unknown, i: number) => call.get('arguments', i));

/** `this._send(request.post(url).send(body))`, `exec(req)`: a helper given a request returns its response. */
function sentThrough(ctx: FileContext, path: Path): Tie | null {
  for (let i = 0; i < path.node.arguments.length; i++) {
    const arg = path.get('arguments', i);
    const call = isCall(arg.node) ? apiCall(ctx, arg) : null;
    if (call) return { resource: call.resource, op: call.op, role: 'result', path: [], via: 'flow' };
  }
  return null;
}

/** Names of guards that check a response and hand it back: `ensureOk`, `assertSuccess`, `checkStatus`, `raiseForStatus`. */
const RESPONSE_GUARD = /^(ensure|assert|check|verify|expect|require|raiseFor|throwUnless)(Ok|Success|Successful|Status|Response|2xx)$/;

/** The function an identifier names in this file (declaration or const arrow/function). */
export function functionOf(idPath: Path): Path | null {
  const binding = bindingOf(idPath);
  if (!binding) return null;
  const parent = parentOf(binding)!;
  if (parent.node.type === 'FunctionDeclaration' && parent.node.id === binding.node) return parent;
  const init = constInit(idPath);
  if (init && isFunction(init.node)) return init;
  return null;
}

/** What a function returns, given what its first parameter is (for `.then(cb)`). */
export function returnTie(ctx: FileContext, fnPath: Path, firstParam: Tie | null): Tie | null {
  const fn = fnPath.node;
  if (!isFunction(fn)) return null;
  if (!firstParam) {
    if (ctx.returnMemo.has(fn)) return ctx.returnMemo.get(fn)!;
    ctx.returnMemo.set(fn, null);
    const t = computeReturnTie(ctx, fnPath);
    ctx.returnMemo.set(fn, t);
    return t;
  }
  if (fn.params[0]) bindParam(ctx, fnPath.get('params', 0), firstParam);
  return computeReturnTie(ctx, fnPath);
}

function computeReturnTie(ctx: FileContext, fnPath: Path): Tie | null {
  const fn = fnPath.node;
  if (fn.body.type !== 'BlockStatement') return tieOf(ctx, fnPath.get('body'));
  let found: Tie | null = null;
  ctx.j(fnPath.get('body')).find(ctx.j.ReturnStatement).forEach((ret: Path) => {
    if (found || !ret.node.argument) return;
    // Only returns of this function, not of nested ones.
    let p = parentOf(ret)!;
    while (p && p.node !== fn && !isFunction(p.node)) p = parentOf(p)!;
    if (p && p.node === fn) found = tieOf(ctx, ret.get('argument'));
  });
  return found;
}

/** Record what a callback's parameter is (identifiers and destructuring patterns). */
function bindParam(ctx: FileContext, paramPath: Path, tie: Tie): void {
  const p = paramPath.node;
  if (p.type === 'Identifier' || p.type === 'ObjectPattern') ctx.paramTies.set(p, tie);
  else if (p.type === 'AssignmentPattern') bindParam(ctx, paramPath.get('left'), tie);
}

/** The tie an ObjectPattern's source gives it (for destructuring reads), or null. */
export function patternTie(ctx: FileContext, patternPath: Path): Tie | null {
  const p = patternPath.node;
  if (ctx.paramTies.has(p)) return ctx.paramTies.get(p)!;
  const parent = parentOf(patternPath)!;
  if (parent.node.type === 'VariableDeclarator' && parent.node.id === p) {
    return typeTie(p.typeAnnotation) ?? tieOf(ctx, parent.get('init'));
  }
  if (parent.node.type === 'AssignmentPattern' && parent.node.left === p) return patternTie(ctx, parent);
  // RTK Query: `const [create, { data }] = useCreateComplaintMutation()`: the second element holds the result.
  const decl = parent.node.type === 'ArrayPattern' && parent.node.elements[1] === p ? parentOf(parent) : null;
  if (decl?.node.type === 'VariableDeclarator' && isCall(decl.node.init) && /Mutation$/.test(calleeName(decl.node.init.callee))) return tieOf(ctx, decl.get('init'));
  // A parameter: declared type, or what the enclosing call passes to callbacks.
  if (p.typeAnnotation) return typeTie(p.typeAnnotation);
  const fromCallback = callbackParamTie(ctx, patternPath) ?? calledParamTie(ctx, patternPath);
  if (fromCallback) return fromCallback;
  // Nested pattern: `{ profile: { race } }`.
  if ((parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parent.node.value === p) {
    const outerTie = patternTie(ctx, parentOf(parent)!);
    const key = keyName(parent.node);
    return outerTie && key ? step(outerTie, key) : null;
  }
  return null;
}

/**
 * Calls that wrap a value in a reactive cell without changing it (its `.value` is the value: tie.ts `step`), or
 * hand back a copy of it (`structuredClone(q)`, `cloneDeep(r)`, `toRaw(x)`).
 */
const WRAPPING = new Set(['computed', 'ref', 'shallowRef', 'reactive', 'readonly', 'toRef', 'unref', 'useMemo', 'signal', 'writable', 'derived', 'structuredClone', 'cloneDeep', 'clone', 'toRaw', 'markRaw', 'freeze', 'deepFreeze']);
/** Namespaces whose `clone`, `cloneDeep`, `copy`, `freeze` hand back a copy of their argument. */
const COPY_LIBRARIES = new Set(['_', 'lodash', 'angular', 'R', 'Object']);

function identifierTie(ctx: FileContext, path: Path): Tie | null {
  const n = path.node;
  const binding = bindingOf(path);
  if (binding) {
    if (ctx.paramTies.has(binding.node)) return ctx.paramTies.get(binding.node)!;
    // A store another module of the run exports (exported-stores.ts): its value.
    const stored = parentOf(binding)?.node.type === 'ImportSpecifier' ? importedStoreTie(ctx, path) : null;
    if (stored) return stored;
    // A fixture a test double answers with (`.reply(202, modeUpdated)`): that response's body, as the test wrote it
    // (a person moves the reads: the fixture itself may still have the old shape).
    const served = repliedBindings(ctx).get(binding.node);
    if (served) return { resource: served.resource, op: served.op, role: 'body', path: [], via: 'type', list: served.op === 'list' };
    const declared = typeTie(binding.node.typeAnnotation);
    if (declared) return declared;
    const parent = parentOf(binding)!;
    if (parent.node.type === 'VariableDeclarator' && parent.node.id === binding.node) {
      const init = parent.get('init');
      if (init.value) {
        const t = tieOf(ctx, init) ?? routeDataTie(ctx, init, path);
        if (t) return t;
        // `let saved = null; … saved = await createIntent(…)`: a variable started empty holds what it is assigned.
        const later = parentOf(parent)?.node.kind !== 'const' && isFallback(init.node) ? assignedTie(ctx, binding) : null;
        if (later) return later;
        if (!nameMayTie(init.node) || foreignCall(ctx, init.node)) return null;
      } else {
        // `let sent; … sent = await req.json();`: what it is assigned.
        const assigned = assignedTie(ctx, binding);
        if (assigned) return assigned;
      }
    } else if ((parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parent.node.value === binding.node) {
      // Destructured: `const { data } = await api.get(…)`.
      const pattern = parentOf(parent)!;
      const t = pattern.node.type === 'ObjectPattern' ? patternTie(ctx, pattern) : null;
      const key = keyName(parent.node);
      const wrapped = t && key && t.role === 'result' ? wrapperPart(ctx, pattern, key) : null;
      if (t && wrapped) return wrapped === 'response' ? t : { ...t, role: 'body', path: [], list: t.op === 'list' };
      if (t && key) return step(t, key);
      // A component's prop: `function ResultSummary({ result })` rendered as `<ResultSummary result={data} />`.
      const prop = !t && key ? calledPropTie(ctx, pattern, key) : null;
      if (prop) return prop;
    } else {
      const cb = callbackParamTie(ctx, binding) ?? modelParseParamTie(ctx, binding) ?? constructorParamTie(binding) ?? mutationPayloadTie(ctx, binding) ?? mirroredStateTie(ctx, path) ?? checkerParam(ctx, binding) ?? calledParamTie(ctx, binding);
      if (cb) return cb;
    }
    const owned = ownedRequest(ctx, binding);
    // A file that talks only to another API: its `complaint`, `result` are that API's, names alone do not tie them.
    const byName = ctx.otherApiOnly() ? null : nameTie(n.name);
    // `intent` sent to intents/ is the caller's; a `result` whose id goes into a complaint is still a result.
    if (owned && (!byName || byName.resource === owned.resource)) return owned;
    return byName;
  }
  // Svelte's `$bodyStats`: the imported store `bodyStats`, subscribed.
  return importedStoreTie(ctx, path, true) ?? (ctx.otherApiOnly() ? null : nameTie(n.name));
}

/** The tie of the first tied value assigned to a variable declared without one (`let x; … x = f();`). */
export function assignedTie(ctx: FileContext, binding: Path): Tie | null {
  const scopePath = (binding as { scope?: { path?: Path } }).scope?.path;
  let found: Tie | null = null;
  if (scopePath) {
    ctx.j(scopePath).find(ctx.j.AssignmentExpression, { left: { type: 'Identifier', name: binding.node.name } }).forEach((a: Path) => {
      if (!found && bindingOf(a.get('left'))?.node === binding.node) found = tieOf(ctx, a.get('right'));
    });
  }
  return found;
}


/** The first parameter of a test helper named for checking a resource (`function checkResult(res)`), in a file of this API. */
function checkerParam(ctx: FileContext, binding: Path): Tie | null {
  const fn = parentOf(binding);
  if (!fn || !isFunction(fn.node) || fn.node.params[0] !== binding.node || binding.node.type !== 'Identifier' || ctx.otherApiOnly()) return null;
  const holder = parentOf(fn)?.node;
  const name =
    fn.node.id?.name ??
    (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' ? holder.id.name : null) ??
    ((holder?.type === 'ObjectProperty' || holder?.type === 'Property') && holder.value === fn.node ? keyName(holder) : null);
  return name ? checkerParamTie(name, binding.node.name) : null;
}
