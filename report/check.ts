import pc from 'picocolors';
import { skippedText, type Report, type ReportFile, type ReportFinding } from './model';
import { printable } from './text';

/**
 * `sc-migrate check`: the CI gate. It fails while any finding or `TODO(sc-migrate/…)` marker remains, and
 * while a file cannot be parsed (it could hide v1 usage). It lists one line per thing to do: a site `run`
 * marked is its marker, not the marker and the site again.
 */

export type ProblemKind = 'finding' | 'marker' | 'error';

export interface Problem {
  kind: ProblemKind;
  absPath: string;
  root: string;
  /** As every command names files: relative to the current directory, `/`-separated. */
  file: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  change?: string;
  message: string;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * The manual findings of a file that an open marker already stands for: the marker's change, on the statement
 * right below the marker (its anchor line, or a line after it indented deeper than the anchor with nothing at
 * the anchor's depth in between). `run` writes one marker per statement naming every field of it.
 */
export function markedFindings(f: ReportFile): Set<ReportFinding> {
  const covered = new Set<ReportFinding>();
  if (f.markers.length === 0) return covered;
  const lines = f.before.split('\n');
  const markerLines = new Set(f.markers.map((m) => m.line));
  const anchors = new Map<number, Set<string>>();
  for (const m of f.markers) {
    let anchor = m.line + 1;
    while (markerLines.has(anchor)) anchor++;
    const ids = anchors.get(anchor) ?? new Set<string>();
    ids.add(m.change);
    anchors.set(anchor, ids);
  }
  const anchorLines = [...anchors.keys()].sort((a, b) => a - b);
  for (const x of f.findings) {
    if (x.fix !== 'manual') continue;
    const anchor = anchorLines.filter((a) => a <= x.line).pop();
    if (anchor === undefined || !anchors.get(anchor)!.has(x.change)) continue;
    const depth = indentOf(lines[anchor - 1] ?? '');
    let inside = true;
    for (let l = anchor + 1; l < x.line && inside; l++) {
      const text = lines[l - 1] ?? '';
      if (text.trim() !== '' && indentOf(text) <= depth) inside = false;
    }
    if (inside) covered.add(x);
  }
  return covered;
}

export function problemsOf(report: Report): Problem[] {
  const out: Problem[] = [];
  for (const f of report.files) {
    const place = { absPath: f.absPath, root: f.root, file: f.file };
    if (f.error !== undefined) out.push({ kind: 'error', ...place, message: f.error });
    const marked = markedFindings(f);
    for (const x of f.findings) {
      if (marked.has(x)) continue;
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

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The gate's last line: clean, or the things to do by kind (the same count as the lines above it). */
export function checkSummary(report: Report, gate: GateOptions = {}): string {
  const s = report.summary;
  const skipped = `files skipped: ${skippedText(s)}`;
  if (checkPasses(report, gate)) return `sc-migrate check: clean (${s.files} files scanned, no v1 usage, no open markers; ${skipped})`;
  const problems = problemsOf(report);
  const auto = report.findings.filter((f) => f.fix === 'auto').length;
  const unmarked = problems.filter((p) => p.kind === 'finding').length - auto;
  const parts = [`${auto} for sc-migrate run`, count(s.markers, 'open marker'), count(unmarked, 'manual site') + ' without a marker'];
  if (s.errors) parts.push(`${count(s.errors, 'unparseable file')}${gate.allowParseErrors ? ' (allowed)' : ''}`);
  return `sc-migrate check: failed: ${count(problems.length, 'thing', 'things')} to do (${parts.join(', ')}) in ${s.files} files scanned; ${skipped}`;
}

/** Workflow-command data: `%`, CR and LF are escaped (GitHub's toolkit `escapeData`), other control characters shown as `\xNN`. */
export function escapeData(s: string): string {
  return printable(s, { keepLineBreaks: true }).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: as data, plus `:` and `,` (GitHub's toolkit `escapeProperty`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One `::warning …::` (findings, markers) or `::error …::` (unparseable files) line per thing to do, then a summary. */
export function formatGithub(report: Report, opts: { summary?: string } & GateOptions = {}): string {
  const lines = problemsOf(report).map((p) => {
    const props: [string, string | number | undefined][] = [
      ['file', p.file],
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
  lines.push(opts.summary ?? checkSummary(report, opts));
  return `${lines.join('\n')}\n`;
}

/** One line per thing to do (`file:line:column  kind  change  message`), then the summary. */
export function formatCheckText(report: Report, opts: { color?: boolean } & GateOptions = {}): string {
  const c = pc.createColors(opts.color ?? false);
  const lines = problemsOf(report).map((p) => {
    const pos = p.line !== undefined ? `:${p.line}:${p.column}` : '';
    const tag = p.kind === 'error' ? c.red('error') : p.kind === 'marker' ? c.magenta('marker') : c.yellow('v1');
    return `${printable(p.file)}${pos}  ${tag}  ${p.change ? `${c.cyan(p.change)}  ` : ''}${printable(p.message)}`;
  });
  const summary = checkSummary(report, opts);
  lines.push(checkPasses(report, opts) ? c.green(summary) : c.red(summary));
  return `${lines.join('\n')}\n`;
}
