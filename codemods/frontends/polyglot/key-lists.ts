import type { SgNode } from '@ast-grep/napi';
import { encloses, type Ctx } from './context';
import { childOf, namedKids, sameNode, span } from './lang';
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

/**
 * A table of field names walked by its keys to read them from a tied value: Lua's `for field, header in
 * pairs(PROFILE_HEADERS) do set_header(header, profile[field]) end` on `local PROFILE_HEADERS = { race = "X-Race", … }`.
 * Each key of the table is a field read there: a removed one is a site, on the key. A table walked to read another
 * thing (a desk ticket's fields) stays.
 */
export function walkedKeys(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const loop of file.within(file.root, ['for_generic_clause'])) {
    const key = namedKids(childOf(loop, 'variable_list') ?? loop)[0];
    const source = namedKids(childOf(loop, 'expression_list') ?? loop)[0];
    if (key?.kind() !== 'identifier' || source?.kind() !== 'function_call' || namedKids(source)[0]?.text() !== 'pairs') continue;
    const table = namedKids(childOf(source, 'arguments') ?? source)[0];
    const held = table?.kind() === 'identifier' ? file.declsOf(table.text(), table).find((d) => d.init?.kind() === 'table_constructor') : undefined;
    const statement = loop.parent();
    if (!held?.init || !statement) continue;
    for (const read of file.within(statement, ['bracket_index_expression'])) {
      const [subject, index] = namedKids(read);
      if (!subject || index?.text() !== key.text()) continue;
      const tie = ctx.ties.ofExpr(subject);
      if (!tie) continue;
      for (const p of file.x.pairs) {
        if (!sameNode(p.container, held.init) || p.keyNode.kind() !== 'identifier') continue;
        const path = [...tie.path, norm(p.key)];
        const site: FieldSite | undefined = vocab.fields(tie.resource, path, 'response')[0] ?? vocab.fields(tie.resource, path, 'request')[0];
        if (site && out.has(site.change.id)) out.manual(site.change.id, span(p.keyNode).start, span(p.keyNode).end, site.message, { anchor: span(p.keyNode).start, subject: p.key });
      }
    }
  }
}
