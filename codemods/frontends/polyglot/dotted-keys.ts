import { api, type ResourceName } from '../../../catalogue';
import type { Ctx } from './context';
import { norm } from './vocabulary';

/**
 * A dotted key that names a resource and one of its removed response fields (`session('interview.variant')`,
 * `->assertSessionHas('interview.marketplace', …)`, `cache.get("result.advice")`): the app keeps that field under the
 * key, so every place that writes or reads it is one a person changes. In a file tied to the API only; a key of
 * another thing (`ticket.advice`) or of a field v2 still answers (`interview.token`) stays.
 */
export function dottedKeys(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (!ctx.tied) return;
  for (const lit of file.lits) {
    if (!lit.simple || !/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(lit.text)) continue;
    const [head, ...rest] = lit.text.split('.');
    const resource = (Object.keys(api.resources) as ResourceName[]).find((r) => api.resources[r].nouns.some((n) => norm(n) === norm(head!)));
    if (!resource) continue;
    const site = vocab.fields(resource, rest, 'response')[0];
    if (!site || !out.has(site.change.id) || out.hasSiteOn(site.change.id, lit.start)) continue;
    const p = lit.parts[0]!;
    out.manual(site.change.id, p.start, p.end, site.message, { anchor: lit.start, subject: rest[rest.length - 1]! });
  }
}
