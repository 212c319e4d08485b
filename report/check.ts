import * as path from 'node:path';
import pc from 'picocolors';
import { skippedText, type Report } from './model';
import { printable } from './text';

/**
 * `sc-migrate check`: the CI gate. It fails while any finding or `TODO(sc-migrate/…)` marker remains, and
 * while a file cannot be parsed (it could hide v1 usage).
 */

export type ProblemKind = 'finding' | 'marker' | 'error';

export interface Problem {
  kind: ProblemKind;
  absPath: string;
  root: string;
  file: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  change?: string;
  message: string;
}

export function problemsOf(report: Report): Problem[] {
  const out: Problem[] = [];
  for (const f of report.files) {
    const place = { absPath: f.absPath, root: f.root, file: f.file };
    if (f.error !== undefined) out.push({ kind: 'error', ...place, message: f.error });
    for (const x of f.findings) {
      out.push({
        kind: 'finding',
        ...place,
        line: x.line,
        column: x.column,
        endLine: x.endLine,
        endColumn: x.endColumn,
        change: x.change,
        message: x.fix === 'auto' ? `${x.message} (sc-migrate run fixes this)` : x.message,
      });
    }
    for (const m of f.markers) {
      out.push({ kind: 'marker', ...place, line: m.line, column: m.column, change: m.change, message: `open marker: ${m.text}` });
    }
  }
  return out.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
}

export interface GateOptions {
  /** Files that cannot be parsed do not fail the gate (v1 addresses the text pass found in them still do). */
  allowParseErrors?: boolean;
}

export function checkPasses(report: Report, gate: GateOptions = {}): boolean {
  return report.findings.length === 0 && report.markers.length === 0 && (gate.allowParseErrors === true || report.errors.length === 0);
}

export function checkSummary(report: Report, gate: GateOptions = {}): string {
  const s = report.summary;
  const skipped = `files skipped: ${skippedText(s)}`;
  if (checkPasses(report, gate)) return `sc-migrate check: clean (${s.files} files scanned, no v1 usage, no open markers; ${skipped})`;
  const parts = [`${s.auto + s.manual} v1 sites (${s.auto} automatic, ${s.manual} manual)`, `${s.markers} open markers`];
  if (s.errors) parts.push(`${s.errors} unparseable files${gate.allowParseErrors ? ' (allowed)' : ''}`);
  return `sc-migrate check: failed: ${parts.join(', ')} in ${s.files} files scanned; ${skipped}`;
}

/** Workflow-command data: `%`, CR and LF are escaped (GitHub's toolkit `escapeData`). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: as data, plus `:` and `,` (GitHub's toolkit `escapeProperty`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function repoPath(absPath: string, cwd: string): string {
  const rel = path.relative(cwd, absPath);
  return (rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : absPath).split(path.sep).join('/');
}

/** One `::warning …::` (findings, markers) or `::error …::` (unparseable files) line per problem, then the summary. */
export function formatGithub(report: Report, opts: { cwd: string } & GateOptions): string {
  const lines = problemsOf(report).map((p) => {
    const props: [string, string | number | undefined][] = [
      ['file', repoPath(p.absPath, opts.cwd)],
      ['line', p.line],
      ['col', p.column],
      ['endLine', p.endLine !== undefined && p.endLine !== p.line ? p.endLine : undefined],
      ['title', p.kind === 'error' ? 'sc-migrate: unparseable file' : `sc-migrate: ${p.change}`],
    ];
    const propText = props
      .filter((kv): kv is [string, string | number] => kv[1] !== undefined)
      .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
      .join(',');
    return `::${p.kind === 'error' ? 'error' : 'warning'} ${propText}::${escapeData(p.message)}`;
  });
  lines.push(checkSummary(report, opts));
  return `${lines.join('\n')}\n`;
}

export function formatCheckText(report: Report, opts: { color?: boolean } & GateOptions = {}): string {
  const c = pc.createColors(opts.color ?? false);
  const multi = new Set(report.files.map((f) => f.root)).size > 1;
  const lines = problemsOf(report).map((p) => {
    const where = printable(multi ? `${p.root.replace(/[\\/]+$/, '')}/${p.file}` : p.file);
    const pos = p.line !== undefined ? `:${p.line}:${p.column}` : '';
    const tag = p.kind === 'error' ? c.red('error') : p.kind === 'marker' ? c.magenta('marker') : c.yellow('v1');
    return `${where}${pos}  ${tag}  ${p.change ? `${c.cyan(p.change)}  ` : ''}${printable(p.message)}`;
  });
  const summary = checkSummary(report, opts);
  lines.push(checkPasses(report, opts) ? c.green(summary) : c.red(summary));
  return `${lines.join('\n')}\n`;
}
