import { calleeName, isCall, isMember, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './static-text';
import { patternCall } from './mock-routes';
import type { MockedResponse } from './mocks';
import { apiCall, operationFor, urlTarget } from './url';
import { unstatedMethodCall } from './test-context';

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

/**
 * A sinon stub of the transport told what to answer at one address: `fetchStub.withArgs(`${BASE}complaints/`).resolves(
 * jsonResponse({ extra: '' }, 201))`, `.returns(…)`, the answer an object or a response helper's call (`built` reads its
 * status and body). The method is the one the test performs at that address (test-context.ts). An address of another
 * host, or a call on another thing than `withArgs`, is none of the API's.
 */
export function sinonStubAnswer(ctx: FileContext, call: Path, built: (answer: Path) => { status: Path | null; body: Path | null } | null): MockedResponse | null {
  const n = call.node;
  if (!STUB_ANSWERS.has(calleeName(n.callee)) || !isMember(n.callee) || n.arguments.length !== 1) return null;
  const matcher = call.get('callee', 'object');
  if (!isCall(matcher.node) || calleeName(matcher.node.callee) !== 'withArgs' || matcher.node.arguments.length < 1) return null;
  const endpoint = unstatedMethodCall(ctx, matcher, apiCall(ctx, matcher));
  if (!endpoint) return null;
  const answer = call.get('arguments', 0);
  if (answer.node.type === 'ObjectExpression') return { call: endpoint, status: null, body: answer };
  const made = isCall(answer.node) ? built(answer) : null;
  return made ? { call: endpoint, ...made } : null;
}

/** What a sinon stub answers with: `resolves(…)`, `returns(…)`, once or on the nth call. */
const STUB_ANSWERS = new Set(['resolves', 'returns']);
