import type { Change } from '../../../catalogue';
import type { Config } from '../../../config';
import { baseVariables, bodySites, pathTie, refineTie, relativePath } from './calls';
import { linesOf } from './lines';
import type { ConfigValue, Parsed, Site, Span } from './model';
import { scanRefs } from './refs';
import { readShell } from './shell';

/**
 * Request documents. Markdown runbooks are never rewritten (a person reads them; a table or a sentence may
 * name an address in a role the text does not show): every v1 address is reported, with the value of its role
 * where the line names one, and fenced shell blocks (`sh`, `bash`, `shell`, `console`, unlabelled) are read as
 * scripts so their API calls are reported too. REST-client files (`.http`, `.rest`): `@name = value`
 * variables, requests (`METHOD url`, headers, a JSON body) separated by `###`.
 */

export interface DocContext {
  config: Config;
  changes: readonly Change[];
}

const SHELL_FENCES = new Set(['', 'sh', 'bash', 'shell', 'console', 'zsh', 'shell-session']);

export function readMarkdown(source: string, ctx: DocContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(source.slice(lines[i]!.start, lines[i]!.end));
    if (!open) {
      i = table(source, lines, i, values);
      continue;
    }
    let k = i + 1;
    while (k < lines.length && !source.slice(lines[k]!.start, lines[k]!.end).trim().startsWith(open[1]!)) k++;
    if (SHELL_FENCES.has(open[2]!.toLowerCase()) && k > i + 1) {
      const parsed = readShell(source, ctx, lines[i + 1]!.start, lines[k - 1]!.end, { parent: `fence${i}` });
      values.push(...parsed.values);
      sites.push(...(parsed.sites ?? []));
    }
    i = k;
  }
  // Comments inside fences are still text a person reads: only the values and sites count, the rest is searched.
  return { values, sites, loose: true };
}

/** A pipe table at line `i`: its cells are values named by their column's header. Returns the last line read. */
function table(source: string, lines: ReturnType<typeof linesOf>, i: number, values: ConfigValue[]): number {
  const row = (k: number) => {
    const l = lines[k];
    if (!l) return null;
    const text = source.slice(l.start, l.end);
    if (!text.includes('|')) return null;
    const cells: Span[] = [];
    let start = l.start + (text.trimStart().startsWith('|') ? text.indexOf('|') + 1 : 0);
    for (let p = start; p <= l.end; p++) {
      if (p === l.end || (source[p] === '|' && source[p - 1] !== '\\')) {
        if (p > start || p < l.end) cells.push({ start, end: p });
        start = p + 1;
      }
    }
    return cells.filter((c, n) => n < cells.length - 1 || source.slice(c.start, c.end).trim() !== '');
  };
  const header = row(i);
  const sep = lines[i + 1] ? source.slice(lines[i + 1]!.start, lines[i + 1]!.end) : '';
  if (!header || !/^\s*\|?\s*:?-{3,}/.test(sep)) return i;
  const names = header.map((c) => source.slice(c.start, c.end).trim());
  let k = i + 2;
  for (let cells = row(k); cells; cells = row(++k)) {
    cells.forEach((c, n) => {
      const raw = source.slice(c.start, c.end);
      const lead = raw.length - raw.trimStart().length;
      const inner = raw.trim().replace(/^`(.*)`$/, '$1');
      const start = c.start + lead + (raw.trim().startsWith('`') && inner !== raw.trim() ? 1 : 0);
      if (inner) values.push({ path: [names[n] ?? ''], start, end: start + inner.length, refs: [], parent: `table${i}/${k}` });
    });
  }
  return k - 1;
}

export function readHttp(source: string, ctx: DocContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const skip: Span[] = [];
  const lines = linesOf(source);
  const text = (i: number) => source.slice(lines[i]!.start, lines[i]!.end);
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*@([A-Za-z_][\w.-]*)\s*=\s*/.exec(text(i));
    if (m) {
      const start = lines[i]!.start + m[0].length;
      let end = lines[i]!.end;
      while (end > start && /\s/.test(source[end - 1]!)) end--;
      values.push({ path: [m[1]!], start, end, refs: scanRefs(source, start, end, ['mustache']), parent: 'http' });
    } else if (/^\s*(#|\/\/)/.test(text(i)) && !/^\s*###/.test(text(i))) skip.push(lines[i]!);
  }
  const isBase = baseVariables(ctx.config, source, values);
  for (let i = 0; i < lines.length; i++) {
    const req = /^\s*(GET|POST|PUT|PATCH|DELETE)\s+(\S+)/.exec(text(i));
    if (!req) continue;
    let k = i + 1;
    while (k < lines.length && text(k).trim() !== '' && !/^\s*###/.test(text(k))) k++;
    const bodyStart = k + 1;
    let e = bodyStart;
    while (e < lines.length && !/^\s*###/.test(text(e)) && !/^\s*(GET|POST|PUT|PATCH|DELETE)\s+\S/.test(text(e))) e++;
    const rel = relativePath(ctx.config, req[2]!, isBase);
    const tie = rel !== null ? pathTie(req[1]!, rel) : null;
    if (!tie || bodyStart >= e) continue;
    const start = lines[bodyStart]!.start;
    const end = lines[e - 1]!.end;
    const body = source.slice(start, end);
    const map = Array.from({ length: body.length }, (_, n) => start + n);
    sites.push(...bodySites({ text: body, map }, refineTie(tie, body), ctx.changes, lines[i]!.start));
    i = e - 1;
  }
  return { values, sites, skip, loose: true };
}
