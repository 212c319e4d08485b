/**
 * A single linear pass over the source of a language without a parser here (Objective-C, C/C++, Scala, Groovy,
 * Elixir, Lua, Perl…): string literals (`@"…"`, `"…"`, `"""…"""`, single-quoted where the language says so, with
 * escapes), comments (skipped), identifiers, numbers and punctuation. No regular expression runs over the whole
 * file: a huge or minified file costs one look at each character, and an unterminated literal ends at its line.
 */

/** Perl's extensions (a test is `.t`, a PSGI app `.psgi`). */
export const PERL = new Set(['pl', 'pm', 't', 'psgi']);

export interface Tok {
  kind: 'str' | 'id' | 'num' | 'punct';
  start: number;
  end: number;
  /** A literal's content (between its quotes, escapes kept); an identifier's, number's or punctuation's text. */
  text: string;
}

interface Syntax {
  line: string[];
  block: [string, string][];
  /** Single quotes delimit strings (not characters). */
  singleQuoted: boolean;
}

const C_LIKE: Syntax = { line: ['//'], block: [['/*', '*/']], singleQuoted: false };
const SYNTAX: Record<string, Syntax> = {
  lua: { line: ['--'], block: [['--[[', ']]']], singleQuoted: true },
  luau: { line: ['--'], block: [['--[[', ']]']], singleQuoted: true },
  pl: { line: ['#'], block: [], singleQuoted: true },
  pm: { line: ['#'], block: [], singleQuoted: true },
  t: { line: ['#'], block: [], singleQuoted: true },
  psgi: { line: ['#'], block: [], singleQuoted: true },
  r: { line: ['#'], block: [], singleQuoted: true },
  ex: { line: ['#'], block: [], singleQuoted: true },
  exs: { line: ['#'], block: [], singleQuoted: true },
  cr: { line: ['#'], block: [], singleQuoted: true },
  nim: { line: ['#'], block: [['#[', ']#']], singleQuoted: true },
  jl: { line: ['#'], block: [['#=', '=#']], singleQuoted: false },
  erl: { line: ['%'], block: [], singleQuoted: true },
  hrl: { line: ['%'], block: [], singleQuoted: true },
  hs: { line: ['--'], block: [['{-', '-}']], singleQuoted: false },
  elm: { line: ['--'], block: [['{-', '-}']], singleQuoted: false },
  ml: { line: [], block: [['(*', '*)']], singleQuoted: false },
  fs: { line: ['//'], block: [['(*', '*)']], singleQuoted: false },
  fsx: { line: ['//'], block: [['(*', '*)']], singleQuoted: false },
  clj: { line: [';'], block: [], singleQuoted: false },
  cljs: { line: [';'], block: [], singleQuoted: false },
  cljc: { line: [';'], block: [], singleQuoted: false },
  edn: { line: [';'], block: [], singleQuoted: false },
  vb: { line: ["'"], block: [], singleQuoted: false },
  groovy: { line: ['//'], block: [['/*', '*/']], singleQuoted: true },
  // Salesforce Apex (classes, triggers, anonymous scripts): Java's syntax, every string single-quoted.
  cls: { line: ['//'], block: [['/*', '*/']], singleQuoted: true },
  trigger: { line: ['//'], block: [['/*', '*/']], singleQuoted: true },
  apex: { line: ['//'], block: [['/*', '*/']], singleQuoted: true },
  ps1: { line: ['#'], block: [['<#', '#>']], singleQuoted: true },
  psm1: { line: ['#'], block: [['<#', '#>']], singleQuoted: true },
};

export function syntaxOf(ext: string): Syntax {
  return SYNTAX[ext] ?? C_LIKE;
}

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isIdPart = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

export function tokenize(src: string, ext: string): Tok[] {
  const syntax = syntaxOf(ext);
  const perl = PERL.has(ext);
  const dollarMember = ext === 'r';
  const out: Tok[] = [];
  const n = src.length;
  let i = 0;
  const startsWith = (s: string) => src.startsWith(s, i);
  outer: while (i < n) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (perl && (c === 61 || c === 113)) {
      // Perl's POD (`=head1 …` to `=cut`, at a line's start) is prose; `qw(a b)` is a list of strings.
      if (c === 61 && (i === 0 || src.charCodeAt(i - 1) === 10) && /^=[a-z]/.test(src.slice(i, i + 2))) {
        const cut = src.indexOf('\n=cut', i);
        const end = cut < 0 ? n : src.indexOf('\n', cut + 1);
        i = end < 0 ? n : end;
        continue;
      }
      const qw = c === 113 ? qwWords(src, i) : null;
      if (qw) {
        out.push(...qw.words);
        i = qw.end;
        continue;
      }
    }
    for (const [open, close] of syntax.block) {
      if (!startsWith(open)) continue;
      const end = src.indexOf(close, i + open.length);
      i = end < 0 ? n : end + close.length;
      continue outer;
    }
    for (const l of syntax.line) {
      if (!startsWith(l)) continue;
      const end = src.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue outer;
    }
    const at = c === 64 && src.charCodeAt(i + 1) === 34 ? i + 1 : i; // `@"…"`
    const q = src.charCodeAt(at);
    if (q === 34 || (q === 39 && syntax.singleQuoted) || (q === 39 && charLiteral(src, at))) {
      const triple = q === 34 ? '"""' : "'''";
      if (src.startsWith(triple, at)) {
        const end = src.indexOf(triple, at + 3);
        const stop = end < 0 ? n : end + 3;
        out.push({ kind: 'str', start: i, end: stop, text: src.slice(at + 3, end < 0 ? n : end) });
        i = stop;
        continue;
      }
      let j = at + 1;
      while (j < n) {
        const d = src.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === q || d === 10) break;
        else j++;
      }
      const closed = j < n && src.charCodeAt(j) === q;
      out.push({ kind: 'str', start: i, end: closed ? j + 1 : j, text: src.slice(at + 1, Math.min(j, n)) });
      i = closed ? j + 1 : j;
      continue;
    }
    if (dollarMember && c === 36) {
      out.push({ kind: 'punct', start: i, end: i + 1, text: '$' });
      i++;
      continue;
    }
    if (isIdStart(c)) {
      let j = i + 1;
      // R reads a member with `$` (`iv$profile$race`): a separate token there, as `.` is elsewhere.
      while (j < n && isIdPart(src.charCodeAt(j)) && !(dollarMember && src.charCodeAt(j) === 36)) j++;
      out.push({ kind: 'id', start: i, end: j, text: src.slice(i, j) });
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && (isIdPart(src.charCodeAt(j)) || src.charCodeAt(j) === 46)) j++;
      out.push({ kind: 'num', start: i, end: j, text: src.slice(i, j) });
      i = j;
      continue;
    }
    // Two-character operators the rules read (`==`, `!=`, `->`, `::`).
    const two = src.slice(i, i + 2);
    const len = two === '==' || two === '!=' || two === '->' || two === '::' || two === '=>' ? 2 : 1;
    out.push({ kind: 'punct', start: i, end: i + len, text: src.slice(i, i + len) });
    i += len;
  }
  return out;
}

/** A C-family character literal (`'a'`, `'\n'`), not an apostrophe: closed within a few characters. */
function charLiteral(src: string, at: number): boolean {
  const close = src.indexOf("'", at + 1);
  return close > at + 1 && close - at <= 4 && !src.slice(at + 1, close).includes('\n');
}

/** Perl's `qw(a b c)`: its words are string literals; a constant's name (`qw(MODE_SAFE)`, an import) stays a name. */
function qwWords(src: string, at: number): { end: number; words: Tok[] } | null {
  if (!src.startsWith('qw', at) || (at > 0 && isIdPart(src.charCodeAt(at - 1)))) return null;
  let i = at + 2;
  while (src[i] === ' ') i++;
  const close = QW_CLOSE[src[i] ?? ''];
  if (!close) return null;
  const end = src.indexOf(close, i + 1);
  if (end < 0) return null;
  const out: Tok[] = [];
  for (const m of src.slice(i + 1, end).matchAll(/\S+/g)) out.push({ kind: /^[A-Z][A-Z0-9_]*$/.test(m[0]) ? 'id' : 'str', start: i + 1 + m.index!, end: i + 1 + m.index! + m[0].length, text: m[0] });
  return { end: end + 1, words: out };
}
const QW_CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}', '/': '/', '<': '>' };
