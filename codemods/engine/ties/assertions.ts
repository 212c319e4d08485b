import { bindingOf, calleeName, constInit, enclosingFunction, isCall, isMember, memberName, parentOf, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './static-text';
import { urlTarget } from './url';

/**
 * Assertions in tests: a literal a test expects a value to equal stands for what that value is. `expect(sent)
 * .toEqual({ text, extra })` with `sent` the body a test double received is a complaint body; `expect(await
 * sc.getResult(t)).toEqual({ advice })` is a result. Recognised: Jest/Vitest matchers (`toEqual`,
 * `toStrictEqual`, `toMatchObject`, `toHaveBeenCalledWith`'s first argument is not), chai (`expect(x).to.deep
 * .equal`, `.to.eql`, `.to.include`), and Node's `assert.deepEqual(x, lit)` family.
 */

const MATCHERS = new Set(['toEqual', 'toStrictEqual', 'toMatchObject', 'equal', 'equals', 'eql', 'include', 'includes', 'contain', 'deep']);
const ASSERTS = new Set(['deepEqual', 'deepStrictEqual', 'equal', 'strictEqual', 'partialDeepStrictEqual']);

/** The value an object literal is asserted to equal (`expect(subject).toEqual(literal)`), if it is one. */
export function assertedSubject(literal: Path): Path | null {
  const call = parentOf(literal);
  if (!call || !isCall(call.node)) return null;
  const n = call.node;
  const index = n.arguments.indexOf(literal.node);
  const name = calleeName(n.callee);
  // `assert.deepEqual(subject, literal)`, `deepStrictEqual(subject, literal)`
  if (index === 1 && ASSERTS.has(name) && (!isMember(n.callee) || rootName(n.callee) === 'assert')) return call.get('arguments', 0);
  if (index !== 0 || !MATCHERS.has(name) || !isMember(n.callee)) return null;
  // `expect(subject).toEqual(literal)`, `expect(subject).to.deep.equal(literal)`, `.resolves.toEqual`
  let p: Path = call.get('callee', 'object');
  for (let i = 0; i < 6 && p.node; i++) {
    if (isCall(p.node) && calleeName(p.node.callee) === 'expect' && p.node.callee.type === 'Identifier') return p.node.arguments[0] ? p.get('arguments', 0) : null;
    if (isMember(p.node)) p = p.get('object');
    else if (isCall(p.node) && isMember(p.node.callee)) p = p.get('callee', 'object');
    else return null;
  }
  return null;
}

function rootName(n: Node): string | null {
  let o = n;
  while (isMember(o)) o = o.object;
  return o.type === 'Identifier' ? o.name : null;
}

/** Whether a member chain ends in `.json()` (a request's parsed body in a test double's resolver). */
export function isJsonCall(n: Node): boolean {
  return isCall(n) && isMember(n.callee) && memberName(n.callee) === 'json' && n.arguments.length === 0;
}

/**
 * Whether the test asserts that what it recorded went to another API: `assertEquals(sent.url,
 * 'https://desk.example.com/api/v2/tickets')` or `expect(sent.url).toBe(…)` beside `assertEquals(sent.body.mode, …)`;
 * or, with a fetch double's call taken apart (`const [url, init] = fetchMock.mock.calls[0]`), `expect(String(url))
 * .toBe('https://help.example.com/api/tickets/')` beside `expect(JSON.parse(String(init.body)).mode)…`.
 */
export function recordedForElsewhere(ctx: FileContext, arg: Path): boolean {
  const root = recordRoot(arg);
  const fn = root ? enclosingFunction(root) : null;
  if (!root || !fn) return false;
  const foreignText = (text: string | null) => !!text && /^https?:\/\//.test(text) && urlTarget(ctx, text) === null && !ctx.apiHosts.some((h) => text.toLowerCase().includes(h));
  const foreign = (a: Node) => foreignText(stringValue(a));
  // `var seen = capture('https://help.example.org/api/tickets/', 'POST', …)`: a recorder set up for another host.
  const init = constInit(root);
  if (init && isCall(init.node) && init.node.arguments.some(foreign)) return true;
  let elsewhere = false;
  ctx.identifiersIn(fn, root.node.name).forEach((ref: Path) => {
    // Through an index into the recorded calls: `calls[0].url`, `requests[1].url`.
    let at: Path = ref;
    let m = parentOf(ref);
    while (m && isMember(m.node) && m.node.object === at.node && m.node.computed && /^(?:Numeric|)Literal$/.test(m.node.property.type) && typeof m.node.property.value === 'number') {
      at = m;
      m = parentOf(m);
    }
    if (elsewhere || !m || !isMember(m.node) || m.node.object !== at.node || !['url', 'href'].includes(memberName(m.node) ?? '')) return;
    elsewhere = comparedWith(m).some(foreign);
  });
  // `agent.get(HELPDESK_ORIGIN).intercept({ path, body: (b) => { sent = JSON.parse(b); return true } })` (undici's
  // MockAgent): assigned in a callback handed to a double whose chain names another host.
  ctx.identifiersIn(fn, root.node.name).forEach((ref: Path) => {
    const assign = parentOf(ref);
    if (elsewhere || assign?.node.type !== 'AssignmentExpression' || assign.node.left !== ref.node) return;
    let call = parentOf(assign);
    while (call && call !== fn && !isCall(call.node)) call = parentOf(call);
    for (let c = call; c && c !== fn && isCall(c.node); c = isMember(c.node.callee) && isCall(c.node.callee.object) ? c.get('callee', 'object') : null) {
      if (c.node.arguments.some((_: Node, i: number) => foreignText(staticText(ctx, c!.get('arguments', i))))) elsewhere = true;
    }
  });
  // The parts of one recorded call destructured together: the address beside the body.
  for (const sibling of destructuredBeside(root)) {
    ctx.identifiersIn(fn, sibling).forEach((ref: Path) => {
      if (!elsewhere && ref.node !== bindingOf(ref)?.node) elsewhere = comparedWith(ref).some(foreign);
    });
  }
  return elsewhere;
}

/** The variable an asserted expression reads: `sent` of `sent.body.mode`, `init` of `JSON.parse(String((init as RequestInit).body)).mode`. */
function recordRoot(arg: Path): Path | null {
  let p = arg;
  for (let i = 0; i < 12 && p.node; i++) {
    const n = p.node;
    if (n.type === 'Identifier') return p;
    if (isMember(n)) p = p.get('object');
    else if (['TSNonNullExpression', 'TSAsExpression', 'ParenthesizedExpression', 'TSTypeAssertion'].includes(n.type)) p = p.get('expression');
    else if (isCall(n) && n.arguments.length === 1 && ['parse', 'String'].includes(calleeName(n.callee))) p = p.get('arguments', 0);
    else return null;
  }
  return null;
}

/** The other names a destructuring binds beside this variable's (`url` beside `init` in `const [url, init] = …`). */
function destructuredBeside(id: Path): string[] {
  const binding = bindingOf(id);
  let pattern = binding ? parentOf(binding) : null;
  if (pattern && (pattern.node.type === 'ObjectProperty' || pattern.node.type === 'Property')) pattern = parentOf(pattern);
  if (!pattern || (pattern.node.type !== 'ArrayPattern' && pattern.node.type !== 'ObjectPattern')) return [];
  const parts: Node[] = pattern.node.type === 'ArrayPattern' ? pattern.node.elements : pattern.node.properties.map((q: Node) => q.value);
  return parts.filter((q) => q?.type === 'Identifier' && q !== binding!.node).map((q) => q.name as string);
}

/** What an expression is asserted to equal: the other arguments of the assertion, or of the matcher after `expect(…)` (through `String(…)`). */
function comparedWith(expr: Path): Node[] {
  let p = expr;
  let up = parentOf(p);
  while (up && ((isCall(up.node) && up.node.arguments.length === 1 && up.node.arguments[0] === p.node && calleeName(up.node.callee) === 'String') || up.node.type === 'TSAsExpression')) {
    p = up;
    up = parentOf(p);
  }
  if (!up || !isCall(up.node)) return [];
  if (calleeName(up.node.callee) === 'expect') {
    const matcher = parentOf(parentOf(up)!);
    return matcher && isCall(matcher.node) ? matcher.node.arguments : [];
  }
  return up.node.arguments.filter((a: Node) => a !== p.node);
}
