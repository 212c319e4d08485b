import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { AskedFacts, type AskedData } from './asked-facts';
import { analyzeText, type AnalyzeContext, type AnalyzeOptions, type FileAnalysis } from './analyze';
import type { Decoded } from './read';
import type { SelectedFile } from './select';
import { availableCores, MAX_THREADS } from './threads';
import type { FileOutcome, FrontEnd, NameUse, RunFileFacts } from './types';

/**
 * The first analysis of the files that pass the pre-scan, in this thread or spread over worker threads
 * (lib/scan-worker.ts). Each file's first analysis depends only on its own text and the scan's options (the run's
 * facts come after: lib/project.ts), so a worker computes the same outcome, facts, name uses and questions as
 * this thread would; they are returned in the order of `pending`, and the scan records them in that order, so
 * what follows (the project pass, the second analyses, the report) is the same as a serial scan's.
 *
 * This thread takes part (it analyses batches between the workers' messages). A result a worker cannot send
 * (not copyable) and the batches of a worker that failed are analysed here. The second analyses (lib/project.ts)
 * go through the same threads with the run's facts; each worker rebuilds them from the files' facts.
 */

/** A file that passed the pre-scan, with its text. */
export interface Pending {
  file: SelectedFile;
  frontEnd: FrontEnd;
  text: Decoded;
}

/** What goes to a worker when it starts. */
export interface WorkerInit {
  opts: AnalyzeOptions;
}

/** A message to a worker: a batch (indices into the call's files, the files and their texts), or the run's facts. */
export type WorkerMessage = { items: { i: number; file: SelectedFile; text: Decoded }[] } | { project: ProjectData };

/** A worker's answer to a batch: each file's analysis, or `retry` when it could not be sent. */
export interface WorkerResults {
  results: { i: number; a?: AnalysisData; retry?: true }[];
}

export interface AnalysisData {
  outcome: FileOutcome;
  facts?: RunFileFacts;
  nameUses?: NameUse[];
  asked?: AskedData;
}

/** `auto` uses workers from this many files that pass the pre-scan (a worker loads the parsers: ~0.3 s of CPU). */
export const AUTO_MIN_FILES = 200;
/** Files per batch sent to a worker. */
const BATCH = 8;
/** Batches a worker holds at a time. */
const AHEAD = 2;
/** Files analysed here between two looks at the workers' messages. */
const HERE_BATCH = 4;

/** How many threads analyse `files` files with `jobs` (1: this one only). */
export function threadsFor(jobs: number | 'auto', files: number): number {
  if (jobs === 'auto') return files >= AUTO_MIN_FILES ? Math.max(1, Math.min(availableCores(), MAX_THREADS)) : 1;
  return files >= 2 ? Math.max(1, Math.min(Math.floor(jobs), files)) : 1;
}

/** The worker's script: beside this module once built (a run from the TypeScript sources has none: no workers). */
export function workerScript(): string | null {
  const file = path.join(__dirname, 'scan-worker.js');
  return fs.existsSync(file) ? file : null;
}

export function toData(a: FileAnalysis): AnalysisData {
  const d: AnalysisData = { outcome: a.outcome };
  if (a.facts) d.facts = a.facts;
  if (a.nameUses) d.nameUses = a.nameUses;
  if (a.asked) d.asked = a.asked.toData();
  return d;
}

function fromData(d: AnalysisData): FileAnalysis {
  const a: FileAnalysis = { outcome: d.outcome };
  if (d.facts) a.facts = d.facts;
  if (d.nameUses) a.nameUses = d.nameUses;
  if (d.asked) a.asked = AskedFacts.fromData(d.asked);
  return a;
}

/**
 * The threads of one scan: this one, and workers started when there are enough files (`open`). They stay for the
 * second analyses (`project`: the run's facts, rebuilt in each worker), each file going back to the thread that
 * parsed it first when it can (its tree is still there), and are stopped by `close`.
 */
export class ScanThreads {
  private readonly pool: Pool | null;

  private constructor(pool: Pool | null) {
    this.pool = pool;
  }

  /** Threads for `files` first analyses with `jobs`: no worker when one thread is enough or none can start. */
  static open(jobs: number | 'auto', files: number, opts: AnalyzeOptions): ScanThreads {
    const threads = threadsFor(jobs, files);
    const script = threads > 1 ? workerScript() : null;
    if (!script) return new ScanThreads(null);
    let init: WorkerInit;
    try {
      init = { opts: structuredClone({ config: opts.config, only: opts.only, cwd: opts.cwd ?? process.cwd() }) };
    } catch {
      return new ScanThreads(null);
    }
    return new ScanThreads(new Pool(script, init, threads - 1));
  }

  /** How many workers (besides this thread). */
  get workers(): number {
    return this.pool?.size ?? 0;
  }

  /**
   * Each file's analysis with `ctx` (its maps are not written), in the order of `pending`; `done` after each.
   * `project`: the run's facts as the scan has them (`ctx.project` was built from them), for the workers.
   */
  async analyze(pending: readonly Pending[], ctx: AnalyzeContext, done: (p: Pending) => void, project?: ProjectData): Promise<FileAnalysis[]> {
    const here = (p: Pending): FileAnalysis => {
      const a = analyzeText(p.file, p.frontEnd, p.text, ctx);
      done(p);
      return a;
    };
    if (!this.pool || pending.length < 2 || !this.pool.alive()) return pending.map(here);
    if (project && !this.pool.setProject(project)) return pending.map(here);
    return this.pool.run(pending, here, done);
  }

  close(): void {
    this.pool?.close();
  }
}

/** The run's facts for a worker's second analyses (lib/project.ts builds the same facts from them). */
export interface ProjectData {
  facts: [string, RunFileFacts][];
  known: string[];
}

/** The thread a file was first analysed in: -1 for this one, else a worker's number. */
type Owner = number;

class Pool {
  private readonly workers: (Worker | null)[] = [];
  private readonly owner = new Map<string, Owner>();
  private job: Job | null = null;

  constructor(script: string, init: WorkerInit, count: number) {
    // Loaded here, not at start-up: a scan of a few files never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    for (let w = 0; w < count; w++) {
      const worker = new Worker(script, { workerData: init });
      this.workers.push(worker);
      worker.on('message', (m: WorkerResults) => this.job?.answer(w, m));
      const lost = () => {
        this.workers[w] = null;
        this.job?.lost(w);
      };
      worker.on('error', lost);
      worker.on('exit', lost);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  alive(): boolean {
    return this.workers.some((w) => w !== null);
  }

  setProject(project: ProjectData): boolean {
    const msg: WorkerMessage = { project };
    try {
      for (const w of this.workers) w?.postMessage(msg);
      return true;
    } catch {
      return false;
    }
  }

  run(pending: readonly Pending[], here: (p: Pending) => FileAnalysis, done: (p: Pending) => void): Promise<FileAnalysis[]> {
    const job = (this.job = new Job(pending, here, done, this.workers, this.owner));
    return job.run().finally(() => {
      this.job = null;
    });
  }

  close(): void {
    for (const w of this.workers) void w?.terminate();
    this.workers.fill(null);
  }
}

/** One call of `analyze` over the pool: batches to each idle worker, the rest here, results by index. */
class Job {
  private readonly results: (FileAnalysis | undefined)[];
  /** Files not yet handed out, by the thread that parsed them first (-1: this one, or none). */
  private readonly queues = new Map<Owner, number[]>();
  /** Batches sent to each worker and not answered yet, oldest first (a worker answers in order). */
  private readonly busy = new Map<number, number[][]>();
  private wake: (() => void) | null = null;

  constructor(
    private readonly pending: readonly Pending[],
    private readonly here: (p: Pending) => FileAnalysis,
    private readonly done: (p: Pending) => void,
    private readonly workers: readonly (Worker | null)[],
    private readonly owner: Map<string, Owner>,
  ) {
    this.results = new Array<FileAnalysis | undefined>(pending.length);
    pending.forEach((p, i) => {
      const o = owner.get(p.file.absPath) ?? -1;
      const q = this.queues.get(o) ?? [];
      q.push(i);
      this.queues.set(o, q);
    });
  }

  async run(): Promise<FileAnalysis[]> {
    // Two batches ahead: a worker never waits for this thread to finish its own batch before it gets the next.
    this.workers.forEach((w, n) => {
      if (w) for (let k = 0; k < AHEAD; k++) this.send(n);
    });
    for (;;) {
      const batch = this.take(-1, HERE_BATCH);
      if (batch.length > 0) {
        for (const i of batch) {
          this.results[i] = this.here(this.pending[i]!);
          this.owner.set(this.pending[i]!.file.absPath, -1);
        }
        // Let the workers' messages in between two batches.
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      if (this.busy.size === 0) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return this.results.map((a, i) => a ?? this.here(this.pending[i]!));
  }

  /** A batch for `thread`: its own files first, then any other's (the longest queue). */
  private take(thread: Owner, size = BATCH): number[] {
    let q = this.queues.get(thread);
    if (!q || q.length === 0) q = [...this.queues.values()].reduce<number[] | undefined>((a, b) => (!a || b.length > a.length ? b : a), undefined);
    return q ? q.splice(0, size) : [];
  }

  private send(n: number): void {
    const batch = this.take(n);
    const worker = this.workers[n];
    const inFlight = this.busy.get(n) ?? [];
    if (batch.length === 0 || !worker) {
      if (inFlight.length === 0) this.busy.delete(n);
      this.signal();
      return;
    }
    inFlight.push(batch);
    this.busy.set(n, inFlight);
    const msg: WorkerMessage = { items: batch.map((i) => ({ i, file: this.pending[i]!.file, text: this.pending[i]!.text })) };
    worker.postMessage(msg);
  }

  answer(n: number, m: WorkerResults): void {
    this.busy.get(n)?.shift();
    for (const r of m.results) {
      if (r.a) {
        this.results[r.i] = fromData(r.a);
        this.owner.set(this.pending[r.i]!.file.absPath, n);
        this.done(this.pending[r.i]!);
      } else {
        this.again(r.i);
      }
    }
    this.send(n);
  }

  lost(n: number): void {
    const batches = this.busy.get(n) ?? [];
    this.busy.delete(n);
    for (const i of batches.flat()) if (this.results[i] === undefined) this.again(i);
    this.signal();
  }

  /** A file a worker could not answer: analysed here. */
  private again(i: number): void {
    const q = this.queues.get(-1) ?? [];
    q.push(i);
    this.queues.set(-1, q);
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
