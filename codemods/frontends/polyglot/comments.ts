import type { SgNode } from '@ast-grep/napi';
import { span } from './lang';
import type { PolyFile } from './file';

/**
 * A node's text with its comments blanked to spaces (offsets kept): a marker of an earlier run (`// TODO(sc-migrate/…):
 * … \`detail\` … update.`) names fields in prose and ends in punctuation, which a scan of the code must not read.
 * `blanked` is how many characters were comments.
 */
export function withoutComments(n: SgNode): { text: string; blanked: number } {
  const start = span(n).start;
  let text = n.text();
  let blanked = 0;
  if (!/#|\/\/|\/\*|--/.test(text)) return { text, blanked: 0 };
  const comments: { start: number; end: number }[] = [];
  const walk = (x: SgNode) => {
    if (/comment/.test(x.kind() as string)) comments.push(span(x));
    else for (const c of x.children()) walk(c);
  };
  walk(n);
  for (const c of comments) {
    text = text.slice(0, c.start - start) + ' '.repeat(c.end - c.start) + text.slice(c.end - start);
    blanked += c.end - c.start;
  }
  return { text, blanked };
}

/** A named node that is code, not a comment: the value after `=` is the first of these (a marker of an earlier run may sit between). */
export function isCode(n: SgNode): boolean {
  return n.isNamed() && !/comment/.test(n.kind() as string);
}

/** The source with the content of every literal holding whitespace blanked (interpolations kept). */
export function withoutProse(file: PolyFile): string {
  const pieces: string[] = [];
  let at = 0;
  for (const p of file.lits.filter((l) => /\s/.test(l.text)).flatMap((l) => l.parts).sort((a, b) => a.start - b.start)) {
    if (p.start < at) continue;
    pieces.push(file.source.slice(at, p.start), ' '.repeat(p.end - p.start));
    at = p.end;
  }
  return pieces.join('') + file.source.slice(at);
}
