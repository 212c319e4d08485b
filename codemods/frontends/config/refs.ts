import type { Ref } from './model';

/**
 * References inside a value, by the syntaxes a format has:
 * - `brace`: `${NAME}`, with a shell default (`${X:-d}`, `${X-d}`, `${X:=d}`, `${X=d}`) or a Spring one (`${a.b:d}`);
 *   a default may hold references itself (`${A:-$B}`, `${A:${b}}`): those are fallbacks of the outer name;
 * - `dollar`: `$NAME` (shell, Compose, CI variables);
 * - `paren`: `$(NAME)` (xcconfig, Make);
 * - `percent`: `%(name)s` (Python configparser);
 * - `helm`: `.Values.a.b` inside `{{ … }}`; in `A | default B`, B is the fallback of A;
 * - `hcl`: `var.x`, `local.x`;
 * - `mustache`: `{{name}}` (Postman, REST-client files).
 */
export type RefSyntax = 'brace' | 'dollar' | 'paren' | 'percent' | 'helm' | 'hcl' | 'mustache';

/** The references in `source[start, end)`. */
export function scanRefs(source: string, start: number, end: number, syntaxes: readonly RefSyntax[], fallbackOf?: string): Ref[] {
  const has = new Set(syntaxes);
  const out: Ref[] = [];
  let i = start;
  while (i < end) {
    const c = source[i];
    if (c === '\\' && (has.has('dollar') || has.has('brace'))) {
      i += 2;
      continue;
    }
    if (c === '$' && source[i + 1] === '{' && has.has('brace')) {
      const close = matchBrace(source, i + 1, end);
      if (close > 0) {
        const body = source.slice(i + 2, close);
        const named = /^([A-Za-z_][\w.-]*)(?=:|$)/.exec(body);
        // `${a.b-c}` is a Spring name; `${X-d}` a shell default.
        const shell = named && /[.-]/.test(named[1]!) && !/:-/.test(body.slice(0, named[0].length + 2)) ? null : /^([A-Za-z_]\w*)(:-|:=|:\?|-|=|\?)/.exec(body);
        if (shell) {
          const dStart = i + 2 + shell[0].length;
          out.push({ name: shell[1]!, start: i, end: close + 1, default: { start: dStart, end: close }, fallbackOf });
          out.push(...scanRefs(source, dStart, close, syntaxes, shell[1]!));
        } else if (named && body.length > named[0].length) {
          const dStart = i + 2 + named[0].length + 1;
          out.push({ name: named[1]!, start: i, end: close + 1, default: { start: dStart, end: close }, fallbackOf });
          out.push(...scanRefs(source, dStart, close, syntaxes, named[1]!));
        } else if (named) {
          out.push({ name: named[1]!, start: i, end: close + 1, fallbackOf });
        }
        i = close + 1;
        continue;
      }
    }
    if (c === '$' && source[i + 1] === '(' && has.has('paren')) {
      const close = source.indexOf(')', i);
      if (close > 0 && close < end) {
        const name = source.slice(i + 2, close);
        if (/^[A-Za-z_]\w*$/.test(name)) out.push({ name, start: i, end: close + 1, fallbackOf });
        i = close + 1;
        continue;
      }
    }
    if (c === '$' && has.has('dollar')) {
      const m = /^[A-Za-z_]\w*/.exec(source.slice(i + 1, end));
      if (m) {
        out.push({ name: m[0], start: i, end: i + 1 + m[0].length, fallbackOf });
        i += 1 + m[0].length;
        continue;
      }
    }
    if (c === '%' && source[i + 1] === '(' && has.has('percent')) {
      const m = /^%\(([^)\s]+)\)s/.exec(source.slice(i, end));
      if (m) {
        out.push({ name: m[1]!, start: i, end: i + m[0].length, internal: true, fallbackOf });
        i += m[0].length;
        continue;
      }
    }
    if (c === '{' && source[i + 1] === '{' && (has.has('helm') || has.has('mustache'))) {
      const close = source.indexOf('}}', i + 2);
      if (close > 0 && close <= end) {
        out.push(...templateRefs(source, i, close + 2, has));
        i = close + 2;
        continue;
      }
    }
    if (has.has('hcl') && (c === 'v' || c === 'l') && !/[\w.]/.test(source[i - 1] ?? '')) {
      const m = /^(?:var|local)\.([A-Za-z_][\w-]*)/.exec(source.slice(i, end));
      if (m) {
        out.push({ name: m[1]!, start: i, end: i + m[0].length, fallbackOf });
        i += m[0].length;
        continue;
      }
    }
    i++;
  }
  return out;
}

/** `{{ .Values.a | default .Values.b }}` (Helm) or `{{name}}` (mustache). */
function templateRefs(source: string, start: number, end: number, has: Set<RefSyntax>): Ref[] {
  const inner = source.slice(start + 2, end - 2);
  const out: Ref[] = [];
  if (has.has('helm')) {
    let first: string | undefined;
    for (const m of inner.matchAll(/\.Values\.([\w.]+)/g)) {
      const name = m[1]!;
      const before = inner.slice(0, m.index);
      const fallback = first !== undefined && /\|\s*default\s*$/.test(before) ? first : undefined;
      out.push({ name, start: start + 2 + m.index, end: start + 2 + m.index + m[0].length, fallbackOf: fallback });
      first ??= name;
    }
  }
  if (has.has('mustache')) {
    const m = /^\s*([A-Za-z_$][\w.-]*)\s*$/.exec(inner);
    if (m) out.push({ name: m[1]!, start, end });
  }
  return out;
}

/** The `}` that closes the `{` at `open`, counting nested braces and skipping quotes; -1 if none before `end`. */
function matchBrace(source: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
