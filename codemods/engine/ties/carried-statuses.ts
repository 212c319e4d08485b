import { bindingOf, calleeName, constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf, namespaceImport } from './constants';
import type { CarriedCheck } from './project';

/**
 * A status check a wrapper hands on as a flag: `return { interview: data, pending: status === 202 }`. Its callers,
 * in this file or another (`const update = await updateInterviewMode(t, 'triage')`), read the check as
 * `update.pending` or a destructured `pending`. `statusCheck` says whether a comparison is one of a status the
 * engine ties to an operation (status-changed.ts), with the operation and the status compared with.
 */
export type StatusCheck = (ctx: FileContext, bin: Path) => { resource: string; op: string; status: number } | null;

/** The flags each named function of the file returns, by the function's name (`exported` only: those other files import). */
export function carriedStatusChecks(ctx: FileContext, statusCheck: StatusCheck, exportedOnly = false): Record<string, CarriedCheck[]> {
  const out: Record<string, CarriedCheck[]> = {};
  for (const r of ctx.nodesOf('ReturnStatement')) {
    const obj = r.node.argument;
    if (obj?.type !== 'ObjectExpression') continue;
    obj.properties.forEach((p: Node, i: number) => {
      const member = keyName(p);
      if (!member || p.value?.type !== 'BinaryExpression' || !['===', '=='].includes(p.value.operator)) return;
      let fn: Path | null = parentOf(r);
      while (fn && !isFunction(fn.node)) fn = parentOf(fn);
      const named = fn ? functionName(fn) : null;
      if (!named || (exportedOnly && !named.exported)) return;
      const check = statusCheck(ctx, r.get('argument', 'properties', i, 'value'));
      if (check) (out[named.name] ??= []).push({ member, ...check });
    });
  }
  return out;
}

/** A function's name and whether the module exports it: `export async function f`, `export const f = async () =>`. */
function functionName(fn: Path): { name: string; exported: boolean } | null {
  const parent = parentOf(fn);
  if (fn.node.type === 'FunctionDeclaration' && fn.node.id) return { name: fn.node.id.name, exported: parent?.node.type === 'ExportNamedDeclaration' };
  if (parent?.node.type === 'VariableDeclarator' && parent.node.init === fn.node && parent.node.id.type === 'Identifier') {
    return { name: parent.node.id.name, exported: parentOf(parentOf(parent)!)?.node.type === 'ExportNamedDeclaration' };
  }
  return null;
}

/**
 * Assertions that a flag is true (`expect(update.pending).toBe(true)`, `.toBeTruthy()`, chai's `.to.be.true`,
 * `assert.ok(update.pending)`): a test that the old status was answered. Each carried flag so asserted is visited.
 */
export function assertedCarriedChecks(ctx: FileContext, statusCheck: StatusCheck, visit: (read: Path, check: CarriedCheck) => void): void {
  const local = carriedStatusChecks(ctx, statusCheck);
  const subjects = [...ctx.nodesOf('CallExpression').map(assertedTrue), ...ctx.nodesOf('MemberExpression').map(chaiTrue)];
  for (const subject of subjects) {
    const check = subject ? carriedRead(ctx, subject, local) : null;
    if (check) visit(subject!, check);
  }
}

const TRUE_MATCHERS = new Set(['toBeTruthy', 'toBeTrue']);
const TRUE_EQUALS = new Set(['toBe', 'toEqual', 'toStrictEqual', 'equal', 'equals', 'eql']);

/** The subject a call asserts to be true, if it is such an assertion. */
function assertedTrue(call: Path): Path | null {
  const n = call.node;
  const callee = n.callee;
  // `assert.ok(x)`, `assert(x)`, `assert.isTrue(x)`, `assert.equal(x, true)`, `assert.strictEqual(x, true)`.
  const assertion = callee.type === 'Identifier' ? callee.name : isMember(callee) && callee.object.type === 'Identifier' && callee.object.name === 'assert' ? memberName(callee) : null;
  if (assertion && (callee.type !== 'Identifier' || assertion === 'assert') && n.arguments[0]) {
    if (['assert', 'ok', 'isTrue', 'isOk'].includes(assertion) && n.arguments.length <= 2) return call.get('arguments', 0);
    if (['equal', 'strictEqual'].includes(assertion) && n.arguments[1]?.type === 'BooleanLiteral' && n.arguments[1].value === true) return call.get('arguments', 0);
    return null;
  }
  if (!isMember(callee)) return null;
  const method = memberName(callee) ?? '';
  const isTrue = (a: Node) => (a?.type === 'BooleanLiteral' || a?.type === 'Literal') && a.value === true;
  const asserts = (TRUE_MATCHERS.has(method) && n.arguments.length === 0) || (TRUE_EQUALS.has(method) && n.arguments.length === 1 && isTrue(n.arguments[0]));
  return asserts ? expected(call.get('callee', 'object')) : null;
}

/** chai's `expect(x).to.be.true` (`.ok`): a member, not a call. */
function chaiTrue(member: Path): Path | null {
  return ['true', 'ok'].includes(memberName(member.node) ?? '') && parentOf(member)?.node.type === 'ExpressionStatement' ? expected(member.get('object')) : null;
}

/** `x` of `expect(x).to.be` / `expect(x)`; null under a `.not`. */
function expected(chain: Path): Path | null {
  let root: Path = chain;
  while (isMember(root.node)) {
    if (memberName(root.node) === 'not') return null;
    root = root.get('object');
  }
  return isCall(root.node) && calleeName(root.node.callee) === 'expect' && root.node.arguments[0] ? root.get('arguments', 0) : null;
}

/** The carried flag a read names: `update.pending` of a call's answer, or `pending` destructured from one. */
function carriedRead(ctx: FileContext, read: Path, local: Record<string, CarriedCheck[]>): CarriedCheck | null {
  const n = read.node;
  let member: string | null = null;
  let answer: Path | null = null;
  if (isMember(n) && n.object.type === 'Identifier') {
    member = memberName(n);
    answer = constInit(read.get('object'));
  } else if (n.type === 'Identifier') {
    // `const { pending } = await setMode(…)`
    const binding = bindingOf(read);
    const prop = binding ? parentOf(binding) : null;
    const pattern = prop ? parentOf(prop) : null;
    const decl = pattern ? parentOf(pattern) : null;
    if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || pattern?.node.type !== 'ObjectPattern' || decl?.node.type !== 'VariableDeclarator') return null;
    member = keyName(prop.node);
    answer = decl.get('init');
  }
  while (answer?.node?.type === 'AwaitExpression') answer = answer.get('argument');
  if (!member || !answer || !isCall(answer.node)) return null;
  const checks = calledChecks(ctx, answer.get('callee'), local);
  return checks?.find((c) => c.member === member) ?? null;
}

/** The flags the function a call calls returns: one of this file, or one another file exports (by name or through a namespace import). */
function calledChecks(ctx: FileContext, callee: Path, local: Record<string, CarriedCheck[]>): CarriedCheck[] | null {
  const ask = ctx.project.carriedChecks;
  const n = callee.node;
  if (n.type === 'Identifier') {
    const binding = bindingOf(callee);
    const imp = binding ? importOf(callee) : null;
    if (imp) return imp.exportName === 'default' || !ask ? null : ask(ctx.filePath, imp.specifier, imp.exportName);
    const fn = binding ? parentOf(binding) : null;
    return fn && (fn.node.type === 'FunctionDeclaration' || (fn.node.type === 'VariableDeclarator' && isFunction(fn.node.init))) && Object.hasOwn(local, n.name) ? local[n.name]! : null;
  }
  // `api.setMode(…)` with `import * as api from './api'`.
  if (isMember(n) && n.object.type === 'Identifier' && ask) {
    const name = memberName(n);
    const specifier = namespaceImport(callee.get('object'));
    return name && name !== '*' && specifier ? ask(ctx.filePath, specifier, name) : null;
  }
  return null;
}
