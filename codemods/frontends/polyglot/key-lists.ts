import type { SgNode } from '@ast-grep/napi';
import { encloses, type Ctx } from './context';
import { span } from './lang';
import { norm, type FieldSite } from './vocabulary';

/** Calls that pick or drop keys of a hash or array by name (Rails, Laravel, lodash). */
const PICKERS = new Set(['slice', 'except', 'values_at', 'fetch_values', 'only', 'pick', 'omit', 'without']);

/**
 * Field names listed to pick keys of a value tied to a resource: `json.slice('token', 'detail')`,
 * `Arr::only($data, ['text', 'extra'])`, `_.pick(result, ['advice'])`. The value is the receiver of the call
 * (`json.slice`) or, for a static helper (`Arr::only`, `_.pick`), its first argument.
 */
export function keyLists(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const call of file.x.calls) {
    if (!PICKERS.has(call.callee)) continue;
    const text = call.node.text();
    const at = text.indexOf(call.callee);
    const receiverText = text.slice(0, at).replace(/(\.|::|->|&\.)\s*$/, '');
    const staticHelper = /^[A-Z_][\w\\]*$|^_$/.test(receiverText.trim());
    const subject = staticHelper ? call.args[0] : receiverNode(call.node, span(call.node).start + receiverText.length);
    if (!subject) continue;
    const tie = ctx.ties.ofExpr(subject);
    if (!tie) continue;
    const args = staticHelper ? call.args.slice(1) : call.args;
    for (const lit of file.lits) {
      if (!lit.simple || !args.some((a) => encloses(a, lit.node))) continue;
      const k = norm(lit.text);
      if (!vocab.fieldNames.has(k)) continue;
      const path = [...tie.path, k];
      const site: FieldSite | undefined = vocab.fields(tie.resource, path, 'response')[0] ?? vocab.fields(tie.resource, path, 'request')[0];
      if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
    }
  }
}

/** The node that ends where the receiver text ends, inside the call (`json` in `json.slice(…)`). */
function receiverNode(call: SgNode, end: number): SgNode | null {
  let best: SgNode | null = null;
  const walk = (n: SgNode) => {
    for (const c of n.children()) {
      const s = span(c);
      if (s.start === span(call).start && s.end === end && c.isNamed()) best ??= c;
      if (s.start <= span(call).start + 0 && s.end >= end) walk(c);
    }
  };
  walk(call);
  return best;
}
