import { bindingOf, isCall, isFunction, keyName, type Node, type Path } from '../ast';
import { dispatches } from '../ties/store-members';
import type { FileContext } from '../file';
import { pathMatches, type Tie } from '../ties/tie';
import { apiCall } from '../ties/url';
import { bindingRequestTie, paramAt, paramRequestTie, wrapperParamTie } from '../ties/wrappers';

/** What a file hands over to wrappers' parameters: each argument or const with the ties of where it goes. */
interface HandedOver {
  site: Path;
  node: Node;
  ties: Tie[];
}

const handedOverByFile = new WeakMap<FileContext, HandedOver[]>();

/**
 * The value of a removed request field handed over on its own rather than written as a body's key: an argument
 * given to a wrapper's parameter that the wrapper sends as the field (`api.createComplaint(token, text, extra)`, of
 * this file or of a client object another file exports), and a const built to be one (`const extra = { note }`).
 * Each is visited with the node to report. What the file hands over is worked out once; each removed field's rule
 * asks it again.
 */
export function removedFieldValues(ctx: FileContext, at: (tie: Tie | null) => boolean, visit: (site: Path, node: Node) => void): void {
  if (ctx.otherApiOnly()) return;
  let list = handedOverByFile.get(ctx);
  // A payload dispatched to a module's action is tied by the run's facts, whatever else the file names.
  if (!list) handedOverByFile.set(ctx, (list = ctx.touchesApi() ? [...handedOver(ctx), ...dispatched(ctx)] : dispatched(ctx)));
  for (const h of list) if (h.ties.some(at)) visit(h.site, h.node);
}

function handedOver(ctx: FileContext): HandedOver[] {
  const out: HandedOver[] = [];
  const tieOf = (argPath: Path) => wrapperParamTie(ctx, argPath)?.tie ?? null;
  for (const call of ctx.nodesOf('CallExpression')) {
    if (apiCall(ctx, call)) continue;
    call.node.arguments.forEach((arg: Node, i: number) => {
      // Any value (`form.extra`, `note || undefined`, `long ? 'long' : ''`, `'after a fall'`); not a placeholder for none.
      if (sendsNothing(arg) || arg.type === 'SpreadElement' || isFunction(arg)) return;
      const argPath = call.get('arguments', i);
      const tie = tieOf(argPath);
      if (tie) out.push({ site: argPath, node: arg, ties: [tie] });
    });
  }
  // `const extra = { onset }` then `fileComplaint(token, text, extra)`; any other value only when nothing else uses
  // it (`const extra = String(formData.get('extra') || '')` read from a posted form for `createComplaint(text, extra)`).
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    const init = decl.node.init;
    if (decl.node.id.type !== 'Identifier' || !init || sendsNothing(init) || isFunction(init)) continue;
    const id = decl.get('id');
    const scope = (id as { scope?: { path?: Path } }).scope?.path;
    if (!scope) continue;
    const ties: Tie[] = [];
    let other = false;
    for (const ref of ctx.identifiersIn(scope, id.node.name) as Path[]) {
      if (ref.node === id.node || bindingOf(ref)?.node !== id.node) continue;
      const parent = ref.parentPath?.node;
      const tie = isCall(parent) && parent.arguments.includes(ref.node) ? tieOf(ref) : null;
      if (tie) ties.push(tie);
      else other = true;
    }
    if (ties.length > 0 && (init.type === 'ObjectExpression' || !other)) out.push({ site: decl, node: decl.node.id, ties });
  }
  return out;
}

/** `dispatch('interview/addComplaint', { text, extra: this.extra })`: a Vuex action's payload key it sends as a field. */
function dispatched(ctx: FileContext): HandedOver[] {
  const out: HandedOver[] = [];
  for (const d of dispatches(ctx)) {
    d.payload.node.properties.forEach((prop: Node, i: number) => {
      const key = keyName(prop);
      const tie = key && (prop.type === 'ObjectProperty' || prop.type === 'Property') && !sendsNothing(prop.value) ? ctx.project.storeActionKey?.(d.namespace, d.action, key) : null;
      if (tie) out.push({ site: d.payload.get('properties', i), node: prop.value, ties: [tie] });
    });
  }
  return out;
}

/** What to do with such a parameter: `complaints no longer take \`extra\` in v2; this parameter only carries it: …`. */
export function paramMessage(message: string): string {
  return `${message.split(';')[0]!.replace(/\.$/, '')}; this parameter only carries it: remove it and the value callers pass for it.`;
}

const FUNCTIONS = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod'];

/**
 * A wrapper's parameter that exists to carry a removed field (`addComplaint(token, text, extra = '')` sending `{
 * …, extra }`): named for it and sent only as it, or left unused, still named for it, by an earlier run. Once the
 * field is gone the parameter and what callers pass for it are dead; a person removes them together.
 */
export function fieldParams(ctx: FileContext, at: (tie: Tie | null) => boolean, visit: (site: Path, node: Node, destructured?: boolean) => void): void {
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return;
  for (const fn of ctx.nodesOf(...FUNCTIONS)) {
    (fn.node.params ?? []).forEach((p: Node, i: number) => {
      const param = paramAt(fn, i);
      const tie = param ? paramRequestTie(ctx, fn, i) : null;
      if (param && tie?.onlyAs && at(tie)) visit(param, param.node);
      // A name the parameter destructures (`async addIntent({ state }, { kind, detail })`, a Vuex action's payload).
      if (p.type !== 'ObjectPattern') return;
      p.properties.forEach((prop: Node, j: number) => {
        if ((prop.type !== 'ObjectProperty' && prop.type !== 'Property') || prop.value?.type !== 'Identifier') return;
        const binding = fn.get('params', i, 'properties', j, 'value');
        const t = bindingRequestTie(ctx, fn, binding);
        if (t?.onlyAs && t.path.length === 1 && at(t)) visit(binding, binding.node, true);
      });
    });
  }
}

/** `undefined`, `null`, `void 0`: an argument that gives the parameter no value. */
function sendsNothing(n: Node): boolean {
  return (n.type === 'Identifier' && n.name === 'undefined') || n.type === 'NullLiteral' || (n.type === 'Literal' && n.value === null && !n.regex) || (n.type === 'UnaryExpression' && n.operator === 'void');
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
    !(deletes && !tie.weak && tie.via !== 'name' && !tie.onlyAs);
}
