import { calleeName, isCall, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { returnTie, tieOf } from './flow';
import { chainOrigin } from './callback-params';
import { item, type Tie } from './tie';
import { typeTie } from './types';

/**
 * Data flow through the callbacks and cells of client libraries that are not promises: jQuery deferreds
 * (`.done`, `.fail`), the list-first collection functions of jQuery, lodash and AngularJS (`$.grep(list, fn)`),
 * and Angular signals read as `this.result()`. flow.ts asks these where its own rules do not apply.
 */

/** Array methods whose callback receives the list's items. */
const ITEM_CALLBACKS = new Set(['map', 'filter', 'forEach', 'find', 'findLast', 'some', 'every', 'flatMap']);

/** Namespaces of utility libraries whose collection functions take the list first: `$.grep(list, fn)`, `_.map(list, fn)`. */
const UTILITY_NAMESPACES = new Set(['$', 'jQuery', '_', 'lodash', 'angular']);
const UTILITY_ITEM_CALLBACKS = new Set([...ITEM_CALLBACKS, 'grep', 'each', 'forEach', 'reject', 'partition', 'sortBy', 'groupBy', 'keyBy', 'findIndex']);

/**
 * `$.grep(question.options, (opt) => …)`, `_.filter(results, (r) => …)`, `angular.forEach(list, (item) => …)`:
 * the callback receives the list's items (jQuery's `$.each` and `angular.forEach`-style index first for `$.each`
 * only). `undefined` when the call is not one of these.
 */
export function utilityItemTie(ctx: FileContext, callPath: Path, fnPath: Path, param: Node): Tie | null | undefined {
  const callee = callPath.node.callee;
  if (!isMember(callee) || callee.object.type !== 'Identifier' || !UTILITY_NAMESPACES.has(callee.object.name)) return undefined;
  const name = memberName(callee) ?? '';
  if (!UTILITY_ITEM_CALLBACKS.has(name) || callPath.node.arguments[1] !== fnPath.node || !callPath.node.arguments[0]) return undefined;
  const itemIndex = callee.object.name === '$' || callee.object.name === 'jQuery' ? (name === 'each' ? 1 : 0) : 0;
  if (fnPath.node.params[itemIndex] !== param) return null;
  const list = tieOf(ctx, callPath.get('arguments', 0));
  return list ? item(list) : null;
}

/** jQuery deferred methods (`$.ajax(…).done(…).fail(…)`, `$.Deferred().promise()`): each returns the promise itself. */
export const DEFERRED_CALLBACKS = new Set(['done', 'fail', 'always']);

/** Parameters that stand for the request object of a jQuery callback (`jqXHR`, `xhr`), not its data. */
const XHR_PARAM = /^(jq)?xhr$|^(res|resp|response)$/i;

/**
 * A parameter of a jQuery deferred callback. `.done((data, textStatus, xhr) => …)` receives the body first and
 * the request object later (a wrapper may resolve with `(data, xhr)`); `.fail((xhr) => …)` receives the request
 * object of the chain's call, whose `status` is the response's. Only parameters named for the request object
 * stand for it.
 */
export function deferredParamTie(ctx: FileContext, callPath: Path, index: number, param: Node, as?: 'done' | 'fail'): Tie | null {
  const origin = chainOrigin(ctx, callPath.get('callee', 'object'));
  if (!origin) return null;
  const name: string = param.type === 'Identifier' ? param.name : '';
  const xhr = { ...origin, role: 'result' as const, path: [], list: false };
  const method = as ?? memberName(callPath.node.callee);
  if (method === 'done') {
    // The first argument is the parsed body (`data.msg` is the body's, not the request object's).
    if (index === 0) return origin.role === 'result' ? { ...origin, role: 'body', path: [], list: origin.op === 'list' } : origin;
    return index > 0 && XHR_PARAM.test(name) ? xhr : null;
  }
  return index === 0 && method === 'fail' && XHR_PARAM.test(name) ? xhr : null;
}

/** jQuery's own request functions, whose promises are deferreds. */
const JQUERY_NAMESPACES = new Set(['$', 'jQuery']);
const JQUERY_REQUESTS = new Set(['ajax', 'get', 'post', 'getJSON']);
/** Libraries whose `ajax` is jQuery's, handed on: `Backbone.ajax({…})` (Backbone.$.ajax). */
const JQUERY_DELEGATES = new Set(['Backbone']);

/**
 * `$.ajax({…}).then(function (data, textStatus, xhr) { … }, function (xhr) { … })`: a deferred's `then` calls
 * its callbacks as `done` and `fail` do (body first, the request object after; the request object first on
 * failure). Only for chains that start at one of jQuery's request functions; `undefined` for other chains.
 */
export function jqueryThenParamTie(ctx: FileContext, callPath: Path, fnPath: Path, param: Node): Tie | null | undefined {
  const args = callPath.node.arguments;
  const as = args[0] === fnPath.node ? 'done' : args[1] === fnPath.node ? 'fail' : null;
  if (!as || !startsAtJquery(callPath.get('callee', 'object'))) return undefined;
  return deferredParamTie(ctx, callPath, fnPath.node.params.indexOf(param), param, as);
}

function startsAtJquery(path: Path): boolean {
  let p: Path = path;
  for (let i = 0; i < 8 && isCall(p.node) && isMember(p.node.callee); i++) {
    const callee = p.node.callee;
    if (callee.object.type === 'Identifier' && JQUERY_NAMESPACES.has(callee.object.name)) return JQUERY_REQUESTS.has(memberName(callee) ?? '');
    if (callee.object.type === 'Identifier' && JQUERY_DELEGATES.has(callee.object.name)) return memberName(callee) === 'ajax';
    if (!['then', ...DEFERRED_CALLBACKS].includes(memberName(callee) ?? '')) return false;
    p = p.get('callee', 'object');
  }
  return false;
}


/** Angular's signal cells: `signal<Result | null>(null)`, `computed(() => …)`, `input.required<Result>()`, `model<T>()`. */
const SIGNAL_CELLS = new Set(['signal', 'computed', 'input', 'required', 'model', 'linkedSignal', 'toSignal']);

/**
 * `this.result()` reads a class field holding a signal: what its type argument declares, or what a `computed`
 * returns. `undefined` when the call is no read of such a field (then other reasons apply).
 */
export function signalFieldTie(ctx: FileContext, path: Path): Tie | null | undefined {
  const callee = path.node.callee;
  if (!isMember(callee) || callee.object.type !== 'ThisExpression') return undefined;
  const name = memberName(callee);
  let body: Path | null = parentOf(path);
  while (body && body.node.type !== 'ClassBody') body = parentOf(body);
  if (!body || !name) return undefined;
  const index = body.node.body.findIndex((m: Node) => (m.type === 'ClassProperty' || m.type === 'PropertyDefinition') && keyName(m) === name);
  if (index < 0) return undefined;
  const init = body.get('body', index, 'value');
  const call = init.node;
  if (!isCall(call) || !SIGNAL_CELLS.has(calleeName(call.callee))) return undefined;
  const param = (call.typeParameters ?? call.typeArguments)?.params?.[0];
  if (param) return typeTie(param);
  if (calleeName(call.callee) === 'computed' && call.arguments[0]) return returnTie(ctx, init.get('arguments', 0), null);
  return call.arguments[0] ? tieOf(ctx, init.get('arguments', 0)) : null;
}

/**
 * k6's `check(res, { 'mode accepted': (r) => r.status === 202 })`: each check of the map receives the value the
 * call checks (an HTTP response). `undefined` when the function is no such check.
 */
export function checkedValueTie(ctx: FileContext, fnPath: Path, param: Node): Tie | null | undefined {
  const prop = parentOf(fnPath);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== fnPath.node) return undefined;
  const map = parentOf(prop);
  const call = map ? parentOf(map) : null;
  if (!call || !isCall(call.node) || call.node.callee.type !== 'Identifier' || call.node.callee.name !== 'check') return undefined;
  if (call.node.arguments[1] !== map!.node || !call.node.arguments[0]) return undefined;
  return fnPath.node.params[0] === param ? tieOf(ctx, call.get('arguments', 0)) : null;
}
