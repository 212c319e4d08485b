import * as fs from 'node:fs';
import * as path from 'node:path';
import { selectChanges } from '../catalogue';
import type { Config } from '../config';
import { makeScanner } from '../codemods/engine/scan';
import { selects } from '../codemods/frontends/polyglot/selection';
import { decode, decodeUtf16, isBinary, looksGenerated, looksMinified, readUpTo } from './read';
import { availableCores, MAX_THREADS } from './threads';
import type { FrontEnd } from './types';

/**
 * The pre-scan of a large tree's polyglot files in worker threads. Most files of a tree (published code in
 * Python, Go, Java, …) never touch the API: reading and pre-scanning them is about half of a report's time, and
 * it is the same pure question for every file — read it, is it binary, minified or generated, does the shared
 * pre-scan or the polyglot `selects` pass it. Threads answer it, taking files from a shared queue (the main thread
 * too); the pipeline (lib/scan.ts) then goes through the files in its usual order and does not read again those answered
 * "quiet", for which the serial path would only have kept the path for the linked hops. Everything else — a file
 * that passes, is skipped for a reason or cannot be read — takes the serial path unchanged, so the outcome is the
 * same as with one thread.
 *
 * Only front-ends that say so (FrontEnd.poolSelects: their `selects` is the polyglot selection and nothing else
 * decides) are pre-scanned here; a worker loads the pre-scan, the polyglot selection and the catalogue (~50
 * modules), never a parser. A small tree is pre-scanned serially: threads start in ~0.1 s.
 */

/**
 * What the main thread gives the workers: the files, and two shared buffers — the index of the next file to take
 * (threads take CHUNK files at a time, so a worker that starts late or a thread slowed by a large file takes fewer)
 * and the answers, by file: 1 quiet, 2 for a file the pipeline reads, 0 not answered (yet).
 */
export interface PrefilterJob {
  config: Config;
  only?: readonly string[];
  maxSize: number;
  files: { absPath: string; minifiable: boolean }[];
  next: SharedArrayBuffer;
  verdicts: SharedArrayBuffer;
}

const CHUNK = 8;

/** Below this many files of such front-ends, one thread: starting workers costs more than it saves. */
export const PARALLEL_MIN_FILES = 2000;

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


/** Whether a front-end's files can be pre-scanned in a worker (see FrontEnd.poolSelects). */
export function poolable(frontEnd: FrontEnd): boolean {
  return frontEnd.poolSelects === true && frontEnd.selectsModels === true && !frontEnd.always && !frontEnd.imports;
}

/**
 * Answer the job's files, CHUNK at a time, until none is left: 1 when the file is text that is neither minified nor
 * generated and that neither the pre-scan nor `selects` passes (the serial path would not analyse it now), else 2.
 * Calls `chunkDone` after each chunk.
 */
export function answerFiles(job: PrefilterJob, chunkDone: () => void = () => {}): void {
  const scanner = makeScanner(job.config, selectChanges(job.only));
  const next = new Int32Array(job.next);
  const out = new Uint8Array(job.verdicts);
  for (let from = Atomics.add(next, 0, CHUNK); from < job.files.length; from = Atomics.add(next, 0, CHUNK)) {
    for (let i = from; i < Math.min(from + CHUNK, job.files.length); i++) out[i] = isQuiet(job.files[i]!, job.maxSize, scanner) ? 1 : 2;
    chunkDone();
  }
}

function isQuiet(f: PrefilterJob['files'][number], maxSize: number, scanner: ReturnType<typeof makeScanner>): boolean {
  try {
    const { buf } = readUpTo(f.absPath, maxSize);
    // UTF-16 text (read as UTF-8 it would look quiet) and binaries are the pipeline's to tell.
    if (!buf || decodeUtf16(buf) || isBinary(buf)) return false;
    const text = decode(buf).text;
    if ((f.minifiable && looksMinified(text)) || looksGenerated(text)) return false;
    return !scanner(text, { modelNames: false }) && !selects(text);
  } catch {
    // The pipeline reads it again and reports what went wrong.
    return false;
  }
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
  const job: PrefilterJob = {
    config: opts.config,
    only: opts.only,
    maxSize: opts.maxSize,
    files: pool.map((f) => ({ absPath: f.absPath, minifiable: f.frontEnd.minifiable === true })),
    next: new SharedArrayBuffer(4),
    verdicts: new SharedArrayBuffer(pool.length),
  };
  const verdicts = new Uint8Array(job.verdicts);
  const answered = () => verdicts.every((v) => v !== 0);
  const workers: InstanceType<typeof Worker>[] = [];
  for (let t = 1; t < threads; t++) {
    try {
      const w = new Worker(script, { workerData: job });
      // A worker that fails (no memory for another thread) leaves what it took unanswered: the serial path reads it.
      w.on('error', () => undefined);
      workers.push(w);
    } catch {
      // No thread to be had (or a configuration that cannot be copied to one): the main thread answers alone.
      break;
    }
  }
  // The main thread takes files too, from the start; the workers join as they come up.
  answerFiles(job);
  if (!answered()) {
    // Chunks still being answered by workers: wait for them, or for their end.
    await new Promise<void>((resolve) => {
      let alive = workers.length;
      const check = () => (answered() || alive === 0) && resolve();
      for (const w of workers) {
        w.on('message', check);
        w.once('exit', () => {
          alive--;
          check();
        });
      }
      check();
    });
  }
  // Workers still starting, or done: nothing left for them.
  for (const w of workers) void w.terminate();
  const quiet = new Set<string>();
  verdicts.forEach((v, i) => v === 1 && quiet.add(pool[i]!.absPath));
  return quiet;
}
