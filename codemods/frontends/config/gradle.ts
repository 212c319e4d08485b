import { linesOf } from './lines';
import type { ConfigValue, Parsed, Span } from './model';
import { scanRefs } from './refs';

/**
 * Gradle build scripts (Groovy and Kotlin DSL): `buildConfigField("String", "SC_AUDIENCE", "\"https://…\"")`,
 * `resValue("string", "sc_audience", "…")` and `manifestPlaceholders` entries are values named by their field,
 * resource or placeholder name; everything else is searched line by line, the name before `=` giving the role
 * (`val scApiBase = "…"`).
 */

const FIELD = /\b(?:buildConfigField|resValue)\s*\(?\s*(["'])[^"']*\1\s*,\s*(["'])([^"']+)\2\s*,\s*(["'])/g;
const PLACEHOLDER = /\bmanifestPlaceholders\s*(?:\[\s*(["'])([^"']+)\1\s*\]\s*=|(?:\+?=|\.putAll\(|\[)[^\n]*?)/g;

export function readGradle(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  for (const l of linesOf(source)) {
    const text = source.slice(l.start, l.end);
    const comment = /^\s*\/\//.exec(text);
    if (comment) {
      skip.push(l);
      continue;
    }
    for (const m of text.matchAll(FIELD)) {
      const open = l.start + m.index + m[0].length;
      const close = stringEnd(source, open, m[4]!, l.end);
      if (close > open) values.push(value([m[3]!], open, close, source, l.start));
    }
    const ph = PLACEHOLDER.exec(text);
    PLACEHOLDER.lastIndex = 0;
    if (ph) {
      if (ph[2]) {
        const q = /\s*(["'])/.exec(text.slice(ph.index + ph[0].length));
        if (q) {
          const open = l.start + ph.index + ph[0].length + q[0].length;
          values.push(value([ph[2]], open, stringEnd(source, open, q[1]!, l.end), source, l.start));
        }
      } else {
        for (const e of text.slice(ph.index).matchAll(/(?:(["'])([\w.-]+)\1|\b([\w.-]+))\s*(?::|to)\s*(["'])/g)) {
          const open = l.start + ph.index + e.index + e[0].length;
          values.push(value([e[2] ?? e[3]!], open, stringEnd(source, open, e[4]!, l.end), source, l.start));
        }
      }
    }
  }
  return { values, skip, loose: true };
}

function value(path: string[], start: number, end: number, source: string, anchor: number): ConfigValue {
  return { path, start, end, refs: scanRefs(source, start, end, ['brace']), parent: 'gradle', anchor };
}

/** The offset of the quote that closes a string opened before `from`. */
function stringEnd(source: string, from: number, quote: string, lineEnd: number): number {
  for (let i = from; i < lineEnd; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote) return i;
  }
  return from;
}
