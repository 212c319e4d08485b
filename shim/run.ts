import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { registerWorkerMetrics, runPrimary, workerView } from './cluster';
import { ShimProxy, type ShimProxyOptions } from './server';
import { createLogger } from './telemetry';
import { missingNodeFlags } from './node-flags';

/** What the process answers a signal with: SIGTERM and SIGINT drain in-flight requests, then exit. */
export interface SignalSource {
  once(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  off(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
}

export interface RunOptions {
  port: number;
  host: string;
  /** Where signals come from (the process; tests pass an emitter). */
  signals?: SignalSource;
  /** Ends the process once drained (0) or when the drain timed out (1). */
  exit?: (code: number) => void;
}

export interface RunningProxy {
  proxy: ShimProxy;
  address: AddressInfo;
  /** Resolves with the exit code after a signal drained the proxy. */
  stopped: Promise<number>;
}

/**
 * `--workers N` (N > 1): in the primary, start and supervise the workers (shim/cluster.ts) and resolve null; in
 * a worker, or with one worker, serve as `runProxy`.
 */
export async function runProxyProcess(options: ShimProxyOptions, run: RunOptions): Promise<RunningProxy | null> {
  if (options.workers > 1 && cluster.isPrimary) {
    runPrimary(options.workers, options.logger ?? createLogger(undefined, options.log), run.exit);
    return null;
  }
  return runProxy(options, run);
}

/** Start the proxy and drain it on SIGTERM/SIGINT. */
export async function runProxy(options: ShimProxyOptions, run: RunOptions): Promise<RunningProxy> {
  const holder: { proxy?: ShimProxy } = {};
  const view = cluster.isWorker ? workerView(() => holder.proxy) : undefined;
  // A worker's lines carry its cluster id.
  const logger = view ? (options.logger ?? createLogger(undefined, options.log)).child({ worker: cluster.worker?.id }) : options.logger;
  const proxy = (holder.proxy = new ShimProxy({ ...options, ...(logger ? { logger } : {}), ...(view ? { cluster: view } : {}) }));
  if (view) registerWorkerMetrics(proxy);
  const address = await proxy.listen(run.port, run.host);
  const signals = run.signals ?? process;
  const exit = run.exit ?? ((code: number) => process.exit(code));
  proxy.logger.info(
    {
      address: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
      env: options.env,
      upstream: options.environment.v2.baseUrl,
      legacyVersion: options.legacyVersion,
    },
    'listening',
  );
  // A single process started without the proxy's node flags (node-flags.ts): said once, at start.
  const missing = view ? [] : missingNodeFlags();
  if (missing.length > 0) proxy.logger.warn({ event: 'node-flags', missing }, `started without ${missing.join(' ')}: after idle gaps the proxy spends several times more time in garbage collection under load; start it as \`node ${missing.join(' ')} …/sc-migrate proxy …\` (docs/shim-operations.md)`);
  const stopped = new Promise<number>((resolve) => {
    const onSignal = (signal: string) => () => {
      signals.off('SIGTERM', onTerm);
      signals.off('SIGINT', onInt);
      // A second signal while draining (a terminal's ^C reaches the workers and their primary, which forwards
      // it) must not end the process at once.
      signals.once('SIGTERM', () => undefined);
      signals.once('SIGINT', () => undefined);
      proxy.logger.info({ signal, inFlight: proxy.inFlightCount }, 'draining');
      void proxy.close().then((drained) => {
        proxy.logger.info({ drained }, 'stopped');
        const code = drained ? 0 : 1;
        // Let pino flush before the process ends.
        proxy.logger.flush(() => {
          resolve(code);
          exit(code);
        });
      });
    };
    const onTerm = onSignal('SIGTERM');
    const onInt = onSignal('SIGINT');
    signals.once('SIGTERM', onTerm);
    signals.once('SIGINT', onInt);
  });
  return { proxy, address, stopped };
}
