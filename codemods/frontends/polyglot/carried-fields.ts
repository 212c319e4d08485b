import type { Ctx } from './context';
import { span } from './lang';
import { chainSegments, dataSegments } from './ties';

/**
 * A field of the app's own type filled with a read of a removed (not a moved) answer field under another name (`interviewView{
 * Partner: iv.Marketplace }`, `ResultView(tests = r.test)`): the field declared in this file only ever carries what v2
 * no longer sends, so its declaration is reported with the read. The value must be the read itself (not a call, not
 * an expression built from it), of a value tied to the API; a type of another file is left to its own file.
 */
export function carriedFields(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const pair of file.x.pairs) {
    if (!pair.named || !pair.value) continue;
    const at = span(pair.value);
    const segs = dataSegments(chainSegments(pair.value.text(), at.start));
    const last = segs[segs.length - 1];
    if (!last || segs.length < 2 || segs.some((s) => s.call) || last.end !== at.start + pair.value.text().trimEnd().length) continue;
    const tie = ctx.ties.ofChain(segs.slice(0, -1), pair.value);
    const site = tie ? vocab.fields(tie.resource, ctx.ties.step(tie, last.name).path, 'response')[0] : undefined;
    // A moved field's value is still sent (`ModeUpdate(message: body.msg)` reads it from its new place once migrated): its carrier stays.
    if (!site || site.kind === 'moved' || !out.has(site.change.id)) continue;
    const call = file.callSpans().find((c) => c.start === span(pair.container).start && c.end === span(pair.container).end)?.call;
    const name = call?.callee ?? /^(?:new\s+)?&?([A-Za-z_]\w*)\s*[({]/.exec(pair.container.text())?.[1];
    const field = file.x.types.find((t) => t.name === name)?.fields.find((f) => f.name === pair.key);
    if (!field) continue;
    const key = field.keyNode ? span(field.keyNode) : span(field.nameNode);
    out.manual(site.change.id, key.start, Math.max(key.end, span(field.nameNode).end), site.message, { anchor: span(field.node).start, subject: field.key ?? field.name });
  }
}
