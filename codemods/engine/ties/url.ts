import { api, type Operation, type ResourceName } from '../../../catalogue';
import { parseBase } from '../../../config/urls';
import { calleeName, isCall, isFunction, isMember, keyName, objectLiteral, parentOf, propertyPath, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText, URL_BUILDERS } from './static-text';
import type { ApiCall } from './tie';
import { ownAddressText } from './resource-models';

/**
 * URL and resource: a call is a request to this API when one of its first two arguments (or the `url` of an
 * axios-style config object) is a URL of a configured host, or a relative path whose first segment is one of
 * the API's resources (`complaints/`, `${BASE}results/${id}/`). The method comes from the callee (`post`), a
 * method argument or `{ method }`; the operation from the method (catalogue/api.ts `methodOperations`).
 */

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];
/** Keys of a request-options object that hold the body (`payload`: Apps Script's `UrlFetchApp.fetch(url, { payload })`, hapi's `inject`). */
const BODY_KEYS = ['body', 'data', 'json', 'payload'];

/** The resource and operation a URL's static text addresses, or null when it is not this API's. */
export function urlTarget(ctx: FileContext, text: string): { resource: ResourceName; hasId: boolean; rest: string } | null {
  let rest = text;
  const abs = /^https?:\/\/([^/?#{]+)(\/[^?#]*)?/i.exec(text);
  if (abs) {
    const host = abs[1]!.toLowerCase();
    if (!ctx.apiHosts.includes(host)) return null;
    rest = (abs[2] ?? '').replace(/^\/+/, '');
    for (const e of Object.values(ctx.config.environments)) {
      for (const base of [e.v1.baseUrl, e.v2.baseUrl]) {
        const b = parseBase(base);
        const p = b.path.replace(/^\//, '');
        if (p && b.host === host && (rest === p || rest.startsWith(`${p}/`))) rest = rest.slice(p.length).replace(/^\/+/, '');
      }
    }
  } else {
    rest = rest.replace(/^(\{\})?\/*/, '');
    // A path relative to the host (`/api/interviews/…` in a test double): the base path is not a resource.
    for (const e of Object.values(ctx.config.environments)) {
      for (const base of [e.v1.baseUrl, e.v2.baseUrl]) {
        const p = parseBase(base).path.replace(/^\//, '');
        if (p && (rest === p || rest.startsWith(`${p}/`))) rest = rest.slice(p.length).replace(/^\/+/, '');
      }
    }
  }
  // A path has no spaces: `'complaints/ loaded'` is a message, not a request.
  const seg = /^([A-Za-z_-]+)(?:\/+(\S*))?$/.exec(rest);
  if (!seg) return null;
  for (const [name, r] of Object.entries(api.resources)) {
    if (seg[1] === r.segment) {
      const after = (seg[2] ?? '').replace(/[?#].*$/, '');
      return { resource: name as ResourceName, hasId: after.replace(/\/+$/, '') !== '', rest: after };
    }
  }
  return null;
}

/** A resource of a REST API after a base the file cannot read, with no slash: `${DESK_URL}tickets` (static text `{}tickets`). */
export function isBasePlusSegment(text: string): boolean {
  return /^\{\}[A-Za-z][\w-]*(?:[?#].*)?$/.test(text);
}

/** A document of a REST API addressed relative to its client's base, with no slash: `requests.json`, `tickets.xml`. */
export function isDocumentPath(text: string): boolean {
  return /^[\w-]+\.(json|xml)([?#].*)?$/.test(text);
}

/** Whether a call sends a request to this API, and which. Memoized. */
export function apiCall(ctx: FileContext, path: Path): ApiCall | null {
  const n = path.node;
  if (ctx.callMemo.has(n)) return ctx.callMemo.get(n)!;
  const result = computeApiCall(ctx, path);
  ctx.callMemo.set(n, result);
  return result;
}

const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);

/** Methods of request builders that set the body: `request.post(url).send(body)`, `.json(body)`. */
const BUILDER_BODY = new Set(['send', 'json', 'body', 'data', 'payload']);

/**
 * A request builder's chain (superagent, needle, supertest, ky hooks): `request.post(url).set(…).send(body)`
 * is the request `request.post(url)` makes, with the body `.send` gives it.
 */
function builderCall(ctx: FileContext, path: Path): ApiCall | null {
  const n = path.node;
  if (!isMember(n.callee)) return null;
  // `nock(host).post(a, …).reply(…).post(b, …)`: a method named for an HTTP verb with arguments is its own request.
  if (HTTP_METHODS.includes(calleeName(n.callee).toLowerCase()) && n.arguments.length > 0) return null;
  // `call(…).then((res) => …)`: a promise chain is what its callbacks return (flow.ts), not the request again.
  if (PROMISE_METHODS.has(calleeName(n.callee)) && isFunction(n.arguments[0])) return null;
  let inner: Path = path.get('callee', 'object');
  for (let i = 0; i < 8 && isCall(inner.node); i++) {
    const call = isMember(inner.node.callee) || inner.node.callee.type === 'Identifier' ? computeApiCall(ctx, inner, true) : null;
    if (call) {
      const name = calleeName(n.callee);
      const body = BUILDER_BODY.has(name) && n.arguments[0] ? path.get('arguments', 0) : null;
      if (!body) return call;
      const bodies = [...call.bodies, body];
      const target = urlTarget(ctx, call.url);
      return { ...call, bodies, op: target ? operationFor(target, call.method, bodies) : call.op };
    }
    if (!isMember(inner.node.callee)) break;
    inner = inner.get('callee', 'object');
  }
  return null;
}

function computeApiCall(ctx: FileContext, path: Path, inChain = false): ApiCall | null {
  const n = path.node;
  if (!isCall(n)) return null;
  if (!inChain) {
    const chained = builderCall(ctx, path);
    if (chained) return chained;
  }
  const args: Node[] = n.arguments;
  let urlIndex = -1;
  let target: ReturnType<typeof urlTarget> = null;
  let urlText = '';
  // The URL is one of the first arguments: `fetch(url)`, `api.post(url, body)`, `call(token, 'POST', url, body)`.
  for (let i = 0; i < Math.min(args.length, 3); i++) {
    const text = staticText(ctx, path.get('arguments', i));
    const t = text === null ? null : urlTarget(ctx, text);
    if (t) {
      urlIndex = i;
      target = t;
      urlText = text!;
      break;
    }
  }
  // axios-style config object: `axios({ url, method, data })`.
  if (!target && args[0] && args[0].type === 'ObjectExpression') {
    const urlProp = propertyPath(path.get('arguments', 0), 'url');
    const text = urlProp ? staticText(ctx, urlProp.get('value')) ?? ownAddressText(ctx, urlProp.get('value')) : null;
    const t = text ? urlTarget(ctx, text) : null;
    if (t) {
      target = t;
      urlText = text!;
    }
  }
  if (!target) return null;

  const name = calleeName(n.callee);
  // `this.url(PATHS.interview)` handed to a request, or written into a longer URL, builds the URL; it sends nothing.
  if (URL_BUILDERS.test(name) && buildsPartOfArgument(path)) return null;
  // AngularJS's `$httpBackend.expectPOST(url, body)` / `whenPUT(url)`: a test double named for the method.
  const backend = /^(?:expect|when)(GET|POST|PUT|PATCH|DELETE)$/.exec(name);
  let method = HTTP_METHODS.includes(name.toLowerCase()) ? name.toUpperCase() : backend ? backend[1]! : calledWithMethod(n) || effectMethod(n);
  const bodies: Path[] = [];
  args.forEach((_arg, i) => {
    if (i === urlIndex) return;
    const argPath = matcherInner(path.get('arguments', i));
    const arg = argPath.node;
    if (arg.type === 'StringLiteral' && HTTP_METHODS.includes(String(arg.value).toLowerCase())) {
      method = String(arg.value).toUpperCase();
      return;
    }
    if (arg.type === 'ObjectExpression' && looksLikeRequestOptions(arg)) {
      const mt = optionsMethod(ctx, argPath);
      if (mt) method = mt;
      for (const key of BODY_KEYS) {
        const p = propertyPath(argPath, key);
        if (p) bodies.push(unwrapStringify(p.get('value')));
      }
      return;
    }
    // The data argument, or its JSON text (`http.post(url, JSON.stringify(body), params)`: k6, axios, superagent).
    const data = unwrapStringify(argPath);
    if (i > urlIndex && (data.node.type === 'ObjectExpression' || data.node.type === 'Identifier')) bodies.push(data);
  });
  if (!method) method = bodies.length > 0 ? 'POST' : 'GET';
  return { resource: target.resource, op: operationFor(target, method, bodies), method, bodies, url: urlText };
}

/** Whether a call's value is an argument of another call or a part of a template or concatenation. */
function buildsPartOfArgument(path: Path): boolean {
  const parent = parentOf(path);
  if (!parent) return false;
  const pn = parent.node;
  if (isCall(pn)) return pn.arguments.includes(path.node);
  return pn.type === 'TemplateLiteral' || (pn.type === 'BinaryExpression' && pn.operator === '+');
}

/** Jest/Vitest assertions of the calls a mocked transport received: `expect(http.post).toHaveBeenCalledWith(url, body)`. */
const CALLED_WITH = new Set(['toHaveBeenCalledWith', 'toHaveBeenLastCalledWith', 'toHaveBeenNthCalledWith', 'toBeCalledWith', 'lastCalledWith', 'nthCalledWith']);

/** The HTTP method of the mocked transport method such an assertion is about (`expect(axios.put)` → PUT), or ''. */
function calledWithMethod(n: Node): string {
  if (!isMember(n.callee) || !CALLED_WITH.has(calleeName(n.callee))) return '';
  let subject: Node = n.callee.object;
  while (isMember(subject) && !isCall(subject)) subject = subject.object;
  if (!isCall(subject) || calleeName(subject.callee) !== 'expect') return '';
  let target: Node = subject.arguments[0];
  // `expect(vi.mocked(api.put))`, `expect(mockedAxios.post as jest.Mock)`
  while (target && (target.type === 'TSAsExpression' || target.type === 'TSNonNullExpression')) target = target.expression;
  if (isCall(target) && calleeName(target.callee) === 'mocked') target = target.arguments[0];
  const verb = isMember(target) ? calleeName(target) : '';
  return HTTP_METHODS.includes(verb.toLowerCase()) ? verb.toUpperCase() : '';
}

/** redux-saga's effects name the function they call first: `yield call(api.put, url, body)` is a PUT. */
function effectMethod(n: Node): string {
  if (n.callee.type !== 'Identifier' || !['call', 'fork', 'spawn', 'retry'].includes(n.callee.name)) return '';
  const fn: Node = n.callee.name === 'retry' ? n.arguments[2] : n.arguments[0];
  const verb = isMember(fn) ? calleeName(fn) : '';
  return HTTP_METHODS.includes(verb.toLowerCase()) ? verb.toUpperCase() : '';
}

/**
 * A request described by an object rather than made by a call: RTK Query's `query: (t) => ({ url: 'complaints/',
 * method: 'POST', body })`, an axios config handed to a custom base query. Its `url` must address this API and
 * the file must not set another API's base address.
 */
export function requestConfig(ctx: FileContext, obj: Path): ApiCall | null {
  if (obj.node.type !== 'ObjectExpression') return null;
  const urlProp = propertyPath(obj, 'url');
  const text = urlProp ? staticText(ctx, urlProp.get('value')) ?? ownAddressText(ctx, urlProp.get('value')) : null;
  const target = text ? urlTarget(ctx, text) : null;
  if (!target || !/^https?:/i.test(text!) && baseIsElsewhere(ctx)) return null;
  const method = optionsMethod(ctx, obj) ?? '';
  const bodies: Path[] = [];
  for (const key of BODY_KEYS) {
    const p = propertyPath(obj, key);
    if (p) bodies.push(unwrapStringify(p.get('value')));
  }
  const verb = method || (bodies.length > 0 ? 'POST' : 'GET');
  return { resource: target.resource, op: operationFor(target, verb, bodies), method: verb, bodies, url: text! };
}

/**
 * The HTTP method a request-options object sets: `method`, or jQuery's older `type` (`$.ajax({ url, type: 'PUT' })`)
 * when it holds an HTTP verb (elsewhere `type` is often a content type).
 */
function optionsMethod(ctx: FileContext, obj: Path): string | null {
  for (const key of ['method', 'type']) {
    const m = propertyPath(obj, key);
    const text = m ? staticText(ctx, m.get('value')) : null;
    if (text && (key === 'method' || HTTP_METHODS.includes(text.toLowerCase()))) return text.toUpperCase();
  }
  return null;
}

/** Keys that set a client's base address (`fetchBaseQuery({ baseUrl })`, `axios.create({ baseURL })`, ky's `prefixUrl`). */
const BASE_KEYS = new Set(['baseUrl', 'baseURL', 'prefixUrl', 'base_url']);

/** Whether the file sets a base address on another host and none on this API's: its relative paths are that API's. */
function baseIsElsewhere(ctx: FileContext): boolean {
  let other = false;
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
    if (!BASE_KEYS.has(keyName(prop.node) ?? '')) continue;
    const text = staticText(ctx, prop.get('value'));
    const host = text ? /^https?:\/\/([^/?#:]+)/i.exec(text)?.[1]?.toLowerCase() : undefined;
    if (!host) continue;
    if (ctx.apiHosts.includes(host)) return false;
    other = true;
  }
  return other;
}

/** `expect.objectContaining({…})` (an asymmetric matcher) stands for the object it holds. */
function matcherInner(path: Path): Path {
  const n = path.node;
  if (isCall(n) && isMember(n.callee) && n.callee.object.type === 'Identifier' && n.callee.object.name === 'expect' && calleeName(n.callee) === 'objectContaining' && n.arguments[0]) {
    return path.get('arguments', 0);
  }
  return path;
}

/** The operation of a request: from the method (catalogue/api.ts), the target and what the body sets. */
export function operationFor(target: NonNullable<ReturnType<typeof urlTarget>>, method: string, bodies: Path[]): Operation {
  let op: Operation = api.methodOperations[method] ?? 'read';
  if (target.resource === api.answerResource && target.hasId && (op === 'create' || op === 'update')) op = 'answer';
  if (target.resource === 'interview' && op === 'update' && bodies.some((b) => hasKey(b, api.modeField))) op = 'mode-update';
  if (op === 'read' && !target.hasId) op = 'list';
  return op;
}

function hasKey(path: Path, key: string): boolean {
  const obj = objectLiteral(path);
  return !!obj && obj.node.properties.some((p: Node) => keyName(p) === key);
}

/** A request-options object: has `method`, `body`, `data`, `json` or `headers`. */
function looksLikeRequestOptions(obj: Node): boolean {
  return obj.properties.some((p: Node) => ['method', 'headers', ...BODY_KEYS].includes(keyName(p) ?? ''));
}

/** `JSON.stringify(x)` → `x`. */
function unwrapStringify(path: Path): Path {
  const n = path.node;
  if (isCall(n) && n.callee.type === 'MemberExpression' && calleeName(n.callee) === 'stringify' && n.arguments.length > 0) {
    return path.get('arguments', 0);
  }
  return path;
}

/** The API call that sends `path` as its body, looking through `JSON.stringify` and options objects. */
export function enclosingCallSending(ctx: FileContext, path: Path): ApiCall | null {
  let p: Path | null = path;
  for (let i = 0; i < 6 && p; i++) {
    const parent = parentOf(p);
    if (!parent) return null;
    const pn = parent.node;
    if (isCall(pn)) {
      const call = apiCall(ctx, parent);
      if (call) return call.bodies.some((b) => b.node === path.node || b.node === p!.node) ? call : null;
    } else if (!['ObjectProperty', 'Property', 'ObjectExpression'].includes(pn.type)) {
      return null;
    }
    p = parent;
  }
  return null;
}
