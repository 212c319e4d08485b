import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogue, isChangeId, getChange, type Change, type SpecRef } from '../catalogue';
import { displayPath } from '../lib/paths';
import { SKIP_REASONS, type FileOutcome, type ScanResult, type SkipReason } from '../lib/types';
import { MARKER_PATTERN, type Finding } from '../codemods/types';

/**
 * The report model: one ScanResult turned into what every output format shows. Formatters are pure
 * functions of a Report; none of them reads files or the clock.
 */

export interface ToolInfo {
  name: string;
  version: string;
}

export interface ReportFinding extends Finding {
  /** The root (as given) the file was found under. */
  root: string;
  /** The file as every command names it: relative to the current directory, with `/` (lib/paths.ts). */
  file: string;
  absPath: string;
  /** The spec passages the change rests on (from the catalogue; empty for an id the catalogue lacks). */
  spec: SpecRef[];
}

/** A `TODO(sc-migrate/<id>)` marker already in a file: a manual site `run` marked that a person has not closed. */
export interface ReportMarker {
  root: string;
  file: string;
  absPath: string;
  line: number;
  column: number;
  change: string;
  /** The marker's line, trimmed. */
  text: string;
}

export interface ReportError {
  root: string;
  file: string;
  absPath: string;
  message: string;
}

export interface ReportFile {
  root: string;
  file: string;
  absPath: string;
  kind: FileOutcome['kind'];
  status: FileOutcome['status'];
  findings: ReportFinding[];
  markers: ReportMarker[];
  error?: string;
  before: string;
  after: string;
}

export interface ChangeCount {
  change: string;
  title: string;
  auto: number;
  manual: number;
}

export interface ReportSummary {
  /** Files selected (after ignores). */
  files: number;
  filesWithFindings: number;
  auto: number;
  manual: number;
  /** Findings per change id, in catalogue order; only ids with findings. */
  byChange: Record<string, number>;
  markers: number;
  errors: number;
  /** Files no front-end analysed, by reason (their v1 addresses are still among the findings). */
  skipped: Record<SkipReason, number>;
}

export interface Report {
  tool: ToolInfo;
  roots: string[];
  summary: ReportSummary;
  /** Every finding, sorted by file, line, column (then root and change id, for stability). */
  findings: ReportFinding[];
  markers: ReportMarker[];
  errors: ReportError[];
  /** Files with findings, markers, an error or a change, sorted like the findings. */
  files: ReportFile[];
  /** Per change with findings, in catalogue order (unknown ids last). */
  changes: ChangeCount[];
}

function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byPlace(
  a: { file: string; root: string; line?: number; column?: number; change?: string },
  b: typeof a,
): number {
  return (
    cmp(a.file, b.file) ||
    cmp(a.line ?? 0, b.line ?? 0) ||
    cmp(a.column ?? 0, b.column ?? 0) ||
    cmp(a.root, b.root) ||
    cmp(a.change ?? '', b.change ?? '')
  );
}

/** 1-based line and column of every `TODO(sc-migrate/<id>)` marker in `text`. */
export function findMarkers(text: string): { line: number; column: number; change: string; text: string }[] {
  const out: { line: number; column: number; change: string; text: string }[] = [];
  const re = new RegExp(MARKER_PATTERN.source, 'g');
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  for (const m of text.matchAll(re)) {
    const index = m.index;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    const start = lineStarts[lo]!;
    const end = text.indexOf('\n', index);
    out.push({
      line: lo + 1,
      column: index - start + 1,
      change: m[1]!,
      text: text.slice(start, end === -1 ? undefined : end).trim(),
    });
  }
  return out;
}

function specOf(id: string): SpecRef[] {
  return isChangeId(id) ? getChange(id).spec : [];
}

function titleOf(id: string): string {
  return isChangeId(id) ? getChange(id).title : '(not in the catalogue)';
}

/** The change of a catalogue id, or undefined for an id the catalogue does not know. */
export function changeOf(id: string): Change | undefined {
  return isChangeId(id) ? getChange(id) : undefined;
}

export interface BuildReportOptions {
  tool: ToolInfo;
  /** Roots as given on the command line. */
  roots: string[];
  /** Folder file names are relative to (default: the current directory). */
  cwd?: string;
}

export function buildReport(scan: ScanResult, opts: BuildReportOptions): Report {
  const files: ReportFile[] = [];
  const cwd = opts.cwd ?? process.cwd();
  for (const o of scan.outcomes) {
    const place = { root: o.root, file: displayPath(o.absPath, cwd), absPath: o.absPath };
    const findings: ReportFinding[] = o.findings
      .map((f) => ({ ...f, ...place, spec: specOf(f.change) }))
      .sort(byPlace);
    const markers: ReportMarker[] = findMarkers(o.before).map((m) => ({ ...m, ...place }));
    const file: ReportFile = {
      ...place,
      kind: o.kind,
      status: o.status,
      findings,
      markers,
      before: o.before,
      after: o.after,
    };
    if (o.status === 'failed') file.error = o.error ?? 'the file could not be read or parsed';
    if (findings.length || markers.length || file.error !== undefined || o.after !== o.before) files.push(file);
  }
  files.sort(byPlace);

  const findings = files.flatMap((f) => f.findings).sort(byPlace);
  const markers = files.flatMap((f) => f.markers).sort(byPlace);
  const errors: ReportError[] = files
    .filter((f) => f.error !== undefined)
    .map((f) => ({ root: f.root, file: f.file, absPath: f.absPath, message: f.error! }));

  const counts = new Map<string, ChangeCount>();
  for (const f of findings) {
    let c = counts.get(f.change);
    if (!c) counts.set(f.change, (c = { change: f.change, title: titleOf(f.change), auto: 0, manual: 0 }));
    c[f.fix]++;
  }
  const order = new Map(catalogue.map((c, i) => [c.id, i]));
  const changes = [...counts.values()].sort(
    (a, b) =>
      (order.get(a.change) ?? Infinity) - (order.get(b.change) ?? Infinity) || cmp(a.change, b.change),
  );
  const byChange: Record<string, number> = {};
  for (const c of changes) byChange[c.change] = c.auto + c.manual;

  return {
    tool: opts.tool,
    roots: opts.roots,
    summary: {
      files: scan.filesScanned,
      filesWithFindings: files.filter((f) => f.findings.length > 0).length,
      auto: findings.filter((f) => f.fix === 'auto').length,
      manual: findings.filter((f) => f.fix === 'manual').length,
      byChange,
      markers: markers.length,
      errors: errors.length,
      skipped: { ...Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])), ...scan.skipped, 'parse-error': errors.length } as Record<SkipReason, number>,
    },
    findings,
    markers,
    errors,
    files,
    changes,
  };
}

/** `3 ignored, 1 minified`: the reasons files were not analysed, in words, or 'none'. */
export function skippedText(summary: ReportSummary): string {
  const parts = SKIP_REASONS.filter((r) => summary.skipped[r] > 0).map((r) => `${summary.skipped[r]} ${r}`);
  return parts.length ? parts.join(', ') : 'none';
}

/** Name and version of this package, from its package.json (found upwards from this module: works from source and dist). */
export function toolInfo(): ToolInfo {
  let dir = __dirname;
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'sc-migrate') return { name: pkg.name, version: pkg.version ?? '0.0.0' };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return { name: 'sc-migrate', version: '0.0.0' };
    dir = parent;
  }
}
