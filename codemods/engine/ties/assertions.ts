import { calleeName, isCall, isMember, memberName, parentOf, type Node, type Path } from '../ast';

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
