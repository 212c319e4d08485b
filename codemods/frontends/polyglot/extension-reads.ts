import type { Ctx } from './context';
import { within } from './file';
import { span } from './lang';

/**
 * Reads of a model's fields by their bare names in an extension function of the model (Kotlin's `fun
 * Interview.toSession() = Session(flag = interviewMode, variant = variant)`): the receiver is the model, so a name
 * its fields declare is a read of that field (not a named argument's key, a call, an assignment, another value's
 * member or a parameter or local of that name). The model is the run's (index) or one a name ties in a file of the API.
 */
export function extensionReads(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const fn of file.functions()) {
    const receiver = fn.node.children().find((c) => c.kind() === 'user_type');
    const dot = receiver ? fn.node.children().find((c) => c.kind() === '.' && span(c).start === span(receiver).end) : undefined;
    if (!receiver || !dot) continue;
    const type = receiver.text().replace(/<.*$/, '').split('.').pop()!;
    const tie = ctx.ties.model(type);
    const model = ctx.index.model(type);
    if (!tie || !model) continue;
    const params = fn.node.children().find((c) => /parameters/.test(c.kind() as string));
    for (const [name, key] of model.keys) {
      for (const use of file.usesOf(name)) {
        const at = span(use);
        if (!within(use, fn.node) || (params && within(use, params))) continue;
        const before = file.source.slice(Math.max(0, at.start - 12), at.start);
        const after = file.source.slice(at.end, at.end + 20);
        // `name = …` (a named argument or an assignment), `name(…)`, `name:`, `other.name`, `this@X.name` aside.
        if (/^\s*(?:\(|=(?!=)|:(?!:))/.test(after) || /(?:\.|::|\?\.)\s*$/.test(before)) continue;
        if (file.declsOf(name, use).some((d) => within(d.node, fn.node))) continue;
        const path = [...tie.path, key];
        const site = vocab.fields(tie.resource, path, 'response')[0] ?? vocab.fields(tie.resource, path, 'request')[0];
        if (site && out.has(site.change.id)) out.manual(site.change.id, at.start, at.end, site.message, { anchor: at.start, subject: key });
      }
    }
  }
}
