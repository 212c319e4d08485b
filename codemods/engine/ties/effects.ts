import { isMember, memberName, stringValue, type Path } from '../ast';
import { importOf } from './constants';

/**
 * redux-saga effects: `yield call(fn, …args)` calls `fn` with `args`, and the saga resumes with what `fn`
 * returns. So do `call([client, fn], …)` and `call([client, 'method'], …)`, `apply(client, fn, [args])`,
 * `cps(fn, …)` and `retry(times, delay, fn, …)`; `fork` and `spawn` call it too, but resume with a task. The
 * effect creators count only when imported from a saga library (`redux-saga/effects`, `typed-redux-saga`).
 */
export interface EffectCall {
  /** The function expression the effect calls (`api.createComplaint`, `submit`, or a method name literal). */
  fn: Path;
  /** The name the function is known by: the identifier, the member's property, the method literal. */
  name: string | null;
  /** The arguments the function receives. */
  args: Path[];
  /** Whether the saga resumes with the function's result (not with a task). */
  returns: boolean;
}

const EFFECTS = new Map<string, { fn: number; returns: boolean }>([
  ['call', { fn: 0, returns: true }],
  ['cps', { fn: 0, returns: true }],
  ['apply', { fn: 1, returns: true }],
  ['retry', { fn: 2, returns: true }],
  ['fork', { fn: 0, returns: false }],
  ['spawn', { fn: 0, returns: false }],
]);

/** The function call a saga effect creator describes, or null when `callPath` is no such effect. */
export function sagaEffect(callPath: Path): EffectCall | null {
  const n = callPath.node;
  const kind = n.callee?.type === 'Identifier' ? EFFECTS.get(n.callee.name) : undefined;
  if (!kind) return null;
  const imp = importOf(callPath.get('callee'));
  if (!imp || !/(^|[/-])saga(s)?(\/|$)|redux-saga/.test(imp.specifier)) return null;
  const fnArg = n.arguments[kind.fn];
  if (!fnArg) return null;
  let fn: Path = callPath.get('arguments', kind.fn);
  // `call([client, client.post], …)`, `call([client, 'post'], …)`: a context and the function.
  if (n.callee.name !== 'apply' && fnArg.type === 'ArrayExpression' && fnArg.elements.length === 2) fn = fn.get('elements', 1);
  const f = fn.node;
  const name = f.type === 'Identifier' ? f.name : isMember(f) ? memberName(f) : stringValue(f);
  let args: Path[];
  if (n.callee.name === 'apply') {
    const list = n.arguments[2];
    args = list?.type === 'ArrayExpression' ? list.elements.map((_: unknown, i: number) => callPath.get('arguments', 2, 'elements', i)) : [];
  } else {
    args = n.arguments.slice(kind.fn + 1).map((_: unknown, i: number) => callPath.get('arguments', kind.fn + 1 + i));
  }
  return { fn, name: name === '*' ? null : name, args, returns: kind.returns };
}

/** The index among the effect's function's arguments of an argument node of the effect call, or -1. */
export function effectArgIndex(effect: EffectCall, argNode: unknown): number {
  return effect.args.findIndex((a) => a.node === argNode);
}
