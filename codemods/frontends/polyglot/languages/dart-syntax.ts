/**
 * Dart 3 syntax the grammar (tree-sitter-dart 1.0) does not read, rewritten before parsing into syntax it reads,
 * with every offset kept (each change replaces characters one for one), so literals, edits and markers stay where
 * they are in the file. The text of the file itself is never changed; only the parser sees this.
 * - class modifiers (`sealed class`, `final class`, `base class`, `interface class`, `mixin class`) and aliases of
 *   non-function types (`typedef Json = Map<String, dynamic>;`): blanked;
 * - enhanced enums (`enum Mode { complaint('complaint'), safe('safe'); const Mode(this.wire); … }`): the constants
 *   become a set literal (`var  Mode ={complaint('complaint'), …};`), their values stay string literals, and the
 *   members stand after it at the top level (or, when they do not parse there, are blanked);
 * - switch expressions (`switch (code) { 202 => …, _ => … }`): a map literal added to the subject
 *   (`(code)+{202 :  …, _ :  …}`); `switchArms` tells the language module where they were.
 */

/** Positions of code (not inside a string's text or a comment): 1, else 0. Interpolations are code. */
export function codeMask(src: string): Uint8Array {
  const mask = new Uint8Array(src.length);
  let i = 0;
  const code = (end: number, stopAtBrace: boolean): void => {
    let depth = 0;
    while (i < end) {
      const c = src[i]!;
      if (c === '/' && src[i + 1] === '/') {
        while (i < end && src[i] !== '\n') i++;
      } else if (c === '/' && src[i + 1] === '*') {
        let nest = 0;
        do {
          if (src.startsWith('/*', i) || src.startsWith('*/', i)) {
            nest += src[i] === '/' ? 1 : -1;
            i += 2;
          } else i++;
        } while (i < end && nest > 0);
      } else if (c === '"' || c === "'" || ((c === 'r' || c === 'R') && /["']/.test(src[i + 1] ?? '') && !/[\w$]/.test(src[i - 1] ?? ''))) {
        mask[i] = 1;
        string();
      } else {
        if (c === '{') depth++;
        if (c === '}') {
          if (stopAtBrace && depth === 0) return;
          depth--;
        }
        mask[i++] = 1;
      }
    }
  };
  const string = (): void => {
    const raw = src[i] === 'r' || src[i] === 'R';
    if (raw) i++;
    const q = src.startsWith(src[i]!.repeat(3), i) ? src[i]!.repeat(3) : src[i]!;
    i += q.length;
    while (i < src.length && !src.startsWith(q, i)) {
      if (!raw && src[i] === '\\') i += 2;
      else if (!raw && src[i] === '$' && src[i + 1] === '{') {
        mask[i] = mask[i + 1] = 1;
        i += 2;
        code(src.length, true);
        if (i < src.length) mask[i++] = 1;
      } else if (q.length === 1 && src[i] === '\n') return;
      else i++;
    }
    i += q.length;
  };
  code(src.length, false);
  return mask;
}

/** The position of the bracket closing the one at `open`, on code positions; -1 when it is not closed. */
function closing(src: string, mask: Uint8Array, open: number): number {
  let depth = 0;
  for (let k = open; k < src.length; k++) {
    if (!mask[k]) continue;
    if ('([{'.includes(src[k]!)) depth++;
    else if (')]}'.includes(src[k]!) && --depth === 0) return k;
  }
  return -1;
}

/** Code positions of `ch` at depth 0 between `from` and `to`. */
function topLevel(src: string, mask: Uint8Array, from: number, to: number, test: (k: number) => boolean): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let k = from; k < to; k++) {
    if (!mask[k]) continue;
    if ('([{'.includes(src[k]!)) depth++;
    else if (')]}'.includes(src[k]!)) depth--;
    else if (depth === 0 && test(k)) out.push(k);
  }
  return out;
}

const blank = (chars: string[], from: number, to: number) => {
  for (let k = from; k < to; k++) if (chars[k] !== '\n' && chars[k] !== '\r') chars[k] = ' ';
};

let last: { masked: string; arms: number[]; enums: { name: string; open: number }[] } | null = null;

/** The source as the grammar is given it. `hoist: false` blanks enhanced enums' members instead of moving them out. */
export function prepareDart(src: string, hoist = true): string {
  if (!/\b(?:enum|switch|case|sealed|base|interface|final|var|mixin|typedef)\b/.test(src)) return src;
  const mask = codeMask(src);
  // UTF-16 units, as offsets count them.
  const chars = src.split('');
  const enums: { name: string; open: number }[] = [];
  const atCode = (re: RegExp) => [...src.matchAll(re)].filter((m) => mask[m.index]);
  for (const m of atCode(/\b(?:sealed|base|interface|final|mixin)(?=\s+(?:(?:sealed|base|interface|final|abstract|mixin)\s+)*class\b)/g)) blank(chars, m.index, m.index + m[0].length);
  // A type alias of a non-function type (`typedef Json = Map<String, dynamic>;`, Dart 2.13): blanked.
  for (const m of atCode(/\btypedef\s+[\w$]+(?:<[^>;]*>)?\s*=[^;]*;/g)) if (!/\bFunction\b/.test(m[0])) blank(chars, m.index, m.index + m[0].length);
  for (const m of atCode(/\benum\s+[A-Za-z_$][\w$]*([^{;]*)\{/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(src, mask, open);
    if (close < 0) continue;
    const semi = topLevel(src, mask, open + 1, close, (k) => src[k] === ';')[0];
    const constantsEnd = semi ?? close;
    // Constants given arguments (`complaint('complaint')`), not annotations' arguments (`@JsonValue('complaint')`).
    const calls = topLevel(src, mask, open + 1, constantsEnd, (k) => src[k] === '(' && !/@[\w$.]+\s*$/.test(src.slice(Math.max(0, k - 80), k)));
    if (semi === undefined && calls.length === 0) continue;
    // A plain header the grammar reads (`enum Mode {`) needs a character to hold `=`.
    if (!/\s$/.test(src.slice(0, open)) && !m[1]!.trim()) continue;
    chars.splice(m.index, 4, ...'var ');
    enums.push({ name: /^enum\s+([\w$]+)/.exec(m[0])![1]!, open });
    blank(chars, open - m[1]!.length, open);
    chars[open - 1] = '=';
    // Annotations of constants (`@JsonValue('x') a('x')`) have no place in a set literal.
    for (const at of topLevel(src, mask, open + 1, constantsEnd, (k) => src[k] === '@')) {
      const name = /^@[\w$.]+\s*/.exec(src.slice(at))![0];
      const args = src[at + name.length] === '(' ? closing(src, mask, at + name.length) + 1 : at + name.length;
      blank(chars, at, args);
    }
    chars[constantsEnd] = '}';
    const after = constantsEnd + 1;
    if (semi === undefined || !hoist) {
      blank(chars, after, close + 1);
      chars[semi === undefined ? close : Math.min(after, close)] = ';';
      continue;
    }
    chars[after] = ';';
    chars[close] = ' ';
    // Members at the top level: `static` has no place there, and a factory is a function of its own name.
    const body = src.slice(after + 1, close);
    for (const w of body.matchAll(/\bstatic\b|\bfactory\s+(?:[\w$]+\.)?/g)) {
      if (mask[after + 1 + w.index]) blank(chars, after + 1 + w.index, after + 1 + w.index + w[0].length);
    }
  }
  // Patterns: a destructuring declaration's (`final (token, mode) = …`), an if-case's (`if (json case {…})`), and a
  // case's that is no constant (`case Ok(:final data):`, `case >= 500:`) become one identifier (`_token__mode_`).
  const underscore = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (chars[k] !== '\n' && chars[k] !== '\r') chars[k] = /[\w$]/.test(src[k]!) ? src[k]! : '_';
  };
  for (const m of atCode(/\b(?:final|var)\s+\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(src, mask, open);
    if (close > 0 && /^\s*=(?!=)/.test(src.slice(close + 1))) underscore(open, close + 1);
  }
  // A record type as a type argument (`Future<(String, int)>`).
  for (const m of atCode(/<\s*\(/g)) {
    const close = closing(src, mask, m.index + m[0].length - 1);
    if (close > 0 && /^\s*[,>?]/.test(src.slice(close + 1))) underscore(m.index + m[0].length - 1, close + 1);
  }
  // A record literal (`=> ('a', 1)`, `return (token, mode);`): a call of `_` (the blank before it holds the name).
  for (const m of atCode(/(?:=>?|\breturn|[(,[:?])\s\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(src, mask, open);
    if (close < 0 || /^\s*(?:=>|\{|async\b)/.test(src.slice(close + 1))) continue;
    if (topLevel(src, mask, open + 1, close, (k) => src[k] === ',').length > 0) chars[open - 1] = '_';
  }
  for (const m of atCode(/\bif\s*\(/g)) {
    const close = closing(src, mask, m.index + m[0].length - 1);
    const at = close > 0 ? topLevel(src, mask, m.index + m[0].length, close, (k) => src.startsWith('case', k) && /\W/.test(src[k - 1]!) && /\s/.test(src[k + 4]!))[0] : undefined;
    if (at !== undefined) blank(chars, at, close);
  }
  for (const m of atCode(/\bcase\s+/g)) {
    if (chars[m.index] !== 'c') continue;
    const from = m.index + m[0].length;
    const colon = topLevel(src, mask, from, src.length, (k) => src[k] === ':' || src[k] === ';' || src[k] === '}')[0];
    if (colon === undefined || src[colon] !== ':') continue;
    const pattern = src.slice(from, colon);
    if (/\b(?:final|var|when)\b|\(\s*:|^[<>=!]|[\]{]/.test(pattern.trim())) underscore(from, colon);
  }
  const arms: number[] = [];
  for (const m of atCode(/\bswitch\s*\(/g)) {
    const before = src.slice(0, m.index).replace(/\s+$/, '');
    // A statement's switch follows `;`, `{`, `}` or a label; an expression's follows `=`, `=>`, `return`, `(`, `,`.
    if (!/(?:[=(,:?]|=>|\breturn|\bawait|\byield)$/.test(before) || /\b(?:case\s[^;{}]*|default\s*):$/.test(before)) continue;
    const paren = m.index + m[0].length - 1;
    const end = closing(src, mask, paren);
    const open = end >= 0 ? src.indexOf('{', end) : -1;
    if (open < 0 || src.slice(end + 1, open).trim() || open === end + 1) continue;
    const close = closing(src, mask, open);
    if (close < 0) continue;
    blank(chars, m.index, m.index + 6);
    chars[open - 1] = '+';
    arms.push(open);
    let armStart = open + 1;
    const commas = [...topLevel(src, mask, open + 1, close, (k) => src[k] === ','), close];
    for (const c of commas) {
      const arrow = topLevel(src, mask, armStart, c, (k) => src.startsWith('=>', k))[0];
      if (arrow !== undefined) chars.splice(arrow, 2, ':', ' ');
      armStart = c + 1;
    }
  }
  const masked = chars.join('');
  last = { masked, arms, enums };
  return masked;
}

/** Whether the text last prepared is the one parsed (a root node's text leaves out leading and trailing blanks). */
function same(start: number, text: string): boolean {
  return !!last && last.masked.startsWith(text, start);
}

/** Where the switch expressions of the text last prepared open their arms (the `{` of each). */
export function switchArms(start: number, text: string): number[] {
  return same(start, text) ? last!.arms : [];
}

/** The enhanced enums of the text last prepared: their names and where their constants' set literal opens. */
export function enhancedEnums(start: number, text: string): { name: string; open: number }[] {
  return same(start, text) ? last!.enums : [];
}
