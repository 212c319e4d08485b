import * as http from 'node:http';
import type * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { api } from '../catalogue';
import { parseBase } from '../config/urls';
import { AccessLog, redactQuery } from './access-log';
import { LegacyClients, type ClientLabels, type LegacyClientEntry } from './attribution';
import { deferHeaders, PROXY_STATUS, writeRawError } from './errors';
import { Facade } from './facade';
import { fail } from './client';
import { Forwarder } from './forward';
import { LinkRewriter } from './links';
import { checkBinding, isPlainHost, type ProxyOptions } from './options';
import { TransformPlans } from './plan';
import { answerProbe } from './probes';
import { RequestLabels } from './request-labels';
import type { ProxyContext, RequestState } from './state';
import { createLogger, ProxyMetrics } from './telemetry';
import { changesForPin } from './transforms';

export { LEGACY_VERSION_HEADER } from './facade';

/** How a worker of `--workers N` answers for the whole process (shim/cluster.ts); absent: this process alone. */
export interface ClusterView {
  metrics(): Promise<{ text: string; contentType: string }>;
  legacyClients(): Promise<LegacyClientEntry[]>;
}

export interface ShimProxyOptions extends ProxyOptions {
  logger?: Logger;
  metrics?: ProxyMetrics;
  cluster?: ClusterView;
}

const PROBES = new Set(['healthz', 'readyz', 'metrics', 'legacy-clients']);
/** Longest probe path (`/legacy-clients`): a longer path is not sliced and looked up as a probe name. */
const PROBE_PATH_MAX = 1 + Math.max(...[...PROBES].map((p) => p.length));

/** A running v1 facade in front of one environment's v2 API. */
export class ShimProxy implements ProxyContext {
  readonly server: http.Server;
  readonly logger: Logger;
  readonly metrics: ProxyMetrics;
  readonly links: LinkRewriter;
  readonly plans: TransformPlans;
  readonly legacy: LegacyClients;
  private readonly access: AccessLog;
  private readonly forwarder: Forwarder;
  private readonly facade: Facade;
  readonly v2: URL;
  readonly auth: URL;
  private readonly facadePath: string;
  private readonly tokenPath: string;
  /** `<facadePath>/` and `<tokenPath>/`, built once. */
  private readonly facadePrefix: string;
  private readonly tokenPathSlash: string;
  private readonly allowedHosts: Set<string>;
  private readonly inFlightStates = new Set<RequestState>();
  private readonly labels: RequestLabels;
  /** RFC 8594 headers of facade responses, as configured (built once). */
  private readonly facadeHeaders: [string, string][] = [];
  private listenBase = 'http://localhost';
  private openConnections = 0;
  private idleWaiters: (() => void)[] = [];
  draining = false;

  constructor(readonly options: ShimProxyOptions) {
    const env = options.environment;
    this.logger = options.logger ?? createLogger(undefined, options.log);
    this.metrics = options.metrics ?? new ProxyMetrics();
    this.access = new AccessLog(this.logger, options.log.sample);
    this.v2 = new URL(env.v2.baseUrl);
    this.auth = new URL(env.authUrl);
    this.facadePath = parseBase(env.v1.baseUrl).path;
    this.tokenPath = `/${api.tokenRequest.path}`;
    this.facadePrefix = `${this.facadePath}/`;
    this.tokenPathSlash = `${this.tokenPath}/`;
    this.allowedHosts = new Set(options.allowedHosts);
    const h = options.headers;
    if (h.deprecation) this.facadeHeaders.push(['deprecation', h.deprecation]);
    if (h.sunset) this.facadeHeaders.push(['sunset', h.sunset]);
    if (h.link) this.facadeHeaders.push(['link', h.link]);
    this.links = new LinkRewriter([env.v2.baseUrl, env.v1.baseUrl], this.facadePath);
    this.plans = new TransformPlans(options.resources.values(), changesForPin(options.legacyVersion));
    this.legacy = new LegacyClients(options.legacyClients.maxValues);
    this.labels = new RequestLabels(options.legacyClients, this.legacy);
    this.forwarder = new Forwarder(this);
    this.facade = new Facade(this, this.forwarder);
    const requestTimeout = options.requestTimeout;
    this.server = http.createServer(
      // Node checks header and request deadlines on this interval: a tenth of the timeout, at most a second.
      { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(1000, requestTimeout / 10)) },
      (req, res) => this.handle(req, res),
    );
    this.server.keepAliveTimeout = 65_000;
    this.server.on('connection', (socket: net.Socket) => this.onConnection(socket));
    this.server.on('clientError', (err: NodeJS.ErrnoException, socket: net.Socket) => this.onClientError(err, socket));
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<AddressInfo> {
    checkBinding(host, { publicUrl: this.options.publicUrl, allowedHosts: this.options.allowedHosts });
    const address = await new Promise<AddressInfo>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
    this.listenBase = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    return address;
  }

  /** Requests being served right now. */
  get inFlightCount(): number {
    return this.inFlightStates.size;
  }

  /**
   * Stop accepting connections, let in-flight requests finish (up to `timeoutMs`), then close everything; the
   * requests still running then are logged with reason `drain-timeout`. Resolves true when all finished in time.
   */
  async close(timeoutMs = this.options.drainTimeout): Promise<boolean> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    const drained = this.inFlightCount === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([drained.then(() => 'drained' as const), timedOut]);
    clearTimeout(timer);
    for (const state of [...this.inFlightStates]) {
      state.reason ??= 'drain-timeout';
      state.res.destroy();
      this.finish(state);
    }
    this.server.closeAllConnections();
    await closed;
    this.forwarder.close();
    return outcome === 'drained';
  }

  // ---------------------------------------------------------------------------------------------------------

  private onConnection(socket: net.Socket): void {
    this.openConnections++;
    this.metrics.openConnections++;
    socket.once('close', () => {
      this.openConnections--;
      this.metrics.openConnections--;
    });
    const max = this.options.maxConnections;
    if (max && this.openConnections > max) {
      this.metrics.connectionsRefused.inc();
      this.access.refusal(PROXY_STATUS.unavailable, 'too-many-connections');
      refusedSockets.add(socket);
      writeRawError(socket, PROXY_STATUS.unavailable, 'too-many-connections', `the proxy has ${max} connections open (--max-connections); try again later`);
    }
  }

  /** Failures before (or instead of) a request: slow headers or body, and requests the HTTP parser refused. */
  private onClientError(err: NodeJS.ErrnoException, socket: net.Socket): void {
    const state = (socket as SocketWithState)[CURRENT];
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      if (state && !state.finished) {
        fail(state, PROXY_STATUS.clientTimeout, 'client-timeout', 'the request was not received in time (--request-timeout)', { close: true });
        if (state.reason === 'client-timeout') this.metrics.clientTimeouts.inc();
        setTimeout(() => socket.destroy(), 1000).unref();
        return;
      }
      this.metrics.clientTimeouts.inc();
      this.metrics.countRequest('refused', '', PROXY_STATUS.clientTimeout);
      this.access.refusal(PROXY_STATUS.clientTimeout, 'client-timeout');
      writeRawError(socket, PROXY_STATUS.clientTimeout, 'client-timeout', 'the request headers were not received in time (--request-timeout)');
      return;
    }
    // The client went away (a reset, or the end of its connection in the middle of a request): nobody to answer.
    if (refusedSockets.has(socket) || CLIENT_GONE.has(err.code ?? '') || !socket.writable) {
      socket.destroy();
      return;
    }
    if (state && !state.finished) {
      // The parser gave up in the middle of a request's body (an invalid chunk, a bad Transfer-Encoding).
      state.proxyReq?.destroy();
      if (!state.res.headersSent) fail(state, PROXY_STATUS.badRequest, 'bad-request', 'the request is not valid HTTP/1.1', { close: true });
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    this.metrics.countRequest('refused', '', PROXY_STATUS.badRequest);
    this.access.refusal(PROXY_STATUS.badRequest, 'bad-request', typeof err.code === 'string' ? err.code.slice(0, 64) : undefined);
    writeRawError(socket, PROXY_STATUS.badRequest, 'bad-request', 'the request is not valid HTTP/1.1');
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (refusedSockets.has(req.socket)) {
      res.destroy();
      return;
    }
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const state: RequestState = {
      req,
      res,
      route: 'not-found',
      method: req.method ?? 'GET',
      logPath: redactQuery(url),
      pin: null,
      resource: null,
      operation: null,
      changes: [],
      requestBody: undefined,
      applied: new Set(),
      publicBase: this.listenBase,
      started: performance.now(),
      finished: false,
    };
    this.inFlightStates.add(state);
    (req.socket as SocketWithState)[CURRENT] = state;
    this.metrics.inFlightRequests++;
    // 'close' comes once per response (finish() is idempotent anyway): `on`, without once's wrapper.
    res.on('close', () => this.finish(state));
    if (this.draining) res.setHeader('connection', 'close');

    // Origin-form only: a request in absolute form (`GET http://host/...`) could name an upstream of its own.
    if (!url.startsWith('/')) {
      state.route = 'refused';
      state.logPath = '(absolute form)';
      req.resume();
      fail(state, PROXY_STATUS.badRequest, 'absolute-form', 'requests in absolute form are refused; this proxy chooses the upstream itself');
      return;
    }
    const host = req.headers.host;
    if (host !== undefined && !isPlainHost(host)) {
      state.route = 'refused';
      req.resume();
      fail(state, PROXY_STATUS.badRequest, 'bad-host', 'the Host header is not a plain host[:port]', { close: true });
      return;
    }
    const probe = path.length > 1 && path.length <= PROBE_PATH_MAX ? path.slice(1) : '';
    if (PROBES.has(probe)) {
      req.resume();
      answerProbe(this, state, probe as RequestState['route'], q === -1 ? '' : url.slice(q + 1));
      return;
    }
    const isToken = path === this.tokenPath || path === this.tokenPathSlash;
    const isApi = path.startsWith(this.facadePrefix);
    if (isToken || isApi) {
      const base = this.publicBase(host);
      if (base === null) {
        state.route = 'refused';
        req.resume();
        fail(state, PROXY_STATUS.badRequest, 'bad-host', 'the Host header is not one of the allowed hosts (--allowed-hosts)', { close: true });
        return;
      }
      state.publicBase = base;
      deferHeaders(res, this.facadeHeaders);
    }
    if (isToken && state.method === 'POST') {
      state.route = 'token';
      void this.facade.token(state).catch((err: unknown) => this.forwarder.internalError(state, err));
      return;
    }
    if (isApi) {
      state.route = 'api';
      const rest = url.slice(this.facadePath.length + 1, q === -1 ? undefined : q);
      try {
        this.facade.api(state, rest, q === -1 ? '' : url.slice(q))?.catch((err: unknown) => this.forwarder.internalError(state, err));
      } catch (err) {
        this.forwarder.internalError(state, err);
      }
      return;
    }
    req.resume();
    fail(state, PROXY_STATUS.notFound, 'not-found', `no route for ${state.method} ${path}; the proxy serves ${this.facadePath}/..., POST ${this.tokenPath}, /healthz, /readyz, /metrics and /legacy-clients`);
  }

  /** The proxy's address for links: `publicUrl`, else an allowed Host, else the loopback address it listens on. */
  private publicBase(host: string | undefined): string | null {
    if (this.options.publicUrl) return this.options.publicUrl;
    if (this.allowedHosts.size === 0) return this.listenBase;
    const h = host?.toLowerCase();
    return h !== undefined && this.allowedHosts.has(h) ? `http://${h}` : null;
  }

  /** One log line, the metrics and the legacy-client record of a finished (or cut) request; releases what it held. */
  private finish(state: RequestState): void {
    if (state.finished) return;
    state.finished = true;
    const { req, res } = state;
    clearTimeout(state.timer);
    clearTimeout(state.clientTimer);
    const aborted = !res.writableFinished;
    if (aborted) {
      state.proxyReq?.destroy();
      state.proxyRes?.destroy();
      req.resume();
    }
    const now = performance.now();
    const status = aborted ? 0 : res.statusCode;
    const m = this.metrics;
    m.countRequest(state.route, state.pin ?? '', status);
    const routeLabel = m.routeLabel(state.route);
    m.duration.observe(routeLabel, (now - state.started) / 1000);
    if (state.forwardedAt !== undefined && state.upstreamHeadersAt !== undefined) {
      m.upstreamDuration.observe(routeLabel, (state.upstreamHeadersAt - state.forwardedAt) / 1000);
    }
    const applied = aborted ? NONE_APPLIED : [...state.applied];
    for (const id of applied) m.countChange(id);
    let labels: ClientLabels | null = null;
    if (state.route === 'api' || state.route === 'token') {
      labels = this.labels.of(state);
      const key = this.legacy.record(labels, applied);
      for (const change of applied.length > 0 ? applied : NO_CHANGE) m.countLegacy(key, labels, change);
    }
    if (!PROBES.has(state.route)) this.access.write(state, status, aborted, applied, labels, now);
    this.inFlightStates.delete(state);
    const socket = req.socket as SocketWithState;
    if (socket[CURRENT] === state) socket[CURRENT] = undefined;
    m.inFlightRequests--;
    if (this.draining) this.server.closeIdleConnections();
    if (this.inFlightStates.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }
}

/** The request a connection is serving, kept on the socket itself (a property is cheaper than a WeakMap). */
const CURRENT = Symbol('sc-migrate.request');
type SocketWithState = net.Socket & { [CURRENT]?: RequestState };

const NONE_APPLIED: readonly string[] = [];
const NO_CHANGE: readonly string[] = ['none'];

const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'HPE_INVALID_EOF_STATE']);

/** Sockets refused for --max-connections (answered already; any request on them is dropped). */
const refusedSockets = new WeakSet<net.Socket>();

export function createProxy(options: ShimProxyOptions): ShimProxy {
  return new ShimProxy(options);
}
