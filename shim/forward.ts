/**
 * The upstream half of a request: forwarding (with a deadline for the upstream's headers and an idle timeout
 * on its body), and the response: streamed when no rule of the route and pin applies (links rewritten on the
 * fly in JSON), buffered, parsed once, transformed and serialised once when one does.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { PassThrough, pipeline, type Readable, type Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { parseBase } from '../config/urls';
import { BodyTooLargeError, decodeBody, encodeBody, isJsonType, isSupportedEncoding, readBody } from './body';
import { fail, hasBody, armClientTimer, stopClientTimer } from './client';
import { HOP_BY_HOP, upstreamHead } from './upstream-head';
import { PROXY_STATUS, sendError, withDeferredHeaders } from './errors';
import { needsParse, type ResponsePlan } from './plan';
import type { ProxyContext, RequestState } from './state';
import { transformResponse, type ResponseContext } from './transforms';

const ignore = () => undefined;


export class Forwarder {
  readonly agent: http.Agent;
  readonly authAgent: http.Agent;
  private readonly v2Host: string;

  constructor(private readonly ctx: ProxyContext) {
    const env = ctx.options.environment;
    const agentFor = (u: URL) =>
      u.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' })
        : new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' });
    this.agent = agentFor(new URL(env.v2.baseUrl));
    this.authAgent = agentFor(new URL(env.authUrl));
    this.v2Host = parseBase(env.v2.baseUrl).host;
  }

  private readonly endpoints = new WeakMap<URL, Endpoint>();

  /** What a request to `target` needs of it (URL getters slice the href on every call), once per upstream URL. */
  private endpointOf(target: URL): Endpoint {
    let e = this.endpoints.get(target);
    if (e === undefined) {
      const https_ = target.protocol === 'https:';
      const hostname = target.hostname.replace(/^\[|\]$/g, '');
      // TLS's server name, as Node's agent derives it from a Host header (which a flat head does not show it).
      const servername = https_ ? (isIP(hostname) ? '' : hostname) : undefined;
      e = { client: https_ ? https : http, protocol: target.protocol, host: target.host, hostname, port: target.port, servername };
      this.endpoints.set(target, e);
    }
    return e;
  }

  close(): void {
    this.agent.destroy();
    this.authAgent.destroy();
  }

  internalError(state: RequestState, err: unknown): void {
    clearTimeout(state.timer);
    state.reason ??= `internal: ${(err as Error)?.name ?? 'error'}`;
    if (!state.res.destroyed) sendError(state.res, PROXY_STATUS.badGateway, 'internal', 'the proxy failed to handle this request', { headers: { connection: 'close' } });
  }

  /** Send the request on; `buffer` replaces a body that was read (and transformed). */
  forward(state: RequestState, target: URL, agent: http.Agent, buffer?: Buffer): void {
    const { req, res } = state;
    if (res.destroyed || state.reason) return;
    state.forwardedAt = performance.now();
    const { upstreamTimeout } = this.ctx.options;
    const startDeadline = () => {
      stopClientTimer(state);
      if (state.upstreamHeadersAt !== undefined || state.reason) return;
      state.timer = setTimeout(upstreamTimedOut, upstreamTimeout, this.ctx, state);
    };
    const onError = (err: Error) => {
      clearTimeout(state.timer);
      if (state.reason) return;
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      if (res.headersSent) {
        state.reason = 'upstream-cut';
        this.ctx.metrics.upstreamErrors.inc({ kind: 'cut' });
        res.destroy();
        return;
      }
      if (res.destroyed) return;
      this.ctx.metrics.upstreamErrors.inc({ kind: 'unreachable' });
      fail(state, PROXY_STATUS.badGateway, 'upstream-unreachable', `the upstream could not be reached (${code})`);
    };
    const endpoint = this.endpointOf(target);
    const headers = upstreamHead(req, endpoint.host, buffer);
    const proxyReq = (state.proxyReq = endpoint.client.request({
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      port: endpoint.port,
      ...(endpoint.servername !== undefined ? { servername: endpoint.servername } : {}),
      method: req.method,
      path: req.url,
      headers: headers as unknown as http.OutgoingHttpHeaders,
      agent,
    }));
    proxyReq.on('response', (proxyRes) => {
      try {
        this.onResponse(proxyRes, state)?.catch((err: unknown) => this.internalError(state, err));
      } catch (err) {
        this.internalError(state, err);
      }
    });
    proxyReq.on('error', onError);
    if (buffer) {
      startDeadline();
      proxyReq.end(buffer);
    } else if (hasBody(req) && !req.complete) {
      // A streamed body: the client's pauses are the client's (408), the upstream's deadline starts at its end.
      const watch = new PassThrough({
        transform: (chunk: Buffer, _enc, cb) => {
          armClientTimer(this.ctx, state);
          cb(null, chunk);
        },
      });
      armClientTimer(this.ctx, state);
      watch.once('end', startDeadline);
      // A client that goes away mid-body is handled when its response closes (shim/server.ts finish()).
      req.on('error', ignore);
      watch.on('error', ignore);
      req.pipe(watch).pipe(proxyReq);
    } else {
      startDeadline();
      proxyReq.end();
    }
  }

  /** The upstream's answer: synchronous when it streams, a promise while a body is read whole (transform, relay). */
  private onResponse(proxyRes: http.IncomingMessage, state: RequestState): Promise<void> | undefined {
    const { res } = state;
    state.proxyRes = proxyRes;
    // An upstream that dies mid-body is handled where the body is read or piped; never an unhandled 'error'.
    proxyRes.on('error', ignore);
    state.upstreamHeadersAt = performance.now();
    const status = (state.upstreamStatus = proxyRes.statusCode ?? 0);
    if (state.reason || res.destroyed) {
      clearTimeout(state.timer);
      proxyRes.destroy();
      return;
    }
    // From here on, a pause of the upstream longer than --upstream-timeout ends the exchange: the deadline's
    // timer, now an idle timer that every chunk of a body read whole refreshes (streamed bodies: the socket's).
    this.armUpstreamIdle(state);
    const headers: http.OutgoingHttpHeaders = {};
    for (const name in proxyRes.headers) {
      const value = proxyRes.headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const location = headers['location'];
    if (typeof location === 'string') {
      const loc = this.ctx.links.rewrite(location, state.publicBase);
      if (loc !== null) headers['location'] = loc;
    }
    if (this.ctx.draining) headers['connection'] = 'close';
    withDeferredHeaders(res, headers);

    const contentType = proxyRes.headers['content-type'];
    const encoding = proxyRes.headers['content-encoding'];
    // HTTP's own bodyless answers (No Content, Not Modified), whatever the API.
    const bodyless = state.method === 'HEAD' || status === 204 || status === 304;
    const json = state.route === 'api' && !bodyless && isJsonType(contentType);
    const plan = this.ctx.plans.responsePlan(state.changes, state.resource, state.operation);

    if (json && isSupportedEncoding(encoding) && needsParse(plan, status)) {
      return this.transform(proxyRes, state, plan, headers, status, encoding);
    }
    if (json && isIdentity(encoding) && Number(proxyRes.headers['content-length']) <= Math.min(RELAY_LIMIT, this.ctx.options.maxBody)) {
      // No rule applies and the body is small: read it whole and rewrite its links as text, byte for byte
      // (cheaper than a stream of rewriting stages and a chunked answer).
      return this.relay(proxyRes, state, headers, status);
    }
    // Streamed: the socket's idle timeout watches the upstream instead of the timer.
    clearTimeout(state.timer);
    state.proxyReq?.setTimeout(this.ctx.options.upstreamTimeout, () => upstreamIdle(this.ctx, state));
    let outStatus = status;
    if (plan.statusesMapped.has(status)) {
      // A status rule on a body that is not JSON: its condition sees no body.
      const out = transformResponse(this.responseContext(state, plan.changes, status, undefined));
      outStatus = out.status;
      for (const id of out.applied) state.applied.add(id);
    }
    const stages: (Transform | http.ServerResponse)[] = [];
    if (json) {
      // No rule applies: stream, rewriting upstream links in the raw text (decoded and encoded again if need be).
      const coding = (encoding ?? '').trim().toLowerCase();
      const codec = CODECS[coding];
      if (coding === '' || coding === 'identity' || codec) {
        delete headers['content-length'];
        if (codec) stages.push(codec[0]());
        stages.push(this.ctx.links.stream(state.publicBase));
        if (codec) stages.push(codec[1]());
      }
    }
    res.writeHead(outStatus, headers);
    const cut = () => {
      if (res.writableFinished) return;
      if (!state.reason) {
        state.reason = 'upstream-cut';
        this.ctx.metrics.upstreamErrors.inc({ kind: 'cut' });
      }
      res.destroy();
    };
    proxyRes.once('aborted', cut);
    proxyRes.on('error', cut);
    proxyRes.once('close', () => {
      if (!proxyRes.complete) cut();
    });
    if (stages.length === 0) {
      proxyRes.pipe(res);
      return;
    }
    pipeline([proxyRes, ...stages, res] as unknown as [Readable, ...Transform[]], (err) => {
      if (err) cut();
    });
  }

  /** A small JSON body no rule applies to: upstream links rewritten in its raw text (latin1: bytes unchanged). */
  private async relay(proxyRes: http.IncomingMessage, state: RequestState, headers: http.OutgoingHttpHeaders, status: number): Promise<void> {
    const { res } = state;
    let raw: Buffer;
    try {
      raw = await readBody(proxyRes, this.ctx.options.maxBody, () => state.timer?.refresh());
    } catch {
      if (res.destroyed) return;
      if (state.reason === 'upstream-timeout') {
        fail(state, PROXY_STATUS.gatewayTimeout, 'upstream-timeout', `the upstream paused its response for ${this.ctx.options.upstreamTimeout} ms`, { close: true });
        return;
      }
      state.reason = 'upstream-cut';
      this.ctx.metrics.upstreamErrors.inc({ kind: 'cut' });
      sendError(res, PROXY_STATUS.badGateway, 'upstream-unreachable', 'the upstream response was cut off', { headers: { connection: 'close' } });
      return;
    }
    clearTimeout(state.timer);
    if (state.reason || res.destroyed) return;
    const text = raw.toString('latin1');
    const out = this.ctx.links.rewriteText(text, state.publicBase);
    const body = out === text ? raw : Buffer.from(out, 'latin1');
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(body);
  }

  /** Buffer, parse once, transform, serialise once (links rewritten in the text), encode as the upstream did. */
  private async transform(
    proxyRes: http.IncomingMessage,
    state: RequestState,
    plan: ResponsePlan,
    headers: http.OutgoingHttpHeaders,
    status: number,
    encoding: string | undefined,
  ): Promise<void> {
    const { res } = state;
    const { maxBody } = this.ctx.options;
    let raw: Buffer;
    try {
      raw = await readBody(proxyRes, maxBody, () => state.timer?.refresh());
      clearTimeout(state.timer);
      if (encoding) raw = await decodeBody(raw, encoding, maxBody);
    } catch (err) {
      if (res.destroyed) return;
      if (state.reason === 'upstream-timeout') {
        fail(state, PROXY_STATUS.gatewayTimeout, 'upstream-timeout', `the upstream paused its response for ${this.ctx.options.upstreamTimeout} ms`, { close: true });
      } else if (err instanceof BodyTooLargeError) {
        this.ctx.metrics.upstreamErrors.inc({ kind: 'too-large' });
        proxyRes.destroy();
        fail(state, PROXY_STATUS.badGateway, 'upstream-too-large', `the upstream's JSON response is larger than the proxy's limit of ${maxBody} bytes (--max-body) and cannot be transformed`);
      } else {
        state.reason = 'upstream-cut';
        this.ctx.metrics.upstreamErrors.inc({ kind: 'cut' });
        sendError(res, PROXY_STATUS.badGateway, 'upstream-unreachable', 'the upstream response was cut off or could not be decoded', { headers: { connection: 'close' } });
      }
      return;
    }
    if (state.reason || res.destroyed) return;
    const text = raw.toString('utf8');
    let body: unknown;
    let parsed = true;
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      parsed = false;
    }
    const result = transformResponse(this.responseContext(state, plan.changes, status, parsed ? body : undefined));
    for (const id of result.applied) state.applied.add(id);
    let outText: string;
    if (parsed) {
      outText = this.ctx.links.rewriteText(body === undefined ? text : JSON.stringify(body), state.publicBase);
    } else {
      // Not JSON after all: passed on as text with the upstream's links rewritten, or refused if its address is still in it.
      this.ctx.metrics.upstreamErrors.inc({ kind: 'malformed' });
      state.reason = 'upstream-malformed-json';
      outText = this.ctx.links.rewriteText(text, state.publicBase);
      if (outText.toLowerCase().includes(this.v2Host)) {
        fail(state, PROXY_STATUS.badGateway, 'upstream-malformed-json', 'the upstream sent a malformed JSON response');
        return;
      }
    }
    const coding = (encoding ?? '').trim().toLowerCase();
    if (coding !== '' && coding !== 'identity') {
      const out = await encodeBody(Buffer.from(outText, 'utf8'), encoding);
      if (res.destroyed) return;
      headers['content-length'] = String(out.length);
      res.writeHead(result.status, headers);
      res.end(out);
      return;
    }
    // A string goes out in one write with the headers (no Buffer copy of the body).
    headers['content-length'] = String(Buffer.byteLength(outText, 'utf8'));
    res.writeHead(result.status, headers);
    res.end(outText, 'utf8');
  }

  /** The upstream's idle timer for a body read whole: the header deadline's timer refreshed, or a new one. */
  private armUpstreamIdle(state: RequestState): void {
    if (state.timer) state.timer.refresh();
    else state.timer = setTimeout(upstreamTimedOut, this.ctx.options.upstreamTimeout, this.ctx, state);
  }

  private responseContext(state: RequestState, changes: RequestState['changes'], status: number, body: unknown): ResponseContext {
    return {
      resource: state.resource,
      operation: state.operation,
      changes,
      method: state.method,
      requestBody: state.requestBody,
      defaults: this.ctx.options.defaults,
      status,
      body,
    };
  }

}

/**
 * The upstream timer fired: before the response headers, the deadline (504); after them, the body's idle
 * timeout (the exchange is cut, and answered 504 by the reader while nothing was sent yet).
 */
function upstreamTimedOut(ctx: ProxyContext, state: RequestState): void {
  if (state.upstreamHeadersAt !== undefined) {
    upstreamIdle(ctx, state);
    return;
  }
  state.reason ??= 'upstream-timeout';
  ctx.metrics.upstreamErrors.inc({ kind: 'timeout' });
  state.proxyReq?.destroy();
  state.proxyRes?.destroy();
  fail(state, PROXY_STATUS.gatewayTimeout, 'upstream-timeout', `the upstream did not answer within ${ctx.options.upstreamTimeout} ms`, { close: true });
}

/** The upstream paused its response body longer than --upstream-timeout. */
function upstreamIdle(ctx: ProxyContext, state: RequestState): void {
  state.reason ??= 'upstream-timeout';
  ctx.metrics.upstreamErrors.inc({ kind: 'timeout' });
  state.proxyReq?.destroy();
}

interface Endpoint {
  client: typeof http | typeof https;
  protocol: string;
  /** `host[:port]` for the Host header; the name to connect to (IPv6 without brackets); the port ('' = default). */
  host: string;
  hostname: string;
  port: string;
  /** TLS only: the SNI name ('' for an address). */
  servername: string | undefined;
}

/** Largest JSON body without rules that is read whole rather than streamed (declared by Content-Length). */
const RELAY_LIMIT = 256 * 1024;

function isIdentity(encoding: string | undefined): boolean {
  const coding = (encoding ?? '').trim().toLowerCase();
  return coding === '' || coding === 'identity';
}

/** Decoder and encoder of each content coding a streamed JSON body may have. */
const CODECS: Record<string, [() => Transform, () => Transform]> = {
  gzip: [() => zlib.createGunzip(), () => zlib.createGzip()],
  'x-gzip': [() => zlib.createGunzip(), () => zlib.createGzip()],
  deflate: [() => zlib.createInflate(), () => zlib.createDeflate()],
  br: [() => zlib.createBrotliDecompress(), () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })],
};
