import { bindingOf, chainNames, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf } from './constants';
import { tieOf } from './flow';
import { sameValue, type PassedValue } from './project';
import { item, type Tie } from './tie';

/**
 * Values handed to a function that reads them: `presentInterview(response.data)`, `presentModeUpdate(r.status,
 * r.data)`. The function's parameter is what every call gives it, when every call gives the same part of the same
 * resource (a presenter also called with a ticket, or with an interview here and a result there, is nothing). Calls
 * in the file that declares the function are followed here; calls in other files of the run come from the project's
 * facts (`calledWith`). Weak: a person confirms the reads (never a rewrite from this tie alone).
 */

/** For the project facts: what this file hands to the functions it imports from the run's other files, by argument. */
export function passedValues(ctx: FileContext): PassedValue[] {
  const out: PassedValue[] = [];
  const imported = ctx.importedLocals();
  if (imported.size === 0) return out;
  for (const call of ctx.nodesOf('CallExpression', 'OptionalCallExpression')) {
    const callee = call.node.callee;
    if (callee.type !== 'Identifier' || !imported.has(callee.name)) continue;
    const imp = importOf(call.get('callee'));
    if (!imp || !/^(\.|@\/|~\/|\$lib\/)/.test(imp.specifier)) continue;
    const args: Node[] = call.node.arguments;
    const spread = args.findIndex((a) => a.type === 'SpreadElement');
    args.forEach((a, index) => {
      if (isFunction(a)) return;
      const tie = spread >= 0 && index >= spread ? null : argumentTie(ctx, call.get('arguments', index));
      out.push({ specifier: imp.specifier, name: imp.exportName, index, tie: tie && tie.role !== 'request' ? plain(tie) : null });
    });
  }
  // Components rendered with props: `<ResultSummary result={data} />`.
  for (const el of ctx.nodesOf('JSXOpeningElement')) {
    const name = el.node.name;
    if (name.type !== 'JSXIdentifier' || !imported.has(name.name)) continue;
    const imp = ctx.imports().find((i) => i.local === name.name);
    if (!imp || !/^(\.|@\/|~\/|\$lib\/)/.test(imp.specifier)) continue;
    el.node.attributes.forEach((a: Node, i: number) => {
      if (a.type !== 'JSXAttribute' || a.name.type !== 'JSXIdentifier') return;
      const value = a.value?.type === 'JSXExpressionContainer' && a.value.expression.type !== 'JSXEmptyExpression' ? el.get('attributes', i, 'value', 'expression') : null;
      const tie = value ? argumentTie(ctx, value) : null;
      out.push({ specifier: imp.specifier, name: imp.exportName, index: 0, prop: a.name.name, tie: tie && tie.role !== 'request' ? plain(tie) : null });
    });
  }
  return out;
}

/**
 * The prop `key` a component destructures from its props (`function ResultSummary({ result })`): what every place
 * that renders it, in this file (`<ResultSummary result={…} />`) and in the run's others, gives it; weak.
 */
export function calledPropTie(ctx: FileContext, pattern: Path, key: string): Tie | null {
  const fn = parentOf(pattern);
  if (!fn || !isFunction(fn.node) || fn.node.params[0] !== pattern.node) return null;
  const id = functionId(fn);
  if (!id || !/^[A-Z]/.test(id.node.name)) return null;
  const ties: (Tie | null)[] = [];
  for (const el of ctx.nodesOf('JSXOpeningElement')) {
    if (el.node.name.type !== 'JSXIdentifier' || el.node.name.name !== id.node.name) continue;
    const i = el.node.attributes.findIndex((a: Node) => a.type === 'JSXAttribute' && a.name.name === key);
    const a = i >= 0 ? el.node.attributes[i] : null;
    ties.push(a?.value?.type === 'JSXExpressionContainer' ? argumentTie(ctx, el.get('attributes', i, 'value', 'expression')) : null);
  }
  let exportName: string | null = fn.parentPath?.node.type === 'ExportDefaultDeclaration' ? 'default' : declaredExport(fn);
  if (!exportName) {
    for (const ref of ctx.identifiersIn(ctx.root.paths()[0]!, id.node.name)) {
      if (ref.node === id.node || bindingOf(ref)?.node !== id.node) continue;
      const e = exportedAs(parentOf(ref)!, ref.node);
      if (e) exportName = e;
    }
  }
  if (exportName) {
    const fact = ctx.project.calledWith?.(ctx.filePath, exportName, 0, key);
    if (fact) ties.push(fact.tie);
  }
  return agreed(ties);
}

/** The one value all the ties say, weak; null when one is missing or they disagree. */
function agreed(ties: (Tie | null)[]): Tie | null {
  if (ties.length === 0 || ties.some((t) => !t)) return null;
  const first = ties[0]!;
  if (!ties.every((t) => sameValue(t!, first))) return null;
  // As weak as a name: what a person confirms, never a rewrite.
  return { ...first, path: [...first.path], via: 'name', weak: true };
}

/**
 * What an argument is: its tie, or for the status of a call's answer (`r.status`, `res.statusCode`) the answer's
 * tie at the path `status` (what `calledStatusTie` gives the parameter).
 */
function argumentTie(ctx: FileContext, arg: Path): Tie | null {
  const n = arg.node;
  if (isMember(n) && !n.computed && STATUS.has(memberName(n) ?? '')) {
    const t = tieOf(ctx, arg.get('object'));
    return t && t.role === 'result' && t.path.length === 0 ? { ...t, path: [STATUS_PATH] } : null;
  }
  return tieOf(ctx, arg);
}
const STATUS = new Set(['status', 'statusCode']);
const STATUS_PATH = 'status()';

/** A parameter every caller hands the status of the same operation's answer (`presentModeUpdate(r.status, r.data)`): that answer's tie. */
export function calledStatusTie(ctx: FileContext, binding: Path): Tie | null {
  const t = calledValue(ctx, binding);
  return t && t.role === 'result' && t.path.length === 1 && t.path[0] === STATUS_PATH && t.op ? { ...t, path: [] } : null;
}

/** The parts of a tie that say what a value is (not how the caller learnt it). */
function plain(t: Tie): Tie {
  return { resource: t.resource, role: t.role, path: [...t.path], ...(t.op ? { op: t.op } : {}), via: t.via, ...(t.list ? { list: true } : {}) };
}


/** The parameter `binding` (an identifier or a pattern) of a function every caller hands the same tied value, or null. */
export function calledParamTie(ctx: FileContext, binding: Path): Tie | null {
  const t = calledValue(ctx, binding);
  return t && t.path[0] !== STATUS_PATH ? t : null;
}

function calledValue(ctx: FileContext, binding: Path): Tie | null {
  const fn = parentOf(binding);
  if (!fn || !isFunction(fn.node)) return null;
  const index = fn.node.params.indexOf(binding.node);
  if (index < 0) return null;
  const memo = memos.get(ctx) ?? new Map<Node, Tie | null>();
  memos.set(ctx, memo);
  if (memo.has(binding.node)) return memo.get(binding.node)!;
  memo.set(binding.node, null); // cycle guard
  const t = computeCalled(ctx, fn, index);
  memo.set(binding.node, t);
  return t;
}
const memos = new WeakMap<FileContext, Map<Node, Tie | null>>();

function computeCalled(ctx: FileContext, fn: Path, index: number): Tie | null {
  const id = functionId(fn);
  if (!id) return null;
  const ties: (Tie | null)[] = [];
  let exportName: string | null = fn.parentPath?.node.type === 'ExportDefaultDeclaration' ? 'default' : null;
  for (const ref of ctx.identifiersIn(ctx.root.paths()[0]!, id.node.name)) {
    if (ref.node === id.node || bindingOf(ref)?.node !== id.node) continue;
    const parent = parentOf(ref)!;
    const pn = parent.node;
    // A name, not a reference: the key of `{ f }` beside its value, `x.f`.
    if (!pn.computed && (((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.key === ref.node && pn.value !== ref.node) || (isMember(pn) && pn.property === ref.node))) continue;
    if (isCall(pn) && pn.callee === ref.node) {
      const arg = pn.arguments[index];
      ties.push(!arg || arg.type === 'SpreadElement' || pn.arguments.slice(0, index).some((a: Node) => a.type === 'SpreadElement') ? null : argumentTie(ctx, parent.get('arguments', index)));
      continue;
    }
    const exported = exportedAs(parent, ref.node);
    if (exported === undefined) {
      // Handed to an item callback of a tied list: `conditions.map(presentCondition)`.
      const list = isCall(pn) && pn.arguments[0] === ref.node && isMember(pn.callee) && ['map', 'forEach', 'filter', 'flatMap', 'find', 'some', 'every'].includes(memberName(pn.callee) ?? '') ? tieOf(ctx, parent.get('callee', 'object')) : null;
      ties.push(index === 0 && list ? item(list) : null);
      continue;
    }
    if (exported) exportName = exported;
  }
  if (exportName === null) exportName = declaredExport(fn);
  if (exportName) {
    const fact = ctx.project.calledWith?.(ctx.filePath, exportName, index);
    if (fact) ties.push(fact.tie);
  }
  return agreed(ties);
}

/** The identifier a function is declared by: `function f(…)`, `const f = (…) => …`. */
function functionId(fn: Path): Path | null {
  if (fn.node.type === 'FunctionDeclaration' && fn.node.id) return fn.get('id');
  const holder = parentOf(fn);
  if (holder?.node.type === 'VariableDeclarator' && holder.node.init === fn.node && holder.node.id.type === 'Identifier') return holder.get('id');
  return null;
}

/** `export function f`, `export const f = …`. */
function declaredExport(fn: Path): string | null {
  const decl = fn.node.type === 'FunctionDeclaration' ? fn : parentOf(parentOf(fn)!);
  if (parentOf(decl!)?.node.type !== 'ExportNamedDeclaration') return null;
  return fn.node.type === 'FunctionDeclaration' ? fn.node.id.name : parentOf(fn)!.node.id.name;
}

/**
 * The name a reference exports the function as: `module.exports = { f }`, `exports.g = f`, `export { f as g }`,
 * `export default f`; '' for a reference that only names it (a TS `typeof f`); undefined for any other use.
 */
function exportedAs(parent: Path, ref: Node): string | '' | undefined {
  const pn = parent.node;
  if (pn.type === 'ExportSpecifier') return pn.exported.name ?? pn.exported.value;
  if (pn.type === 'ExportDefaultDeclaration') return 'default';
  if (pn.type === 'TSTypeQuery') return '';
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === ref) {
    const assign = parentOf(parentOf(parent)!)?.node;
    if (assign?.type === 'AssignmentExpression' && isMember(assign.left) && chainNames(assign.left).join('.') === 'module.exports') return keyName(pn) ?? undefined;
    return undefined;
  }
  if (pn.type === 'AssignmentExpression' && pn.right === ref && isMember(pn.left)) {
    const chain = chainNames(pn.left);
    if ((chain[0] === 'exports' && chain.length === 2) || (chain[0] === 'module' && chain[1] === 'exports' && chain.length === 3)) return chain[chain.length - 1];
  }
  return undefined;
}
