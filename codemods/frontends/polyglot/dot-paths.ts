import type { ResourceName } from '../../../catalogue';
import type { Ctx } from './context';
import { encloses } from './context';
import { norm, type FieldSite } from './vocabulary';

/**
 * Key paths written as one dotted string: Laravel's `Arr::get($data, 'triage_explanation.potential_condition.triage')`
 * and `data_get($r, 'profile.height')`, lodash's `_.get(r, 'a.b')`, Symfony's property paths. The path is read from
 * the value the call's first argument holds (`$data` tied to a resource), or, when it names a field only this API
 * has (`triage_explanation`), from any resource it fits in a file that talks to the API.
 */
export function dotPaths(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const lit of file.lits) {
    if (!lit.simple || !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(lit.text)) continue;
    const segs = lit.text.split('.').map(norm);
    if (!vocab.fieldNames.has(segs[segs.length - 1]!)) continue;
    const call = file.x.calls.filter((c) => c.args.length >= 2 && encloses(c.args[1]!, lit.node) && c.args[1]!.text().trim() === lit.node.text().trim()).pop();
    if (!call) continue;
    let site: FieldSite | undefined;
    const tie = ctx.ties.ofExpr(call.args[0]!);
    if (tie) site = vocab.fields(tie.resource, [...tie.path, ...segs], 'response')[0];
    if (!site && ctx.tied && segs.some((s) => vocab.distinctive.has(s))) {
      for (const resource of new Set<ResourceName>(vocab.segments.values())) site ??= vocab.fields(resource, segs, 'response')[0];
    }
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
  }
}
