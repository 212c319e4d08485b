import { calleeName, isCall, isMember, type Node, type Path } from './ast';
import type { FileContext } from './file';
import { staticText } from './ties/static-text';
import { declaredModels } from './ties/resource-models';
import { apiCall, isBasePlusSegment, isDocumentPath, urlTarget } from './ties/url';

/** An absolute URL on a host that none of the configured environments uses (not a v1 or v2 base, audience or token service). */
export function foreignAbsolute(ctx: FileContext, text: string): boolean {
  const m = /^https?:\/\/([^/?#:\s{}]+)[:/]/i.exec(text);
  if (!m) return false;
  return !ctx.mapper.configuredHosts().has(m[1]!.toLowerCase());
}

/**
 * Whether a file talks to another API and never to this one (FileContext.otherApiOnly): it sends requests to
 * relative paths that are none of this API's, or to absolute addresses on hosts no environment uses while
 * addressing none of this API's resources.
 */
export function talksToOtherApiOnly(ctx: FileContext): boolean {
  // Models that declare their address (`urlRoot: base + 'interviews/'`, `url() { return desk + 'tickets.json' }`).
  const models = declaredModels(ctx);
  if (models === true) return false;
  let other = models === false;
  // An absolute address on a host none of the environments uses counts only in a file that addresses none of this
  // API's resources (`$.getJSON(desk + 'forms/' + id + '/')` beside `$.getJSON(CHECKER + 'questions/' + t + '/')`).
  let foreign = false;
  let ours = false;
  for (const call of ctx.nodesOf('CallExpression', 'OptionalCallExpression')) {
    if (apiCall(ctx, call)) return false;
    const arg = call.node.arguments[0];
    if (!arg) continue;
    const text = staticText(ctx, call.get('arguments', 0));
    if (!text || !HTTP_VERBS.has(calleeName(call.node.callee).toLowerCase())) continue;
    if (urlTarget(ctx, text) !== null) ours = true;
    else if ((/^(https?:\/\/|\{\}\/?|\/)?[\w-]+\/[\w{}/.%-]*$/.test(text) && /\//.test(text)) || isDocumentPath(text) || isBasePlusSegment(text)) other = true;
    else if (foreignAbsolute(ctx, text)) foreign = true;
  }
  return other || (foreign && !ours);
}

const HTTP_VERBS = new Set(['get', 'getjson', 'post', 'put', 'patch', 'delete', 'fetch', 'request']);

/**
 * The local names a file imports from modules of the run that talk to another API and never to this one (a
 * helpdesk client's `openTicket`, `TicketSchema`): what they give and take is that API's.
 */
export function foreignImports(ctx: FileContext): ReadonlySet<string> {
  let out = foreignCache.get(ctx);
  if (!out) {
    out = new Set<string>();
    for (const p of ctx.nodesOf('ImportDeclaration') as Path[]) {
      if (!ctx.project.otherApiModule?.(ctx.filePath, String(p.node.source.value))) continue;
      for (const s of p.node.specifiers ?? []) out.add(s.local.name);
    }
    foreignCache.set(ctx, out);
  }
  return out;
}
const foreignCache = new WeakMap<FileContext, Set<string>>();

/**
 * Whether a value is what a function of another API's module gives (`await fileTicket(…)` imported from a helpdesk
 * client): a `result` holding it is that API's, whatever its name.
 */
export function foreignCall(ctx: FileContext, n: Node): boolean {
  while (n?.type === 'AwaitExpression') n = n.argument;
  if (!isCall(n)) return false;
  let callee: Node = n.callee;
  while (isMember(callee)) callee = callee.object;
  return callee?.type === 'Identifier' && foreignImports(ctx).has(callee.name);
}
