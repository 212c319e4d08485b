import { calleeName, isCall, isFunction, keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import type { MockedResponse } from './mocks';
import { helperNameTie } from './names';
import type { Tie } from './tie';

/**
 * A test's queue of canned answers handed to a transport double of its own, answered in the order the requests are
 * made: `installHttpsMock([TOKEN_OK, { status: 201, body: {…} }, { status: 400 }])`, then the test performs operations
 * through helpers named for them (`client.createInterview(…)`, `client.addComplaint(…)`). The answers pair with the
 * operations in order when there are as many of each (a token answer, named for the token, is no operation's).
 */

/** Names of the helpers a queue of canned answers is handed to. */
const QUEUE_HELPER = /mock|stub|fake|canned|respond|reply|queue/i;
/** Keys of a canned answer. */
const ANSWER_KEYS = new Set(['status', 'statusCode', 'body', 'data', 'json', 'headers']);
const TEST_CALLS = new Set(['it', 'test']);

const isNumber = (n: Node) => (n?.type === 'NumericLiteral' || n?.type === 'Literal') && typeof n.value === 'number';

/** The answers of every queue of canned answers in the file's tests, paired with the operations they answer. */
export function cannedQueueAnswers(ctx: FileContext, call: Path): MockedResponse[] {
  const n = call.node;
  if (!QUEUE_HELPER.test(calleeName(n.callee)) || !ctx.touchesApi() || ctx.otherApiOnly()) return [];
  const i = n.arguments.findIndex((a: Node) => a?.type === 'ArrayExpression' && a.elements.some(isCannedAnswer));
  if (i < 0) return [];
  const list = call.get('arguments', i);
  // Slots: every canned answer, and every other value but a token's answer (`TOKEN_OK`).
  const slots: (Path | null)[] = [];
  list.node.elements.forEach((e: Node, k: number) => {
    if (isCannedAnswer(e)) slots.push(list.get('elements', k));
    else if (!(e?.type === 'Identifier' && /token|auth/i.test(e.name))) slots.push(null);
  });
  const ops = operationsAfter(ctx, call);
  if (ops.length !== slots.length) return [];
  const out: MockedResponse[] = [];
  slots.forEach((slot, k) => {
    if (!slot) return;
    const t = ops[k]!;
    const props: Node[] = slot.node.properties;
    const at = (key: string) => props.findIndex((p) => keyName(p) === key);
    const s = [at('status'), at('statusCode')].find((x) => x >= 0 && isNumber(props[x]!.value)) ?? -1;
    const b = ['body', 'data', 'json'].map(at).find((x) => x >= 0 && props[x]!.value?.type === 'ObjectExpression') ?? -1;
    out.push({
      call: { resource: t.resource, op: t.op!, method: '', bodies: [], url: '' },
      status: s >= 0 ? slot.get('properties', s, 'value') : null,
      body: b >= 0 ? slot.get('properties', b, 'value') : null,
    });
  });
  return out;
}

function isCannedAnswer(e: Node): boolean {
  if (e?.type !== 'ObjectExpression' || e.properties.length === 0) return false;
  const keys = e.properties.map((p: Node) => keyName(p));
  return keys.every((k: string | null) => k !== null && ANSWER_KEYS.has(k)) && e.properties.some((p: Node) => (keyName(p) === 'status' || keyName(p) === 'statusCode') && isNumber(p.value));
}

/** The operations the test performs after `at`, in order, through helpers named for them. */
function operationsAfter(ctx: FileContext, at: Path): Tie[] {
  let fn: Path | null = parentOf(at);
  while (fn && !(isFunction(fn.node) && isCall(parentOf(fn)?.node) && TEST_CALLS.has(calleeName(parentOf(fn)!.node.callee)))) fn = parentOf(fn);
  if (!fn) return [];
  const out: { start: number; tie: Tie }[] = [];
  ctx.j(fn).find(ctx.j.CallExpression).forEach((c: Path) => {
    if (c.node.start < at.node.end) return;
    const t = helperNameTie(calleeName(c.node.callee));
    if (t && t.op) out.push({ start: c.node.start, tie: t });
  });
  return out.sort((a, b) => a.start - b.start).map((o) => o.tie);
}
