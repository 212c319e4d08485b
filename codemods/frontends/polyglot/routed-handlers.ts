import type { SgNode } from '@ast-grep/napi';
import { api, type ResourceName } from '../../../catalogue';
import type { ContainerTie, Ctx } from './context';
import { encloses } from './context';
import { all, childOf, namedKids, sameNode, span } from './lang';
import type { StatusSite } from './vocabulary';

/**
 * A fake server of the API kept in a test (Tornado's `Application([(r"/interviews/anonymous/", InterviewCreate), …])`,
 * `url(r"/interviews/([^/]+)/", InterviewUpdate)`): a handler class of the same file that only paths of one resource
 * route to. Its methods named for an HTTP verb (`def put(self, token)`) answer that operation of the resource: the
 * status they set (`self.set_status(202)`, `self.send_error(400)`) and the literal they write
 * (`self.write({"msg": …})`, `self.finish({…})`) are what the API answers there. The app's own route table, whose
 * handlers live in another module (`handlers.InterviewModeHandler`), and a class routed by several resources'
 * paths (a generic `Collection`) are none.
 */

interface RoutedMethod {
  resource: ResourceName;
  /** The interview's create path (`interviews/anonymous/`) rather than one interview's. */
  create: boolean;
  method: string;
  node: SgNode;
}

/** HTTP verbs as a handler class's method names. */
const VERB_METHODS = /^(?:get|post|put|patch|delete)$/;
/** Route entries written as a call: Tornado's `url(…)` and `URLSpec(…)`. */
const ROUTE_CALL = /^(?:url|URLSpec)$/;
/** How a handler answers with a status, and with a body. */
const SET_STATUS = /^(?:set_status|send_error)$/;
const WRITES = /^(?:write|finish)$/;

function routedMethods(ctx: Ctx): RoutedMethod[] {
  const { file } = ctx;
  if (file.spec.id !== 'python') return [];
  const cached = memo.get(file);
  if (cached) return cached;
  const classes = new Map(file.x.types.filter((t) => t.node.kind() === 'class_definition').map((t) => [t.name, t.node]));
  const routes = new Map<string, { resource: ResourceName | null; create: boolean }[]>();
  const entries = [...all(file.root, 'tuple').map((t) => namedKids(t)), ...file.x.calls.filter((c) => ROUTE_CALL.test(c.callee)).map((c) => c.args)];
  for (const [path, handler] of entries) {
    if (!path || handler?.kind() !== 'identifier' || !classes.has(handler.text())) continue;
    const refs = file.resourcesIn(path);
    const ref = refs.length === 1 && file.lit(path) ? refs[0]! : null;
    const list = routes.get(handler.text()) ?? [];
    list.push({ resource: ref?.resource ?? null, create: !!ref && ref.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, '')) });
    routes.set(handler.text(), list);
  }
  const out: RoutedMethod[] = [];
  for (const [name, list] of routes) {
    const { resource, create } = list[0]!;
    if (!resource || list.some((r) => r.resource !== resource || r.create !== create)) continue;
    const body = childOf(classes.get(name)!, 'block');
    for (const st of body ? namedKids(body) : []) {
      const fn = st.kind() === 'decorated_definition' ? childOf(st, 'function_definition') : st.kind() === 'function_definition' ? st : null;
      const verb = fn ? childOf(fn, 'identifier')?.text() : undefined;
      if (fn && verb && VERB_METHODS.test(verb)) out.push({ resource, create, method: verb.toUpperCase(), node: fn });
    }
  }
  memo.set(file, out);
  return out;
}

const memo = new WeakMap<object, RoutedMethod[]>();

/** The operation a routed method answers, as the status rules name them. */
function operationOf(ctx: Ctx, m: RoutedMethod): string | null {
  const op = api.methodOperations[m.method] ?? null;
  if (!op || m.resource !== ctx.vocab.modeResource) return op;
  // Interviews are created at their create path; a PUT or PATCH of one interview updates it (its mode).
  return (op === 'create') === m.create ? op : null;
}

/** The old statuses a routed handler method sets for the operation it answers. */
export function routedHandlerStatuses(ctx: Ctx, report: (site: StatusSite, n: SgNode) => void): void {
  const methods = routedMethods(ctx);
  if (methods.length === 0) return;
  for (const call of ctx.file.x.calls) {
    const code = SET_STATUS.test(call.callee) && call.args[0] && /^\d{3}$/.test(call.args[0].text().trim()) ? Number(call.args[0].text().trim()) : null;
    const m = code === null ? undefined : methods.find((x) => encloses(x.node, call.node));
    const op = m ? operationOf(ctx, m) : null;
    if (!m || !op) continue;
    for (const site of ctx.vocab.statuses) {
      const same = site.rule.operation === op || (site.rule.operation === 'mode-update' && op === 'update');
      if (site.rule.from === code && site.rule.resource === m.resource && same) report(site, call.args[0]!);
    }
  }
}

/** The literal a routed handler method writes as its answer (`self.write({…})`): the resource's answer. */
export function routedHandlerAnswer(ctx: Ctx, container: SgNode): ContainerTie | null {
  const methods = routedMethods(ctx);
  if (methods.length === 0) return null;
  const call = ctx.file.x.calls.find((c) => WRITES.test(c.callee) && c.args.length === 1 && sameNode(c.args[0]!, container));
  const m = call ? methods.find((x) => encloses(x.node, call.node) && operationOf(ctx, x)) : undefined;
  return m && span(container).start > span(m.node).start ? { resource: m.resource, path: [], via: 'url', sent: false, answer: true } : null;
}
