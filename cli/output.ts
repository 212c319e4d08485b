import * as readline from 'node:readline';
import pc from 'picocolors';
import type { Colors } from 'picocolors/types';
import { SKIP_REASONS, type FileOutcome, type ScanResult } from '../lib/types';
import { findMarkers, printable } from '../report';
import { lazyModule } from '../lib/lazy';

/** Loaded when a diff is printed (`run --dry`) or a progress bar drawn (on a terminal), not with every command. */
const diff = lazyModule<typeof import('diff')>('diff');
const progress = lazyModule<typeof import('cli-progress')>('cli-progress');

/** What a command writes to: streams plus whether each is a terminal. Tests pass their own. */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
  /** Ask a yes/no question; absent when there is no terminal to ask on (then nothing is ever asked). */
  confirm?: (question: string) => Promise<boolean>;
}

/** A yes/no question on the terminal (stderr), answered on stdin; anything but y or yes is no. */
async function askTerminal(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve));
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

export const processIo: Io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  // A getter: stdin is looked at only when a question is due.
  get confirm() {
    return process.stdin.isTTY && process.stderr.isTTY ? askTerminal : undefined;
  },
};

/** Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function coloursFor(stream: Io['stdout'], env: NodeJS.ProcessEnv = process.env): Colors {
  const enabled = stream.isTTY === true && !('NO_COLOR' in env) && env.TERM !== 'dumb';
  return pc.createColors(enabled);
}

import { displayPath } from '../lib/paths';

export { displayPath };

/** A unified diff of one outcome (`--- a/<path>` / `+++ b/<path>`, `git apply`-able from the cwd). */
export function unifiedDiff(o: FileOutcome, shownPath: string, c: Colors): string {
  const patch = diff().createTwoFilesPatch(`a/${shownPath}`, `b/${shownPath}`, o.before, o.after, undefined, undefined, {
    context: 3,
    headerOptions: diff().FILE_HEADERS_ONLY,
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
  /** Sites left for a person (manual findings), marked now or before. */
  manual: number;
  /** `TODO(sc-migrate/…)` markers this run adds (0 on a run after a run: they are already there). */
  markersAdded: number;
  /** Markers in the files once the run is written (the ones a person has still to close). */
  openMarkers: number;
  failures: { path: string; error: string }[];
}

/**
 * Counts for the end of a run. `writeFailures` (absolute path → error) turns changed files that could not be
 * written into failures.
 */
export function summarize(result: ScanResult, cwd: string, writeFailures: ReadonlyMap<string, string> = new Map()): Summary {
  const s: Summary = {
    filesScanned: result.filesScanned,
    skipped: skippedWords(result),
    changed: 0,
    unchanged: 0,
    failed: 0,
    rewritten: 0,
    split: 0,
    manual: 0,
    markersAdded: 0,
    openMarkers: 0,
    failures: [],
  };
  for (const o of result.outcomes) {
    const error = o.status === 'failed' ? (o.error ?? 'failed') : writeFailures.get(o.absPath);
    const before = o.before.includes('sc-migrate/') ? findMarkers(o.before).length : 0;
    if (error !== undefined) {
      s.failed++;
      s.failures.push({ path: displayPath(o.absPath, cwd), error });
      s.openMarkers += before;
      continue;
    }
    const after = o.after === o.before ? before : findMarkers(o.after).length;
    s.openMarkers += after;
    s.markersAdded += Math.max(0, after - before);
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
  const left = `${s.manual} site${s.manual === 1 ? '' : 's'}, ${s.openMarkers} open marker${s.openMarkers === 1 ? '' : 's'}`;
  const lines = [
    c.bold(`sc-migrate run${would}`),
    row('files scanned', String(s.filesScanned)),
    row('files changed', s.changed > 0 ? c.green(String(s.changed)) : '0'),
    row('files unchanged', String(s.unchanged)),
    row('files failed', s.failed > 0 ? c.red(String(s.failed)) : '0'),
    row('files skipped', printable(s.skipped)),
    row('sites rewritten', String(s.rewritten)),
    row('sites split', String(s.split)),
    row(opts.dry ? 'markers to add' : 'markers added', String(s.markersAdded)),
    row('left for a person', s.manual > 0 || s.openMarkers > 0 ? c.yellow(left) : '0'),
  ];
  if (s.failures.length > 0) {
    lines.push('', c.red(c.bold('Failed files (left as they were):')));
    for (const f of s.failures) lines.push(`  ${printable(f.path)}: ${printable(f.error)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A progress bar on the given stream when it is a terminal; otherwise nothing at all. */
export function progressBar(stream: Io['stderr'], enabled: boolean, unit = 'files'): { update(done: number, total: number): void; stop(): void } {
  if (!enabled || stream.isTTY !== true) return { update: () => {}, stop: () => {} };
  const bar = new (progress().SingleBar)({
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
