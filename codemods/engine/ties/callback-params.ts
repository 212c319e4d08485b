import { calleeName, isCall, isFunction, isMember, memberName, parentOf, type Path } from '../ast';
import type { FileContext } from '../file';
import { functionOf, returnTie, tieOf } from './flow';
import { checkedValueTie, deferredParamTie, DEFERRED_CALLBACKS, jqueryThenParamTie, utilityItemTie } from './library-callbacks';
import { nockMatcherTie } from './mock-requests';
import { derivedSource } from './exported-stores';
import { helperNameTie, nameTie } from './names';
import { item, type Tie } from './tie';

/**
 * The parameters of callbacks handed a tied value: `list.map(x => …)`, `promise.then(res => …)`, `.catch(err => …)`
 * (the error of the chain's first tied call), RxJS operators in a `.pipe`, reselect's input selectors, derived
 * stores, Redux Toolkit's `addCase`, deferred and jQuery callbacks (library-callbacks.ts).
 */

/** Array methods whose callback receives the list's items. */
const ITEM_CALLBACKS = new Set(['map', 'filter', 'forEach', 'find', 'findLast', 'some', 'every', 'flatMap']);

/** RxJS operators whose callback receives the piped value (or its error). */
const RX_OPERATORS = new Set(['map', 'tap', 'switchMap', 'mergeMap', 'concatMap', 'exhaustMap', 'filter', 'catchError', 'finalize']);

/** A callback parameter of `list.map(x => …)` / `promise.then(x => …)` on a tied value. */
export function callbackParamTie(ctx: FileContext, paramPath: Path): Tie | null {
  const fnPath = parentOf(paramPath);
  if (!fnPath || !isFunction(fnPath.node) || !fnPath.node.params.includes(paramPath.node)) return null;
  const checked = checkedValueTie(ctx, fnPath, paramPath.node);
  if (checked !== undefined) return checked;
  const callPath = parentOf(fnPath);
  if (!callPath || !isCall(callPath.node) || !callPath.node.arguments.includes(fnPath.node)) return null;
  const matched = nockMatcherTie(ctx, paramPath);
  if (matched) return matched;
  // RxJS: `this.http.post(url, body).pipe(map((res) => …), catchError((err) => …))`: each operator's callback
  // receives what the piped call emits (or its error).
  const operator = calleeName(callPath.node.callee);
  const pipe = parentOf(callPath);
  if (callPath.node.callee.type === 'Identifier' && RX_OPERATORS.has(operator) && pipe && isCall(pipe.node) && memberName(pipe.node.callee) === 'pipe') {
    return tieOf(ctx, pipe.get('callee', 'object'));
  }
  // reselect: `createSelector([getResult, getToken], (result, token) => …)`: each parameter is what its input selects.
  if (calleeName(callPath.node.callee) === 'createSelector' && callPath.node.arguments.at(-1) === fnPath.node) {
    const args = callPath.node.arguments;
    const inputs: Path[] = args[0]?.type === 'ArrayExpression' ? args[0].elements.map((_: unknown, i: number) => callPath.get('arguments', 0, 'elements', i)) : args.slice(0, -1).map((_: unknown, i: number) => callPath.get('arguments', i));
    const input = inputs[fnPath.node.params.indexOf(paramPath.node)];
    return input ? selectedTie(ctx, input) : null;
  }
  // Svelte's `derived(interview, ($i) => …)`, nanostores' `computed(interview, (i) => …)`: the value of the store it derives from.
  const derivedFrom = derivedSource(callPath, fnPath, paramPath);
  if (derivedFrom) return tieOf(ctx, derivedFrom);
  const name = memberName(callPath.node.callee);
  if (!name) return null;
  const listed = utilityItemTie(ctx, callPath, fnPath, paramPath.node);
  if (listed !== undefined) return listed;
  // Redux Toolkit: `builder.addCase(createInterview.fulfilled, (state, { payload }) => …)`: the thunk's result.
  if (name === 'addCase' && fnPath.node.params[1] === paramPath.node) {
    const first = callPath.node.arguments[0];
    const thunk = isMember(first) && first.object.type === 'Identifier' ? helperNameTie(first.object.name) : null;
    if (thunk) return thunk;
  }
  if (DEFERRED_CALLBACKS.has(name)) return deferredParamTie(ctx, callPath, fnPath.node.params.indexOf(paramPath.node), paramPath.node);
  const jqueryThen = name === 'then' ? jqueryThenParamTie(ctx, callPath, fnPath, paramPath.node) : undefined;
  if (jqueryThen !== undefined) return jqueryThen;
  if (fnPath.node.params[0] !== paramPath.node) return null;
  const objTie = name === 'catch' ? chainOrigin(ctx, callPath.get('callee', 'object')) : tieOf(ctx, callPath.get('callee', 'object'));
  if (!objTie) return null;
  // `.then(res => …)`, and the error of `.catch(err => …)` (its status is the response's).
  if (name === 'then' || name === 'subscribe') return objTie;
  if (name === 'catch') return chainOrigin(ctx, callPath.get('callee', 'object')) ?? objTie;
  if (ITEM_CALLBACKS.has(name)) return item(objTie);
  return null;
}

/**
 * What an input selector selects: its name says it (`getResult`, `selectLastResult`), or what it returns
 * (`(state) => state.interview`).
 */
function selectedTie(ctx: FileContext, input: Path): Tie | null {
  const n = input.node;
  if (n.type === 'Identifier') {
    const named = nameTie(n.name);
    if (named) return named;
    const fn = functionOf(input);
    return fn ? returnTie(ctx, fn, null) : null;
  }
  return isFunction(n) ? returnTie(ctx, input, null) : null;
}

/** The first tied call of a promise chain (`api.createInterview(p).then(…).then(…)`): where a `.catch` error comes from. */
const isChainMethod = (name: string) => ['then', 'catch', 'finally'].includes(name) || DEFERRED_CALLBACKS.has(name);

export function chainOrigin(ctx: FileContext, path: Path): Tie | null {
  let p: Path = path;
  for (let i = 0; i < 8; i++) {
    const t = tieOf(ctx, p);
    if (t && t.role === 'result') return t;
    if (!isCall(p.node) || !isMember(p.node.callee) || !isChainMethod(memberName(p.node.callee) ?? '')) return t;
    p = p.get('callee', 'object');
  }
  return null;
}
