import { bindingOf, isCall, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { pathMatches, type Tie } from '../ties/tie';
import { apiCall } from '../ties/url';
import { wrapperParamTie } from '../ties/wrappers';

/**
 * The value of a removed request field handed over on its own rather than written as a body's key: an argument
 * given to a wrapper's parameter that the wrapper sends as the field (`api.createComplaint(token, text, extra)`, of
 * this file or of a client object another file exports), and a const built to be one (`const extra = { note }`).
 * Each is visited with the node to report.
 */
export function removedFieldValues(ctx: FileContext, at: (tie: Tie | null) => boolean, visit: (site: Path, node: Node) => void): void {
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return;
  const handedOver = (argPath: Path) => at(wrapperParamTie(ctx, argPath)?.tie ?? null);
  for (const call of ctx.nodesOf('CallExpression')) {
    if (apiCall(ctx, call)) continue;
    call.node.arguments.forEach((arg: Node, i: number) => {
      if (arg.type !== 'Identifier' && arg.type !== 'ObjectExpression') return;
      const argPath = call.get('arguments', i);
      if (handedOver(argPath)) visit(argPath, arg);
    });
  }
  // `const extra = { onset }` then `fileComplaint(token, text, extra)`.
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    if (decl.node.id.type !== 'Identifier' || decl.node.init?.type !== 'ObjectExpression') continue;
    const id = decl.get('id');
    const scope = (id as { scope?: { path?: Path } }).scope?.path;
    if (!scope) continue;
    const passed = ctx.identifiersIn(scope, id.node.name).some((ref: Path) => {
      if (ref.node === id.node || bindingOf(ref)?.node !== id.node) return false;
      const parent = ref.parentPath?.node;
      return isCall(parent) && parent.arguments.includes(ref.node) && handedOver(ref);
    });
    if (passed) visit(decl, decl.node.id);
  }
}

/**
 * Whether a tie is the request field at `path` of one of the operations, itself (not a body holding it), in a body
 * that keeps it after the run: where the rule deletes the field from the wrapper's body (`auto`, a certain tie) the
 * value goes nowhere once the run is done, and a second run would find nothing to say about it.
 */
export function atRequestField(resource: string, operations: readonly string[], path: readonly string[], deletes: boolean): (tie: Tie | null) => boolean {
  return (tie) =>
    !!tie &&
    tie.role === 'request' &&
    tie.resource === resource &&
    (tie.op === undefined || operations.includes(tie.op)) &&
    tie.path.length === path.length &&
    pathMatches(path, tie.path) &&
    !(deletes && !tie.weak && tie.via !== 'name');
}
