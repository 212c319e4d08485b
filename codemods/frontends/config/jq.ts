import type { Read } from './reads';

/**
 * The paths a jq filter reads from its input, with where each is written: `.a.b` → [a, b], `.[]` and `.[0]`
 * → `*`, `{token, mode}` → [token] and [mode], `has("x")` → [x]. A pipe makes the path on its left the input of
 * what follows (`.options[] | select(.preselected)` reads options.*.preselected); `map(f)` runs f on the items,
 * `select(f)` on the input. Where the input of a path cannot be told (after `as $x`, a computed value, `..`) the
 * path is relative: its start is unknown. Enough for the reads in scripts, not an implementation of jq.
 */

interface Context {
  path: string[];
  relative: boolean;
}

interface Chain extends Context {
  start: number;
  end: number;
}

/** A group: `(…)`, `[…]`, `{…}`, a function's arguments, or the whole filter. */
interface Group {
  close: string;
  /** The input of the current pipe segment. */
  input: Context;
  /** Terms of the current segment, and the chain when it is the only one. */
  terms: number;
  chain: Chain | null;
  selectOnly: boolean;
  binds: boolean;
  /** In an object, whether the next token is a key. */
  key?: boolean;
  fn?: string;
}

const UNKNOWN: Context = { path: [], relative: true };
const TOKEN = /\s+|"(?:\\.|[^"\\])*"|\.\.|\.(?:[A-Za-z_]\w*|"(?:\\.|[^"\\])*")?|\$?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*|\d+(?:\.\d+)?|\|=|\/\/=?|[=!<>]=|[[\](){}|,:;?+\-*/%<>=]/g;

export function jqReads(filter: string): Read[] {
  const out: Read[] = [];
  const root: Context = { path: [], relative: false };
  const stack: Group[] = [{ close: '', input: root, terms: 0, chain: null, selectOnly: false, binds: false }];
  const top = () => stack[stack.length - 1]!;
  let chain: Chain | null = null;
  let prevEnd = -1;
  const emit = () => {
    if (chain && chain.path.length > 0) out.push({ path: chain.path, start: chain.start, end: chain.end, relative: chain.relative });
  };
  const endTerm = (c: Chain | null) => {
    const g = top();
    g.terms++;
    g.chain = g.terms === 1 ? c : null;
  };
  const closeChain = () => {
    if (!chain) return;
    emit();
    endTerm(chain);
    chain = null;
  };
  const tokens = [...filter.matchAll(TOKEN)];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]![0];
    const at = tokens[i]!.index;
    if (/^\s/.test(t)) continue;
    const adjacent = at === prevEnd;
    prevEnd = at + t.length;
    const g = top();
    // A key of an object: `{a, "b", c: …}`.
    if (g.key && /^("|[A-Za-z_$])/.test(t)) {
      const next = tokens.slice(i + 1).find((x) => !/^\s/.test(x[0]))?.[0];
      g.key = false;
      const name = t.startsWith('"') ? unquote(t) : t;
      if (next === ':') {
        i = tokens.indexOf(tokens.slice(i + 1).find((x) => x[0] === ':')!);
        prevEnd = -1;
        continue;
      }
      if (!t.startsWith('$')) out.push({ path: [...g.input.path, name], start: at, end: at + t.length, relative: g.input.relative });
      endTerm(null);
      continue;
    }
    if (t.startsWith('$') && t !== '$__loc__') {
      // A variable: what follows it is read from the variable's value, not from the input.
      closeChain();
      chain = { ...UNKNOWN, path: [], start: at, end: at + t.length };
      continue;
    }
    if (t === '..') {
      closeChain();
      chain = { ...UNKNOWN, path: [], start: at, end: at + 2 };
      continue;
    }
    if (t.startsWith('.')) {
      const name = t.length > 1 ? (t[1] === '"' ? unquote(t.slice(1)) : t.slice(1)) : null;
      if (!(chain && adjacent)) {
        closeChain();
        chain = { path: [...g.input.path], relative: g.input.relative, start: at, end: at + t.length };
      }
      if (name) chain.path = [...chain.path, name];
      chain.end = at + t.length;
      if (tokens[i + 1]?.[0] === '[' && tokens[i + 1]!.index === prevEnd) {
        // `.a[]`, `.a[0]`, `.a["b"]`, `.[…]`.
        const inner = /^\[\s*("(?:\\.|[^"\\])*"|[\d:\s-]*)\s*\]/.exec(filter.slice(prevEnd));
        if (inner) {
          chain.path = [...chain.path, inner[1]!.startsWith('"') ? unquote(inner[1]!) : '*'];
          chain.end = prevEnd + inner[0].length;
          while (tokens[i + 1] && tokens[i + 1]!.index < chain.end) i++;
          prevEnd = chain.end;
        }
      }
      continue;
    }
    if (t === '?' && chain && adjacent) {
      chain.end = prevEnd;
      continue;
    }
    if (t === '[' && chain && adjacent) {
      // `.a.b[]` after a name already read.
      const inner = /^\[\s*("(?:\\.|[^"\\])*"|[\d:\s-]*)\s*\]/.exec(filter.slice(at));
      if (inner) {
        chain.path = [...chain.path, inner[1]!.startsWith('"') ? unquote(inner[1]!) : '*'];
        chain.end = at + inner[0].length;
        while (tokens[i + 1] && tokens[i + 1]!.index < chain.end) i++;
        prevEnd = chain.end;
        continue;
      }
    }
    closeChain();
    if (t === '|') {
      const left = g.binds ? g.input : g.selectOnly && g.terms === 1 ? g.input : g.terms === 1 && g.chain ? { path: g.chain.path, relative: g.chain.relative } : UNKNOWN;
      Object.assign(g, { input: left, terms: 0, chain: null, selectOnly: false, binds: false });
      continue;
    }
    if (t === ',') {
      // `a | b, c` is `a | (b, c)`: the input stays.
      Object.assign(g, { terms: 0, chain: null, selectOnly: false, binds: false, key: g.close === '}' });
      continue;
    }
    if (t === 'as') {
      g.binds = true;
      continue;
    }
    if (t === '(' || t === '[' || t === '{') {
      const fn = tokens[i - 1] && /^[A-Za-z_]\w*$/.test(tokens[i - 1]![0]) && tokens[i - 1]!.index + tokens[i - 1]![0].length === at ? tokens[i - 1]![0] : undefined;
      const input = fn === 'map' || fn === 'map_values' || fn === 'any' || fn === 'all' ? { path: [...g.input.path, '*'], relative: g.input.relative } : g.input;
      stack.push({ close: t === '(' ? ')' : t === '[' ? ']' : '}', input, terms: 0, chain: null, selectOnly: false, binds: false, key: t === '{', fn });
      if (fn === 'has' || fn === 'in') {
        const arg = /^\(\s*("(?:\\.|[^"\\])*")\s*\)/.exec(filter.slice(at));
        if (arg && fn === 'has') out.push({ path: [...g.input.path, unquote(arg[1]!)], start: at + arg[0].indexOf('"'), end: at + arg[0].lastIndexOf('"') + 1, relative: g.input.relative });
      }
      continue;
    }
    if ((t === ')' || t === ']' || t === '}') && stack.length > 1) {
      const closed = stack.pop()!;
      const outer = top();
      if (closed.fn === 'select' && outer.terms === 0) {
        outer.terms = 1;
        outer.selectOnly = true;
        outer.chain = null;
      } else endTerm(null);
      continue;
    }
    if (/^[A-Za-z_]/.test(t) && tokens[i + 1]?.[0] === '(') continue;
    if (t !== ')' && t !== ']' && t !== '}') endTerm(null);
  }
  closeChain();
  return out;
}

function unquote(s: string): string {
  try {
    return JSON.parse(s) as string;
  } catch {
    return s.slice(1, -1);
  }
}

/**
 * A jq object built from literals and variables (`jq -n --arg a "$A" '{profile: {age: $age}, text: "x"}'`) as
 * JSON text with the source offset of each character: bare keys are quoted (the quotes map to the key's first
 * and last characters), `$var` values become `null`. Anything else jq computes (paths, pipes, functions,
 * shorthand keys) gives null: the object is not a literal body.
 */
export function jqObjectJson(filter: string, map: readonly number[]): { text: string; map: number[] } | null {
  if (!/^\s*\{/.test(filter)) return null;
  let text = '';
  const out: number[] = [];
  const put = (s: string, at: (i: number) => number) => {
    for (let i = 0; i < s.length; i++) {
      text += s[i];
      out.push(at(i));
    }
  };
  const tokens = [...filter.matchAll(TOKEN)];
  let prev = '';
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]![0];
    const i = tokens[k]!.index!;
    const src = (j: number) => map[Math.min(i + j, i + t.length - 1)] ?? 0;
    if (/^\s+$/.test(t)) {
      put(t, src);
      continue;
    }
    let next = '';
    for (let j = k + 1; j < tokens.length; j++) {
      if (!/^\s+$/.test(tokens[j]![0])) {
        next = tokens[j]![0];
        break;
      }
    }
    if (/^[A-Za-z_]\w*$/.test(t) && next === ':' && (prev === '{' || prev === ',')) put(`"${t}"`, (j) => src(Math.max(0, j - 1)));
    else if (/^"/.test(t) || /^\d/.test(t) || /^(true|false|null)$/.test(t) || /^[{}[\],:-]$/.test(t)) put(t, src);
    else if (/^\$[A-Za-z_]\w*$/.test(t) && prev === ':') put('null', src);
    else return null;
    prev = t;
  }
  return { text, map: out };
}
