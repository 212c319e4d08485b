/**
 * The labels of the client behind each facade request (shim/attribution.ts decides them; this keeps them cheap).
 * A keep-alive connection mostly repeats its token and User-Agent: the labels of its last request are reused when
 * the raw values are the same strings (a compare, where the caches below hash each value). Labels are a function
 * of those values (a bounded label, once admitted or refused, stays so), so the answer is the one the caches give.
 */
import type * as net from 'node:net';
import { appOfRequest, clientOfBearer, type ClientLabels, type LegacyClients } from './attribution';
import type { ProxyOptions } from './options';
import type { RequestState } from './state';

const CACHE_LIMIT = 1000;

/** The raw values and labels of the last facade request on a connection. */
const LAST = Symbol('sc-migrate.labels');
type SocketWithLabels = net.Socket & {
  [LAST]?: { route: string; auth: string | undefined; ua: string | undefined; version: string | string[] | undefined; labels: ClientLabels };
};

export class RequestLabels {
  /** A User-Agent or a token's payload segment → labels (bounded; tokens themselves are never kept). */
  private readonly appCache = new Map<string, { app: string; version: string }>();
  private readonly clientCache = new Map<string, string | undefined>();

  constructor(
    private readonly options: ProxyOptions['legacyClients'],
    private readonly legacy: LegacyClients,
  ) {}

  /** Labels of the client behind a facade request (bounded). */
  of(state: RequestState): ClientLabels {
    const { headers } = state.req;
    if (state.client !== undefined) return this.fromCaches(state);
    const auth = state.route === 'api' ? headers.authorization : undefined;
    const ua = headers['user-agent'];
    const versionHeader = this.options.appVersionHeader;
    const version = versionHeader ? headers[versionHeader] : undefined;
    const socket = state.req.socket as SocketWithLabels;
    const last = socket[LAST];
    if (last !== undefined && last.route === state.route && last.auth === auth && last.ua === ua && last.version === version) return last.labels;
    const labels = this.fromCaches(state);
    socket[LAST] = { route: state.route, auth, ua, version, labels };
    return labels;
  }

  /** Labels from the token's payload segment and the User-Agent, through their caches. */
  private fromCaches(state: RequestState): ClientLabels {
    const { headers } = state.req;
    let client = state.client;
    if (client === undefined && state.route === 'api') {
      const auth = headers.authorization;
      const dot = auth ? auth.indexOf('.') : -1;
      const key = dot === -1 ? '' : auth!.slice(dot, auth!.lastIndexOf('.'));
      if (key !== '') {
        if (!this.clientCache.has(key)) {
          if (this.clientCache.size >= CACHE_LIMIT) this.clientCache.clear();
          this.clientCache.set(key, clientOfBearer(auth, this.options.tokenClaims));
        }
        client = this.clientCache.get(key);
      }
    }
    const versionHeader = this.options.appVersionHeader;
    const ua = headers['user-agent'] ?? '';
    let app = versionHeader ? undefined : this.appCache.get(ua);
    if (!app) {
      app = appOfRequest(headers, versionHeader);
      if (!versionHeader) {
        if (this.appCache.size >= CACHE_LIMIT) this.appCache.clear();
        this.appCache.set(ua, app);
      }
    }
    return this.legacy.labels(client, app.app, app.version);
  }
}
