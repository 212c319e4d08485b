import { SingleBar } from 'cli-progress';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import * as path from 'node:path';
import pc from 'picocolors';
import type { Colors } from 'picocolors/types';
import { SKIP_REASONS, type FileOutcome, type ScanResult } from '../lib/types';

/** What a command writes to: streams plus whether each is a terminal. Tests pass their own. */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/** Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function coloursFor(stream: Io['stdout'], env: NodeJS.ProcessEnv = process.env): Colors {
  const enabled = stream.isTTY === true && !('NO_COLOR' in env) && env.TERM !== 'dumb';
  return pc.createColors(enabled);
}

/** A path for people: relative to the cwd when inside it, `/`-separated. */
export function displayPath(absPath: string, cwd: string): string {
  const rel = path.relative(cwd, absPath);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? absPath : rel).split(path.sep).join('/');
}

/** A unified diff of one outcome (`--- a/<path>` / `+++ b/<path>`, `git apply`-able from the cwd). */
export function unifiedDiff(o: FileOutcome, shownPath: string, c: Colors): string {
  const patch = createTwoFilesPatch(`a/${shownPath}`, `b/${shownPath}`, o.before, o.after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  if (!c.isColorSupported) return patch;
  return patch
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return c.bold(line);
      if (line.startsWith('@@')) return c.cyan(line);
      if (line.startsWith('+')) return c.green(line);
      if (line.startsWith('-')) return c.red(line);
      return line;
    })
    .join('\n');
}

export interface Summary {
  filesScanned: number;
  /** `2 ignored, 1 binary` or 'none'. */
  skipped: string;
  changed: number;
  unchanged: number;
  failed: number;
  /** Sites rewritten whose role was known (auto findings of changed files, splits apart). */
  rewritten: number;
  /** Sites of one v1 value used both as the API base and as the token audience, given one value per role. */
  split: number;
  /** Sites left for a person (manual findings). */
  manual: number;
  failures: { path: string; error: string }[];
}

/**
 * Counts for the end of a run. `writeFailures` (absolute path → error) turns changed files that could not be
 * written into failures.
 */
export function summarize(result: ScanResult, cwd: string, writeFailures: ReadonlyMap<string, string> = new Map()): Summary {
  const s: Summary = { filesScanned: result.filesScanned, skipped: skippedWords(result), changed: 0, unchanged: 0, failed: 0, rewritten: 0, split: 0, manual: 0, failures: [] };
  for (const o of result.outcomes) {
    const error = o.status === 'failed' ? (o.error ?? 'failed') : writeFailures.get(o.absPath);
    if (error !== undefined) {
      s.failed++;
      s.failures.push({ path: displayPath(o.absPath, cwd), error });
      continue;
    }
    if (o.status === 'changed') {
      s.changed++;
      const edits = o.findings.filter((f) => f.fix === 'auto' && f.definedAt === undefined);
      s.split += edits.filter((f) => f.role === 'split').length;
      s.rewritten += edits.filter((f) => f.role !== 'split').length;
    }
    s.manual += o.findings.filter((f) => f.fix === 'manual').length;
  }
  s.unchanged = Math.max(0, s.filesScanned - s.changed - s.failed);
  return s;
}

/** The reasons files were not analysed, in words: `3 ignored, 1 minified`, or 'none'. */
function skippedWords(result: ScanResult): string {
  const parts = SKIP_REASONS.filter((r) => r !== 'parse-error' && (result.skipped?.[r] ?? 0) > 0).map((r) => `${result.skipped![r]} ${r}`);
  return parts.length ? parts.join(', ') : 'none';
}

export function formatSummary(s: Summary, c: Colors, opts: { dry: boolean }): string {
  const would = opts.dry ? ' (dry run: nothing written)' : '';
  const row = (label: string, value: string) => `  ${label.padEnd(22)}${value}`;
  const lines = [
    c.bold(`sc-migrate run${would}`),
    row('files scanned', String(s.filesScanned)),
    row('files changed', s.changed > 0 ? c.green(String(s.changed)) : '0'),
    row('files unchanged', String(s.unchanged)),
    row('files failed', s.failed > 0 ? c.red(String(s.failed)) : '0'),
    row('files skipped', s.skipped),
    row('sites rewritten', String(s.rewritten)),
    row('sites split', String(s.split)),
    row('left for a person', s.manual > 0 ? c.yellow(String(s.manual)) : '0'),
  ];
  if (s.failures.length > 0) {
    lines.push('', c.red(c.bold('Failed files (left as they were):')));
    for (const f of s.failures) lines.push(`  ${f.path}: ${f.error}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A progress bar on the given stream when it is a terminal; otherwise nothing at all. */
export function progressBar(stream: Io['stderr'], enabled: boolean, unit = 'files'): { update(done: number, total: number): void; stop(): void } {
  if (!enabled || stream.isTTY !== true) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({
    stream: stream as NodeJS.WritableStream,
    format: `sc-migrate [{bar}] {value}/{total} ${unit}`,
    clearOnComplete: true,
    hideCursor: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
