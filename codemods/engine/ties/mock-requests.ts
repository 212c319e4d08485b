import { bindingOf, calleeName, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf } from './constants';
import { chainCall } from './mock-routes';
import { staticText } from './static-text';
import type { ApiCall, Tie } from './tie';
import { apiCall } from './url';

/**
 * What a test double of the API received and what it answers with from elsewhere: the request body an msw resolver
 * or a nock body matcher is handed (the code under test sent it), and fixtures a double replies with by name.
 * The answers written in the double are mocks.ts.
 */

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
