import type { Codec, ConfigValue, Parsed, Span } from './model';
import { scanRefs } from './refs';

/**
 * Flat `key = value` formats, one setting a line: `.env*` (dotenv, `export`), Java `.properties` (`=`, `:` or a
 * blank; `\` continues a line; a key's dots are its path, so `symptom-checker.base-url` is Spring's nested key)
 * and Xcode `.xcconfig` (`//` starts a comment even inside a value, so `//` in a URL is written `/$()/`:
 * read back as `//` and written the same way).
 */

interface Line {
  start: number;
  /** End of the line's text (before its line end). */
  end: number;
}

export function linesOf(source: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= source.length) {
    const nl = source.indexOf('\n', start);
    const end = nl < 0 ? source.length : nl;
    out.push({ start, end: end > start && source[end - 1] === '\r' ? end - 1 : end });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

/** A quoted or bare value starting at `from` (after blanks); bare values end at ` #` when `hashComments`. */
export function valueSpan(source: string, from: number, lineEnd: number, hashComments: boolean): Span {
  let i = from;
  while (i < lineEnd && (source[i] === ' ' || source[i] === '\t')) i++;
  const q = source[i];
  if (q === '"' || q === "'") {
    for (let k = i + 1; k < source.length; k++) {
      if (source[k] === '\\' && q === '"') k++;
      else if (source[k] === q) return { start: i + 1, end: k };
      else if (source[k] === '\n' && k >= lineEnd && q === "'") break;
    }
  }
  let end = lineEnd;
  if (hashComments) {
    const m = /\s#/.exec(source.slice(i, lineEnd));
    if (m) end = i + m.index;
  }
  while (end > i && /\s/.test(source[end - 1]!)) end--;
  return { start: i, end };
}

export function readEnv(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  for (const l of linesOf(source)) {
    const text = source.slice(l.start, l.end);
    // A setting commented out (`# SC_API_BASE=https://…` for another environment) is still one a person keeps.
    const commented = /^\s*#+\s*(?=(?:export\s+)?[A-Za-z_][\w.-]*=\S)/.exec(text);
    if (/^\s*#/.test(text) && !commented) {
      skip.push(l);
      continue;
    }
    const m = /^(\s*#*\s*(?:export\s+)?)([A-Za-z_][\w.-]*)\s*=/.exec(text);
    if (!m) continue;
    const span = valueSpan(source, l.start + m[0].length, l.end, true);
    const single = source[span.start - 1] === "'";
    values.push({ path: [m[2]!], ...span, refs: single ? [] : scanRefs(source, span.start, span.end, ['brace', 'dollar']), parent: commented ? 'env-commented' : 'env', ...(commented ? { commented: true } : {}) });
  }
  return { values, skip, loose: true };
}

export function readProperties(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const text = source.slice(l.start, l.end);
    if (/^\s*[#!]/.test(text)) {
      skip.push(l);
      continue;
    }
    const m = /^\s*((?:\\.|[^\s=:\\])+)\s*[=:\s]\s*/.exec(text);
    if (!m) continue;
    let end = l.end;
    // A value continues on the next line after an odd number of backslashes.
    while (/(^|[^\\])(\\\\)*\\$/.test(source.slice(l.start, end)) && i + 1 < lines.length) end = lines[++i]!.end;
    const start = l.start + m[0].length;
    const key = m[1]!.replace(/\\(.)/g, '$1');
    values.push({ path: key.split('.'), start, end, refs: scanRefs(source, start, end, ['brace']), parent: 'properties' });
  }
  return { values, skip, loose: true };
}

/** xcconfig: `$()` expands to nothing; it is how `//` is kept out of a comment. */
export const xcconfigCodec: Codec = {
  decode(raw) {
    let text = '';
    const map: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      if (raw.startsWith('$()', i)) {
        i += 2;
        continue;
      }
      map.push(i);
      text += raw[i];
    }
    return { text, map };
  },
  encode: (text) => text.replace(/\/\//g, '/$()/'),
};

export function readXcconfig(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  for (const l of linesOf(source)) {
    const text = source.slice(l.start, l.end);
    const comment = text.indexOf('//');
    if (comment >= 0) skip.push({ start: l.start + comment, end: l.end });
    if (/^\s*(\/\/|#include)/.test(text)) continue;
    const m = /^\s*([A-Za-z_]\w*)(\[[^\]]*\])*\s*=\s*/.exec(text);
    if (!m) continue;
    const start = l.start + m[0].length;
    let end = comment >= 0 ? l.start + comment : l.end;
    while (end > start && /\s|;/.test(source[end - 1]!)) end--;
    values.push({ path: [m[1]!], start, end, refs: scanRefs(source, start, end, ['paren', 'brace']), parent: 'xcconfig', codec: xcconfigCodec });
  }
  return { values, skip, loose: true };
}
