import { bindingOf, calleeName, constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import { importOf, staticText } from './constants';
import { helperNameTie } from './names';
import type { FileContext } from '../file';
import type { ApiCall, Tie } from './tie';
import { apiCall } from './url';
import { ANSWER_CLASSES, answered, chainCall, handledRoute, patternCall, returnedAnswers, routeTableAnswers } from './mock-routes';
import { expectedRequest, performedInTest, unstatedMethodCall, VERB_OPS } from './test-context';
import { sinonAnswer, sinonStubAnswer } from './sinon-answers';
import { cannedQueueAnswers } from './canned-queues';

/**
 * Test doubles of the API: what a test says the API answers. A team's tests pin v1 behaviour there (a mocked
 * `202` for a mode update, a `400` for the location failure, a top-level `msg`, `advice` in a result), and they
 * fail once the code is migrated unless they change too. Recognised:
 *
 * - nock: `nock(host).put('/api/interviews/…', body).reply(202, { msg })`;
 * - msw 1: `rest.put(url, (req, res, ctx) => res(ctx.status(202), ctx.json({ msg })))`;
 * - msw 2: `http.put(url, () => HttpResponse.json({ msg }, { status: 202 }))`;
 * - Angular's HttpTestingController: `httpMock.expectOne(url).flush(body, { status: 400 })`;
 * - axios-mock-adapter: `mock.onPost(/interviews/).reply(400, { … })` (a route given as a pattern too);
 * - sinon's fake server: `server.respondWith('PUT', url, [202, headers, JSON.stringify({ msg })])`;
 * - redux-saga-test-plan's static providers: `.provide([[matchers.call.fn(api.updateInterview), { status: 202 }]])`.
 */
export interface MockedResponse {
  /** The endpoint the double stands for. */
  call: ApiCall;
  /** The status literal it answers with, if any. */
  status: Path | null;
  /** The response body literal, if any. */
  body: Path | null;
}

const isObj = (n: Node) => n?.type === 'ObjectExpression';
const isNumber = (n: Node) => (n?.type === 'NumericLiteral' || n?.type === 'Literal') && typeof n.value === 'number';

/** Every test double of this file, memoized on the context. */
export function mockedResponses(ctx: FileContext): MockedResponse[] {
  const cached = memo.get(ctx);
  if (cached) return cached;
  const out: MockedResponse[] = [];
  const builders = responseBuilders(ctx);
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    const name = calleeName(n.callee);
    // nock: `.reply(status, body)` on an interceptor chain.
    // AngularJS: `$httpBackend.expectPUT(url, body).respond(202, { msg })`.
    if ((name === 'reply' || name === 'replyWithError' || name === 'respond') && isMember(n.callee)) {
      const endpoint = chainCall(ctx, call.get('callee', 'object'));
      if (!endpoint) continue;
      const [a0, a1] = n.arguments;
      out.push({ call: endpoint, status: isNumber(a0) ? call.get('arguments', 0) : null, body: isObj(a1) ? call.get('arguments', 1) : isObj(a0) ? call.get('arguments', 0) : null });
      continue;
    }
    // A saga stepped by hand: `const gen = createInterviewSaga(action); gen.next(); gen.throw({ status: 400 })`,
    // `gen.next({ status: 202, data: null })`: what the saga's request answered, for the operation it is named for.
    if ((name === 'next' || name === 'throw') && isMember(n.callee) && isObj(n.arguments[0])) {
      const saga = steppedSaga(call.get('callee', 'object'));
      if (saga) {
        const arg = call.get('arguments', 0);
        const statusProp = propertyPath(arg, 'status');
        const data = propertyPath(arg, 'data');
        const status = statusProp && isNumber(statusProp.node.value) ? statusProp.get('value') : null;
        if (status) out.push({ call: { resource: saga.resource, op: saga.op!, method: '', bodies: [], url: '' }, status, body: data && isObj(data.node.value) ? data.get('value') : null });
      }
      continue;
    }
    // redux-saga-test-plan: `[matchers.call.fn(api.setMode), { status: 202, data }]` pairs given to `.provide([…])`.
    if (name === 'provide' && n.arguments[0]?.type === 'ArrayExpression') {
      n.arguments[0].elements.forEach((pair: Node, i: number) => {
        const helper = pair?.type === 'ArrayExpression' && pair.elements.length === 2 && isObj(pair.elements[1]) ? providedHelper(pair.elements[0]) : null;
        if (!helper) return;
        const value = call.get('arguments', 0, 'elements', i, 'elements', 1);
        const statusProp = propertyPath(value, 'status');
        const data = propertyPath(value, 'data');
        out.push({
          call: { resource: helper.resource, op: helper.op!, method: '', bodies: [], url: '' },
          status: statusProp && isNumber(statusProp.node.value) ? statusProp.get('value') : null,
          body: data && isObj(data.node.value) ? data.get('value') : null,
        });
      });
      continue;
    }
    // Angular: `expectOne(url).flush(body, { status })`, or through the request it returned
    // (`const req = httpMock.expectOne(url); …; req.flush(body, { status })`).
    const expected = name === 'flush' && isMember(n.callee) ? expectedRequest(call.get('callee', 'object')) : null;
    if (expected) {
      const endpoint = unstatedMethodCall(ctx, expected, apiCall(ctx, expected));
      if (!endpoint) continue;
      const opts = n.arguments[1];
      const statusProp = isObj(opts) ? opts.properties.findIndex((p: Node) => keyName(p) === 'status') : -1;
      out.push({ call: endpoint, status: statusProp >= 0 ? call.get('arguments', 1, 'properties', statusProp, 'value') : null, body: isObj(n.arguments[0]) ? call.get('arguments', 0) : null });
      continue;
    }
    // Function mocks of a helper named for an operation: `vi.mocked(sc.createInterview).mockRejectedValue({
    // response: { status: 400 } })`, `jest.spyOn(api, 'setInterviewMode').mockResolvedValue({ status: 202 })`.
    if (FN_MOCKS.has(name) && isMember(n.callee) && (isObj(n.arguments[0]) || isCall(n.arguments[0]))) {
      const helper = mockedHelper(n.callee.object) ?? transportInTest(ctx, call);
      if (!helper) continue;
      // `mockResolvedValueOnce(reply(400, { … }))`: a local helper that builds the response from a status and a body.
      if (isCall(n.arguments[0])) {
        const built = builtResponse(call.get('arguments', 0));
        if (built) out.push({ call: { resource: helper.resource, op: helper.op!, method: '', bodies: [], url: '' }, ...built });
        continue;
      }
      const arg = call.get('arguments', 0);
      const rejected = /Rejected/.test(name);
      const holder = rejected ? (propertyPath(arg, 'response') ?? arg) : arg;
      const holderObj = holder === arg ? arg : holder.get('value');
      const statusProp = isObj(holderObj.node) ? propertyPath(holderObj, 'status') ?? propertyPath(holderObj, 'statusCode') : null;
      const status = statusProp && isNumber(statusProp.node.value) ? statusProp.get('value') : null;
      const data = propertyPath(arg, 'data');
      const body = rejected ? null : data && isObj(data.node.value) ? data.get('value') : status ? null : arg;
      out.push({ call: { resource: helper.resource, op: helper.op!, method: '', bodies: [], url: '' }, status, body });
      continue;
    }
    // A response a test builds with a helper of its own that takes the status: `const f = reply(202, { msg })`,
    // `capture(base + 'results/r-1/', 'GET', { advice }, 200)` (a helper around `$.mockjax`, `new Response`).
    if (n.callee.type === 'Identifier' && builders.has(n.callee.name) && !FN_MOCKS.has(calleeName(parentOf(call)?.node?.callee ?? null))) {
      const built = builtResponse(call, true);
      const endpoint = built ? builtEndpoint(ctx, call) : null;
      if (built && endpoint) out.push({ call: endpoint, ...built });
      if (built) continue;
    }
    // A queue of canned answers: `installHttpsMock([TOKEN_OK, { status: 400 }])` before `createInterview(…)`.
    const queued = cannedQueueAnswers(ctx, call);
    if (queued.length > 0) {
      out.push(...queued);
      continue;
    }
    // sinon's fake server: `server.respondWith('PUT', url, [202, headers, JSON.stringify({ msg })])`; a stub's
    // `fetchStub.withArgs(url).resolves(jsonResponse({ … }, 201))`.
    const faked = sinonAnswer(ctx, call) ?? sinonStubAnswer(ctx, call, (answer) => builtResponse(answer));
    if (faked) {
      out.push(faked);
      continue;
    }
    // msw: a handler for a route of this API; its answers are inside the resolver.
    const endpoint = isMember(n.callee) && n.arguments.length >= 2 && isFunction(n.arguments[n.arguments.length - 1]) ? apiCall(ctx, call) : null;
    if (!endpoint) continue;
    const resolver = ctx.j(call.get('arguments', n.arguments.length - 1));
    resolver.find(ctx.j.CallExpression).forEach((inner: Path) => {
      const m = inner.node;
      const innerName = calleeName(m.callee);
      if (innerName === 'res' || innerName === 'once') {
        // `res(ctx.status(202), ctx.json({ … }))`
        let status: Path | null = null;
        let body: Path | null = null;
        m.arguments.forEach((arg: Node, i: number) => {
          if (!isCall(arg)) return;
          if (calleeName(arg.callee) === 'status' && isNumber(arg.arguments[0])) status = inner.get('arguments', i, 'arguments', 0);
          if (calleeName(arg.callee) === 'json' && isObj(arg.arguments[0])) body = inner.get('arguments', i, 'arguments', 0);
        });
        out.push({ call: endpoint, status, body });
      } else if (innerName === 'json' && isMember(m.callee) && m.callee.object.type === 'Identifier' && ANSWER_CLASSES.has(m.callee.object.name)) {
        // `HttpResponse.json({ … }, { status: 202 })`, `Response.json([{ … }])`
        out.push(...answered(endpoint, inner));
      }
    });
    // msw 2: `new HttpResponse(null, { status: 202 })`, `new Response(JSON.stringify(…), { status: 400 })`.
    resolver.find(ctx.j.NewExpression).forEach((inner: Path) => {
      const m = inner.node;
      if (m.callee.type === 'Identifier' && ANSWER_CLASSES.has(m.callee.name)) out.push(...answered(endpoint, inner));
    });
    // Mirage (and Pretender-like servers): the resolver's own returned object is the answer body,
    // `this.get('/interviews/:token/', (schema, request) => ({ … }))`.
    out.push(...returnedAnswers(ctx, endpoint, call.get('arguments', n.arguments.length - 1)));
  }
  out.push(...routeTableAnswers(ctx));
  memo.set(ctx, out);
  return out;
}
const memo = new WeakMap<FileContext, MockedResponse[]>();


/** Methods of Jest/Vitest function mocks that set what the mocked function returns or throws. */
const FN_MOCKS = new Set(['mockResolvedValue', 'mockResolvedValueOnce', 'mockRejectedValue', 'mockRejectedValueOnce', 'mockReturnValue', 'mockReturnValueOnce']);
/** Calls whose argument is what a test double answers with: a function mock's value, nock/axios-mock-adapter's `reply`, AngularJS's `respond`, Angular's `flush`. */
const ANSWERS = new Set([...FN_MOCKS, 'reply', 'replyOnce', 'respond', 'flush']);

/** Whether an object literal is (inside) what a test double answers — a response, never a body sent: `fetchMock.mockResolvedValueOnce({ profile: { age: 1 } })`. */
export function answeredByDouble(obj: Path): boolean {
  let p: Path | null = obj;
  for (let i = 0; i < 8 && p; i++) {
    const parent: Path | null = parentOf(p);
    if (!parent) return false;
    const n = parent.node;
    if (isCall(n) && n.arguments.includes(p.node)) return ANSWERS.has(calleeName(n.callee));
    if (!['ObjectExpression', 'ObjectProperty', 'Property', 'ArrayExpression'].includes(n.type)) return false;
    p = parent;
  }
  return false;
}

/** Words after the operation in the name of a generator that performs it: `createInterviewSaga`, `watchResultFlow`. */
const SAGA_SUFFIXES = /(Saga|Worker|Flow|Generator|Gen)$/;

/** The operation a generator object steps through: `gen` of `const gen = createInterviewSaga(action)`. */
function steppedSaga(p: Path): Tie | null {
  const init = p.node.type === 'Identifier' ? constInit(p) : null;
  if (!init || !isCall(init.node) || init.node.callee.type !== 'Identifier') return null;
  const fnName: string = init.node.callee.name;
  if (!SAGA_SUFFIXES.test(fnName)) return null;
  const t = helperNameTie(fnName.replace(SAGA_SUFFIXES, ''));
  return t && t.op ? t : null;
}

/** The helper a function mock stands for: `sc.createInterview`, `vi.mocked(sc.setMode)`, `jest.spyOn(api, 'getResult')`. */
function mockedHelper(n: Node): Tie | null {
  let target: Node = n;
  while (target && (target.type === 'TSAsExpression' || target.type === 'ParenthesizedExpression')) target = target.expression;
  if (isCall(target) && ['mocked', 'spyOn'].includes(calleeName(target.callee))) {
    const [a0, a1] = target.arguments;
    if (calleeName(target.callee) === 'spyOn') return typeof a1?.value === 'string' ? helperNameTie(a1.value) : null;
    target = a0;
  }
  const name = isMember(target) ? memberName(target) : target?.type === 'Identifier' ? target.name : null;
  const t = name ? helperNameTie(name) : null;
  return t && t.op ? t : null;
}

/**
 * A mocked transport (`mockedAxios.put`, `http.post`, `global.fetch`, `fetchMock`) stands for the one operation
 * of this API the test around it performs through a helper named for it (`await setInterviewMode(…)`,
 * `store.dispatch(startInterview(…))`); a verb must agree with that operation (a PUT mock is no create).
 */
function transportInTest(ctx: FileContext, mockCall: Path): Tie | null {
  let target: Node = (mockCall.node.callee as Node).object;
  while (target && (target.type === 'TSAsExpression' || target.type === 'ParenthesizedExpression')) target = target.expression;
  if (isCall(target) && calleeName(target.callee) === 'mocked') target = target.arguments[0];
  // A test's getter of its mock: `fetchMock().mockResolvedValueOnce(…)` where `const fetchMock = () => vi.mocked(fetch)`.
  else if (isCall(target) && target.arguments.length === 0 && target.callee.type === 'Identifier') target = target.callee;
  const name = isMember(target) ? memberName(target) ?? '' : target?.type === 'Identifier' ? target.name : '';
  // `$axios.$post`: Nuxt's axios module names the methods that answer with the body alone with a `$`.
  const verb = VERB_OPS[name.replace(/^\$/, '').toLowerCase()];
  if (!verb && !/^(fetch(Mock|Stub|Spy)?|mocked?Fetch|stubbed?Fetch)$/i.test(name)) return null;
  return performedInTest(ctx, mockCall, (t) => !verb || verb.includes(t.op!));
}

/**
 * The endpoint of a response built by a test's own helper: the request its arguments address (a URL, or a route
 * given as a pattern with a method), else — when it addresses nothing — the one operation the test performs.
 * A helper given another API's address (`capture(deskUrl + 'tickets/', …)`) stands for that API.
 */
function builtEndpoint(ctx: FileContext, call: Path): ApiCall | null {
  const direct = apiCall(ctx, call) ?? handledRoute(ctx, call);
  if (direct) return direct;
  const args: Node[] = call.node.arguments;
  const method = args.map((a) => stringValue(a)?.toUpperCase() ?? '').find((m) => HTTP_VERBS.includes(m)) ?? '';
  for (const a of args) {
    if (a?.type === 'RegExpLiteral' || (a?.type === 'Literal' && a.regex)) return patternCall(ctx, a.pattern ?? a.regex.pattern, method);
  }
  for (let i = 0; i < args.length; i++) {
    const text = isNumber(args[i]) || isObj(args[i]) ? null : staticText(ctx, call.get('arguments', i));
    if (text && /\//.test(text)) return null;
  }
  const t = performedInTest(ctx, call, (x) => !method || (VERB_OPS[method.toLowerCase()] ?? []).includes(x.op!));
  return t ? { resource: t.resource, op: t.op!, method, bodies: [], url: '' } : null;
}
const HTTP_VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The status and body of a response a test builds with a helper of its own: `reply(400, { … })`, `json(body,
 * 202)`, where the helper's parameter at that place is named for the status.
 */
function builtResponse(call: Path, statusParam = false): { status: Path | null; body: Path | null } | null {
  const n = call.node;
  if (n.callee.type !== 'Identifier') return null;
  const binding = bindingOf(call.get('callee'));
  // A helper imported from the tests' setup, named for a response (`jsonResponse(body, 202)`, `mockReply(400)`):
  // its one status-like number is the status, its object the body.
  if (!statusParam && binding && isImportBinding(binding) && RESPONSE_HELPER.test(n.callee.name)) {
    const statuses = n.arguments.map((a: Node, i: number) => (isNumber(a) && a.value >= 100 && a.value <= 599 ? i : -1)).filter((i: number) => i >= 0);
    const objects = n.arguments.map((a: Node, i: number) => (isObj(a) ? i : -1)).filter((i: number) => i >= 0);
    if (statuses.length !== 1) return null;
    return { status: call.get('arguments', statuses[0]), body: objects.length === 1 ? call.get('arguments', objects[0]) : null };
  }
  const decl = binding ? parentOf(binding) : null;
  const fn = decl?.node.type === 'FunctionDeclaration' ? decl.node : decl?.node.type === 'VariableDeclarator' && isFunction(decl.node.init) ? decl.node.init : null;
  if (!fn) return null;
  let status: Path | null = null;
  let body: Path | null = null;
  // A helper that takes a status (`(status, body) => …`, `capture(url, type, reply, status)`) builds responses.
  if (statusParam && !fn.params.some((param: Node) => STATUS_PARAM.test((param.type === 'AssignmentPattern' ? param.left : param)?.name ?? ''))) return null;
  fn.params.forEach((param: Node, i: number) => {
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (id?.type !== 'Identifier' || !n.arguments[i]) return;
    if (STATUS_PARAM.test(id.name) && isNumber(n.arguments[i])) status = call.get('arguments', i);
    else if (isObj(n.arguments[i])) body = call.get('arguments', i);
  });
  return status || body ? { status, body } : null;
}

const STATUS_PARAM = /^(status|statusCode|code)$/;
/** Names of helpers that build a response: `jsonResponse`, `mockResponse`, `reply`, `respondWith`. */
const RESPONSE_HELPER = /(^|[a-z])(Response|Reply|Respond)|^(response|reply|respond)/;

/** Whether a binding is an import's local name. */
function isImportBinding(binding: Path): boolean {
  const spec = parentOf(binding);
  return !!spec && /^Import(Default|Namespace)?Specifier$/.test(spec.node.type);
}

/** Names of this file's functions that take a status (`function reply(status, body)`, `const json = (body, status) => …`). */
function responseBuilders(ctx: FileContext): Set<string> {
  const names = new Set<string>();
  const takesStatus = (fn: Node) => (fn.params ?? []).some((p: Node) => STATUS_PARAM.test((p.type === 'AssignmentPattern' ? p.left : p)?.name ?? ''));
  for (const d of ctx.nodesOf('FunctionDeclaration')) if (d.node.id && takesStatus(d.node)) names.add(d.node.id.name);
  for (const d of ctx.nodesOf('VariableDeclarator')) if (d.node.id.type === 'Identifier' && isFunction(d.node.init) && takesStatus(d.node.init)) names.add(d.node.id.name);
  return names;
}

/**
 * The helper a saga test provides a value for: `matchers.call.fn(api.updateInterview)`, `call(api.getResult, t)`,
 * `matchers.call([api, api.getResult], t)`, when its name says the operation.
 */
function providedHelper(matcher: Node): Tie | null {
  if (!isCall(matcher) || !['fn', 'call', 'apply'].includes(calleeName(matcher.callee))) return null;
  let fn: Node = matcher.arguments[calleeName(matcher.callee) === 'apply' ? 1 : 0];
  if (fn?.type === 'ArrayExpression' && fn.elements.length === 2) fn = fn.elements[1];
  const name = isMember(fn) ? memberName(fn) : fn?.type === 'Identifier' ? fn.name : typeof fn?.value === 'string' ? fn.value : null;
  const t = name ? helperNameTie(name) : null;
  return t && t.op ? t : null;
}

/** Whether a double's operation can be the rule's: a mocked interview update may stand for a mode update. */
export function mockOperationMatches(call: ApiCall, resource: string, operation: string): boolean {
  if (call.resource !== resource) return false;
  return call.op === operation || (operation === 'mode-update' && call.op === 'update');
}


/**
 * The request a test double received: `await req.json()` in an msw 1 resolver `(req, res, ctx) => …` (or its parsed
 * `req.body`), `await request.json()` in msw 2's `({ request }) => …`. What the code under test sent to the endpoint.
 */
export function mockRequestTie(ctx: FileContext, read: Path): Tie | null {
  const n = read.node;
  const json = isCall(n) && isMember(n.callee) && memberName(n.callee) === 'json';
  const parsed = isMember(n) && memberName(n) === 'body';
  const holder: Path | null = json ? read.get('callee', 'object') : parsed ? read.get('object') : null;
  if (holder?.node.type !== 'Identifier') return null;
  const binding = bindingOf(holder);
  if (!binding) return null;
  // The resolver's first parameter, or the `request` destructured from it.
  let param: Path | null = binding;
  const up = parentOf(binding);
  if (up && (up.node.type === 'ObjectProperty' || up.node.type === 'Property') && keyName(up.node) === 'request') param = parentOf(up);
  const fn = param ? parentOf(param) : null;
  if (!fn || !isFunction(fn.node) || fn.node.params[0] !== param!.node) return null;
  const route = parentOf(fn);
  if (!route || !isCall(route.node) || route.node.arguments[route.node.arguments.length - 1] !== fn.node || !isMember(route.node.callee)) return null;
  // `req.body` only in msw's own `rest.post(…)`: an app's server route (`app.post('/complaints', (req, res) => …)`)
  // reads what its own callers sent.
  const lib = route.node.callee.object.type === 'Identifier' ? importOf(route.get('callee', 'object'))?.specifier : null;
  if (parsed && lib !== 'msw') return null;
  const call = apiCall(ctx, route);
  return call ? { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow', received: true } : null;
}

/** nock's body matcher: `nock(host).post('/api/intents/', (body) => body.detail === '…')` gets the request body. */
export function nockMatcherTie(ctx: FileContext, param: Path): Tie | null {
  const fn = parentOf(param);
  if (!fn || !isFunction(fn.node) || fn.node.params[0] !== param.node) return null;
  const route = parentOf(fn);
  if (!route || !isCall(route.node) || route.node.arguments[1] !== fn.node || !isMember(route.node.callee)) return null;
  let root: Node = route.node.callee.object;
  let rootPath: Path = route.get('callee', 'object');
  while (isCall(root) && isMember(root.callee)) {
    root = root.callee.object;
    rootPath = rootPath.get('callee', 'object');
  }
  const scopes = isCall(root) && calleeName(root.callee) === 'nock' ? [rootPath] : heldNockScope(ctx, rootPath);
  // `nock('https://help.example.com')`: a relative `/api/complaints/` there is that host's.
  if (!scopes || scopes.some((sc) => otherHost(ctx, sc))) return null;
  const call = apiCall(ctx, route);
  return call ? { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow', received: true } : null;
}

/**
 * A variable that holds a nock scope: `const api = nock(HOST)`, or `let api: nock.Scope` set in a hook (`beforeEach(()
 * => { api = nock(HOST) })`): every value it is given in the file is a `nock(…)` call.
 */
function heldNockScope(ctx: FileContext, idPath: Path): Path[] | null {
  if (idPath.node?.type !== 'Identifier') return null;
  const binding = bindingOf(idPath);
  const decl = binding ? parentOf(binding) : null;
  if (!decl || decl.node.type !== 'VariableDeclarator' || decl.node.id !== binding!.node) return null;
  const isNock = (n: Node) => isCall(n) && calleeName(n.callee) === 'nock';
  if (decl.node.init) return isNock(decl.node.init) ? [decl.get('init')] : null;
  const given: Path[] = [];
  for (const a of ctx.nodesOf('AssignmentExpression')) {
    if (a.node.left.type !== 'Identifier' || a.node.left.name !== idPath.node.name || bindingOf(a.get('left'))?.node !== binding!.node) continue;
    if (!isNock(a.node.right)) return null;
    given.push(a.get('right'));
  }
  return given.length > 0 ? given : null;
}

/** Whether a `nock(host)` call names a host that is not one of this API's. */
function otherHost(ctx: FileContext, nockCall: Path): boolean {
  const text = nockCall.node.arguments[0] ? staticText(ctx, nockCall.get('arguments', 0)) : null;
  const host = text ? /^https?:\/\/([^/?#:]+)/i.exec(text)?.[1]?.toLowerCase() : undefined;
  return !!host && !ctx.apiHosts.includes(host);
}

/**
 * Values a test double answers with that are not written there (`nock(API).put(…).reply(202, modeUpdated)` with
 * `import * as modeUpdated from './fixtures/mode-updated.json'`): by their binding, the endpoint they stand for.
 */
export function repliedBindings(ctx: FileContext): Map<Node, ApiCall> {
  const cached = replied.get(ctx);
  if (cached) return cached;
  const out = new Map<Node, ApiCall>();
  replied.set(ctx, out);
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    const name = calleeName(n.callee);
    if ((name !== 'reply' && name !== 'respond') || !isMember(n.callee)) continue;
    const i = n.arguments.findIndex((a: Node) => a?.type === 'Identifier');
    if (i < 0) continue;
    const binding = bindingOf(call.get('arguments', i));
    const endpoint = binding ? chainCall(ctx, call.get('callee', 'object')) : null;
    if (binding && endpoint) out.set(binding.node, endpoint);
  }
  return out;
}
const replied = new WeakMap<FileContext, Map<Node, ApiCall>>();
