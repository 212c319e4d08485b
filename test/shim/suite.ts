/**
 * The set-up every child-process test file shares: the CLI built once (shim/process.ts), and upstreams and
 * proxies that the test's own cleanup stops.
 */
import { afterEach, beforeAll } from 'vitest';
import type { Config } from '../../config';
import { configFor } from './helpers';
import { buildCli, spawnProxy, writeConfig, type ProxyProcess } from './process';
import { startUpstream, type Upstream } from './upstream';

export interface ProcessSuite {
  /** The built CLI's entry point (set before the first test). */
  readonly main: string;
  /** Run `fn` after the current test. */
  defer(fn: () => Promise<unknown>): void;
  /** A hand-driven upstream on loopback, closed after the test. */
  upstream(handler: Parameters<typeof startUpstream>[0]): Promise<Upstream>;
  /** `sc-migrate proxy` in front of `upstream` (an origin, or a whole config), stopped after the test. */
  proxy(upstream: string | Config, args?: string[], env?: NodeJS.ProcessEnv, port?: number): Promise<ProxyProcess>;
}

export function processSuite(): ProcessSuite {
  let main = '';
  beforeAll(() => {
    main = buildCli().main;
  }, 180_000);
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return {
    get main() {
      return main;
    },
    defer: (fn) => void cleanups.push(fn),
    async upstream(handler) {
      const u = await startUpstream(handler);
      cleanups.push(() => u.close());
      return u;
    },
    async proxy(upstream, args = [], env = {}, port) {
      const config = typeof upstream === 'string' ? configFor(upstream) : upstream;
      const p = await spawnProxy(main, writeConfig(config), args, env, port);
      cleanups.push(() => p.stop());
      return p;
    },
  };
}
