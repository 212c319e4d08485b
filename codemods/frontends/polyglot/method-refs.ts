import type { Ctx } from './context';
import { memberName } from './chains';
import { span } from './lang';
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

/**
 * Ruby's block given as a method's name (`options.reject(&:preselected?)`, `results.map(&:advice)`): that method called
 * on each item, as `{ |o| o.preselected? }` calls it, read through what the call works on (the items of a question's
 * options); a model's derived reader (derived.ts) reads the fields it reads. Items of another thing's list stay.
 */
export function symbolProcs(ctx: Ctx): void {
  const { file, vocab, out, ties } = ctx;
  if (file.spec.id !== 'ruby' || !file.source.includes('&:')) return;
  for (const arg of file.within(file.root, ['block_argument'])) {
    const sym = arg.children().find((c) => c.kind() === 'simple_symbol');
    const tie = sym ? ties.subjectOf(arg, 0) : null;
    if (!sym || !tie) continue;
    const method = sym.text().slice(1);
    const name = method.replace(/[?!]$/, '');
    const step = ties.step(tie, name);
    const derived = tie.model ? ctx.index.model(tie.model)?.derived?.get(method) ?? ctx.index.model(tie.model)?.derived?.get(name) ?? [] : [];
    const site: FieldSite | undefined = vocab.fields(step.resource, step.path.map(norm), 'response')[0] ?? derived.map((p) => vocab.fields(tie.resource, [...tie.path, ...p], 'response')[0]).find(Boolean);
    const at = span(sym).start + 1;
    if (!site || !out.has(site.change.id) || out.hasSiteOn(site.change.id, at)) continue;
    out.manual(site.change.id, at, at + name.length, site.message, { anchor: at, subject: name });
  }
}
