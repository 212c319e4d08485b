import { calleeName, isCall, isFunction, isMember, memberName, parentOf, type Node, type Path } from '../ast';
import { sinonAnswer } from './sinon-answers';
import type { FileContext } from '../file';
import { recordedForElsewhere } from './assertions';
import { performedInTest } from './test-context';
import type { Tie } from './tie';

/**
 * A body a test recorded, parsed: `JSON.parse(fetchMock.mock.calls[1][1].body)` (a fetch double's init),
 * `JSON.parse(calls[0].data)` (the settings a stubbed `$.ajax` was given): what the code under test sent for the one
 * operation of this API the test performs through a helper named for it (`await createComplaint(…)`).
 */
export function recordedBodyTie(ctx: FileContext, path: Path): Tie | null {
  const n = path.node;
  if (calleeName(n.callee) !== 'parse' || !isMember(n.callee) || n.callee.object.type !== 'Identifier' || n.callee.object.name !== 'JSON' || n.arguments.length !== 1) return null;
  let arg: Node = n.arguments[0];
  while (isCall(arg) && calleeName(arg.callee) === 'String' && arg.arguments.length === 1) arg = arg.arguments[0];
  while (arg?.type === 'TSAsExpression' || arg?.type === 'TSNonNullExpression') arg = arg.expression;
  if (!isMember(arg) || !['body', 'data', 'requestBody'].includes(memberName(arg) ?? '')) return null;
  // `calls[0]`, `fetchMock.mock.calls[1][1]`, `mock.lastCall[1]`: an index into recorded calls.
  let o: Node = arg.object;
  let indexed = false;
  while (isMember(o) && o.computed && typeof o.property.value === 'number') {
    indexed = true;
    o = o.object;
  }
  if (!indexed || (isMember(o) && !['calls', 'lastCall', 'requests'].includes(memberName(o) ?? ''))) return null;
  if (recordedForElsewhere(ctx, path.get('arguments', 0))) return null;
  const t = performedInTest(ctx, path, () => true) ?? answeredSend(ctx, path);
  return t && t.op ? { resource: t.resource, op: t.op, role: 'request', path: [], via: 'flow', received: true } : null;
}

/**
 * The one request with a body the test's fake server answers (`server.respondWith('POST', API + 'complaints/', …)`
 * then `c.save()` and `JSON.parse(server.requests[0].requestBody)`): what the code under test sent.
 */
function answeredSend(ctx: FileContext, at: Path): Tie | null {
  let fn: Path | null = parentOf(at);
  while (fn && !(isFunction(fn.node) && isCall(parentOf(fn)?.node) && ['it', 'test'].includes(calleeName(parentOf(fn)!.node.callee)))) fn = parentOf(fn);
  if (!fn) return null;
  const found = new Map<string, Tie>();
  ctx.j(fn).find(ctx.j.CallExpression).forEach((c: Path) => {
    const answer = sinonAnswer(ctx, c);
    if (answer && ['POST', 'PUT', 'PATCH'].includes(answer.call.method)) found.set(`${answer.call.resource}:${answer.call.op}`, { resource: answer.call.resource, op: answer.call.op, role: 'request', path: [], via: 'flow' });
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}
