import { calleeName, isCall, isMember, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './constants';
import { patternCall } from './mock-routes';
import type { MockedResponse } from './mocks';
import { operationFor, urlTarget } from './url';

/**
 * sinon's fake server: `server.respondWith('POST', API + 'interviews/anonymous/', [201, headers, JSON.stringify({ … })])`
 * (the method optional, the address a string, a concatenation or a pattern): what the test says the API answers at
 * that address, with that status and body. An address on another host, or none of the API's resources, is none of its.
 */
export function sinonAnswer(ctx: FileContext, call: Path): MockedResponse | null {
  const n = call.node;
  if (calleeName(n.callee) !== 'respondWith' || !isMember(n.callee) || n.arguments.length < 2) return null;
  const last = n.arguments.length - 1;
  const answer = n.arguments[last];
  if (answer?.type !== 'ArrayExpression' || answer.elements.length < 1) return null;
  const method = n.arguments.length >= 3 ? (stringValue(n.arguments[0]) ?? 'GET').toUpperCase() : 'GET';
  const address: Node = n.arguments[last - 1];
  let endpoint = null;
  if (address?.type === 'RegExpLiteral') endpoint = patternCall(ctx, address.pattern, method);
  else {
    const text = staticText(ctx, call.get('arguments', last - 1));
    const target = text ? urlTarget(ctx, text) : null;
    if (target && text) endpoint = { resource: target.resource, op: operationFor(target, method, []), method, bodies: [], url: text };
  }
  if (!endpoint) return null;
  const status = answer.elements[0]?.type === 'NumericLiteral' ? call.get('arguments', last, 'elements', 0) : null;
  const raw: Node = answer.elements[2];
  // The body: an object literal, or one given to `JSON.stringify`.
  let body: Path | null = null;
  if (raw?.type === 'ObjectExpression') body = call.get('arguments', last, 'elements', 2);
  else if (isCall(raw) && calleeName(raw.callee) === 'stringify' && raw.arguments[0]?.type === 'ObjectExpression') body = call.get('arguments', last, 'elements', 2, 'arguments', 0);
  return { call: endpoint, status, body };
}
