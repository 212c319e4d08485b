/**
 * Lua embedded in an nginx configuration held by a Lua long string: a busted spec's mock server for Kong's or
 * OpenResty's test helpers (`http_mock = { api = [[ server { location = /api/interviews/i-1/ { content_by_lua_block
 * { ngx.say(cjson.encode({ mode = "triage" })) } } } ]] }`). The grammar reads the string as one literal; written
 * here, offsets kept, as the code it holds: the string becomes `function() … end`, each location that runs Lua a
 * call given its path and the code (`location("/api/interviews/i-1/", function() … end)`), the path at its own
 * offsets, and each `*_by_lua_block { … }` a `do … end` block. The nginx text around is blanked. A string whose
 * shape this cannot write (a block it cannot close, no room for a keyword) is left as it is.
 */

/** An nginx directive that runs a block of Lua (`content_by_lua_block {`, `set_by_lua_block $v {`). */
const LUA_BLOCK = /[a-z_]+_by_lua_block\b[^{;]*\{/y;

/** The text with every such long string written as its Lua, or null when there is none. */
export function prepareNginxLua(src: string): string | null {
  if (!src.includes('_by_lua_block')) return null;
  const out = src.split('');
  let changed = false;
  for (const s of longStrings(src)) {
    const inner = src.slice(s.open, s.close);
    if (!/_by_lua_block\b/.test(inner)) continue;
    const written = writeConfig(src, s);
    if (!written) continue;
    for (const [k, c] of written) out[k] = c;
    changed = true;
  }
  return changed ? out.join('') : null;
}

interface LongString {
  /** The `[[` or `[==[` that opens it. */
  start: number;
  /** Where its content starts and ends. */
  open: number;
  close: number;
  /** After the `]]` that closes it. */
  end: number;
}

/** The long strings of Lua code (not of comments or other strings): `[[…]]`, `[==[…]==]`. */
function longStrings(src: string): LongString[] {
  const found: LongString[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '-' && src[i + 1] === '-') {
      const long = /^--\[(=*)\[/.exec(src.slice(i, i + 64));
      if (long) {
        const close = src.indexOf(`]${long[1]}]`, i + long[0].length);
        i = close < 0 ? src.length : close + long[1]!.length + 2;
      } else {
        const nl = src.indexOf('\n', i);
        i = nl < 0 ? src.length : nl;
      }
    } else if (c === '"' || c === "'") {
      i = quoted(src, i);
    } else if (c === '[' && /^\[=*\[/.test(src.slice(i, i + 64))) {
      const eq = /^\[(=*)\[/.exec(src.slice(i, i + 64))![1]!;
      const open = i + eq.length + 2;
      const close = src.indexOf(`]${eq}]`, open);
      if (close < 0) break;
      found.push({ start: i, open, close, end: close + eq.length + 2 });
      i = close + eq.length + 2;
    } else i++;
  }
  return found;
}

/** After a quoted string that starts at `i` (or at the end of its line when it is not closed). */
function quoted(src: string, i: number): number {
  const q = src[i];
  let j = i + 1;
  while (j < src.length && src[j] !== q && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** The `}` that closes a block of Lua whose `{` is just before `from`: strings, long strings and comments skipped. */
function luaBlockEnd(src: string, from: number, limit: number): number {
  let depth = 1;
  let i = from;
  while (i < limit) {
    const c = src[i]!;
    if (c === '-' && src[i + 1] === '-') {
      const long = /^--\[(=*)\[/.exec(src.slice(i, i + 64));
      const close = long ? src.indexOf(`]${long[1]}]`, i + long[0].length) : src.indexOf('\n', i);
      if (close < 0) return -1;
      i = long ? close + long[1]!.length + 2 : close;
    } else if (c === '"' || c === "'") i = quoted(src, i);
    else if (c === '[' && /^\[=*\[/.test(src.slice(i, i + 64))) {
      const eq = /^\[(=*)\[/.exec(src.slice(i, i + 64))![1]!;
      const close = src.indexOf(`]${eq}]`, i + eq.length + 2);
      if (close < 0) return -1;
      i = close + eq.length + 2;
    } else {
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i;
      i++;
    }
  }
  return -1;
}

interface Block {
  /** The Lua between the directive's braces. */
  start: number;
  end: number;
  /** The path of the location it runs in, at its own offsets, when one is written as a plain path. */
  location: { id: number; start: number; end: number } | null;
}

/** The Lua blocks of the configuration, each with the location it runs in. Null when a brace is left open. */
function blocksOf(src: string, s: LongString): Block[] | null {
  const blocks: Block[] = [];
  // The open nginx blocks: a location's with its path.
  const stack: ({ id: number; start: number; end: number } | null)[] = [];
  let ids = 0;
  let i = s.open;
  while (i < s.close) {
    const c = src[i]!;
    if (c === '#') {
      const nl = src.indexOf('\n', i);
      i = nl < 0 || nl > s.close ? s.close : nl;
      continue;
    }
    if (c === '"' || c === "'") {
      i = quoted(src, i);
      continue;
    }
    LUA_BLOCK.lastIndex = i;
    const lua = /\w/.test(src[i - 1] ?? '') ? null : LUA_BLOCK.exec(src);
    if (lua) {
      const start = i + lua[0].length;
      const end = luaBlockEnd(src, start, s.close);
      if (end < 0) return null;
      const location = [...stack].reverse().find((l) => l !== null) ?? null;
      blocks.push({ start, end, location });
      i = end + 1;
      continue;
    }
    const loc = c !== 'l' ? null : /^location\s+(?:(?:=|~\*?|\^~)\s+)?([^\s{;]+)\s*\{/.exec(src.slice(i, Math.min(s.close, i + 400)));
    if (loc && !/\w/.test(src[i - 1] ?? '')) {
      // A regular expression's anchor is no part of the path it matches (`location ~ ^/api/results/ {`).
      const anchored = loc[1]!.startsWith('^') ? 1 : 0;
      const pathStart = i + loc[0].indexOf(loc[1]!, 'location'.length) + anchored;
      const plain = !/["'\\]/.test(loc[1]!);
      stack.push(plain ? { id: ++ids, start: pathStart, end: pathStart + loc[1]!.length - anchored } : null);
      i += loc[0].length;
      continue;
    }
    if (c === '{') stack.push(null);
    else if (c === '}' && stack.pop() === undefined) return null;
    i++;
  }
  return stack.length === 0 ? blocks : null;
}

/** The characters to write over the long string (offset → character), or null when its shape cannot be written. */
function writeConfig(src: string, s: LongString): Map<number, string> | null {
  const blocks = blocksOf(src, s);
  if (!blocks || blocks.length === 0) return null;
  const out = new Map<number, string>();
  for (let k = s.start; k < s.end; k++) if (src[k] !== '\n' && src[k] !== '\r') out.set(k, ' ');
  for (const b of blocks) for (let k = b.start; k < b.end; k++) out.delete(k);
  const blank = (k: number) => out.get(k) === ' ';
  const word = (k: number) => /\w/.test(out.has(k) ? out.get(k)! : src[k] ?? '');
  let cursor = s.start;
  /** A token in the blank text from the cursor on, on one line, apart from the words around it. */
  const put = (token: string, limit: number): boolean => {
    for (let p = cursor; p + token.length <= limit; p++) {
      let fits = !word(p - 1) && !word(p + token.length);
      for (let k = p; k < p + token.length && fits; k++) fits = blank(k);
      if (!fits) continue;
      for (let k = 0; k < token.length; k++) out.set(p + k, token[k]!);
      cursor = p + token.length + 1;
      return true;
    }
    return false;
  };
  /** The call a location's code is given to, its path where it is written: `location("/api/…"`. */
  const openLocation = (l: { start: number; end: number }, limit: number): boolean => {
    const head = 'location("';
    const at = l.start - head.length;
    if (at < cursor || src[l.end] === undefined) return false;
    for (let k = at; k < l.start; k++) if (!blank(k)) return false;
    if (!blank(l.end)) return false;
    for (let k = 0; k < head.length; k++) out.set(at + k, head[k]!);
    for (let k = l.start; k < l.end; k++) out.delete(k);
    out.set(l.end, '"');
    cursor = l.end + 1;
    return put(',', limit) && put('function()', limit);
  };
  if (!put('function()', blocks[0]!.start)) return null;
  let open: number | null = null;
  for (const [n, b] of blocks.entries()) {
    const next = blocks[n + 1];
    if (b.location?.id !== open) {
      if (open !== null && !put('end)', b.start)) return null;
      open = null;
      if (b.location) {
        if (!openLocation(b.location, b.start)) return null;
        open = b.location.id;
      }
    }
    if (!put('do', b.start)) return null;
    cursor = b.end;
    if (!put('end', next?.start ?? s.end)) return null;
  }
  if (open !== null && !put('end)', s.end)) return null;
  return put('end', s.end) ? out : null;
}
