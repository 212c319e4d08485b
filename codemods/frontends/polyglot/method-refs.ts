import type { Ctx } from './context';
import { memberName } from './chains';
import { norm, type FieldSite } from './vocabulary';

/**
 * A field read through a method reference to a model of the API (Java's `.map(InterviewUpdateResponse::getMsg)`,
 * `Result::getAdvice`, Kotlin's `.map(Result::advice)`): the getter reads its property of that model, as
 * `response.getMsg()` would. A reference to another thing's type (`Ticket::getMsg`) is none.
 */
export function methodReferences(ctx: Ctx): void {
  const { file, vocab, out, ties } = ctx;
  if ((file.spec.id !== 'java' && file.spec.id !== 'kotlin') || !file.source.includes('::')) return;
  for (const m of file.source.matchAll(/\b([A-Z]\w*)\s*::\s*([a-z]\w*)\b/g)) {
    const tie = ties.model(m[1]!);
    if (!tie) continue;
    const name = memberName({ name: m[2]!, start: 0, end: 0, call: true, parens: true });
    const step = ties.step(tie, name);
    const site: FieldSite | undefined = vocab.fields(step.resource, step.path.map(norm), 'response')[0];
    if (!site || !out.has(site.change.id)) continue;
    const at = m.index + m[0].lastIndexOf(m[2]!);
    out.manual(site.change.id, at, at + m[2]!.length, site.message, { anchor: at, subject: name });
  }
}
