import { linesOf } from './lines';
import type { ConfigValue, Parsed, Span } from './model';
import { scanRefs } from './refs';

/**
 * Sectioned formats. INI / `.cfg` (Python configparser): `[section]`, `key = value` or `key: value`, indented
 * lines continue a value, `%(key)s` refers to a key of the same section (or DEFAULT). TOML: `[table]`,
 * `[[array]]`, dotted and quoted keys, strings (basic, literal, multi-line), arrays over several lines and
 * inline tables; each string, number or boolean is a value named by its table and key path.
 */

export function readIni(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  let section = 'DEFAULT';
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const text = source.slice(l.start, l.end);
    if (/^\s*[#;]/.test(text)) {
      skip.push(l);
      continue;
    }
    const s = /^\s*\[([^\]]+)\]/.exec(text);
    if (s) {
      section = s[1]!.trim();
      continue;
    }
    const m = /^([^\s=:[][^=:]*?)\s*[=:]\s*/.exec(text);
    if (!m) continue;
    let end = l.end;
    while (i + 1 < lines.length && /^[ \t]+\S/.test(source.slice(lines[i + 1]!.start, lines[i + 1]!.end))) end = lines[++i]!.end;
    const start = l.start + m[0].length;
    const refs = scanRefs(source, start, end, ['percent', 'brace']).map((r) => ({ ...r, scope: r.internal ? section : undefined }));
    values.push({ path: [section, m[1]!.trim()], start, end, refs, parent: section, scope: section });
  }
  return { values, skip, loose: true };
}

export function readToml(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  let table: string[] = [];
  let pos = 0;
  const n = source.length;
  const blank = () => {
    while (pos < n) {
      const c = source[pos]!;
      if (c === '#') {
        const nl = source.indexOf('\n', pos);
        skip.push({ start: pos, end: nl < 0 ? n : nl });
        pos = nl < 0 ? n : nl;
      } else if (/\s/.test(c)) pos++;
      else break;
    }
  };
  const key = (): string[] => {
    const parts: string[] = [];
    for (;;) {
      blank();
      const q = source[pos];
      if (q === '"' || q === "'") {
        const close = source.indexOf(q, pos + 1);
        parts.push(source.slice(pos + 1, close));
        pos = close + 1;
      } else {
        const m = /^[\w-]+/.exec(source.slice(pos, pos + 200));
        if (!m) return parts;
        parts.push(m[0]);
        pos += m[0].length;
      }
      blank();
      if (source[pos] !== '.') return parts;
      pos++;
    }
  };
  const value = (path: string[], parent: string, list: boolean): void => {
    blank();
    const c = source[pos];
    if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), pos);
      const open = triple ? 3 : 1;
      let k = pos + open;
      while (k < n && !source.startsWith(c.repeat(open), k)) k += source[k] === '\\' && c === '"' ? 2 : 1;
      values.push({ path, start: pos + open, end: k, refs: scanRefs(source, pos + open, k, ['brace']), parent, list });
      pos = k + open;
    } else if (c === '[') {
      pos++;
      const id = `${parent}/${path.join('.')}[]`;
      for (;;) {
        blank();
        if (pos >= n || source[pos] === ']') break;
        value(path, id, true);
        blank();
        if (source[pos] === ',') pos++;
        else if (source[pos] !== ']') break;
      }
      pos++;
    } else if (c === '{') {
      pos++;
      const id = `${parent}/${path.join('.')}{}`;
      for (;;) {
        blank();
        if (pos >= n || source[pos] === '}') break;
        const k = key();
        if (source[pos] !== '=') break;
        pos++;
        value([...path, ...k], id, false);
        blank();
        if (source[pos] === ',') pos++;
      }
      pos++;
    } else {
      const m = /^[^\s,\]}#]+/.exec(source.slice(pos, pos + 200));
      if (!m) {
        pos++;
        return;
      }
      values.push({ path, start: pos, end: pos + m[0].length, refs: [], parent, list });
      pos += m[0].length;
    }
  };
  while (pos < n) {
    blank();
    if (pos >= n) break;
    if (source[pos] === '[') {
      const arr = source[pos + 1] === '[';
      pos += arr ? 2 : 1;
      table = key();
      pos = source.indexOf('\n', pos);
      if (pos < 0) pos = n;
      continue;
    }
    const lineStart = pos;
    const k = key();
    if (k.length === 0 || source[pos] !== '=') {
      const nl = source.indexOf('\n', lineStart);
      pos = nl < 0 ? n : nl + 1;
      continue;
    }
    pos++;
    value([...table, ...k], table.join('.'), false);
  }
  return { values, skip, loose: true };
}
