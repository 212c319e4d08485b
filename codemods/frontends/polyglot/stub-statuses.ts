import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import type { Ctx } from './context';
import { span } from './lang';
import type { StatusSite } from './vocabulary';

/**
 * Test doubles routed by method and path that answer a status (respx's `api.put(f"/interviews/{t}/").respond(202)`,
 * `mock.onPut('/interviews/t-1/').reply(202)`, Guzzle-style `->put('interviews/t/')->andReturn(202)`): the method
 * and the resource's path say the operation, so the old status of a rule of that operation is a site (the stub
 * answers what v2 no longer answers there). A stub on another resource, or by another method, stays.
 */
export function routedStubStatuses(ctx: Ctx, report: (site: StatusSite, n: SgNode) => void): void {
  const { file, vocab } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  for (const call of file.x.calls) {
    const first = call.args[0];
    if (!first || !/^\d{3}$/.test(first.text().trim()) || !codes.has(Number(first.text().trim()))) continue;
    const code = Number(first.text().trim());
    // The route: a call by an HTTP method's name that starts the same chain (`api.put(path)` in `api.put(path).respond(…)`).
    const at = span(call.node);
    const route = file.x.calls.find((c) => c !== call && span(c.node).start === at.start && span(c.node).end < span(first).start && ROUTE.test(c.callee));
    if (!route) continue;
    const method = ROUTE.exec(route.callee)![1]!.toUpperCase();
    const refs = route.args.length > 0 ? file.resourcesIn(route.args[0]!) : [];
    if (refs.length !== 1) continue;
    const { resource, rest } = refs[0]!;
    const op = api.methodOperations[method];
    // Interviews are created at their create path; a PUT or PATCH of one interview updates it (its mode).
    const create = rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
    if (resource === vocab.modeResource && (op === 'create') !== create) continue;
    for (const site of vocab.statuses) {
      const same = site.rule.operation === op || (site.rule.operation === 'mode-update' && op === 'update');
      if (site.rule.from === code && site.rule.resource === resource && same) report(site, first);
    }
  }
}

/** Route calls named for an HTTP method: `put`, `onPut`, `stubPut`, `mock_put`. */
const ROUTE = /^(?:on|stub|mock|when|expect)?_?(post|put|patch)$/i;
