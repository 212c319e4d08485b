/**
 * `sc-migrate proxy --workers N`: N worker processes (node:cluster) share the listening port. The primary
 * only supervises: it forwards SIGTERM/SIGINT (each worker drains), replaces a worker that dies, and answers
 * the workers' questions for the whole process: /metrics aggregated by prom-client's AggregatorRegistry, and
 * the /legacy-clients tables of all workers merged. So one scrape, on any worker, shows every worker.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from 'pino';
import type { LegacyClientEntry } from './attribution';
import type { ClusterView, ShimProxy } from './server';
import { workerExecArgv } from './node-flags';

const ASK_METRICS = 'sc-migrate:metrics';
const ASK_LEGACY = 'sc-migrate:legacy';
const GET_LEGACY = 'sc-migrate:legacy-get';
const ANSWER = 'sc-migrate:answer';
const TABLE = 'sc-migrate:legacy-table';
const TIMEOUT_MS = 5000;

interface Message {
  type: string;
  id: number;
  [key: string]: unknown;
}

const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && typeof (m as Message).type === 'string' && typeof (m as Message).id === 'number';

/** Run the primary: fork `workers` workers, supervise them, exit with the highest worker exit code. */
export function runPrimary(workers: number, logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let exitCode = 0;
  const pendingTables = new Map<number, { left: number; tables: LegacyClientEntry[][]; reply: (entries: LegacyClientEntry[]) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;

  // Workers start with the proxy's node flags even when the primary did not (node-flags.ts).
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (m: unknown) => void onMessage(worker, m));
    return worker;
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());

  const onMessage = async (worker: Worker, m: unknown) => {
    if (!isMessage(m)) return;
    if (m.type === ASK_METRICS) {
      try {
        const text = await aggregator.clusterMetrics();
        worker.send({ type: ANSWER, id: m.id, text, contentType: aggregator.contentType });
      } catch (err) {
        worker.send({ type: ANSWER, id: m.id, error: (err as Error).message });
      }
    } else if (m.type === ASK_LEGACY) {
      const id = nextId++;
      const targets = live();
      const reply = (entries: LegacyClientEntry[]) => worker.send({ type: ANSWER, id: m.id, entries });
      const timer = setTimeout(() => finishTables(id), TIMEOUT_MS);
      pendingTables.set(id, { left: targets.length, tables: [], reply, timer });
      for (const w of targets) w.send({ type: GET_LEGACY, id });
    } else if (m.type === TABLE) {
      const pending = pendingTables.get(m.id);
      if (!pending) return;
      pending.tables.push(m['entries'] as LegacyClientEntry[]);
      if (--pending.left <= 0) finishTables(m.id);
    }
  };
  const finishTables = (id: number) => {
    const pending = pendingTables.get(id);
    if (!pending) return;
    pendingTables.delete(id);
    clearTimeout(pending.timer);
    pending.reply(pending.tables.flat());
  };

  const listened = new WeakSet<Worker>();
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    exitCode = Math.max(exitCode, code ?? 1);
    if (!stopping && !listened.has(worker)) {
      // It never got to serve (the port is taken, the options are bad): another would fail the same way.
      logger.error({ pid: worker.process.pid, code, signal }, 'worker failed to start; stopping');
      stopping = true;
      for (const w of live()) w.process.kill('SIGTERM');
    } else if (!stopping) {
      logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
      fork();
      return;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info({ drained: exitCode === 0 }, 'stopped');
      logger.flush(() => exit(exitCode));
    }
  });
  const stop = (signal: NodeJS.Signals) => () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: live().length }, 'draining');
    for (const w of live()) w.process.kill(signal);
  };
  process.once('SIGTERM', stop('SIGTERM'));
  process.once('SIGINT', stop('SIGINT'));
  logger.info({ workers }, 'starting workers');
  for (let i = 0; i < workers; i++) fork();
}

/** In a worker: how it asks the primary for the whole process's metrics and legacy-client table. */
export function workerView(proxy: () => ShimProxy | undefined): ClusterView {
  let nextId = 0;
  const waiting = new Map<number, (m: Message) => void>();
  process.on('message', (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.type === ANSWER) {
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    } else if (m.type === GET_LEGACY) {
      process.send?.({ type: TABLE, id: m.id, entries: proxy()?.legacy.snapshot() ?? [] });
    }
  });
  const ask = (type: string) =>
    new Promise<Message>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer'));
      }, TIMEOUT_MS);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        if (typeof m['error'] === 'string') reject(new Error(m['error']));
        else resolve(m);
      });
      process.send?.({ type, id });
    });
  return {
    metrics: async () => {
      const m = await ask(ASK_METRICS);
      return { text: String(m['text']), contentType: String(m['contentType']) };
    },
    legacyClients: async () => (await ask(ASK_LEGACY))['entries'] as LegacyClientEntry[],
  };
}

/** The worker's registry is what prom-client's cluster protocol reports to the primary. */
export function registerWorkerMetrics(proxy: ShimProxy): void {
  new AggregatorRegistry(); // installs prom-client's answer to the primary's requests in this worker
  AggregatorRegistry.setRegistries([proxy.metrics.registry]);
}
