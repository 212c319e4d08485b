import type { ConfigValue, LooseSpan, Parsed, Site, Span } from './model';
import { scanRefs } from './refs';
import type { EmbedReader } from './yaml';

/**
 * Terraform / HCL, read by a block and expression scanner (no JS parser of HCL is kept well enough): blocks
 * and attributes, objects and maps (`environment = { SC_AUDIENCE = "…" }`), tuples, function calls
 * (`jsonencode([…])`), strings with `${…}` templates, heredocs. A variable's default is named by the variable
 * (`variable "sc_base" { default = … }` is `sc_base`, what `var.sc_base` names); a local by its name; in an
 * object of `name = "X"` and `value = …` the value is named X (ECS environment lists). An expression that is
 * not a literal (`local.sc_api_base`, a conditional) is one value with its references (`var.x`, `local.x`).
 * A heredoc of YAML, JSON or .env text (by its tag, `<<-YAML`, or by the file its key names, `"application.yml" =
 * <<EOT`) is read by that format's reader (`embed`), its markers above the attribute where the format has no comments.
 */

/** The file name a heredoc's tag stands for. */
const HEREDOC_FORMATS: Record<string, string> = { yaml: 'heredoc.yaml', yml: 'heredoc.yaml', json: 'heredoc.json', env: '.env', dotenv: '.env', properties: 'heredoc.properties', toml: 'heredoc.toml', ini: 'heredoc.ini' };
const FILE_KEY = /^[\w.-]+\.(json|ya?ml|properties|env|ini|toml)$|^\.env[\w.-]*$/i;

const OPEN: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

export function readHcl(source: string, embed?: EmbedReader): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  const sites: Site[] = [];
  const looseSpans: LooseSpan[] = [];
  /** A heredoc read as the file its tag or key names; false when it names none or its reader fails. */
  const embedded = (tag: string, path: readonly string[], start: number, end: number, parent: string, at: number): boolean => {
    const key = path[path.length - 1] ?? '';
    const name = FILE_KEY.test(key) ? key : HEREDOC_FORMATS[tag.toLowerCase()];
    if (!embed || !name) return false;
    const blankOut = (t: string) => t.replace(/[^\n]/g, ' ');
    let inner: ReturnType<EmbedReader> = null;
    try {
      inner = embed(name, blankOut(source.slice(0, start)) + source.slice(start, end) + blankOut(source.slice(end)));
    } catch {
      return false;
    }
    if (!inner) return false;
    const anchor = inner.comments ? undefined : lineAnchor(at);
    values.push(...inner.parsed.values.map((v) => ({ ...v, parent: `${parent}/${key}/${v.parent}`, anchor: anchor ?? v.anchor })));
    sites.push(...(inner.parsed.sites ?? []).map((x) => ({ ...x, anchor: anchor ?? x.anchor })));
    looseSpans.push(...(inner.parsed.loose ? [{ start, end, anchor }] : []), ...(inner.parsed.looseSpans ?? []));
    return true;
  };
  const n = source.length;
  let pos = 0;
  let ids = 0;

  /** Blanks, newlines (when `lines`) and comments. */
  const blank = (lines: boolean) => {
    while (pos < n) {
      const c = source[pos]!;
      if (c === '#' || (c === '/' && source[pos + 1] === '/')) {
        const nl = source.indexOf('\n', pos);
        skip.push({ start: pos, end: nl < 0 ? n : nl });
        pos = nl < 0 ? n : nl;
      } else if (c === '/' && source[pos + 1] === '*') {
        const close = source.indexOf('*/', pos + 2);
        skip.push({ start: pos, end: close < 0 ? n : close + 2 });
        pos = close < 0 ? n : close + 2;
      } else if (c === ' ' || c === '\t' || c === '\r' || (lines && c === '\n')) pos++;
      else break;
    }
  };

  /** The end of a quoted string opened at `open` (templates may nest strings). */
  const stringEnd = (open: number): number => {
    let i = open + 1;
    while (i < n && source[i] !== '"') {
      if (source[i] === '\\') i += 2;
      else if ((source[i] === '$' || source[i] === '%') && source[i + 1] === '{') i = groupEnd(i + 1);
      else i++;
    }
    return i;
  };

  /** The offset after the bracket group opened at `open`. */
  const groupEnd = (open: number): number => {
    const close = OPEN[source[open]!]!;
    let i = open + 1;
    while (i < n && source[i] !== close) {
      const c = source[i]!;
      if (c === '"') i = stringEnd(i) + 1;
      else if (OPEN[c]) i = groupEnd(i);
      else if (c === '#' || (c === '/' && source[i + 1] === '/')) i = source.indexOf('\n', i) < 0 ? n : source.indexOf('\n', i);
      else i++;
    }
    return i + 1;
  };

  const ident = (): string | null => {
    const m = /^[A-Za-z_][\w-]*/.exec(source.slice(pos, pos + 200));
    if (!m) return null;
    pos += m[0].length;
    return m[0];
  };

  const push = (path: string[], start: number, end: number, parent: string, list: boolean, anchor = start) =>
    values.push({ path, start, end, refs: scanRefs(source, start, end, ['hcl']), parent, list, anchor: lineAnchor(anchor) });
  const lineAnchor = (at: number) => source.lastIndexOf('\n', at - 1) + 1;

  /** One expression at `pos`, named `path`. */
  const expression = (path: string[], parent: string, list: boolean): void => {
    blank(false);
    const c = source[pos];
    if (c === '"') {
      const end = stringEnd(pos);
      push(path, pos + 1, end, parent, list);
      pos = end + 1;
    } else if (c === '{') {
      object(path, parent);
    } else if (c === '[') {
      if (/^\[\s*for\s/.test(source.slice(pos, pos + 20))) {
        pos = groupEnd(pos);
        return;
      }
      items(']', path, `t${ids++}`, true);
    } else if (c === '<' && source[pos + 1] === '<') {
      const m = /^<<-?([A-Za-z_]\w*)[ \t]*\r?\n/.exec(source.slice(pos, pos + 100));
      if (!m) return void pos++;
      const start = pos + m[0].length;
      const close = new RegExp(`^[ \\t]*${m[1]}[ \\t]*$`, 'm').exec(source.slice(start));
      const end = close ? start + close.index : n;
      // Markers go above the attribute, not inside the heredoc's text.
      if (!embedded(m[1]!, path, start, end, parent, pos)) push(path, start, end, parent, list, pos);
      pos = close ? end + close[0].length : n;
    } else if (c && /[A-Za-z_]/.test(c) && /^[A-Za-z_][\w-]*\s*\(/.test(source.slice(pos, pos + 200))) {
      // A function call: its arguments are named like the call.
      ident();
      blank(false);
      items(')', path, `f${ids++}`, false);
    } else {
      // Anything else (a reference, a number, a conditional) up to the end of the expression.
      const start = pos;
      pos = skipTo(pos, ',)]}\n');
      let end = pos;
      while (end > start && /\s/.test(source[end - 1]!)) end--;
      if (end > start) push(path, start, end, parent, list);
    }
    blank(false);
    // The rest of a longer expression (`a ? "x" : "y"`, `"a" == b`): its strings and references too.
    if (pos < n && !/[,)\]}\n#]/.test(source[pos]!) && !(source[pos] === '/' && source[pos + 1] === '/')) expression(path, parent, list);
  };

  /** The comma-separated expressions of a tuple or an argument list, from its opening bracket at `pos`. */
  const items = (close: string, path: string[], id: string, list: boolean): void => {
    pos++;
    for (;;) {
      blank(true);
      if (pos >= n || source[pos] === close) break;
      expression(path, id, list);
      blank(true);
      if (source[pos] === ',') pos++;
      else if (source[pos] !== close) pos = skipTo(pos, `,${close}`);
    }
    pos++;
  };

  const skipTo = (from: number, stops: string): number => {
    let i = from;
    while (i < n && !stops.includes(source[i]!)) {
      if (source[i] === '"') i = stringEnd(i) + 1;
      else if (OPEN[source[i]!]) i = groupEnd(i);
      else i++;
    }
    return i;
  };

  /** `{ k = v, "k" = v, k: v }` or a block body. */
  const object = (path: string[], parent: string): void => {
    const id = `o${ids++}`;
    const start = pos;
    const end = groupEnd(pos) - 1;
    const named = /(^|[\s,{])name\s*=\s*"([^"$]+)"/.exec(source.slice(start, end));
    const hasValue = /(^|[\s,{])value\s*=/.test(source.slice(start, end));
    pos++;
    for (;;) {
      blank(true);
      if (pos >= n || source[pos] === '}') break;
      let key: string | null;
      if (source[pos] === '"') {
        const e = stringEnd(pos);
        key = source.slice(pos + 1, e);
        pos = e + 1;
      } else key = ident();
      if (key === null) {
        pos = skipTo(pos, ',\n}');
        if (source[pos] !== '}') pos++;
        continue;
      }
      blank(false);
      if (source[pos] === '=' || source[pos] === ':') {
        pos++;
        const p = named && hasValue && key === 'value' ? [...path, named[2]!] : [...path, key];
        expression(p, named && hasValue && key === 'value' ? parent : id, false);
      } else {
        block(key, path, id);
        continue;
      }
      blank(false);
      if (source[pos] === ',') pos++;
    }
    pos++;
  };

  /** A block `type "label"… { … }` whose type was read. */
  const block = (type: string, path: string[], parent: string): void => {
    const labels: string[] = [];
    for (;;) {
      blank(false);
      if (source[pos] === '"') {
        const e = stringEnd(pos);
        labels.push(source.slice(pos + 1, e));
        pos = e + 1;
      } else if (source[pos] === '{') break;
      else {
        const id = ident();
        if (id === null) {
          pos = skipTo(pos, '\n');
          return;
        }
        labels.push(id);
      }
    }
    // `variable "x"` and `output "x"` are named by their label; `locals` adds nothing; other blocks add their last label or type.
    const inner = type === 'locals' || type === 'terraform' ? path : type === 'variable' || type === 'output' ? [...path, labels[0] ?? type] : [...path, labels[labels.length - 1] ?? type];
    object(inner, parent);
    if (type === 'variable') {
      for (const v of values) if (v.path.length === inner.length + 1 && v.path[inner.length] === 'default' && v.path.slice(0, inner.length).join('\u0000') === inner.join('\u0000')) v.path = inner;
    }
    // The default of a variable is named by the variable, its map keys by the variable and the key.
    for (const v of values) {
      if (type === 'variable' && v.path.length > inner.length + 1 && v.path[inner.length] === 'default') v.path = [...inner, ...v.path.slice(inner.length + 1)];
    }
  };

  const top = `root`;
  while (pos < n) {
    blank(true);
    if (pos >= n) break;
    const key = ident();
    if (key === null) {
      pos = skipTo(pos, '\n');
      pos++;
      continue;
    }
    blank(false);
    if (source[pos] === '=') {
      pos++;
      expression([key], top, false);
    } else block(key, [], top);
  }
  return { values, skip, loose: true, sites, looseSpans };
}
