import { constInit, isCall, isMember, memberName, parentOf, propertyPath, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './static-text';
import { urlTarget } from './url';

/**
 * Whether a call is a test double's answer (`req.flush(body)`, `route.respond(body)`) whose receiver was matched by
 * an absolute address on another host: `const req = httpMock.expectOne(`${DESK}tickets/`)`, or the same call chained.
 */
export function answersElsewhere(ctx: FileContext, call: Path): boolean {
  const callee = call.get('callee');
  if (!isMember(callee.node)) return false;
  const object: Path = callee.get('object');
  const receiver = object.node.type === 'Identifier' ? constInit(object) : object;
  if (!receiver || !isCall(receiver.node) || receiver.node.arguments.length === 0) return false;
  const text = interceptedAt(ctx, receiver) ?? staticText(ctx, receiver.get('arguments', 0));
  return text !== null && /^https?:\/\/[^/]+\/\S*$/.test(text) && urlTarget(ctx, text) === null && !ctx.apiHosts.some((h) => text.toLowerCase().includes(h));
}

/** undici's MockAgent (and miniflare's fetchMock): `pool.get(ORIGIN).intercept({ path: '/api/tickets/' })`, the origin and the path. */
function interceptedAt(ctx: FileContext, call: Path): string | null {
  const callee = call.node.callee;
  if (!isMember(callee) || memberName(callee) !== 'intercept' || call.node.arguments[0]?.type !== 'ObjectExpression') return null;
  const pathProp = propertyPath(call.get('arguments', 0), 'path');
  const pathText = pathProp ? staticText(ctx, pathProp.get('value')) : null;
  const origin = call.get('callee', 'object');
  if (pathText === null || !isCall(origin.node) || !isMember(origin.node.callee) || memberName(origin.node.callee) !== 'get' || origin.node.arguments.length !== 1) return null;
  const originText = staticText(ctx, origin.get('arguments', 0));
  return originText === null ? null : `${originText.replace(/\/$/, '')}${pathText.startsWith('/') ? '' : '/'}${pathText}`;
}

/**
 * Whether code sits in a handler registered for an absolute address on another host: MSW's
 * `rest.post(`${HELPDESK}/tickets/`, (req, res, ctx) => { … })`, `http.put(url, handler)`, a route of a test server
 * named by its whole address. What it compares and answers is that service's.
 */
export function handlesElsewhere(ctx: FileContext, path: Path): boolean {
  for (let p: Path | null = parentOf(path), depth = 0; p && depth < 40; p = parentOf(p), depth++) {
    const n = p.node;
    if (n.type !== 'ArrowFunctionExpression' && n.type !== 'FunctionExpression') continue;
    const call = parentOf(p);
    if (!call || !isCall(call.node) || call.node.arguments.length < 2 || !call.node.arguments.includes(n) || call.node.arguments[0] === n) continue;
    const text = staticText(ctx, call.get('arguments', 0));
    if (text !== null && /^https?:\/\/[^/]+/.test(text) && urlTarget(ctx, text) === null && !ctx.apiHosts.some((h) => text.toLowerCase().includes(h))) return true;
  }
  return false;
}
