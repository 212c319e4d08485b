import { calleeName, isMember, memberName, parentOf, propertyPath, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf, namespaceImport } from './constants';
import { staticText } from './static-text';
import { tieOf } from './flow';
import type { ActionType } from './project';
import type { Tie } from './tie';

/**
 * Redux actions: a saga or a thunk dispatches what the API returned (`yield put({ type: T.RESULT_LOADED, payload:
 * response.data })`, `dispatch({ type: 'result/loaded', payload: data })`), and a reducer reads it under the
 * action's type (`case T.RESULT_LOADED: … action.payload.advice`). Action types are strings global to the app:
 * the run's facts map each type to what its payload is (lib/project.ts); a reducer's reads of it are weak (the
 * payload crossed a file and a store: a person confirms).
 */

/** Calls that dispatch an action object. */
const DISPATCH = new Set(['put', 'putResolve', 'dispatch']);

/** For the project facts: the actions this file dispatches with a payload tied to the API, by type. */
export function dispatchedPayloads(ctx: FileContext): { type: ActionType; tie: Tie }[] {
  const out: { type: ActionType; tie: Tie }[] = [];
  for (const call of ctx.nodesOf('CallExpression')) {
    if (!DISPATCH.has(calleeName(call.node.callee)) || call.node.arguments[0]?.type !== 'ObjectExpression') continue;
    const action = call.get('arguments', 0);
    const typeProp = propertyPath(action, 'type');
    const payloadProp = propertyPath(action, 'payload');
    if (!typeProp || !payloadProp) continue;
    const tie = tieOf(ctx, payloadProp.get('value'));
    if (!tie || tie.role === 'request' || tie.list) continue;
    const type = actionType(ctx, typeProp.get('value'));
    if (type) out.push({ type, tie: { ...tie, weak: true } });
  }
  return out;
}

/** Whether the file branches on an action's type (`switch (action.type)`, `if (action.type === …)`): a reducer. */
export function readsActions(ctx: FileContext): boolean {
  return (
    ctx.nodesOf('SwitchStatement').some((s: Path) => isTypeRead(s.node.discriminant)) ||
    ctx.nodesOf('IfStatement').some((s: Path) => s.node.test.type === 'BinaryExpression' && (isTypeRead(s.node.test.left) || isTypeRead(s.node.test.right)))
  );
}

/** What an action type expression names: an imported constant (resolved across files), or its static text. */
export function actionType(ctx: FileContext, path: Path): ActionType | null {
  const n = path.node;
  // `T.RESULT_LOADED` with `import * as T from './actionTypes'`.
  if (isMember(n) && n.object.type === 'Identifier') {
    const ns = namespaceImport(path.get('object'));
    const name = memberName(n);
    if (ns && name && name !== '*') return { specifier: ns, name };
  }
  if (n.type === 'Identifier') {
    const imp = importOf(path);
    if (imp) return { specifier: imp.specifier, name: imp.exportName };
  }
  const text = staticText(ctx, path);
  return text && !text.includes('{}') ? text : null;
}

function isTypeRead(n: { type: string; property?: { name?: string }; computed?: boolean } | null): boolean {
  return !!n && isMember(n) && !n.computed && n.property?.name === 'type';
}

/**
 * What `action.payload` is in a reducer: the payload other files dispatch with the type of the `case` it sits
 * under (and the cases that fall through to it), or of the `if (action.type === …)` around it.
 */
export function actionPayloadTie(ctx: FileContext, member: Path): Tie | null {
  const lookup = ctx.project.actionPayload;
  if (!lookup || member.node.object.type !== 'Identifier') return null;
  const subject = member.node.object.name;
  const reads = (n: { object?: { type: string; name?: string } } | null) => isTypeRead(n as never) && n!.object?.type === 'Identifier' && n!.object.name === subject;
  for (let p = parentOf(member); p; p = parentOf(p)) {
    const pn = p.node;
    if (pn.type === 'SwitchCase') {
      const sw = parentOf(p)!;
      if (!reads(sw.node.discriminant)) return null;
      const cases = sw.node.cases;
      let i = cases.indexOf(pn);
      const tests: Path[] = [];
      do tests.push(sw.get('cases', i, 'test'));
      while (--i >= 0 && cases[i].consequent.length === 0);
      for (const test of tests) {
        const type = test.node ? actionType(ctx, test) : null;
        const t = type ? lookup(ctx.filePath, type) : null;
        if (t) return t;
      }
      return null;
    }
    if (pn.type === 'IfStatement' && pn.test.type === 'BinaryExpression' && ['===', '=='].includes(pn.test.operator)) {
      const side = reads(pn.test.left) ? 'right' : reads(pn.test.right) ? 'left' : null;
      const inside = p.get('consequent');
      if (side && member.node.start >= inside.node.start && member.node.end <= inside.node.end) {
        const type = actionType(ctx, p.get('test', side));
        return type ? lookup(ctx.filePath, type) : null;
      }
    }
  }
  return null;
}
