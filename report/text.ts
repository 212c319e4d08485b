import pc from 'picocolors';
import { skippedText, type Report, type ReportFile } from './model';

export interface TextOptions {
  /** ANSI colours (the command turns them on only when stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
}

/**
 * Control characters from scanned text (file names, parse errors, replacements) must not drive the terminal:
 * each is shown escaped (`\n`, `\t`, `\x00`). `keepLineBreaks` leaves LF and CR, `keepTabs` tabs, for a caller that
 * deals with them (an HTML page, a workflow command).
 */
export function printable(s: string, opts: { keepLineBreaks?: boolean; keepTabs?: boolean } = {}): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) =>
    (opts.keepLineBreaks && (c === '\n' || c === '\r')) || (opts.keepTabs && c === '\t')
      ? c
      : c === '\n'
        ? '\\n'
        : c === '\t'
          ? '\\t'
          : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** Rows as aligned columns (two spaces apart); `rightAligned` columns are padded on the left. */
export function table(rows: string[][], rightAligned: Set<number>): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 && !rightAligned.has(i) ? cell : rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function headline(report: Report): string {
  const s = report.summary;
  const sites = s.auto + s.manual;
  const parts = [
    `${plural(sites, 'v2 site')} in ${plural(s.filesWithFindings, 'file')} of ${s.files} scanned`,
    `${s.auto} automatic, ${s.manual} manual`,
  ];
  if (s.markers) parts.push(plural(s.markers, 'open marker'));
  if (s.errors) parts.push(plural(s.errors, 'unreadable file'));
  return parts.join('; ');
}

function shown(f: { file: string }): string {
  return printable(f.file);
}

/** Summary tables by change and by file, then every site (auto with its replacement, manual with what to do). */
export function formatText(report: Report, opts: TextOptions = {}): string {
  const c = pc.createColors(opts.color ?? false);
  const out: string[] = [];
  out.push(c.bold(`sc-migrate report: ${headline(report)}`), c.dim(`files skipped: ${skippedText(report.summary)}`), '');

  if (report.changes.length) {
    out.push(c.bold('By change'));
    const rows = [['change', 'auto', 'manual', 'title'], ...report.changes.map((ch) => [ch.change, String(ch.auto), String(ch.manual), ch.title])];
    out.push(...table(rows, new Set([1, 2])).map((l, i) => (i === 0 ? c.dim(`  ${l}`) : `  ${l}`)), '');
  }

  const withSites = report.files.filter((f) => f.findings.length || f.markers.length);
  if (withSites.length) {
    out.push(c.bold('By file'));
    const rows = [
      ['file', 'auto', 'manual', 'markers'],
      ...withSites.map((f) => [
        shown(f),
        String(f.findings.filter((x) => x.fix === 'auto').length),
        String(f.findings.filter((x) => x.fix === 'manual').length),
        String(f.markers.length),
      ]),
    ];
    out.push(...table(rows, new Set([1, 2, 3])).map((l, i) => (i === 0 ? c.dim(`  ${l}`) : `  ${l}`)), '');
    out.push(c.bold('Sites'));
    for (const f of withSites) out.push(...fileSites(f, c));
  }

  if (report.errors.length) {
    out.push(c.bold(c.red('Files that could not be read or parsed (left out)')));
    for (const e of report.errors) out.push(`  ${shown(e)}: ${printable(e.message)}`);
    out.push('');
  }
  if (!report.findings.length && !report.markers.length) {
    // A file that could not be parsed may hold v1 usage the text pass cannot see: never call that clean.
    out.push(report.errors.length ? c.yellow(`No v1 usage found in the files that could be read; ${plural(report.errors.length, 'file')} could not.`) : c.green('No v1 usage found.'), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function fileSites(f: ReportFile, c: ReturnType<typeof pc.createColors>): string[] {
  const out = [c.underline(shown(f))];
  const idWidth = Math.max(0, ...f.findings.map((x) => x.change.length), ...f.markers.map((m) => m.change.length));
  const rows: { line: number; column: number; text: string[] }[] = [];
  for (const x of f.findings) {
    const tag = x.fix === 'auto' ? c.green('auto  ') : c.yellow('manual');
    const text = [`  ${c.dim(`${x.line}:${x.column}`.padEnd(8))} ${tag}  ${c.cyan(x.change.padEnd(idWidth))}  ${printable(x.message)}`];
    if (x.fix === 'auto' && x.replacement !== undefined) {
      text.push(`  ${' '.repeat(8)}         → ${x.replacement === '' ? c.dim('(deleted)') : printable(x.replacement)}`);
    }
    rows.push({ line: x.line, column: x.column, text });
  }
  for (const m of f.markers) {
    rows.push({
      line: m.line,
      column: m.column,
      text: [`  ${c.dim(`${m.line}:${m.column}`.padEnd(8))} ${c.magenta('marker')}  ${c.cyan(m.change.padEnd(idWidth))}  ${printable(m.text)}`],
    });
  }
  rows.sort((a, b) => a.line - b.line || a.column - b.column);
  for (const r of rows) out.push(...r.text);
  out.push('');
  return out;
}
