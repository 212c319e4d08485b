import type { SgNode } from '@ast-grep/napi';
import { HOLE, span, type Lit } from './lang';

/**
 * A literal whose content is no node (Dart): the text between its quotes, less its interpolations (HOLE) and
 * escapes. Adjacent literals (`'a' 'b'`) and prefixes (`r'…'`) are read too; a raw string has no escapes.
 */
export function gapLit(n: SgNode, source: string): Lit | null {
  const { start, end } = span(n);
  const text = source.slice(start, end);
  // Scala's `s"…"`, `uri"…"`: the interpolator is no part of the content; Dart's `r'…'` is raw.
  const m = /^(?:r|[a-z]\w*(?=["]))?('''|"""|'|")/.exec(text);
  if (!m || text.length < m[0].length + m[1]!.length || !text.endsWith(m[1]!)) return null;
  const from = start + m[0].length;
  const to = end - m[1]!.length;
  const parts: Lit['parts'] = [];
  let out = '';
  let at = from;
  let simple = true;
  const holder = n.children().find((c) => c.kind() === 'interpolated_string') ?? n;
  for (const k of holder.children().filter((c) => c.isNamed())) {
    const h = span(k);
    if (h.start > at) parts.push({ start: at, end: h.start, text: source.slice(at, h.start) });
    out += source.slice(at, h.start) + (/substitution|^interpolation$/.test(k.kind() as string) ? HOLE : k.text());
    simple = false;
    at = h.end;
  }
  if (to > at || parts.length === 0) parts.push({ start: at, end: Math.max(at, to), text: source.slice(at, Math.max(at, to)) });
  out += source.slice(at, Math.max(at, to));
  // Adjacent literals in one node (`'a' 'b'`): the content holds a closing quote.
  if (m[1]!.length === 1 && out.includes(m[1]!)) simple = false;
  return { node: n, start, end, text: out, parts, simple: simple && parts.length === 1 };
}

/** Child kinds that stand for code inside a string (f-string fields, `${}`, `#{}`, `\\()`). */
export const HOLE_KIND = /interpolat|substitution|embedded|template_(expression|substitution)|simple_expansion|expansion|variable_name|member_access|subscript|^expression$/;
