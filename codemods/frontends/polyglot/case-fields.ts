import type { Ctx } from './context';
import { span } from './lang';
import { matchParen } from './ties';
import { norm } from './vocabulary';

/** `self` (Swift), `this` (Kotlin). */
const SELF = /^(?:self|this)$/;

/**
 * Removed request fields carried by an enum case that is one of the API's endpoints (case-endpoints.ts): the label
 * of its associated value (`case createComplaint(interview: String, text: String, extra: String?)`) and the name
 * an arm of a `switch self` binds it to (`case let .createComplaint(interview, text, extra):`). The arm's body,
 * tied to the case's resource (context.ts), holds the entry that sends it; these only carry the field there.
 */
export function caseFields(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (!ctx.index.hasEndpoints) return;
  const fieldOf = (resource: string, name: string) => vocab.fields(resource as never, [norm(name)], 'request')[0];
  for (const type of file.x.types) {
    for (const c of type.cases) {
      const e = ctx.index.endpoint(`.${c.name}`);
      if (!e || e.op === 'read') continue;
      const src = file.source;
      const open = span(c.nameNode).end;
      if (src[open] !== '(') continue;
      const close = matchParen(src, open);
      if (close < 0) continue;
      const head = src.slice(open + 1, close);
      // A label: the start of a part, before its `:` (`extra: String?`), never the type after it.
      for (const m of head.matchAll(/(^|,)\s*([A-Za-z_]\w*)\s*:/g)) {
        const site = fieldOf(e.resource, m[2]!);
        if (!site || !out.has(site.change.id)) continue;
        const at = open + 1 + m.index! + m[0].indexOf(m[2]!, m[1]!.length);
        out.manual(site.change.id, at, at + m[2]!.length, site.message, { anchor: span(c.node).start, subject: m[2]! });
      }
    }
  }
  for (const cmp of file.x.compares) {
    const [subject, pattern] = cmp.sides;
    if (!subject || !pattern || !SELF.test(subject.text().trim())) continue;
    const text = pattern.text();
    const m = /^\s*(?:(?:let|var)\s+)?(?:[A-Z]\w*)?\.([A-Za-z_]\w*)\s*\(/.exec(text);
    const e = m ? ctx.index.endpoint(`.${m[1]}`) : null;
    if (!m || !e || e.op === 'read') continue;
    const open = m[0].length - 1;
    const close = matchParen(text, open);
    if (close < 0) continue;
    // Each bound name: the last identifier of a part (`extra`, `let extra`, `extra: let e` binds `e`, which is no field).
    for (const part of text.slice(open + 1, close).matchAll(/[^,]+/g)) {
      const id = /([A-Za-z_]\w*)\s*$/.exec(part[0]);
      if (!id || /^(?:let|var|_)$/.test(id[1]!) || /:/.test(part[0])) continue;
      const site = fieldOf(e.resource, id[1]!);
      if (!site || !out.has(site.change.id)) continue;
      const at = span(pattern).start + open + 1 + part.index! + id.index!;
      out.manual(site.change.id, at, at + id[1]!.length, site.message, { anchor: span(pattern).start, subject: id[1]! });
    }
  }
}
