import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { span } from './lang';
import { chainSegments, type ValueTie } from './ties';
import { norm, type FieldSite } from './vocabulary';
import { expectsFailure } from './expected-failure';

/** Calls that start a builder of a type (Lombok's `builder()`, protobuf's `newBuilder()`, `toBuilder()`). */
const STARTS = new Set(['builder', 'newBuilder', 'toBuilder']);

/**
 * A setter of a model's builder: `CreateInterviewRequest.builder().profile(p).interviewMode(true).build()`,
 * `Profile.newBuilder().setBmi(22.1)`. The setter names a field of the type the chain builds (through the JSON key
 * its annotation gives), so it is that field of the body, where the type models one of the API's resources.
 */
export function builderField(ctx: Ctx, call: SgNode, callee: string): { tie: ValueTie | null; key: string; start: number; end: number } | null {
  const text = call.text();
  if (!text.includes('uilder(') || text.length > 4000) return null;
  // Comment lines between the steps (a marker of a second run) are blanked, offsets kept.
  const segs = chainSegments(text.replace(/^[ \t]*(?:\/\/|#)[^\n]*$/gm, (c) => ' '.repeat(c.length)), span(call).start);
  const last = segs[segs.length - 1];
  if (!last || last.name !== callee || !last.call) return null;
  const at = segs.findIndex((s) => STARTS.has(s.name));
  if (at < 1 || at >= segs.length - 1 || segs.slice(at + 1, -1).some((s) => s.name === 'build')) return null;
  const type = segs[at - 1]!.name;
  if (!/^[A-Z]/.test(type)) return null;
  // Null when the type is none of the API's models (`TicketBody.builder().mode(…)` sets a ticket's mode).
  const tie = ctx.ties.model(type);
  const m = /^(?:set|with)([A-Z]\w*)$/.exec(callee);
  const name = m ? m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1) : callee;
  const key = norm(ctx.index.model(type)?.keys.get(name) ?? name);
  return { tie, key, start: last.start, end: last.end };
}

/**
 * A bean setter called on a value of a model (`Interview request = new Interview(); request.setInterviewMode(true)`):
 * the field it names (through the JSON key its annotation gives) of what the receiver holds.
 */
function setterField(ctx: Ctx, call: SgNode, callee: string): { tie: ValueTie | null; key: string; start: number; end: number } | null {
  const m = /^set([A-Z]\w*)$/.exec(callee);
  if (!m) return null;
  const segs = chainSegments(call.text(), span(call).start);
  const last = segs[segs.length - 1];
  if (segs.length < 2 || !last || last.name !== callee || segs.slice(0, -1).some((s) => s.call)) return null;
  const tie = ctx.ties.ofChain(segs.slice(0, -1), call);
  if (!tie) return null;
  const name = m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1);
  const type = ctx.file.declsOf(segs[0]!.name, call).map((d) => d.type).find((t): t is string => !!t);
  const key = norm((type ? ctx.index.model(type.replace(/<.*$/, ''))?.keys.get(name) : undefined) ?? name);
  return { tie, key, start: last.start, end: last.end };
}

/** Removed fields set through a model's builder or bean setter, and numbers out of a field's range given to one. */
export function builders(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const call of file.x.calls) {
    if (call.args.length !== 1) continue;
    const f = builderField(ctx, call.node, call.callee) ?? setterField(ctx, call.node, call.callee);
    if (!f?.tie) continue;
    const tie = f.tie;
    const path = [...tie.path, f.key];
    for (const range of vocab.ranges) {
      if (range.rule.resource !== tie.resource || range.rule.path.map(norm).join('.') !== path.join('.') || !out.has(range.change.id)) continue;
      const arg = call.args[0]!;
      const v = Number(arg.text());
      if (/^\d+$/.test(arg.text()) && (v < range.rule.min || v > range.rule.max) && !expectsFailure(file, arg)) out.manual(range.change.id, span(arg).start, span(arg).end, range.rule.message, { anchor: span(arg).start });
    }
    const site: FieldSite | undefined = vocab.fields(tie.resource, path, 'request')[0] ?? vocab.fields(tie.resource, path, 'response')[0];
    if (site && out.has(site.change.id)) out.manual(site.change.id, f.start, f.end, site.message, { anchor: f.start, subject: f.key });
  }
}
