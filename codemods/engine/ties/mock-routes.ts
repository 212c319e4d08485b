import { calleeName, enclosingFunction, isCall, isMember, keyName, memberName, parentOf, propertyPath, type Node, type Path } from '../ast';
import { staticText } from './static-text';
import type { FileContext } from '../file';
import type { ApiCall } from './tie';
import type { MockedResponse } from './mocks';
import { apiCall, operationFor, urlTarget } from './url';

/**
 * The requests test doubles' routes stand for (mocks.ts): axios-mock-adapter's `onPut(/interviews\/\w+\//)`, nock's
 * chains, undici's MockAgent interceptors.
 */

const isObj = (n: Node) => n?.type === 'ObjectExpression';

/** axios-mock-adapter's route methods, by HTTP method: `onPost`, `onPut`, … */
const ADAPTER_ROUTES = new Map([['onGet', 'GET'], ['onPost', 'POST'], ['onPut', 'PUT'], ['onPatch', 'PATCH'], ['onDelete', 'DELETE']]);

/**
 * A route of a test double given as a pattern, `mock.onPut(/interviews\/\w+\//)`, `nock(host).post(/complaints/)`:
 * the request its text addresses from the first segment that is a resource of this API.
 */
function patternRoute(ctx: FileContext, p: Path): ApiCall | null {
  const n = p.node;
  const name = calleeName(n.callee);
  const method = ADAPTER_ROUTES.get(name) ?? (['get', 'post', 'put', 'patch', 'delete'].includes(name) ? name.toUpperCase() : null);
  const re = n.arguments[0];
  if (!method || !isMember(n.callee) || re?.type !== 'RegExpLiteral') return null;
  return patternCall(ctx, re.pattern, method);
}

/** The request a route pattern addresses (`/interviews\/\w+\//` with PUT), from its first segment that is a resource. */
export function patternCall(ctx: FileContext, pattern: string, method: string): ApiCall | null {
  const text = String(pattern).replace(/\\\//g, '/').replace(/^\^|\$$/g, '');
  // A pattern that names a host (`desk\.example\.com\/api\/complaints`) is about that host.
  const host = /[a-z0-9-]+(?:\\\.[a-z0-9-]+)+/i.exec(text)?.[0].replace(/\\/g, '').toLowerCase();
  if (host && !ctx.apiHosts.includes(host)) return null;
  for (let at = text.search(/[a-z]/); at >= 0 && at < text.length; ) {
    const target = urlTarget(ctx, text.slice(at));
    if (target) return { resource: target.resource, op: operationFor(target, method || 'GET', []), method, bodies: [], url: text.slice(at) };
    const next = text.indexOf('/', at);
    at = next < 0 ? -1 : next + 1;
  }
  return null;
}

/** The API call an interceptor chain stands for: `nock(host).post(path, body)` under `.reply` / `.times(2)`. */
export function chainCall(ctx: FileContext, path: Path): ApiCall | null {
  let p: Path = path;
  for (let i = 0; i < 6 && isCall(p.node); i++) {
    const call = apiCall(ctx, p) ?? patternRoute(ctx, p) ?? interceptedRoute(ctx, p);
    if (call) return adapterMethod(ctx, p, call);
    if (!isMember(p.node.callee)) return null;
    p = p.get('callee', 'object');
  }
  return null;
}

/**
 * undici's MockAgent (and Miniflare's or the Workers pool's `fetchMock`): `agent.get(origin).intercept({ path:
 * '/api/interviews/…', method: 'PUT' })`, the origin one of this API's hosts (another host's `/api/…` is that API's).
 */
function interceptedRoute(ctx: FileContext, p: Path): ApiCall | null {
  const n = p.node;
  if (!isMember(n.callee) || memberName(n.callee) !== 'intercept' || !isObj(n.arguments[0])) return null;
  const origin = n.callee.object;
  if (!isCall(origin) || !isMember(origin.callee) || memberName(origin.callee) !== 'get' || origin.arguments.length !== 1) return null;
  const host = /^https?:\/\/([^/?#:]+)/i.exec(staticText(ctx, p.get('callee', 'object', 'arguments', 0)) ?? '')?.[1]?.toLowerCase();
  if (!host || !ctx.apiHosts.includes(host)) return null;
  const pathProp = propertyPath(p.get('arguments', 0), 'path');
  const text = pathProp ? staticText(ctx, pathProp.get('value')) : null;
  const target = text ? urlTarget(ctx, text) : null;
  if (!target) return null;
  const methodProp = propertyPath(p.get('arguments', 0), 'method');
  const method = ((methodProp ? staticText(ctx, methodProp.get('value')) : null) ?? 'GET').toUpperCase();
  return { resource: target.resource, op: operationFor(target, method, []), method, bodies: [], url: text! };
}

/** axios-mock-adapter's `mock.onPut('interviews/1/')`: the route method says the operation (the call alone reads as a GET). */
function adapterMethod(ctx: FileContext, p: Path, call: ApiCall): ApiCall {
  const method = isMember(p.node.callee) ? ADAPTER_ROUTES.get(memberName(p.node.callee) ?? '') : undefined;
  const target = method && method !== call.method ? urlTarget(ctx, call.url) : null;
  return target ? { ...call, method: method!, op: operationFor(target, method!, call.bodies) } : call;
}

/** Classes whose instances a mock's resolver answers with (msw 2's, and the platform's). */
export const ANSWER_CLASSES = new Set(['HttpResponse', 'Response']);

/**
 * What `HttpResponse.json(body, { status })` or `new HttpResponse(body, { status })` answers: its status, and its
 * body — each item of a list answered for a list (`HttpResponse.json([{ token, extra }])`), the status once.
 */
export function answered(endpoint: ApiCall, inner: Path): MockedResponse[] {
  const [a0, opts] = inner.node.arguments;
  const statusProp = isObj(opts) ? opts.properties.findIndex((p: Node) => keyName(p) === 'status') : -1;
  const status = statusProp >= 0 ? inner.get('arguments', 1, 'properties', statusProp, 'value') : null;
  if (a0?.type === 'ArrayExpression') {
    const items = a0.elements.flatMap((e: Node, i: number) => (isObj(e) ? [inner.get('arguments', 0, 'elements', i)] : []));
    if (items.length) return items.map((body: Path, i: number) => ({ call: endpoint, status: i === 0 ? status : null, body }));
  }
  return [{ call: endpoint, status, body: isObj(a0) ? inner.get('arguments', 0) : null }];
}

/** Keys of a route's answer in a table of canned routes (`{ status: 202 }`, `{ status, body: {…} }`). */
const ROUTE_ANSWER_KEYS = new Set(['status', 'body', 'json', 'data', 'headers', 'statusText', 'delay']);

/**
 * A test's table of canned routes handed to a stub of its own: `stubFetch({ [\`PUT ${API}interviews/iv1/\`]: {
 * status: 202 }, 'GET /api/questions/q1/': { body: {…} } })`. Each key names a method and an address of this API
 * (another host's is that API's); its value is the answer, `{ status, body }`, or the body itself.
 */
export function routeTableAnswers(ctx: FileContext): MockedResponse[] {
  const out: MockedResponse[] = [];
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return out;
  for (const obj of ctx.nodesOf('ObjectExpression')) {
    const holder = parentOf(obj)?.node;
    if (!isCall(holder) || !holder.arguments.includes(obj.node)) continue;
    obj.node.properties.forEach((prop: Node, i: number) => {
      if ((prop.type !== 'ObjectProperty' && prop.type !== 'Property') || !isObj(prop.value)) return;
      const keyPath = obj.get('properties', i, 'key');
      const text = prop.computed ? staticText(ctx, keyPath) : typeof prop.key.value === 'string' ? prop.key.value : null;
      const route = text ? /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)$/.exec(text) : null;
      if (!route) return;
      // An address whose start is unknown (`${API}interviews/…` of a helper's constant) is taken by its path.
      const call = patternCall(ctx, route[2]!.replace(/^\{\}/, '').replace(/[.]/g, '\\.').replace(/\//g, '\\/'), route[1]!);
      if (!call) return;
      const value = obj.get('properties', i, 'value');
      const keys = value.node.properties.map((p: Node) => keyName(p));
      if (keys.length > 0 && keys.every((k: string | null) => k && ROUTE_ANSWER_KEYS.has(k))) {
        const status = propertyPath(value, 'status');
        const body = propertyPath(value, 'body') ?? propertyPath(value, 'json') ?? propertyPath(value, 'data');
        out.push({ call, status: status && (status.node.value?.type === 'NumericLiteral' || typeof status.node.value?.value === 'number') ? status.get('value') : null, body: body && isObj(body.node.value) ? body.get('value') : null });
      } else out.push({ call, status: null, body: value });
    });
  }
  return out;
}

/**
 * What a route handler of a fake server answers by returning it (Mirage, a Pretender-style or Fastify-style mock of
 * this API): `this.get('/interviews/:token/', (schema, request) => ({ … }))`, `return { msg }` at the handler's own
 * level, or Mirage's `new Response(422, headers, body)` (status first). Objects of nested functions are not its answer.
 */
export function returnedAnswers(ctx: FileContext, endpoint: ApiCall, handler: Path): MockedResponse[] {
  const out: MockedResponse[] = [];
  // A path relative to a server whose prefix is another host (`this.urlPrefix = 'https://desk.example.com'`) is that host's.
  if (!/^https?:/i.test(endpoint.url) && foreignPrefix(ctx)) return out;
  const take = (v: Path | null) => {
    let value = v;
    while (value && (value.node.type === 'ParenthesizedExpression' || value.node.type === 'TSAsExpression')) value = value.get('expression');
    if (!value) return;
    if (isObj(value.node)) out.push({ call: endpoint, status: null, body: value });
    const m = value.node;
    if (m.type === 'NewExpression' && m.callee.type === 'Identifier' && ANSWER_CLASSES.has(m.callee.name) && isNumberNode(m.arguments[0])) {
      out.push({ call: endpoint, status: value.get('arguments', 0), body: isObj(m.arguments[2]) ? value.get('arguments', 2) : null });
    }
  };
  const fn = handler.node;
  if (fn.body?.type !== 'BlockStatement') take(handler.get('body'));
  else {
    ctx.j(handler).find(ctx.j.ReturnStatement).forEach((r: Path) => {
      if (r.node.argument && enclosingFunction(r)?.node === fn) take(r.get('argument'));
    });
  }
  return out;
}

const isNumberNode = (n: Node) => (n?.type === 'NumericLiteral' || n?.type === 'Literal') && typeof n.value === 'number';

/** Whether the file's fake server prefixes its routes with another host only: Mirage's `this.urlPrefix = '…'`, `urlPrefix: '…'`. */
function foreignPrefix(ctx: FileContext): boolean {
  let foreign = false;
  for (const p of ctx.nodesOf('AssignmentExpression', 'ObjectProperty', 'Property')) {
    const n = p.node;
    const key = n.type === 'AssignmentExpression' ? (isMember(n.left) ? memberName(n.left) : null) : keyName(n);
    if (key !== 'urlPrefix') continue;
    const host = /^https?:\/\/([^/?#:]+)/i.exec(staticText(ctx, p.get(n.type === 'AssignmentExpression' ? 'right' : 'value')) ?? '')?.[1]?.toLowerCase();
    if (!host) continue;
    if (ctx.apiHosts.includes(host)) return false;
    foreign = true;
  }
  return foreign;
}

/**
 * The route of a fake server whose handler a value is built in: `json(400, { … })` in Pretender's
 * `this.server.post(\`${BASE}/interviews/anonymous/\`, () => json(400, { … }))` answers that route.
 */
export function handledRoute(ctx: FileContext, inner: Path): ApiCall | null {
  const fn = enclosingFunction(inner);
  const route = fn ? parentOf(fn) : null;
  if (!route || !isCall(route.node) || !isMember(route.node.callee) || route.node.arguments[route.node.arguments.length - 1] !== fn!.node || route.node.arguments.length < 2) return null;
  const endpoint = apiCall(ctx, route);
  if (!endpoint || (!/^https?:/i.test(endpoint.url) && foreignPrefix(ctx))) return null;
  return endpoint;
}
