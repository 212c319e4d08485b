import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { within } from './file';
import { span } from './lang';

/**
 * Reads of a model's fields by their bare names in an extension of the model (Kotlin's `fun Interview.toSession() =
 * Session(flag = interviewMode)`, Swift's `extension Interview { var partnered: Bool { marketplace != nil } }`): the
 * receiver is the model, so a name its fields declare is a read of that field (not a named argument's key, a call, an
 * assignment, another value's member or a parameter or local of that name). The model is the run's (index).
 */
export function extensionReads(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const { node, receiver } of extensions(ctx)) {
    const type = receiver.text().replace(/<.*$/, '').split('.').pop()!;
    const tie = ctx.ties.model(type);
    const model = ctx.index.model(type);
    if (!tie || !model) continue;
    const params = node.children().find((c) => /parameters/.test(c.kind() as string));
    for (const [name, key] of model.keys) {
      for (const use of file.usesOf(name)) {
        const at = span(use);
        if (!within(use, node) || (params && within(use, params))) continue;
        const before = file.source.slice(Math.max(0, at.start - 12), at.start);
        const after = file.source.slice(at.end, at.end + 20);
        // `name = …` (a named argument or an assignment), `name(…)`, `name:`, `other.name`, `this@X.name` aside.
        if (/^\s*(?:\(|=(?!=)|:(?!:))/.test(after) || /(?:\.|::|\?\.)\s*$/.test(before)) continue;
        if (file.declsOf(name, use).some((d) => within(d.node, node))) continue;
        const path = [...tie.path, key];
        const site = vocab.fields(tie.resource, path, 'response')[0] ?? vocab.fields(tie.resource, path, 'request')[0];
        if (site && out.has(site.change.id)) out.manual(site.change.id, at.start, at.end, site.message, { anchor: at.start, subject: key });
      }
    }
  }
}

/** Kotlin's functions with a receiver type (`fun Interview.toSession()`) and Swift's `extension Interview { … }`, each with that type. */
function extensions(ctx: Ctx): { node: SgNode; receiver: SgNode }[] {
  const out: { node: SgNode; receiver: SgNode }[] = [];
  for (const fn of ctx.file.functions()) {
    const receiver = fn.node.children().find((c) => c.kind() === 'user_type');
    const dot = receiver ? fn.node.children().find((c) => c.kind() === '.' && span(c).start === span(receiver).end) : undefined;
    if (receiver && dot) out.push({ node: fn.node, receiver });
  }
  for (const n of ctx.file.within(ctx.file.root, ['class_declaration'])) {
    const kids = n.children();
    const receiver = kids[0]?.kind() === 'extension' ? kids.find((c) => c.kind() === 'user_type') : undefined;
    const body = kids.find((c) => c.kind() === 'class_body');
    if (receiver && body) out.push({ node: body, receiver });
  }
  return out;
}
