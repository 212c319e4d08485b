import type { ConfigValue } from './model';
import { scanRefs, type RefSyntax } from './refs';

/**
 * Settings written in command lines (CI scripts, Dockerfile RUN, shell): `NAME=value`, `export NAME=value`,
 * `--set a.b=value` (Helm), `-e NAME=value` / `--env NAME=value` (Docker), `--build-arg NAME=value`, and the
 * shell's defaulting forms `: "${NAME:=value}"` / `${NAME:-value}` at the start of a word. Each becomes a value
 * named by its key, so the shared analysis decides its role as it does for a config file's.
 */

const ASSIGN = /(^|[\s;&|(`])((?:export|local|readonly|declare(?:\s+-\w+)*)\s+)?(--set(?:-string)?(?:\s+|=)|-e\s+|--env(?:\s+|=)|--build-arg(?:\s+|=)|--arg\s+)?([A-Za-z_][\w.\-[\]]*)=/g;

export interface AssignmentOptions {
  parent: string;
  syntaxes?: readonly RefSyntax[];
  /** Where markers for these values go (the command's first line). */
  anchor?: (offset: number) => number | undefined;
  /** A Makefile recipe: `$(X)` is a make variable (a reference), `$$(…)` and `$(shell …)` what a command prints. */
  make?: boolean;
}

/** Values assigned in `source[start, end)`. */
export function assignments(source: string, start: number, end: number, opts: AssignmentOptions): ConfigValue[] {
  const text = source.slice(start, end);
  const out: ConfigValue[] = [];
  const syntaxes = opts.syntaxes ?? ['brace', 'dollar'];
  for (const m of text.matchAll(ASSIGN)) {
    const name = m[4]!;
    const valueStart = start + m.index + m[0].length;
    const span = wordAt(source, valueStart, end);
    // What a command prints (`X=$(curl …)`) is no setting.
    if (!span || (opts.make ? /^\$\$\(|^\$\(shell\s|^`/ : /^\$\$?\(|^`/).test(source.slice(span.start, span.end))) continue;
    const anchor = opts.anchor?.(valueStart);
    out.push({ path: [name], start: span.start, end: span.end, refs: scanRefs(source, span.start, span.end, syntaxes), parent: opts.parent, anchor });
  }
  // `: "${NAME:=default}"` and `${NAME:-default}` used as a whole word: the default is NAME's value here; it may
  // hold references itself (`${SC_AUDIENCE:=${SC_API_BASE}}`).
  for (const m of text.matchAll(/(^|[\s;&|(])(?::\s+)?"?\$\{([A-Za-z_]\w*):?=((?:\$\{[^{}]*\}|[^}])*)\}/g)) {
    const name = m[2]!;
    const dStart = start + m.index + m[0].length - 1 - m[3]!.length;
    out.push({ path: [name], start: dStart, end: dStart + m[3]!.length, refs: scanRefs(source, dStart, dStart + m[3]!.length, syntaxes), parent: opts.parent, anchor: opts.anchor?.(dStart) });
  }
  return out;
}

/** The shell word that starts at `from`: quoted content (without its quotes) or a run up to a blank. */
export function wordAt(source: string, from: number, end: number): { start: number; end: number } | null {
  const q = source[from];
  if (q === '"' || q === "'") {
    for (let i = from + 1; i < end; i++) {
      if (source[i] === '\\' && q === '"') i++;
      else if (source[i] === q) return { start: from + 1, end: i };
    }
    return null;
  }
  let i = from;
  let depth = 0;
  while (i < end) {
    const c = source[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '{' || c === '(') depth++;
    else if ((c === '}' || c === ')') && depth > 0) depth--;
    else if (depth === 0 && /[\s;&|<>`)]/.test(c)) break;
    else if (c === '"' || c === "'") {
      // A quote inside a word closes on its line; one that does not is the end of a quoted string the word was in
      // (`log "base=${BASE}"`).
      const close = source.indexOf(c, i + 1);
      const eol = source.indexOf('\n', i + 1);
      if (close < 0 || close >= end || (eol >= 0 && eol < close)) break;
      i = close;
    }
    i++;
  }
  return i > from ? { start: from, end: i } : null;
}
