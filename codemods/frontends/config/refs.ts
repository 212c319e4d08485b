import type { Ref } from './model';

/**
 * References inside a value, by the syntaxes a format has:
 * - `brace`: `${NAME}`, with a shell default (`${X:-d}`, `${X-d}`, `${X:=d}`, `${X=d}`) or a Spring one (`${a.b:d}`);
 *   a GitHub Actions expression `${{ env.X || 'd' }}` names X, with the default d;
 *   a default may hold references itself (`${A:-$B}`, `${A:${b}}`): those are fallbacks of the outer name;
 * - `dollar`: `$NAME` (shell, Compose, CI variables);
 * - `paren`: `$(NAME)` (xcconfig, Make);
 * - `percent`: `%(name)s` (Python configparser);
 * - `helm`: `.Values.a.b` inside `{{ … }}`; in `A | default B`, B is the fallback of A; in `A | default "d"` and
 *   `default "d" A`, d is the default of A;
 * - `hcl`: `var.x`, `local.x`;
 * - `mustache`: `{{name}}` (Postman, REST-client files);
 * - `jinja`: `{{ name }}`, `{{ name | filter }}` (Ansible, Salt); in `name | default('d')` d is the default, in
 *   `name | default(other)` other is the fallback of name;
 * - `serverless`: `${ssm:/path, 'd'}`, `${env:NAME, ${self:x}}` (Serverless Framework): the text after the
 *   last top-level comma is the default (a quoted literal) or a fallback reference.
 */
export type RefSyntax = 'brace' | 'dollar' | 'paren' | 'percent' | 'helm' | 'hcl' | 'mustache' | 'jinja' | 'serverless';

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
      const sls = close > 0 && has.has('serverless') ? serverlessRef(source, i, close, syntaxes, fallbackOf) : null;
      if (sls) {
        out.push(...sls);
        i = close + 1;
        continue;
      }
      const action = close > 0 ? actionsRef(source, i, close, fallbackOf) : undefined;
      if (action !== undefined) {
        if (action) out.push(action);
        i = close + 1;
        continue;
      }
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
    if (c === '{' && source[i + 1] === '{' && (has.has('helm') || has.has('mustache') || has.has('jinja'))) {
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

/**
 * A GitHub Actions expression `${{ … }}` between `open` (the `$`) and `close` (its `}`): `${{ env.X }}`,
 * `${{ vars.X }}`, `${{ inputs.x }}`, `${{ matrix.x }}` name X (x), and `${{ env.X || 'd' }}` has the default d.
 * Null for another expression; undefined when the text is no such expression.
 */
function actionsRef(source: string, open: number, close: number, fallbackOf?: string): Ref | null | undefined {
  if (source[open + 2] !== '{' || source[close - 1] !== '}') return undefined;
  const body = source.slice(open + 3, close - 1);
  const m = /^\s*(?:env|vars|inputs|matrix|github\.event\.inputs)\.([A-Za-z_][\w-]*)\s*(?:\|\|\s*(?:'([^'\n]*)'|(-?\d+)))?\s*$/.exec(body);
  if (!m) return null;
  const lit = m[2] ?? m[3];
  if (lit === undefined) return { name: m[1]!, start: open, end: close + 1, fallbackOf };
  const at = open + 3 + m[0].trimEnd().length - (m[2] !== undefined ? 1 : 0) - lit.length;
  return { name: m[1]!, start: open, end: close + 1, default: { start: at, end: at + lit.length }, fallbackOf };
}

/** A literal in a Go template: `"d"`, `'d'` or a number (groups 1, 2, 3). */
export const HELM_LITERAL = `(?:"([^"\\n]*)"|'([^'\\n]*)'|(-?\\d+(?:\\.\\d+)?)\\b)`;

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
      const at = start + 2 + m.index;
      // A literal default (a quoted string or a number): `.Values.a | default "d"`, or Sprig's prefix form `default "d" .Values.a`.
      const rest = m.index + m[0].length;
      const after = new RegExp(`^\\s*\\|\\s*default\\s+${HELM_LITERAL}`).exec(inner.slice(rest));
      const prefix = new RegExp(`\\bdefault\\s+${HELM_LITERAL}\\s*$`).exec(before);
      const litEnd = (x: RegExpExecArray, from: number) => {
        const text = x[1] ?? x[2] ?? x[3]!;
        const stop = from + x.index + x[0].trimEnd().length - (x[3] === undefined ? 1 : 0);
        return { start: stop - text.length, end: stop };
      };
      const lit = after ? litEnd(after, start + 2 + rest) : prefix ? litEnd(prefix, start + 2) : undefined;
      out.push({ name, start: at, end: at + m[0].length, fallbackOf: fallback, default: lit });
      first ??= name;
    }
  }
  if (has.has('mustache')) {
    const m = /^\s*([A-Za-z_$][\w.-]*)\s*$/.exec(inner);
    if (m) out.push({ name: m[1]!, start, end });
  } else if (has.has('jinja') && source[start - 1] !== '$') {
    const m = /^(-?\s*)([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?:$|\|)/.exec(inner);
    if (m && !GO_TEMPLATE_WORDS.has(m[2]!)) {
      const d = /\|\s*default\(\s*(?:(['"])([^'"]*)\1|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*))\s*[,)]/.exec(inner);
      const at = start + 2 + inner.indexOf(d?.[0] ?? '\u0000');
      const literal = d?.[2] !== undefined ? { start: at + d[0].indexOf(d[1]!) + 1, end: at + d[0].indexOf(d[1]!) + 1 + d[2].length } : undefined;
      out.push({ name: m[2]!, start, end, default: literal });
      if (d?.[3]) out.push({ name: d[3], start: at + d[0].indexOf(d[3]), end: at + d[0].indexOf(d[3]) + d[3].length, fallbackOf: m[2]! });
    }
  }
  return out;
}

/** Words of Go templates that read like a Jinja name (`{{ end }}`, `{{ else }}`). */
const GO_TEMPLATE_WORDS = new Set(['end', 'else', 'if', 'range', 'with', 'define', 'template', 'block', 'include', 'nil', 'true', 'false', 'break', 'continue']);

const SERVERLESS = /^(?:ssm|env|self|opt|sls|cf|s3|param|aws|file\([^)]*\))(?:\([^)]*\))?:/;

/** A Serverless variable `${source:address, fallback}` between `open` (the `$`) and `close` (its `}`), or null. */
function serverlessRef(source: string, open: number, close: number, syntaxes: readonly RefSyntax[], fallbackOf?: string): Ref[] | null {
  const body = source.slice(open + 2, close);
  const m = SERVERLESS.exec(body);
  if (!m) return null;
  // The last comma outside nested `${…}` and quotes separates the fallback.
  let depth = 0;
  let quote = '';
  let comma = -1;
  for (let k = 0; k < body.length; k++) {
    const ch = body[k]!;
    if (quote) quote = ch === quote ? '' : quote;
    else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) comma = k;
  }
  const address = (comma < 0 ? body : body.slice(0, comma)).slice(m[0].length).trim();
  const name = m[0] === 'env:' ? address : `${m[0]}${address.replace(/\$\{[^}]*\}/g, '*')}`;
  if (comma < 0) return [{ name, start: open, end: close + 1, fallbackOf }];
  const fStart = open + 2 + comma + 1;
  const raw = source.slice(fStart, close);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const q = /^(['"])(.*)\1$/s.exec(text);
  if (q) return [{ name, start: open, end: close + 1, default: { start: fStart + lead + 1, end: fStart + lead + 1 + q[2]!.length }, fallbackOf }];
  return [{ name, start: open, end: close + 1, fallbackOf }, ...scanRefs(source, fStart, close, syntaxes, name)];
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
