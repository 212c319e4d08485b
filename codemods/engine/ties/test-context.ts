import { api, type Operation } from '../../../catalogue';
import { calleeName, constInit, isCall, isFunction, isMember, memberName, parentOf, stringValue, type Path } from '../ast';
import { helperNameTie } from './names';
import { importOf } from './constants';
import { words } from '../words';
import type { FileContext } from '../file';
import type { ApiCall, Tie } from './tie';
import { apiCall, urlTarget } from './url';

/**
 * What a test around a test double says of the request it stands for: the one operation of this API the test performs
 * through a helper named for it, and, for Angular's HttpTestingController, the method it asserts of an `expectOne(url)`.
 */

const TEST_CALLS = new Set(['it', 'test', 'beforeEach', 'only', 'each']);
/** The operations an HTTP method can perform (a PUT mock is no create). */
export const VERB_OPS: Record<string, Operation[]> = { get: ['read', 'list'], post: ['create', 'answer'], put: ['update', 'mode-update', 'answer'], patch: ['update', 'mode-update', 'answer'] };

/**
 * The one operation of this API the test around `at` performs through a helper named for it (`await
 * setInterviewMode(…)`, `SC.api.getResult(…)`, `store.dispatch(startInterview(…))`) that `accept` allows.
 */
export function performedInTest(ctx: FileContext, at: Path, accept: (t: Tie) => boolean): Tie | null {
  // The test's callback: `it('…', async () => { … })`, `QUnit.test('…', function (assert) { … })`.
  let fn: Path | null = parentOf(at);
  while (fn && !(isFunction(fn.node) && isCall(parentOf(fn)?.node) && TEST_CALLS.has(calleeName(parentOf(fn)!.node.callee)))) fn = parentOf(fn);
  if (!fn) return null;
  const found = new Map<string, Tie>();
  ctx.j(fn).find(ctx.j.CallExpression).forEach((c: Path) => {
    // `actions.updateMode.call(actions, ctx, 'safe')`: the function called is the member before `.call`.
    const callee = isMember(c.node.callee) && ['call', 'apply'].includes(memberName(c.node.callee) ?? '') && isMember(c.node.callee.object) ? c.get('callee', 'object') : c.get('callee');
    const t = helperNameTie(calleeName(callee.node)) ?? receiverVerbTie(callee);
    if (t && t.op && accept(t)) found.set(`${t.resource}:${t.op}`, t);
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** Whether a node sits in a test's callback (`it('…', () => { … })`, `test(…)`, `beforeEach(…)`). */
export function insideTest(at: Path): boolean {
  for (let fn: Path | null = parentOf(at); fn; fn = parentOf(fn)) {
    if (isFunction(fn.node) && isCall(parentOf(fn)?.node) && TEST_CALLS.has(calleeName(parentOf(fn)!.node.callee))) return true;
  }
  return false;
}

/** Words that name what holds a resource's operations rather than the resource: `interviewStore`, `InterviewService`. */
/** The parts of a Vuex module a test calls directly: `actions.create(ctx, …)`. */
const STORE_PARTS = new Set(['actions', 'mutations']);
const HOLDER_WORDS = new Set(['use', 'store', 'service', 'api', 'client', 'repo', 'repository', 'module', 'resource', 'gateway']);

/**
 * A bare verb called on a holder named for a resource: `store.start(…)` with `const store = useInterviewStore()`,
 * `interviewService.create(…)`, `api.results.get(…)`: the helper `startInterview`, `createInterview`, `getResult`.
 */
export function receiverVerbTie(calleePath: Path): Tie | null {
  const callee = calleePath.node;
  if (!isMember(callee)) return null;
  const verb = memberName(callee);
  if (!verb || !/^[a-z]+$/.test(verb)) return null;
  const holder = callee.object;
  let name: string | null = null;
  if (holder.type === 'Identifier') {
    const init = constInit(calleePath.get('object'));
    name = init && isCall(init.node) ? calleeName(init.node.callee) : holder.name;
    // A store module's parts imported from the module (`import { actions } from '~/store/interview'`): named by its file.
    if (name !== null && STORE_PARTS.has(name)) name = importOf(calleePath.get('object'))?.specifier.split('/').pop() ?? null;
  } else if (isMember(holder)) {
    name = memberName(holder);
    // `interview.actions.create(…)`: the module's own name.
    if (name && STORE_PARTS.has(name) && holder.object.type === 'Identifier') name = holder.object.name;
  }
  if (!name) return null;
  const noun = words(name).filter((w) => !HOLDER_WORDS.has(w));
  if (noun.length === 0) return null;
  return helperNameTie(`${verb}_${noun.join('_')}`);
}

/**
 * `req.request.body` where `req` is Angular's `httpMock.expectOne(url)` (or the call itself): the body the code under
 * test sent to the endpoint, as a test double received it.
 */
export function expectedRequestBodyTie(ctx: FileContext, bodyPath: Path): Tie | null {
  const holder = bodyPath.node.object;
  if (!isMember(holder) || memberName(holder) !== 'request') return null;
  const expected = expectedRequest(bodyPath.get('object', 'object'));
  const call = expected ? unstatedMethodCall(ctx, expected, apiCall(ctx, expected)) : null;
  return call ? { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow', received: true } : null;
}

/** The `expectOne(…)` call of Angular's HttpTestingController a request stands for, itself or through a const. */
export function expectedRequest(p: Path): Path | null {
  const target = p.node.type === 'Identifier' ? constInit(p) : p;
  return target && isCall(target.node) && calleeName(target.node.callee) === 'expectOne' ? target : null;
}

/**
 * A double given only a URL (`expectOne(url)`) does not say the method, so the operation its URL suggests (a read)
 * is not known: the create path says it, else the operation the test performs on that resource through a helper.
 */
export function unstatedMethodCall(ctx: FileContext, at: Path, call: ApiCall | null): ApiCall | null {
  if (!call) return null;
  if (at.node.arguments[0]?.type === 'ObjectExpression') return call;
  const target = urlTarget(ctx, call.url);
  if (target && target.resource === 'interview' && target.rest.startsWith(api.createInterviewPath.replace(/\/$/, ''))) return { ...call, op: 'create' };
  // The method the test asserts the request was sent with: `expect(req.request.method).toBe('PUT')`.
  const ops = VERB_OPS[statedMethod(ctx, at)];
  if (ops) return ops.includes(call.op) ? call : { ...call, op: ops[0]! };
  const performed = performedInTest(ctx, at, (t) => t.resource === call.resource);
  return performed ? { ...call, op: performed.op! } : call;
}

/**
 * The method a test asserts of the request an `expectOne(url)` returned, held in a const: `const req =
 * httpMock.expectOne(url); expect(req.request.method).toBe('PUT')` → `put`; '' when it says none.
 */
function statedMethod(ctx: FileContext, at: Path): string {
  const decl = parentOf(at);
  if (decl?.node.type !== 'VariableDeclarator' || decl.node.id.type !== 'Identifier') return '';
  const name: string = decl.node.id.name;
  let fn: Path | null = parentOf(decl);
  while (fn && !isFunction(fn.node)) fn = parentOf(fn);
  if (!fn) return '';
  let method = '';
  ctx.j(fn).find(ctx.j.CallExpression).forEach((c: Path) => {
    const n = c.node;
    if (!isMember(n.callee) || !['toBe', 'toEqual', 'toStrictEqual'].includes(memberName(n.callee) ?? '')) return;
    const subject = n.callee.object;
    const read = isCall(subject) && calleeName(subject.callee) === 'expect' ? subject.arguments[0] : null;
    // `req.request.method`
    if (!isMember(read) || memberName(read) !== 'method' || !isMember(read.object) || memberName(read.object) !== 'request') return;
    if (read.object.object?.type !== 'Identifier' || read.object.object.name !== name) return;
    const verb = stringValue(n.arguments[0])?.toLowerCase();
    if (verb) method = verb;
  });
  return method;
}
