import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { encloses } from './context';
import { namedKids, span, type FieldDecl } from './lang';
import { chainSegments, dataSegments } from './ties';
import type { FieldSite } from './vocabulary';
import { sameMember } from './presented-props';

/** Assignments of the languages that record them as declarations (C#, Java, Dart, PHP: expressions; Python, Kotlin, Swift: statements). */
const ASSIGNMENT = /^(?:assignment|assignment_expression|assignment_statement)$/;

/**
 * A member of the app's own class (a view model's) assigned a read of a removed (not a moved) answer field in one of
 * its methods (`Advice = result.Advice;` on `[ObservableProperty] private string? advice;`, `self.advice = r.advice`,
 * `ConditionTriage = r.TriageExplanation?.PotentialCondition?.Triage?.Label`): the member only ever carries what v2 no
 * longer sends, so its declaration is reported with the read. The member is the class's field of that name, or the
 * field an MVVM source generator makes the property from (`advice` or `_advice` for `Advice`). The value must be the
 * read itself (no call, no expression built from it), of a value tied to the API.
 */
export function carriedMembers(ctx: Ctx): void {
  const { file, out } = ctx;
  for (const d of file.x.decls) {
    if (!d.init || !ASSIGNMENT.test(d.node.kind() as string)) continue;
    const left = namedKids(d.node)[0]?.text() ?? '';
    if (!new RegExp(`^(?:(?:this|self)\\s*\\.\\s*|\\$this->)?${d.name}$`).test(left)) continue;
    const site = removedRead(ctx, d.init);
    if (!site) continue;
    const owner = file.x.types.filter((t) => encloses(t.node, d.node)).sort((a, b) => size(a.node) - size(b.node))[0];
    const field = owner ? memberOf(owner.fields, d.name, d.node) : undefined;
    if (!field) continue;
    const name = span(field.nameNode);
    if (out.hasSiteOn(site.change.id, name.start)) continue;
    out.manual(site.change.id, name.start, name.end, site.message, { anchor: span(field.node).start, subject: field.key ?? field.name });
  }
}

/** The site of the removed answer field a value reads, itself or a part of it (`…Triage?.Label`); a moved field's value is still sent. */
function removedRead(ctx: Ctx, value: SgNode): FieldSite | null {
  const at = span(value);
  const text = value.text().trimEnd();
  const segs = dataSegments(chainSegments(text, at.start));
  const last = segs[segs.length - 1];
  if (!last || segs.length < 2 || segs.some((s) => s.call) || last.end !== at.start + text.length) return null;
  for (let k = 1; k < segs.length; k++) {
    const tie = ctx.ties.ofChain(segs.slice(0, k), value);
    const site = tie ? ctx.vocab.fields(tie.resource, ctx.ties.step(tie, segs[k]!.name).path, 'response')[0] : undefined;
    if (site) return site.kind === 'moved' || !ctx.out.has(site.change.id) ? null : site;
  }
  return null;
}

/** The class's field the assignment fills: of its name, else the backing field a generator reads (`advice`, `_advice` for `Advice`). */
function memberOf(fields: readonly FieldDecl[], name: string, assignment: SgNode): FieldDecl | undefined {
  const others = fields.filter((f) => !encloses(f.node, assignment));
  return others.find((f) => f.name === name) ?? others.find((f) => sameMember(f.name, name));
}

function size(n: SgNode): number {
  const s = span(n);
  return s.end - s.start;
}
