/**
 * Luau (Roblox's typed Lua) read by the Lua grammar: the text it is given has Luau's type syntax written as plain
 * Lua, one for one so every offset is kept. Annotations (`local u: Update = …`, `function f(a: T, b: T?): R`,
 * `x :: T`, `function f<T>(…)`) become blanks; a type alias (`export type Interview = { marketplace: string?, … }`)
 * becomes an assignment of a table (`Interview = { marketplace= string , … }`), its name recorded as a type, and a
 * union of strings (`type Mode = "complaint" | "safe"`) an assignment of their `|`.
 */

/** Offsets of the names of the type aliases in the text last prepared, and that text's length. */
let aliases: { text: string; at: Set<number>; types: Map<number, string> } = { text: '', at: new Set(), types: new Map() };

/** The type a field of a type alias names (`profile: Profile` → Profile), by the offset of the field's name. */
export function aliasFieldType(offset: number): string | null {
  return aliases.types.get(offset) ?? null;
}

/** Whether the identifier at `offset` of the tree whose text is `parsed` names a type alias of the text last prepared. */
export function isTypeAlias(parsed: string, offset: number): boolean {
  return aliases.at.has(offset) && aliases.text.trim() === parsed.trim();
}

const IDENT = /[A-Za-z_]/;
const WORD = /[A-Za-z_0-9]/;

/** The text with Luau's type syntax blanked or rewritten as Lua, or null when it holds none. */
export function prepareLuau(src: string): string | null {
  if (!/(?:^|\n)\s*(?:export\s+)?type\s+[A-Za-z_]|[\w)\]]\s*:\s*[A-Za-z_{("]|::/.test(src)) return null;
  const out = src.split('');
  const at = new Set<number>();
  const types = new Map<number, string>();
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  let changed = false;
  let i = 0;
  const n = src.length;
  const skipSpace = (j: number, lines = true) => {
    while (j < n && (src[j] === ' ' || src[j] === '\t' || (lines && (src[j] === '\n' || src[j] === '\r')))) j++;
    return j;
  };
  const word = (j: number) => {
    let k = j;
    while (k < n && WORD.test(src[k]!)) k++;
    return src.slice(j, k);
  };
  /** The end of a string or comment starting at j, or j when none starts there. */
  const skipOpaque = (j: number): number => {
    const c = src[j];
    if (c === '-' && src[j + 1] === '-') {
      const long = /^--\[(=*)\[/.exec(src.slice(j, j + 10));
      if (long) {
        const close = src.indexOf(`]${long[1]}]`, j);
        return close < 0 ? n : close + long[1]!.length + 2;
      }
      const nl = src.indexOf('\n', j);
      return nl < 0 ? n : nl;
    }
    if (c === '"' || c === "'" || c === '`') {
      let k = j + 1;
      while (k < n && src[k] !== c && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
      return k + 1;
    }
    if (c === '[') {
      const long = /^\[(=*)\[/.exec(src.slice(j, j + 10));
      if (long) {
        const close = src.indexOf(`]${long[1]}]`, j);
        return close < 0 ? n : close + long[1]!.length + 2;
      }
    }
    return j;
  };
  /** The end of a balanced group opening at j. */
  const group = (j: number): number => {
    const open = src[j]!;
    const close = ({ '(': ')', '{': '}', '<': '>', '[': ']' } as Record<string, string>)[open]!;
    let depth = 0;
    for (let k = j; k < n; ) {
      const o = skipOpaque(k);
      if (o !== k) {
        k = o;
        continue;
      }
      if (src[k] === open) depth++;
      else if (src[k] === close && !(close === '>' && src[k - 1] === '-')) {
        depth--;
        if (depth === 0) return k + 1;
      }
      k++;
    }
    return n;
  };
  /** The end of a type starting at j (after spaces). */
  const type = (j: number): number => {
    let k = skipSpace(j, false);
    if (src.startsWith('...', k)) k = skipSpace(k + 3, false);
    const c = src[k];
    if (c === '(' || c === '{') k = group(k);
    else if (c === '"' || c === "'") k = skipOpaque(k);
    else if (c && IDENT.test(c)) {
      while (k < n && (WORD.test(src[k]!) || (src[k] === '.' && IDENT.test(src[k + 1] ?? '')))) k++;
      if (src[k] === '<') k = group(k);
      else if (src[k] === '(') k = group(k);
    } else return j;
    for (;;) {
      const m = skipSpace(k, false);
      if (src[m] === '?') k = m + 1;
      else if (src[m] === '|' || src[m] === '&') k = type(m + 1);
      else if (src.startsWith('->', m)) k = type(m + 2);
      else return k;
    }
  };
  /** Blank `: Type` when the next thing after j is a single colon. */
  const annotation = (j: number): number => {
    const c = skipSpace(j, false);
    if (src[c] !== ':' || src[c + 1] === ':') return j;
    const end = type(c + 1);
    if (end === c + 1) return j;
    blank(c, end);
    changed = true;
    return end;
  };
  /** A parameter list opening at j: each parameter's annotation blanked; then the return type. */
  const params = (j: number): number => {
    const close = group(j) - 1;
    let k = j + 1;
    while (k < close) {
      const o = skipOpaque(k);
      if (o !== k) {
        k = o;
        continue;
      }
      if (IDENT.test(src[k]!) && !WORD.test(src[k - 1] ?? '')) {
        k = annotation(k + word(k).length);
        continue;
      }
      if (src.startsWith('...', k)) {
        k = annotation(k + 3);
        continue;
      }
      k++;
    }
    return annotation(close + 1);
  };
  let lineStart = true;
  while (i < n) {
    const o = skipOpaque(i);
    if (o !== i) {
      i = o;
      continue;
    }
    const c = src[i]!;
    if (c === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === ';') {
      i++;
      continue;
    }
    const starts = lineStart;
    lineStart = false;
    if (c === ':' && src[i + 1] === ':') {
      // `::label::` is Lua's goto label; `x :: T` a cast.
      if (/^::[A-Za-z_]\w*::/.test(src.slice(i, i + 80))) {
        i = src.indexOf('::', i + 2) + 2;
        continue;
      }
      const end = type(i + 2);
      blank(i, end);
      changed = true;
      i = end;
      continue;
    }
    if (!IDENT.test(c) || WORD.test(src[i - 1] ?? '') || src[i - 1] === '.') {
      i++;
      continue;
    }
    const w = word(i);
    const next = i + w.length;
    if (starts && (w === 'type' || (w === 'export' && word(skipSpace(next, false)) === 'type'))) {
      const kw = w === 'export' ? skipSpace(next, false) + 4 : next;
      const name = skipSpace(kw, false);
      const nameWord = word(name);
      let eq = skipSpace(name + nameWord.length, false);
      if (nameWord && IDENT.test(nameWord[0]!) && (src[eq] === '=' || src[eq] === '<')) {
        if (src[eq] === '<') {
          const g = group(eq);
          blank(eq, g);
          eq = skipSpace(g, false);
        }
        if (src[eq] === '=') {
          changed = true;
          const body = skipSpace(eq + 1);
          const end = type(eq + 1);
          // A table type or a union of strings is written as Lua; any other (`typeof(…)`, `Types.Interview`) left out.
          if (src[body] === '{' || src[body] === '"' || src[body] === "'") {
            blank(i, name);
            at.add(name);
            aliasBody(src, out, body, end, blank, types);
          } else blank(i, end);
          i = end;
          continue;
        }
      }
    }
    // An if-expression (`x = if c then a else b`): Lua's `c and a or b`, one line.
    if (w === 'if' && isExpressionStart(src, i)) {
      const eol = src.indexOf('\n', i) < 0 ? n : src.indexOf('\n', i);
      const line = src.slice(i, eol);
      const then = /\bthen\b/.exec(line);
      const otherwise = then ? /\belse\b/.exec(line.slice(then.index)) : null;
      if (then && otherwise && !/\belseif\b/.test(line)) {
        blank(i, i + 2);
        out.splice(i + then.index, 4, 'a', 'n', 'd', ' ');
        out.splice(i + then.index + otherwise.index, 4, 'o', 'r', ' ', ' ');
        changed = true;
        i = i + then.index + otherwise.index + 4;
        continue;
      }
    }
    if (w === 'function') {
      let k = skipSpace(next, false);
      while (k < n && (WORD.test(src[k]!) || src[k] === '.' || src[k] === ':')) k++;
      if (src[k] === '<') {
        const g = group(k);
        blank(k, g);
        changed = true;
        k = g;
      }
      k = skipSpace(k, false);
      if (src[k] === '(') {
        i = params(k);
        continue;
      }
    }
    if (w === 'local' || w === 'for') {
      let k = skipSpace(next, false);
      if (word(k) === 'function') {
        i = k;
        continue;
      }
      // `local a: T, b: U = …`
      for (;;) {
        const name = word(k);
        if (!name || !IDENT.test(name[0]!)) break;
        k = annotation(k + name.length);
        const after = skipSpace(k, false);
        if (src[after] === '<') k = group(after);
        const comma = skipSpace(k, false);
        if (src[comma] !== ',') break;
        k = skipSpace(comma + 1, false);
      }
      i = k;
      continue;
    }
    i = next;
  }
  const text = changed ? out.join('') : null;
  aliases = { text: text ?? '', at, types };
  return text;
}

/**
 * A type alias's body as Lua: in a table type, each `name: T` field becomes `name= 0`, the type it names recorded
 * (fieldTypes), and each `[K]: V` `[K]= 0`; an inline table type (`triage: { level: string }`) is read the same way.
 * What Lua does not write (`?`, generics) becomes blanks.
 */
function aliasBody(src: string, out: string[], from: number, to: number, blank: (a: number, b: number) => void, types: Map<number, string>): void {
  let depth = 0;
  let key = -1;
  for (let k = from; k < to; k++) {
    const c = src[k]!;
    if (c === '"' || c === "'") {
      const q = c;
      k++;
      while (k < to && src[k] !== q) k += src[k] === '\\' ? 2 : 1;
      continue;
    }
    if (c === '-' && src[k + 1] === '-') {
      const nl = src.indexOf('\n', k);
      k = nl < 0 ? to : nl;
      continue;
    }
    if (IDENT.test(c) && !WORD.test(src[k - 1] ?? '') && depth > 0) key = k;
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '?') blank(k, k + 1);
    else if (c === ':' && depth > 0) {
      out[k] = '=';
      let v = k + 1;
      while (v < to && /[ \t]/.test(src[v]!)) v++;
      if (src[v] === '{') continue;
      // The value: up to a `,` or `}` or line end outside brackets.
      let e = v;
      let d = 0;
      for (; e < to; e++) {
        const ch = src[e]!;
        if ('({<['.includes(ch)) d++;
        else if (')}>]'.includes(ch) && src[e - 1] !== '-') {
          if (d === 0) break;
          d--;
        } else if ((ch === ',' || ch === '\n') && d === 0) break;
      }
      const named = /^([A-Za-z_][\w.]*)\??\s*$/.exec(src.slice(v, e));
      if (named && key >= 0) types.set(key, named[1]!.split('.').pop()!);
      blank(v, e);
      if (v < e) out[v] = '0';
      k = e - 1;
    }
  }
}

/** Whether what starts at i is an expression's start: after `=`, `(`, `,`, `{`, `[` or `return`. */
function isExpressionStart(src: string, i: number): boolean {
  const before = src.slice(Math.max(0, i - 80), i).replace(/\s+$/, '');
  return /[=(,{[]$/.test(before) && !/[=~<>]=$/.test(before) || /\breturn$/.test(before);
}
