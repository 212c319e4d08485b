/**
 * The routes that are about the proxy itself: `/healthz` (liveness), `/readyz` (readiness: the upstreams accept
 * connections and the proxy is not draining), `/metrics` and `/legacy-clients` (this process, or with
 * `--workers` the whole process through the primary). Not logged.
 */
import type * as http from 'node:http';
import * as net from 'node:net';
import { legacyClientsReport, mergeLegacyClients, type LegacyClients } from './attribution';
import { PROXY_STATUS } from './errors';
import { fail } from './client';
import { parseDuration } from './options';
import type { ClusterView } from './server';
import type { RequestState } from './state';
import type { ProxyMetrics } from './telemetry';

export interface ProbeHost {
  readonly draining: boolean;
  readonly metrics: ProxyMetrics;
  readonly legacy: LegacyClients;
  readonly options: { cluster?: ClusterView };
  readonly v2: URL;
  readonly auth: URL;
}

export function answerProbe(host: ProbeHost, state: RequestState, route: RequestState['route'], query: string): void {
  state.route = route;
  const { res } = state;
  const answer = (p: Promise<void>) =>
    void p.catch(() => fail(state, PROXY_STATUS.unavailable, 'internal', `${route} is not available right now`));
  switch (route) {
    case 'healthz':
      sendJson(res, PROXY_STATUS.ok, { status: 'ok', draining: host.draining });
      return;
    case 'readyz':
      answer(readiness(host).then((r) => sendJson(res, r.ready && !host.draining ? PROXY_STATUS.ok : PROXY_STATUS.unavailable, { ...r, draining: host.draining })));
      return;
    case 'metrics':
      answer(
        (host.options.cluster?.metrics() ?? host.metrics.registry.metrics().then((text) => ({ text, contentType: host.metrics.registry.contentType }))).then(({ text, contentType }) => {
          res.writeHead(PROXY_STATUS.ok, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
          res.end(text);
        }),
      );
      return;
    default: {
      const params = new URLSearchParams(query);
      let since: string | null = null;
      try {
        const within = params.get('within');
        const at = params.get('since');
        if (within) since = new Date(Date.now() - parseDuration(within, 'within')).toISOString();
        else if (at) {
          if (Number.isNaN(Date.parse(at))) throw new Error(`since '${at}' is not a time`);
          since = new Date(at).toISOString();
        }
      } catch (err) {
        fail(state, PROXY_STATUS.badRequest, 'bad-request', (err as Error).message);
        return;
      }
      answer((host.options.cluster?.legacyClients() ?? Promise.resolve(host.legacy.snapshot())).then((entries) => sendJson(res, PROXY_STATUS.ok, legacyClientsReport(mergeLegacyClients([entries]), since))));
    }
  }
}

/** Whether the v2 API and the token service accept TCP connections. */
async function readiness(host: ProbeHost): Promise<{ ready: boolean; upstreams: Record<string, boolean> }> {
  const probe = (u: URL) =>
    new Promise<boolean>((resolve) => {
      const port = Number(u.port) || (u.protocol === 'https:' ? 443 : 80);
      const socket = net.connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port });
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(2000, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  const [apiOk, authOk] = await Promise.all([probe(host.v2), probe(host.auth)]);
  return { ready: apiOk && authOk, upstreams: { api: apiOk, auth: authOk } };
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(body);
}
