import { calleeName, isCall, isMember, memberName, type Node, type Path } from '../ast';
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
  if (!isMember(arg) || !['body', 'data'].includes(memberName(arg) ?? '')) return null;
  // `calls[0]`, `fetchMock.mock.calls[1][1]`, `mock.lastCall[1]`: an index into recorded calls.
  let o: Node = arg.object;
  let indexed = false;
  while (isMember(o) && o.computed && typeof o.property.value === 'number') {
    indexed = true;
    o = o.object;
  }
  if (!indexed || (isMember(o) && !['calls', 'lastCall', 'requests'].includes(memberName(o) ?? ''))) return null;
  if (recordedForElsewhere(ctx, path.get('arguments', 0))) return null;
  const t = performedInTest(ctx, path, () => true);
  return t && t.op ? { resource: t.resource, op: t.op, role: 'request', path: [], via: 'flow', received: true } : null;
}
