/**
 * Servers of the shim benchmark, each in a child process of its own:
 *
 * - `node dist/bench/servers.js mock`: the v2 stand-in (MockV2, as `sc-migrate mock-v2` builds it) on
 *   127.0.0.1:0, token required. Its request log, kept for tests, is emptied every 200 ms so that a long run
 *   does not grow the stand-in's heap (that would slow later rounds).
 * - `node dist/bench/servers.js bare <target origin>`: a bare http-proxy pass-through with a keep-alive agent on
 *   127.0.0.1:0: no routing, no body handling, no logs, no metrics. The floor any Node proxy pays.
 *
 * Each prints `{"port": N}` on stdout once listening, and stops on SIGTERM.
 */
import * as http from 'node:http';
import httpProxy from 'http-proxy';
import { MockV2 } from '../shim/mock/server';

export const MOCK_BASE_PATH = '/symptom-checker/v2/';
export const MOCK_TOKEN_PATH = '/oauth/token';
export const V2_AUDIENCE = 'https://api.bench.test';

async function mock(): Promise<void> {
  const server = new MockV2({ basePath: MOCK_BASE_PATH, tokenPath: MOCK_TOKEN_PATH, audience: V2_AUDIENCE, requireToken: true });
  const { port } = await server.listen(0, '127.0.0.1');
  setInterval(() => {
    server.requests.length = 0;
  }, 200).unref();
  ready(port, () => void server.close());
}

async function bare(target: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' });
  const proxy = httpProxy.createProxyServer({ target, agent, changeOrigin: true, xfwd: false, ws: false });
  proxy.on('error', (_err, _req, res) => {
    const r = res as http.ServerResponse;
    if (!r.headersSent) r.writeHead(502);
    r.end();
  });
  const server = http.createServer((req, res) => proxy.web(req, res));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ready((server.address() as import('node:net').AddressInfo).port, () => {
    server.close();
    server.closeAllConnections();
    agent.destroy();
  });
}

function ready(port: number, stop: () => void): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  const onSignal = () => {
    stop();
    setTimeout(() => process.exit(0), 100).unref();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

if (require.main === module) {
  const [what, target] = process.argv.slice(2);
  const started = what === 'mock' ? mock() : what === 'bare' && target ? bare(target) : Promise.reject(new Error('usage: servers.js mock | bare <target>'));
  started.catch((err: unknown) => {
    process.stderr.write(`bench server failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
