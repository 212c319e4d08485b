/**
 * A shell tokenizer that keeps offsets: commands (split at newlines, `;`, `&&`, `||`, `|`, `&`, and grouping
 * words), their words with quotes removed (single quotes literal; in double quotes `\"`, `\\`, `\$` and `` \` ``
 * unescaped; unquoted backslashes unescaped), and the commands inside `$( … )`. Expansions (`$X`, `${X}`) stay
 * in a word's text (`$X` as `${X}`). `\` + newline joins lines; `#` at the start of a word starts a comment; here-doc
 * bodies are set apart (with the command that opens them, for markers). Enough for reading settings, API calls and the checks around them, not for running.
 */

export interface Word {
  start: number;
  end: number;
  /** The word with quoting removed. */
  text: string;
  /** Source offset of each character of `text`. */
  map: number[];
  /** Commands inside `$( … )` in this word. */
  subs: Command[];
  /** The redirection operator before the word (`<<<`, `>`, `<`), if it is a redirection's target. */
  redirect?: string;
}

export interface Command {
  start: number;
  end: number;
  words: Word[];
}

export interface Script {
  commands: Command[];
  /** Comments. */
  skip: { start: number; end: number }[];
  /** Here-doc bodies, with the offset of the command that opens each. */
  heredocs: { start: number; end: number; anchor: number }[];
}

const SEPARATORS = new Set(['{', '}', '(', ')', '[[', ']]', 'then', 'do', 'else', 'elif', 'fi', 'done', 'if', 'while', 'until', '!']);

/** A Makefile recipe: `$$` is the shell's `$`, `$(X)` and `${X}` are make variables (read as `${X}`), and a command may start with `@`, `-` or `+`. */
export interface Dialect {
  make?: boolean;
  /** A Compose command: `$$` is the shell's `$` (Compose interpolates `$X` itself). */
  compose?: boolean;
  /**
   * `$(name)` is expanded before the shell runs, inside quotes too, and is read as `${name}`: an Azure Pipelines
   * variable, or a container's environment variable in a Kubernetes `command` or `args`.
   */
  macros?: boolean;
  /** A GitHub Actions script: `${{ env.NAME }}` (`vars.`, `secrets.`, `inputs.`, `matrix.`) is expanded before the shell runs, inside quotes too; read as `${NAME}`. */
  github?: boolean;
}

export function parseScript(source: string, start = 0, end = source.length, dialect: Dialect = {}): Script {
  const skip: Script['skip'] = [];
  const heredocs: Script['heredocs'] = [];
  const commands = parseCommands(source, start, end, skip, heredocs, dialect);
  return { commands, skip, heredocs };
}

function parseCommands(source: string, start: number, end: number, skip: Script['skip'], docs: Script['heredocs'] = [], dialect: Dialect = {}): Command[] {
  const out: Command[] = [];
  let words: Word[] = [];
  let heredocs: string[] = [];
  let redirect: string | undefined;
  const flush = () => {
    // Keywords and grouping start a new command: `if [[ … ]]; then curl …` is `[[ … ]]` and `curl …`.
    let cur: Word[] = [];
    for (const w of words) {
      if (SEPARATORS.has(w.text) && w.map.length === w.end - w.start) {
        if (cur.length) out.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, words: cur });
        cur = [];
      } else cur.push(w);
    }
    if (cur.length) out.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, words: cur });
    words = [];
  };
  let i = start;
  while (i < end) {
    const c = source[i]!;
    if (c === '\\' && source[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '\\' && source[i + 1] === '\r' && source[i + 2] === '\n') {
      i += 3;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\n') {
      const anchor = words[0]?.start ?? i;
      flush();
      i++;
      for (const tag of heredocs) i = skipHeredoc(source, i, end, tag, docs, anchor);
      heredocs = [];
      continue;
    }
    if (c === '#') {
      const nl = source.indexOf('\n', i);
      const stop = nl < 0 || nl > end ? end : nl;
      skip.push({ start: i, end: stop });
      i = stop;
      continue;
    }
    if (c === ';' || c === '&' || c === '|') {
      flush();
      i++;
      continue;
    }
    if (c === '<' && source[i + 1] === '<' && source[i + 2] !== '<') {
      const m = /^<<-?\s*(['"]?)([A-Za-z_]\w*)\1/.exec(source.slice(i, i + 100));
      if (m) {
        heredocs.push(m[2]!);
        i += m[0].length;
        continue;
      }
    }
    if (c === '<' || c === '>') {
      const op = /^[<>]+&?/.exec(source.slice(i, i + 4))![0];
      redirect = op;
      i += op.length;
      continue;
    }
    if (dialect.make && words.length === 0 && /[@+-]/.test(c)) {
      i++;
      continue;
    }
    const w = readWord(source, i, end, skip, dialect);
    if (redirect) w.redirect = redirect;
    redirect = undefined;
    words.push(w);
    i = w.end > i ? w.end : i + 1;
  }
  flush();
  return out;
}

function skipHeredoc(source: string, from: number, end: number, tag: string, docs: Script['heredocs'], anchor: number): number {
  const re = new RegExp(`^[\\t ]*${tag}[\\t ]*\\r?$`, 'm');
  const rest = source.slice(from, end);
  const m = re.exec(rest);
  const stop = m ? from + m.index + m[0].length : end;
  docs.push({ start: from, end: stop, anchor });
  return stop;
}

/** One word from `i`: up to an unquoted blank or operator. */
function readWord(source: string, start: number, end: number, skip: Script['skip'], dialect: Dialect = {}): Word {
  let text = '';
  const map: number[] = [];
  const subs: Command[] = [];
  const add = (ch: string, at: number) => {
    text += ch;
    map.push(at);
  };
  /** `$NAME` is written `${NAME}` in the text, so the name keeps its end where quotes closed it (`"$BASE"path`). */
  const variable = (at: number): number => {
    const m = /^[A-Za-z_]\w*/.exec(source.slice(at + 1, at + 101));
    if (!m) return at;
    add('$', at);
    add('{', at);
    for (let k = 0; k < m[0].length; k++) add(m[0][k]!, at + 1 + k);
    add('}', at + m[0].length);
    return at + 1 + m[0].length;
  };
  /** A make reference `$(X)` / `${X}` at `at`, read as `${X}`; returns the offset after it, or `at` when there is none. */
  const makeRef = (at: number): number => {
    const m = /^\$([({])([A-Za-z_][\w.-]*)[)}]/.exec(source.slice(at, at + 120));
    if (!m || at + m[0].length > end) return at;
    add('$', at);
    add('{', at + 1);
    for (let k = 0; k < m[2]!.length; k++) add(m[2]![k]!, at + 2 + k);
    add('}', at + m[0].length - 1);
    return at + m[0].length;
  };
  /** A macro `$(name)` (Azure Pipelines, Kubernetes) or a GitHub Actions expression `${{ env.name }}` at `at`, read as `${name}`; returns the offset after it, or `at` when there is none. */
  const macro = (at: number): number => {
    if (source[at] !== '$') return at;
    if (dialect.github) {
      const g = /^\$\{\{\s*(?:env|vars|secrets|inputs|matrix)\.([A-Za-z_][\w-]*)\s*\}\}/.exec(source.slice(at, at + 160));
      if (g && at + g[0].length <= end) {
        const name = at + g[0].lastIndexOf(g[1]!);
        add('$', at);
        add('{', at + 1);
        for (let k = 0; k < g[1]!.length; k++) add(g[1]![k]!, name + k);
        add('}', at + g[0].length - 1);
        return at + g[0].length;
      }
    }
    if (!dialect.macros) return at;
    const m = /^\$\(([A-Za-z_][\w.]*)\)/.exec(source.slice(at, at + 120));
    return m && at + m[0].length <= end ? makeRef(at) : at;
  };
  let i = start;
  while (i < end) {
    const c = source[i]!;
    if (/[\s;&|<>]/.test(c)) break;
    const after = macro(i);
    if (after > i) {
      i = after;
      continue;
    }
    if ((dialect.make || dialect.compose) && c === '$') {
      if (source[i + 1] === '$') {
        // `$$` is the shell's `$`: read what follows as the shell would.
        i++;
        if (source[i + 1] === '(') {
          i = substitution(source, i, end, add, subs, skip, dialect);
          continue;
        }
        if (/[A-Za-z_]/.test(source[i + 1] ?? '')) {
          i = variable(i);
          continue;
        }
      } else if (dialect.make) {
        const next = makeRef(i);
        if (next > i) {
          i = next;
          continue;
        }
      }
    }
    if (c === '\\') {
      if (source[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (i + 1 < end) add(source[i + 1]!, i + 1);
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = source.indexOf("'", i + 1);
      const stop = close < 0 || close >= end ? end : close;
      for (let k = i + 1; k < stop; k++) {
        const after = macro(k);
        if (after > k) k = after - 1;
        else if (!((dialect.make || dialect.compose) && source[k] === '$' && source[k + 1] === '$')) add(source[k]!, k);
      }
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < end && source[i] !== '"') {
        if ((dialect.make || dialect.compose) && source[i] === '$' && source[i + 1] === '$') {
          i++;
          if (source[i + 1] === '(') i = substitution(source, i, end, add, subs, skip, dialect);
          else if (/[A-Za-z_]/.test(source[i + 1] ?? '')) i = variable(i);
          else add(source[i++]!, i - 1);
          continue;
        }
        const next = dialect.make && source[i] === '$' ? makeRef(i) : macro(i);
        if (next > i) {
          i = next;
          continue;
        }
        if (source[i] === '\\' && /["\\$`\n]/.test(source[i + 1] ?? '')) {
          if (source[i + 1] !== '\n') add(source[i + 1]!, i + 1);
          i += 2;
        } else if (source[i] === '$' && source[i + 1] === '(') {
          i = substitution(source, i, end, add, subs, skip, dialect);
        } else if (source[i] === '$' && /[A-Za-z_]/.test(source[i + 1] ?? '')) {
          i = variable(i);
        } else {
          add(source[i]!, i);
          i++;
        }
      }
      i++;
      continue;
    }
    if (c === '$' && source[i + 1] === '(') {
      i = substitution(source, i, end, add, subs, skip, dialect);
      continue;
    }
    // A template expression (`{{ base }}` in an Ansible or Taskfile command) is one piece of the word.
    if (c === '{' && source[i + 1] === '{') {
      const close = source.indexOf('}}', i + 2);
      if (close > 0 && close + 2 <= end && !source.slice(i, close).includes('\n')) {
        for (let k = i; k < close + 2; k++) add(source[k]!, k);
        i = close + 2;
        continue;
      }
    }
    if (c === '$' && /[A-Za-z_]/.test(source[i + 1] ?? '')) {
      i = variable(i);
      continue;
    }
    add(c, i);
    i++;
  }
  return { start, end: Math.min(i, end), text, map, subs };
}

/** `$( … )` at `i`: its text kept in the word, its commands parsed; returns the offset after `)`. */
function substitution(source: string, i: number, end: number, add: (ch: string, at: number) => void, subs: Command[], skip: Script['skip'], dialect: Dialect = {}): number {
  const close = matchParen(source, i + 1, end);
  const stop = close < 0 ? end : close;
  subs.push(...parseCommands(source, i + 2, stop, skip, [], dialect));
  for (let k = i; k <= stop && k < end; k++) add(source[k]!, k);
  return stop + 1;
}

/** The `)` closing the `(` at `open`, skipping quotes and nested parentheses. */
function matchParen(source: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const close = source.indexOf("'", i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '"') {
      for (i++; i < end && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Every command, including those inside `$( … )`, in source order. */
export function allCommands(commands: readonly Command[]): Command[] {
  const out: Command[] = [];
  const visit = (cs: readonly Command[]) => {
    for (const c of cs) {
      out.push(c);
      for (const w of c.words) visit(w.subs);
    }
  };
  visit(commands);
  return out.sort((a, b) => a.start - b.start);
}
