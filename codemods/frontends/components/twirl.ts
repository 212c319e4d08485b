import type { FrontEndInput, FrontEndOutput } from '../../../lib/types';
import { scala } from '../polyglot/languages/scala';
import type { Extracted } from './blocks';
import { embeddedCode } from './embedded-code';
import { extractHtml } from './html';

/**
 * Play's Twirl templates (`views/result.scala.html`): HTML around Scala. The HTML is read as in html.ts (inline
 * `<script>` through the JS engine, Twirl's code in it blanked and the script reported only); the Scala is read by
 * the Scala front-end with the run's Scala files: the template's parameters are a method's (`@(r: Result)` → `def
 * __template(r: Result)`, so `@r.advice` reads a result's advice by its type), its imports the file's, and its
 * expressions (`@r.advice`, `@(…)`, `@{ … }`), control blocks (`@if(r.test.nonEmpty) {`, `@for(c <- r.conditions) {`,
 * `} else {`) and calls with template blocks (`@r.advice.map { a => … }`, `@main("Result") { … }`) statements of that
 * method at their true lines and columns, every other character blanked. Reports only: a template is not rewritten.
 */

export const TWIRL_SUFFIXES = ['.scala.html', '.scala.txt', '.scala.xml', '.scala.js'];

export function twirlScala(input: FrontEndInput, base: FrontEndOutput): FrontEndOutput {
  // Text the grammar cannot read is left out, not read by tokens: most of its cells are the template's blanks.
  return embeddedCode(input, base, TEMPLATE_SCALA, scalaOfTwirl(input.source), "a Twirl template's Scala", { facts: true });
}

const TEMPLATE_SCALA = { ...scala, lexicalFallback: false };

/** The HTML of a Twirl template as html.ts reads it, with the Twirl code inside its scripts masked. */
export function extractTwirl(source: string): Extracted {
  const base = extractHtml(source);
  const masks = twirlCode(source).pieces.filter((p) => base.scripts.some((s) => p.start >= s.start && p.end <= s.end));
  return { ...base, expressions: [], scripts: base.scripts.map((s) => ({ ...s, masks })), style: { open: '@*', close: '*@' } };
}

/** The template's Scala (lines and columns held, the signature's line longer by the method's head), or null when it has none. */
export function scalaOfTwirl(source: string): string | null {
  const { cells, signature, pieces } = twirlCode(source);
  if (pieces.length === 0) return null;
  const head = 'object __Twirl { def __template';
  if (signature) {
    cells[signature.start] = head;
    cells[signature.end - 1] = `${cells[signature.end - 1]} = {`;
  } else {
    cells[0] = `${head}() = { ${cells[0]}`;
  }
  return `${cells.join('')}\n}}\n`;
}

interface Code {
  /** The text's characters, one cell each: the code's as written, `;` after an expression, blanks elsewhere. */
  cells: string[];
  /** The parameter lists (`@(r: Result)(implicit …)`), from its `@` to past its last `)`. */
  signature: { start: number; end: number } | null;
  /** The code read, each piece as offsets in the file (an `@` construct with its blocks' heads and closing braces). */
  pieces: { start: number; end: number }[];
}

const IDENT = /[A-Za-z_]\w*/y;
const LAMBDA = /\{\s*(?:\(\s*[\w\s,:[\]]*\)|[A-Za-z_]\w*)\s*=>/y;
const ELSE_IF = /\s*else\s+if\s*\(/y;
const ELSE = /\s*else\s*\{/y;
const CONTROL = /(if|for|while)\s*\(/y;

/** Twirl's code, found by its grammar: `@` and what may follow it (an expression, a block, a control construct). */
function twirlCode(source: string): Code {
  const cells: string[] = source.split('').map((c) => (c === '\n' || c === '\r' ? c : ' '));
  const pieces: { start: number; end: number }[] = [];
  const copy = (start: number, end: number) => {
    for (let k = start; k < end; k++) cells[k] = source[k]!;
  };
  /** `;` after an expression, where the next character is template text on its line. */
  const end = (at: number) => {
    if (at < source.length && cells[at] === ' ') cells[at] = ';';
  };
  const sticky = (re: RegExp, at: number) => {
    re.lastIndex = at;
    return re.exec(source);
  };
  const close = (open: number) => matching(source, open);

  /** The template text from `from` to the `}` that closes its block (its offset), or to the end of the file. */
  const template = (from: number, inBlock: boolean): number => {
    let depth = 0;
    for (let k = from; k < source.length; k++) {
      const c = source[k];
      if (c === '@') {
        const next = source[k + 1];
        if (next === '@') {
          k++;
          continue;
        }
        if (next === '*') {
          const e = source.indexOf('*@', k + 2);
          if (e < 0) return source.length;
          k = e + 1;
          continue;
        }
        // `name@example.com`: an address, not code; the parameter lists, read apart.
        if (k > 0 && /\w/.test(source[k - 1]!)) continue;
        if (signature && k === signature.start) {
          k = signature.end - 1;
          continue;
        }
        const e = code(k + 1);
        if (e > k + 1) {
          pieces.push({ start: k, end: e });
          k = e - 1;
        }
      } else if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0 && inBlock) return k;
        depth--;
      }
    }
    return source.length;
  };

  /** A template block `{ … }` at `open` (with a lambda's parameters, `{ a =>`): its braces are code. */
  const block = (open: number): number => {
    const lambda = sticky(LAMBDA, open);
    if (lambda) copy(open, open + lambda[0].length);
    else cells[open] = '{';
    const shut = template(open + (lambda ? lambda[0].length : 1), true);
    if (shut >= source.length) return source.length;
    cells[shut] = '}';
    return shut + 1;
  };

  /** Blocks given to what ends at `at` (`@main("t") {`, `@xs.map { x =>`), and `else` branches after an `if`'s. */
  const blocks = (at: number, control: boolean): number => {
    let k = at;
    while (source[k] === ' ' || source[k] === '\t') k++;
    if (source[k] !== '{') {
      if (!control) end(at);
      return at;
    }
    let after = block(k);
    while (control && after < source.length) {
      const elseIf = sticky(ELSE_IF, after);
      const otherwise = elseIf ? null : sticky(ELSE, after);
      if (!elseIf && !otherwise) break;
      const m = (elseIf ?? otherwise)!;
      const open = after + m[0].length - 1;
      if (elseIf) {
        const shut = close(open);
        if (shut < 0) break;
        copy(after, shut + 1);
        let b = shut + 1;
        while (source[b] === ' ' || source[b] === '\t') b++;
        if (source[b] !== '{') break;
        after = block(b);
      } else {
        copy(after, open);
        after = block(open);
      }
    }
    end(after);
    return after;
  };

  /** The code after an `@` at `at`; its end (`at` when nothing there is code). */
  const code = (at: number): number => {
    // `@this(ws: WSClient)`: an injected template's constructor, not read.
    if (source.startsWith('this(', at)) return at;
    if (source.startsWith('import ', at)) {
      const e = lineEnd(source, at);
      copy(at, e);
      return e;
    }
    if (source[at] === '{' || source[at] === '(') {
      const shut = close(at);
      if (shut < 0) return at;
      copy(at, shut + 1);
      end(shut + 1);
      return shut + 1;
    }
    const control = sticky(CONTROL, at);
    if (control) {
      const shut = close(at + control[0].length - 1);
      if (shut < 0) return at;
      copy(at, shut + 1);
      return blocks(shut + 1, true);
    }
    const id = sticky(IDENT, at);
    if (!id) return at;
    let e = at + id[0].length;
    for (;;) {
      const member = source[e] === '.' ? sticky(IDENT, e + 1) : null;
      if (member) e += 1 + member[0].length;
      else if (source[e] === '(' || source[e] === '[') {
        const shut = close(e);
        if (shut < 0) break;
        e = shut + 1;
      } else break;
    }
    copy(at, e);
    return blocks(e, false);
  };

  const signature = signatureOf(source);
  if (signature) copy(signature.start + 1, signature.end);
  template(0, false);
  return { cells, signature, pieces };
}

/** The template's parameter lists: the first `@(` after its comments and imports (and a `@this(…)` constructor). */
function signatureOf(source: string): { start: number; end: number } | null {
  let k = 0;
  for (;;) {
    const m = /\s*(?:@\*[\s\S]*?\*@|@import\s[^\n]*|@this\([^)]*\))/y;
    m.lastIndex = k;
    const skip = m.exec(source);
    if (!skip) break;
    k += skip[0].length;
  }
  while (/\s/.test(source[k] ?? '')) k++;
  if (source[k] !== '@' || source[k + 1] !== '(') return null;
  let e = k + 1;
  while (source[e] === '(') {
    const shut = matching(source, e);
    if (shut < 0) return null;
    e = shut + 1;
  }
  return { start: k, end: e };
}

/** The offset of the bracket that closes the one at `open` (`(`, `[`, `{`), strings and characters skipped; -1 if none. */
function matching(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let k = open; k < text.length; k++) {
    const c = text[k]!;
    if (c === '"') {
      const triple = text.startsWith('"""', k);
      const e = triple ? text.indexOf('"""', k + 3) : stringEnd(text, k);
      if (e < 0) return -1;
      k = triple ? e + 2 : e;
    } else if (pairs[c]) stack.push(pairs[c]!);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return k;
    }
  }
  return -1;
}

function stringEnd(text: string, open: number): number {
  for (let k = open + 1; k < text.length; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === '"') return k;
    else if (text[k] === '\n') return -1;
  }
  return -1;
}

function lineEnd(text: string, at: number): number {
  const e = text.indexOf('\n', at);
  return e < 0 ? text.length : e;
}
