import type { Ctx } from './context';
import { encloses } from './context';
import { span } from './lang';
import { norm } from './vocabulary';

/** A named argument (`extra=x`, `extra: x`): the front-ends read those as entries already. */
const NAMED = /^[$@]?\w+\s*(?::(?!:)|=(?!=))/;

/**
 * Arguments given by position to one of the API's endpoints that creates or updates, whose parameter is named as a
 * removed request field of its resource: `h.Checker.AddComplaint(ctx, id, text, extra)` on `func (c *Client)
 * AddComplaint(ctx context.Context, id, text string, extra map[string]any)`. The argument is reported, from the
 * literal the variable it passes holds when that is built just before (`extra := map[string]any{…}`).
 */
export function endpointArgs(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (!ctx.index.hasEndpoints) return;
  for (const call of file.x.calls) {
    const e = ctx.index.endpoint(call.callee);
    if (!e || e.op === 'read') continue;
    const params = ctx.index.params(call.callee);
    if (!params || params.length !== call.args.length) continue;
    call.args.forEach((arg, i) => {
      if (NAMED.test(arg.text())) return;
      const site = vocab.fields(e.resource, [norm(params[i]!)], 'request')[0];
      if (!site || !out.has(site.change.id)) return;
      const scope = file.scopeOf(call.node);
      const name = arg.text().trim();
      const held = /^\w+$/.test(name) ? file.declsOf(name, arg).filter((d) => d.init && encloses(scope, d.node) && span(d.node).end <= span(call.node).start).pop() : undefined;
      // The literal built just before the call and passed on (`extra := map[string]any{…}` then `AddComplaint(…, extra)`): one site, from the one to the other.
      const near = held?.init && /dictionary|hash|map|composite|object|array_creation|collection/.test(held.init.kind() as string) && lineOf(file.source, span(arg).start) - lineOf(file.source, span(held.node).start) <= 4;
      const start = near ? span(held!.node).start : span(arg).start;
      out.manual(site.change.id, start, span(arg).end, site.message, { anchor: near ? start : span(call.node).start, subject: params[i]! });
    });
  }
}

function lineOf(src: string, at: number): number {
  let n = 0;
  for (let i = src.indexOf('\n'); i >= 0 && i < at; i = src.indexOf('\n', i + 1)) n++;
  return n;
}
