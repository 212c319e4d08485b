import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import type { Logger } from 'pino';
import { api, catalogue, rulesOfKind, type Change } from '../catalogue';
import type { Operation, ResourceName } from '../catalogue/api';
import { parseBase, tolerantUrlPattern } from '../config/urls';
import { BodyTooLargeError, decodeBody, encodeBody, isFormType, isJsonType, isSupportedEncoding, readBody } from './body';
import { PROXY_STATUS, sendError } from './errors';
import { LinkRewriter } from './links';
import { checkPin, type ProxyOptions } from './options';
import { createLogger, ProxyMetrics } from './telemetry';
import {
  changesForPin,
  isObject,
  operationOf,
  requestNeedsBody,
  responseHasRules,
  transformRequest,
  transformResponse,
} from './transforms';

/** Header a request may set to override the proxy's pin for itself. */
export const LEGACY_VERSION_HEADER = 'sc-legacy-version';

const BASE_URL_CHANGE = rulesOfKind('base-url')[0]!.change.id;
const TOKEN_AUDIENCE = rulesOfKind('token-audience')[0]!;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

type Route = 'api' | 'token' | 'healthz' | 'readyz' | 'metrics' | 'not-found' | 'refused';

interface RequestState {
  route: Route;
  method: string;
  path: string;
  pin: string | null;
  resource: ResourceName | null;
  operation: Operation | null;
  changes: readonly Change[];
  requestBody: unknown;
  applied: Set<string>;
  publicBase: string;
  started: number;
  forwardedAt?: number;
  upstreamHeadersAt?: number;
  upstreamStatus?: number;
  timer?: NodeJS.Timeout;
  timedOut: boolean;
  proxyReq?: http.ClientRequest;
  proxyRes?: http.IncomingMessage;
  error?: string;
  note?: string;
}

export interface ShimProxyOptions extends ProxyOptions {
  logger?: Logger;
  metrics?: ProxyMetrics;
}

/** A running v1 facade in front of one environment's v2 API. */
export class ShimProxy {
  readonly server: http.Server;
  readonly logger: Logger;
  readonly metrics: ProxyMetrics;
  private readonly proxy: httpProxy;
  private readonly agent: http.Agent;
  private readonly authAgent: http.Agent;
  private readonly v2: URL;
  private readonly auth: URL;
  private readonly facadePath: string;
  private readonly tokenPath: string;
  private readonly links: LinkRewriter;
  private readonly v1Audience: RegExp;
  private readonly v2Audience: RegExp;
  private readonly states = new WeakMap<http.IncomingMessage, RequestState>();
  private inFlight = 0;
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  constructor(readonly options: ShimProxyOptions) {
    const env = options.environment;
    this.logger = options.logger ?? createLogger();
    this.metrics = options.metrics ?? new ProxyMetrics();
    this.v2 = new URL(env.v2.baseUrl);
    this.auth = new URL(env.authUrl);
    this.facadePath = parseBase(env.v1.baseUrl).path;
    this.tokenPath = `/${api.tokenRequest.path}`;
    this.links = new LinkRewriter([env.v2.baseUrl, env.v1.baseUrl], this.facadePath);
    this.v1Audience = new RegExp(`^${tolerantUrlPattern(env.v1.audience, '').source}/?$`, 'i');
    this.v2Audience = new RegExp(`^${tolerantUrlPattern(env.v2.audience, '').source}/?$`, 'i');
    const agentFor = (u: URL) =>
      u.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' })
        : new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' });
    this.agent = agentFor(this.v2);
    this.authAgent = agentFor(this.auth);
    this.proxy = httpProxy.createProxyServer({ xfwd: false, ws: false });
    this.proxy.on('proxyReq', (proxyReq, req) => {
      const state = this.states.get(req);
      if (state) state.proxyReq = proxyReq;
    });
    this.proxy.on('proxyRes', (proxyRes, req, res) => {
      const state = this.states.get(req);
      if (state) void this.onUpstreamResponse(proxyRes, req, res as http.ServerResponse, state);
      else proxyRes.resume();
    });
    // Errors reach the callback given to web(); this listener only keeps a stray one from crashing the process.
    this.proxy.on('error', () => undefined);
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 65_000;
    this.server.headersTimeout = 66_000;
    this.server.requestTimeout = 0;
  }

  listen(port = 0, host = '127.0.0.1'): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** Requests being served right now. */
  get inFlightCount(): number {
    return this.inFlight;
  }

  /**
   * Stop accepting connections, let in-flight requests finish (up to `timeoutMs`), then close everything.
   * Resolves true when every request finished in time.
   */
  async close(timeoutMs = this.options.drainTimeout): Promise<boolean> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    const drained = this.inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([drained.then(() => 'drained' as const), timedOut]);
    this.server.closeAllConnections();
    clearTimeout(timer);
    await closed;
    this.agent.destroy();
    this.authAgent.destroy();
    this.proxy.close();
    return outcome === 'drained';
  }

  // ---------------------------------------------------------------------------------------------------------

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const state: RequestState = {
      route: 'not-found',
      method: req.method ?? 'GET',
      path,
      pin: null,
      resource: null,
      operation: null,
      changes: [],
      requestBody: undefined,
      applied: new Set(),
      publicBase: this.options.publicUrl ?? `http://${req.headers.host ?? 'localhost'}`,
      started: performance.now(),
      timedOut: false,
    };
    this.states.set(req, state);
    this.inFlight++;
    this.metrics.inFlight.inc();
    res.on('close', () => this.finish(req, res, state));
    if (this.draining) res.setHeader('connection', 'close');

    // Origin-form only: a request in absolute form (`GET http://host/...`) could name an upstream of its own.
    if (!url.startsWith('/')) {
      state.route = 'refused';
      state.path = '(absolute form)';
      sendError(res, PROXY_STATUS.badRequest, 'absolute-form', 'requests in absolute form are refused; this proxy chooses the upstream itself');
      req.resume();
      return;
    }
    if (path === '/healthz') {
      state.route = 'healthz';
      this.sendJson(res, PROXY_STATUS.ok, { status: 'ok', draining: this.draining });
      req.resume();
      return;
    }
    if (path === '/readyz') {
      state.route = 'readyz';
      req.resume();
      void this.readiness().then((r) => this.sendJson(res, r.ready && !this.draining ? PROXY_STATUS.ok : PROXY_STATUS.unavailable, { ...r, draining: this.draining }));
      return;
    }
    if (path === '/metrics') {
      state.route = 'metrics';
      req.resume();
      void this.metrics.registry.metrics().then((text) => {
        res.writeHead(PROXY_STATUS.ok, { 'content-type': this.metrics.registry.contentType, 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
      return;
    }
    const isToken = path === this.tokenPath || path === `${this.tokenPath}/`;
    const isApi = path.startsWith(`${this.facadePath}/`);
    if (isToken || isApi) {
      for (const [name, value] of Object.entries(this.facadeHeaders())) res.setHeader(name, value);
    }
    if (isToken && state.method === 'POST') {
      state.route = 'token';
      void this.handleToken(req, res, state).catch((err) => this.internalError(res, state, err));
      return;
    }
    if (isApi) {
      state.route = 'api';
      void this.handleApi(req, res, state, url.slice(this.facadePath.length + 1, q === -1 ? undefined : q), q === -1 ? '' : url.slice(q)).catch(
        (err) => this.internalError(res, state, err),
      );
      return;
    }
    req.resume();
    sendError(res, PROXY_STATUS.notFound, 'not-found', `no route for ${state.method} ${path}; the proxy serves ${this.facadePath}/..., POST ${this.tokenPath}, /healthz, /readyz and /metrics`);
  }

  private facadeHeaders(): Record<string, string> {
    const h = this.options.headers;
    const out: Record<string, string> = {};
    if (h.deprecation) out['deprecation'] = h.deprecation;
    if (h.sunset) out['sunset'] = h.sunset;
    if (h.link) out['link'] = h.link;
    return out;
  }

  private async handleApi(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState, rest: string, query: string): Promise<void> {
    const header = req.headers[LEGACY_VERSION_HEADER];
    const pinText = Array.isArray(header) ? header[0] : header;
    try {
      state.pin = pinText ? checkPin(pinText.trim(), `${LEGACY_VERSION_HEADER} header`) : this.options.legacyVersion;
    } catch (err) {
      req.resume();
      sendError(res, PROXY_STATUS.badRequest, 'bad-legacy-version', (err as Error).message);
      return;
    }
    const segments = rest.split('/').filter((s) => s.length > 0);
    if (segments.some((s) => /^(\.|%2e){1,2}$/i.test(s) || /%2f|%5c|\\/i.test(s))) {
      req.resume();
      sendError(res, PROXY_STATUS.badRequest, 'bad-path', 'the path has dot segments or encoded slashes that would leave the API base; refused');
      return;
    }
    state.resource = this.options.resources.get(segments[0] ?? '') ?? null;
    state.changes = changesForPin(state.pin);
    state.applied.add(BASE_URL_CHANGE);

    let buffer: Buffer | undefined;
    const contentType = req.headers['content-type'];
    const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
    if (hasBody && isJsonType(contentType) && requestNeedsBody(state.resource, catalogue)) {
      const raw = await this.readRequest(req, res, state);
      if (raw === null) return;
      let parsed: unknown;
      if (raw.length > 0) {
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          // The parser's message quotes the body, which may hold secrets: never log or echo it.
          sendError(res, PROXY_STATUS.badRequest, 'malformed-json', 'the request body is not valid JSON');
          return;
        }
      }
      state.operation = operationOf(state.method, state.resource, segments, parsed);
      // Requests are accepted in every older dialect, whatever the pin: a request rule only translates or
      // refuses what v2 would refuse anyway (docs/shim.md, assumption 7). Responses follow the pin.
      const outcome = transformRequest(parsed, { resource: state.resource, operation: state.operation, changes: catalogue });
      if (outcome.refused) {
        state.applied.add(outcome.changeId);
        sendError(res, PROXY_STATUS.badRequest, 'removed-value', outcome.message, { change: outcome.changeId });
        return;
      }
      for (const id of outcome.applied) state.applied.add(id);
      state.requestBody = parsed;
      buffer = raw.length > 0 ? Buffer.from(JSON.stringify(parsed)) : raw;
      delete req.headers['content-encoding'];
      delete req.headers['transfer-encoding'];
      req.headers['content-length'] = String(buffer.length);
    } else {
      state.operation = operationOf(state.method, state.resource, segments, undefined);
    }

    delete req.headers[LEGACY_VERSION_HEADER];
    req.url = `${this.v2.pathname.replace(/\/+$/, '')}/${rest}${query}`;
    this.forward(req, res, state, this.v2, this.agent, buffer);
  }

  /** Read a request body that must be transformed; answers the client itself and returns null on failure. */
  private async readRequest(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState): Promise<Buffer | null> {
    const limit = this.options.maxBody;
    const declared = Number(req.headers['content-length']);
    const tooLarge = () => {
      state.error = 'request body too large';
      res.setHeader('connection', 'close');
      sendError(res, PROXY_STATUS.tooLarge, 'body-too-large', `the request body is larger than the proxy's limit of ${limit} bytes (--max-body)`);
      req.resume();
    };
    if (Number.isFinite(declared) && declared > limit) {
      tooLarge();
      return null;
    }
    const encoding = req.headers['content-encoding'];
    if (!isSupportedEncoding(encoding)) {
      req.resume();
      sendError(res, PROXY_STATUS.unsupportedMediaType, 'unsupported-encoding', `content-encoding '${encoding}' is not supported`);
      return null;
    }
    try {
      return await decodeBody(await readBody(req, limit), encoding, limit);
    } catch (err) {
      if (err instanceof BodyTooLargeError) tooLarge();
      else if (!res.destroyed) {
        sendError(res, PROXY_STATUS.badRequest, 'malformed-json', 'the request body could not be read or decoded');
      }
      return null;
    }
  }

  private async handleToken(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState): Promise<void> {
    const contentType = req.headers['content-type'];
    const json = isJsonType(contentType);
    if (!json && !isFormType(contentType)) {
      req.resume();
      sendError(res, PROXY_STATUS.unsupportedMediaType, 'unsupported-token-body', 'token requests must be JSON or form-encoded');
      return;
    }
    const raw = await this.readRequest(req, res, state);
    if (raw === null) return;
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = json ? JSON.parse(raw.toString('utf8')) : Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      if (!isObject(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      sendError(res, PROXY_STATUS.badRequest, 'malformed-json', `the token request body is not a valid ${json ? 'JSON object' : 'form'}`);
      return;
    }
    const field = api.tokenRequest.audienceField;
    const audience = body[field];
    if (typeof audience !== 'string' || audience.trim() === '') {
      sendError(res, PROXY_STATUS.badRequest, 'missing-audience', `the token request has no '${field}'`, { change: TOKEN_AUDIENCE.change.id });
      return;
    }
    const env = this.options.environment;
    if (this.v1Audience.test(audience.trim())) {
      body[field] = env.v2.audience;
      state.applied.add(TOKEN_AUDIENCE.change.id);
    } else if (!this.v2Audience.test(audience.trim())) {
      sendError(
        res,
        PROXY_STATUS.badRequest,
        'unknown-audience',
        `${TOKEN_AUDIENCE.rule.unknownAudienceMessage} (got '${audience}'; v1 audience of ${this.options.env}: '${env.v1.audience}')`,
        { change: TOKEN_AUDIENCE.change.id },
      );
      return;
    }
    // The spec's token request is JSON (section 5), whatever the legacy client sent.
    const out = Buffer.from(JSON.stringify(body));
    delete req.headers['content-encoding'];
    delete req.headers['transfer-encoding'];
    delete req.headers[LEGACY_VERSION_HEADER];
    req.headers['content-type'] = 'application/json';
    req.headers['content-length'] = String(out.length);
    req.url = `${this.auth.pathname.replace(/\/+$/, '')}/${api.tokenRequest.path}`;
    this.forward(req, res, state, this.auth, this.authAgent, out);
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState, target: URL, agent: http.Agent, buffer?: Buffer): void {
    if (res.destroyed) return;
    state.forwardedAt = performance.now();
    state.timer = setTimeout(() => {
      state.timedOut = true;
      state.error = 'upstream timeout';
      this.metrics.upstreamErrors.inc({ kind: 'timeout' });
      state.proxyReq?.destroy();
      state.proxyRes?.destroy();
      sendError(res, PROXY_STATUS.gatewayTimeout, 'upstream-timeout', `the upstream did not answer within ${this.options.upstreamTimeout} ms`);
    }, this.options.upstreamTimeout);
    this.proxy.web(
      req,
      res,
      {
        target: target.origin,
        changeOrigin: true,
        selfHandleResponse: true,
        agent,
        ...(buffer ? { buffer: Readable.from([buffer]) } : {}),
      },
      (err) => {
        clearTimeout(state.timer);
        if (state.timedOut || res.destroyed) return;
        const code = (err as NodeJS.ErrnoException).code ?? 'error';
        state.error = `upstream ${code}`;
        this.metrics.upstreamErrors.inc({ kind: 'unreachable' });
        sendError(res, PROXY_STATUS.badGateway, 'upstream-unreachable', `the upstream could not be reached (${code})`);
      },
    );
  }

  private async onUpstreamResponse(proxyRes: http.IncomingMessage, req: http.IncomingMessage, res: http.ServerResponse, state: RequestState): Promise<void> {
    state.proxyRes = proxyRes;
    state.upstreamHeadersAt = performance.now();
    state.upstreamStatus = proxyRes.statusCode ?? 0;
    if (state.timedOut || res.destroyed) {
      proxyRes.destroy();
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    if (typeof headers['location'] === 'string') {
      const loc = this.links.rewrite(headers['location'], state.publicBase);
      if (loc !== null) headers['location'] = loc;
    }
    if (this.draining) headers['connection'] = 'close';

    const status = state.upstreamStatus;
    const contentType = proxyRes.headers['content-type'];
    const encoding = proxyRes.headers['content-encoding'];
    // HTTP's own bodyless answers (No Content, Not Modified), whatever the API.
    const bodyless = state.method === 'HEAD' || status === 204 || status === 304;
    const transform = state.route === 'api' && !bodyless && isJsonType(contentType) && isSupportedEncoding(encoding);

    if (!transform) {
      clearTimeout(state.timer);
      let outStatus = status;
      if (state.route === 'api' && responseHasRules(state.resource, state.operation, state.changes)) {
        const out = transformResponse({ ...this.responseContext(state), status, body: undefined });
        outStatus = out.status;
        for (const id of out.applied) state.applied.add(id);
      }
      res.writeHead(outStatus, headers);
      proxyRes.pipe(res);
      return;
    }

    let raw: Buffer;
    try {
      raw = await decodeBody(await readBody(proxyRes, this.options.maxBody), encoding, this.options.maxBody);
    } catch (err) {
      clearTimeout(state.timer);
      if (state.timedOut || res.destroyed) return;
      if (err instanceof BodyTooLargeError) {
        state.error = 'upstream body too large to transform';
        this.metrics.upstreamErrors.inc({ kind: 'too-large' });
        proxyRes.destroy();
        sendError(res, PROXY_STATUS.badGateway, 'upstream-too-large', `the upstream's JSON response is larger than the proxy's limit of ${this.options.maxBody} bytes (--max-body) and cannot be transformed`);
      } else {
        state.error = 'upstream body unreadable';
        this.metrics.upstreamErrors.inc({ kind: 'unreachable' });
        sendError(res, PROXY_STATUS.badGateway, 'upstream-unreachable', 'the upstream response was cut off or could not be decoded');
      }
      return;
    }
    clearTimeout(state.timer);
    if (state.timedOut || res.destroyed) return;

    let body: unknown;
    let parsedOk = true;
    try {
      body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      parsedOk = false;
      state.note = 'upstream sent malformed JSON; passed through untransformed';
    }
    let outStatus = status;
    let out = raw;
    let reencode = false;
    if (parsedOk) {
      const result = transformResponse({ ...this.responseContext(state), status, body });
      outStatus = result.status;
      for (const id of result.applied) state.applied.add(id);
      if (body !== undefined) {
        this.links.rewriteBody(body, state.publicBase);
        out = Buffer.from(JSON.stringify(body));
        reencode = true;
      }
    } else if (responseHasRules(state.resource, state.operation, state.changes)) {
      const result = transformResponse({ ...this.responseContext(state), status, body: undefined });
      outStatus = result.status;
      for (const id of result.applied) state.applied.add(id);
    }
    // The body was decoded above: encode it again as the upstream (and so the client's Accept-Encoding) chose.
    if (reencode || encoding) out = await encodeBody(out, encoding);
    if (res.destroyed) return;
    headers['content-length'] = String(out.length);
    res.writeHead(outStatus, headers);
    res.end(out);
  }

  private responseContext(state: RequestState) {
    return {
      resource: state.resource,
      operation: state.operation,
      changes: state.changes,
      method: state.method,
      requestBody: state.requestBody,
      defaults: this.options.defaults,
    };
  }

  private sendJson(res: http.ServerResponse, status: number, value: unknown): void {
    const body = JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    res.end(body);
  }

  private internalError(res: http.ServerResponse, state: RequestState, err: unknown): void {
    state.error = `internal: ${(err as Error)?.name ?? 'error'}`;
    clearTimeout(state.timer);
    if (!res.destroyed) sendError(res, PROXY_STATUS.badGateway, 'upstream-unreachable', 'the proxy failed to handle this request');
  }

  /** Whether the v2 API and the token service accept TCP connections. */
  private async readiness(): Promise<{ ready: boolean; upstreams: Record<string, boolean> }> {
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
    const [apiOk, authOk] = await Promise.all([probe(this.v2), probe(this.auth)]);
    return { ready: apiOk && authOk, upstreams: { api: apiOk, auth: authOk } };
  }

  /** One log line and the metrics of a finished (or aborted) request; releases what it held. */
  private finish(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState): void {
    clearTimeout(state.timer);
    const aborted = !res.writableFinished;
    if (aborted) {
      state.proxyReq?.destroy();
      state.proxyRes?.destroy();
      req.resume();
    }
    const now = performance.now();
    const status = aborted ? 0 : res.statusCode;
    const pin = state.pin ?? '';
    this.metrics.requests.inc({ route: state.route, legacy_version: pin, status: String(status) });
    this.metrics.duration.observe({ route: state.route }, (now - state.started) / 1000);
    if (state.forwardedAt !== undefined && state.upstreamHeadersAt !== undefined) {
      this.metrics.upstreamDuration.observe({ route: state.route }, (state.upstreamHeadersAt - state.forwardedAt) / 1000);
    }
    const applied = aborted ? [] : [...state.applied];
    for (const id of applied) this.metrics.changesApplied.inc({ change: id });
    if (state.route !== 'healthz' && state.route !== 'readyz' && state.route !== 'metrics') {
      this.logger.info(
        {
          route: state.route,
          method: state.method,
          path: state.path,
          legacyVersion: state.pin,
          resource: state.resource,
          operation: state.operation,
          changesApplied: applied,
          upstreamStatus: state.upstreamStatus ?? null,
          status,
          aborted,
          ms: round(now - state.started),
          upstreamMs: state.forwardedAt !== undefined && state.upstreamHeadersAt !== undefined ? round(state.upstreamHeadersAt - state.forwardedAt) : null,
          ...(state.error ? { error: state.error } : {}),
          ...(state.note ? { note: state.note } : {}),
        },
        'request',
      );
    }
    this.inFlight--;
    this.metrics.inFlight.dec();
    if (this.draining) this.server.closeIdleConnections();
    if (this.inFlight === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

export function createProxy(options: ShimProxyOptions): ShimProxy {
  return new ShimProxy(options);
}
