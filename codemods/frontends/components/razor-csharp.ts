import type { FrontEndInput, FrontEndOutput } from '../../../lib/types';
import { csharp } from '../polyglot/languages/csharp';
import { matchBrace, matchParen } from './brackets';
import { embeddedCode } from './embedded-code';

/**
 * The C# of a Razor component or page read by the C# front-end, for reports: its `@code { … }` / `@functions { … }`
 * members (a Blazor component's fields and handlers: `CreateComplaintAsync(_text, _extra)`), and the C# the template
 * holds (`@if (…)` conditions, `@(…)` and `@A.B` expressions, directive attributes' handlers: `@onclick="() =>
 * ChangeModeAsync(InterviewMode.Safe)"`). Every other character is blanked (lines and columns hold) and the pieces
 * are set in a class of their own: the members in its body, the template's expressions as statements of one method.
 * Its sites are reported for a person (nothing here is rewritten: the text is not the file's).
 */
export function razorCSharp(input: FrontEndInput, base: FrontEndOutput): FrontEndOutput {
  return embeddedCode(input, base, csharp, csharpOf(input.source), "a Razor component's C#", { facts: true });
}

const CODE_BLOCK = /(?<![\w@])@(?:code|functions)\s*\{/g;
const CONDITION = /(?<![\w@])@(?:if|else\s+if|while|switch)\s*\(/g;
const EXPLICIT = /(?<![\w@])@\(/g;
const IMPLICIT = /(?<![\w@.])@([A-Za-z_]\w*(?:\??\.[A-Za-z_]\w*)+)/g;
const DIRECTIVE_ATTR = /(?<![\w@])@(?:on\w+|bind(?:-\w+)?)="([^"]*)"/g;

/** The C# text, or null when the page has no `@code` block and no template C# worth reading. */
export function csharpOf(source: string): string | null {
  const cells: string[] = source.split('').map((c) => (c === '\n' || c === '\r' ? c : ' '));
  const used = new Uint8Array(cells.length);
  const put = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) {
      cells[at + i] = s[i]!;
      used[at + i] = 1;
    }
  };
  const copy = (start: number, end: number) => put(start, source.slice(start, end));
  const free = (at: number, n: number) => {
    for (let i = 0; i < n; i++) if (at + i >= cells.length || used[at + i] || cells[at + i] === '\n' || cells[at + i] === '\r') return false;
    return true;
  };
  /** The first place at or after `from` with `s.length` free cells on one line. */
  const place = (from: number, s: string, before = cells.length) => {
    for (let at = from; at + s.length <= before; at++) {
      if (free(at, s.length)) {
        put(at, s);
        return at;
      }
    }
    return -1;
  };

  const block = [...source.matchAll(CODE_BLOCK)][0];
  const blockOpen = block ? block.index + block[0].length - 1 : -1;
  const blockClose = block ? matchBrace(source, blockOpen) : -1;
  const templateEnd = block && blockClose > 0 ? block.index : source.length;

  // The template's C#, before the code block: each expression a statement `_=(…);`.
  const statements: { start: number; end: number; wrap: boolean }[] = [];
  for (const m of source.matchAll(CONDITION)) {
    const open = m.index + m[0].length - 1;
    const close = matchParen(source, open);
    if (close > 0) statements.push({ start: open + 1, end: close, wrap: true });
  }
  for (const m of source.matchAll(EXPLICIT)) {
    const close = matchParen(source, m.index + 1);
    if (close > 0) statements.push({ start: m.index + 2, end: close, wrap: true });
  }
  for (const m of source.matchAll(IMPLICIT)) statements.push({ start: m.index + 1, end: m.index + 1 + m[1]!.length, wrap: true });
  for (const m of source.matchAll(DIRECTIVE_ATTR)) {
    const start = m.index + m[0].indexOf('"') + 1;
    if (m[1]!.trim()) statements.push({ start, end: start + m[1]!.length, wrap: false });
  }
  const inTemplate = statements.filter((s) => s.end <= templateEnd && !statements.some((o) => o !== s && o.start <= s.start && s.end <= o.end && (o.start < s.start || o.end > s.end)));
  if (!block && inTemplate.length === 0) return null;

  const first = Math.min(...inTemplate.map((s) => s.start - 3), block ? block.index : source.length);
  // The class and the template's method open in the blanked text before anything read.
  let cursor = 0;
  for (const token of ['class', '__RazorPage', '{', 'void', '__Template', '(', ')', '{']) {
    const at = place(cursor, `${token} `, first);
    if (at < 0) return null;
    cursor = at + token.length + 1;
  }
  for (const s of inTemplate.sort((a, b) => a.start - b.start)) {
    // `_=(` before the expression and `);` after it, in blanked cells of its lines; an expression without room is left out.
    const open = s.wrap ? '_=(' : '_=';
    const at = s.start - open.length;
    if (!free(at, open.length)) continue;
    copy(s.start, s.end);
    put(at, open);
    if (place(s.end, s.wrap ? ');' : ';') < 0) return null;
  }
  if (block && blockClose > 0) {
    // The template's method closes where `@code {` was; the block's members are the class's, its `}` the class's end.
    put(block.index, '}');
    used.fill(1, block.index, blockOpen + 1);
    copy(blockOpen + 1, blockClose + 1);
  } else if (place(Math.max(...inTemplate.map((s) => s.end)), '}}') < 0) return null;
  return cells.join('');
}
