import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { selectChanges } from '../catalogue';
import type { Config } from '../config';
import { makeScanner } from '../codemods/engine/scan';
import { selects } from '../codemods/frontends/polyglot/selection';
import { decode, isBinary, looksGenerated, looksMinified, readUpTo } from './read';
import type { FrontEnd } from './types';

/**
 * The pre-scan of a large tree's polyglot files in worker threads. Most files of a tree (published code in
 * Python, Go, Java, …) never touch the API: reading and pre-scanning them is most of a report's time, and it is
 * the same pure question for every file — read it, is it binary, minified or generated, does the shared pre-scan
 * or the polyglot `selects` pass it. Threads answer it for a share of the files each (the main thread too); the
 * pipeline (lib/scan.ts) then goes through the files in its usual order and does not read again those answered
 * "quiet", for which the serial path would only have kept the path for the linked hops. Everything else — a file
 * that passes, is skipped for a reason or cannot be read — takes the serial path unchanged, so the outcome is the
 * same as with one thread.
 *
 * Only front-ends that say so (FrontEnd.poolSelects: their `selects` is the polyglot selection and nothing else
 * decides) are pre-scanned here; a worker loads the pre-scan, the polyglot selection and the catalogue (~50
 * modules), never a parser. A small tree is pre-scanned serially: threads start in ~0.1 s.
 */

/** What the main thread gives a worker, and what it answers: 1 for a quiet file, 0 for one the pipeline reads. */
export interface PrefilterJob {
  config: Config;
  only?: readonly string[];
  maxSize: number;
  files: { absPath: string; minifiable: boolean }[];
}

/** Below this many files of such front-ends, one thread: starting workers costs more than it saves. */
export const PARALLEL_MIN_FILES = 2000;
/** At most this many threads (the main one included). */
export const MAX_THREADS = 4;

/**
 * The thread count for a run: `threads` if given, else SC_MIGRATE_THREADS, else the machine's cores (at most
 * MAX_THREADS); `chosen` when given or set, which then applies to a tree of any size.
 */
export function threadCount(threads: number | undefined): { threads: number; chosen: boolean } {
  const fromEnv = Number(process.env.SC_MIGRATE_THREADS);
  const set = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
  const n = threads ?? set ?? Math.min(MAX_THREADS, availableCores());
  return { threads: Math.max(1, Math.floor(n)), chosen: (threads ?? set) !== undefined };
}

function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Whether a front-end's files can be pre-scanned in a worker (see FrontEnd.poolSelects). */
export function poolable(frontEnd: FrontEnd): boolean {
  return frontEnd.poolSelects === true && frontEnd.selectsModels === true && !frontEnd.always && !frontEnd.imports;
}

/**
 * The answers for a job's files, in its order: 1 when the file is text that is neither minified nor generated and
 * that neither the pre-scan nor `selects` passes (the serial path would not analyse it now), else 0.
 */
export function quietVerdicts(job: PrefilterJob): Uint8Array {
  const scanner = makeScanner(job.config, selectChanges(job.only));
  const out = new Uint8Array(job.files.length);
  job.files.forEach((f, i) => {
    try {
      const { buf } = readUpTo(f.absPath, job.maxSize);
      if (!buf || isBinary(buf)) return;
      const text = decode(buf).text;
      if ((f.minifiable && looksMinified(text)) || looksGenerated(text)) return;
      if (scanner(text, { modelNames: false }) || selects(text)) return;
      out[i] = 1;
    } catch {
      // The pipeline reads it again and reports what went wrong.
    }
  });
  return out;
}

/**
 * The files of poolable front-ends the pipeline need not read now (by absolute path), answered by `threads`
 * threads; null when the run is serial (one thread, too few such files, or no worker script beside this module:
 * the TypeScript sources under a test runner).
 */
export async function quietFiles(
  files: readonly { absPath: string; frontEnd: FrontEnd }[],
  opts: { config: Config; only?: readonly string[]; maxSize: number; threads?: number },
): Promise<Set<string> | null> {
  const { threads, chosen } = threadCount(opts.threads);
  const pool = files.filter((f) => poolable(f.frontEnd));
  if (threads < 2 || pool.length < (chosen ? threads : PARALLEL_MIN_FILES)) return null;
  const script = path.join(__dirname, 'prefilter-worker.js');
  if (!fs.existsSync(script)) return null;
  const { Worker } = await import('node:worker_threads');
  // Interleaved shares: neighbouring files are alike in size (a package's tests, its generated bindings).
  const shares = Array.from({ length: threads }, (_, t) => pool.filter((_, i) => i % threads === t));
  const job = (share: typeof pool): PrefilterJob => ({
    config: opts.config,
    only: opts.only,
    maxSize: opts.maxSize,
    files: share.map((f) => ({ absPath: f.absPath, minifiable: f.frontEnd.minifiable === true })),
  });
  const answers = shares.slice(1).map(
    (share) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const w = new Worker(script, { workerData: job(share) });
        w.once('message', (m: Uint8Array) => resolve(m));
        w.once('error', reject);
        w.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`pre-scan worker exited with ${code}`))));
      }),
  );
  const own = quietVerdicts(job(shares[0]!));
  let all: Uint8Array[];
  try {
    all = [own, ...(await Promise.all(answers))];
  } catch {
    // A worker that fails (no memory for another thread) leaves its files to the serial path.
    const settled = await Promise.allSettled(answers);
    all = [own, ...settled.map((s, t) => (s.status === 'fulfilled' ? s.value : new Uint8Array(shares[t + 1]!.length)))];
  }
  const quiet = new Set<string>();
  all.forEach((verdicts, t) => verdicts.forEach((v, i) => v === 1 && quiet.add(shares[t]![i]!.absPath)));
  return quiet;
}
