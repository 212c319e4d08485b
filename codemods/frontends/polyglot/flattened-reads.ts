import type { SgNode } from '@ast-grep/napi';
import { columnSite } from '../sql';
import type { Ctx } from './context';
import { dataSegments, memberName, type Segment } from './ties';

/**
 * A member of a model of the resource named for a part's removed field flattened with the part's noun
 * (`$result->condition_triage` of a Yii `InterviewResult` that stores `potential_condition.triage` under it): a read of
 * that field, as a table's column of that name is (sql.ts columnSite). Only on a value tied to the resource itself.
 */
export function flattenedRead(ctx: Ctx, before: Segment[], seg: Segment, node: SgNode): void {
  const prefix = dataSegments(before);
  if (prefix.length === 0 || dataSegments(before).length === 0) return;
  const tie = ctx.ties.ofChain(prefix, node);
  if (!tie || tie.path.length > 0) return;
  const site = columnSite(ctx.vocab, memberName(seg), new Set([tie.resource]), { prefixedOnly: true });
  if (!site || !ctx.out.has(site.change.id) || ctx.out.hasSiteOn(site.change.id, seg.start)) return;
  ctx.out.manual(site.change.id, seg.start, seg.end, site.message, { anchor: seg.start, subject: seg.name });
}

