import { bindingOf, isFunction, keyName, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { requestTieOfObject } from '../ties/requests';
import { pathMatches, type Tie } from '../ties/tie';
import { apiCall } from '../ties/url';
import { paramAt, paramRequestTie, sentAs, wrapperArgumentTie } from '../ties/wrappers';

/**
 * The value of a removed request field handed over on its own rather than written as a body's key: a wrapper's
 * parameter that becomes the field (`createComplaint(token, text, extra = {}) { … { text, extra } … }`, a
 * destructured `{ intent, detail }` parameter), an argument given to such a parameter (`api.createComplaint(token,
 * text, extra)`, of this file or of a client object another file exports) and a const built to be one (`const
 * extra = { note }`). Each is visited with the node to report: the wrapper's signature and its callers change together.
 */
export function removedFieldValues(ctx: FileContext, at: (tie: Tie | null) => boolean, visit: (site: Path, node: Node) => void): void {
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return;
  for (const fn of ctx.nodesOf('FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod')) {
    (fn.node.params ?? []).forEach((param: Node, i: number) => {
      const id = paramAt(fn, i);
      if (id && at(paramRequestTie(ctx, fn, i))) return visit(id, id.node);
      if (param.type !== 'ObjectPattern' || param.typeAnnotation) return;
      // `createIntent(token, { intent, detail, context })`: each destructured key the function sends.
      param.properties.forEach((prop: Node, k: number) => {
        const value = prop.value?.type === 'AssignmentPattern' ? prop.value.left : prop.value;
        if (value?.type !== 'Identifier' || !keyName(prop)) return;
        const binding = fn.get('params', i, 'properties', k, 'value');
        const bound = binding.node.type === 'AssignmentPattern' ? binding.get('left') : binding;
        const sent = ctx.identifiersIn(fn.get('body'), value.name).some((ref: Path) => bindingOf(ref)?.node === bound.node && at(sentAs(ctx, ref, 0)));
        if (sent && !ctx.claimed.has(prop.key)) visit(fn.get('params', i, 'properties', k), prop.key);
      });
    });
  }
  for (const call of ctx.nodesOf('CallExpression')) {
    if (apiCall(ctx, call)) continue;
    call.node.arguments.forEach((arg: Node, i: number) => {
      if (arg.type !== 'Identifier' && arg.type !== 'ObjectExpression') return;
      const argPath = call.get('arguments', i);
      if (at(wrapperArgumentTie(ctx, argPath))) visit(argPath, arg);
    });
  }
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    const init = decl.node.init;
    if (decl.node.id.type !== 'Identifier' || init?.type !== 'ObjectExpression' || isFunction(init)) continue;
    if (at(requestTieOfObject(ctx, decl.get('init')))) visit(decl, decl.node.id);
  }
}

/**
 * Whether a tie is the request field at `path` of one of the operations, itself (not a body holding it), in a body
 * that keeps it after the run: where the rule deletes the field from the body (`auto`, a certain tie) the value goes
 * nowhere once the run is done, and a second run would find nothing to say about it.
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

