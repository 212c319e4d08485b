import type { Change } from '../../../catalogue';
import type { Config } from '../../../config';
import { linesOf } from './lines';
import type { ConfigValue, NameUse, Parsed, Site, Span } from './model';
import { readShell } from './shell';

/**
 * Request documents. Markdown runbooks are never rewritten (a person reads them; a table or a sentence may
 * name an address in a role the text does not show): every v1 address is reported, with the value of its role
 * where the line names one, and fenced shell blocks (`sh`, `bash`, `shell`, `console`, unlabelled) are read as
 * scripts so their API calls are reported too.
 */

export interface DocContext {
  config: Config;
  changes: readonly Change[];
  /** The run's other files' uses and definitions of names (request files read the base variables they define). */
  nameUses?: readonly NameUse[];
  /** Absolute path of the file (definitions of other files apply to their folder's files). */
  filePath?: string;
}

const SHELL_FENCES = new Set(['', 'sh', 'bash', 'shell', 'console', 'zsh', 'shell-session']);

export function readMarkdown(source: string, ctx: DocContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(source.slice(lines[i]!.start, lines[i]!.end));
    if (!open) {
      const end = indentedBlock(source, lines, i);
      if (end >= i) {
        // An indented code block (four spaces or a tab, after a blank line) that calls curl: read as a shell script.
        const block = source.slice(lines[i]!.start, lines[end]!.end);
        if (/\bcurl\b/.test(block)) {
          const parsed = readShell(source, ctx, lines[i]!.start, lines[end]!.end, { parent: `indented${i}` });
          values.push(...parsed.values);
          sites.push(...(parsed.sites ?? []));
        }
        i = end;
        continue;
      }
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

/** The last line of an indented code block that starts at line `i` (after a blank line or the start), or -1. */
function indentedBlock(source: string, lines: ReturnType<typeof linesOf>, i: number): number {
  const text = (k: number) => source.slice(lines[k]!.start, lines[k]!.end);
  const code = (k: number) => /^( {4}|\t)\s*\S/.test(text(k));
  if (!code(i) || (i > 0 && text(i - 1).trim() !== '')) return -1;
  let last = i;
  for (let k = i + 1; k < lines.length && (code(k) || text(k).trim() === ''); k++) if (code(k)) last = k;
  return last;
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
