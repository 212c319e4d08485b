/**
 * The client half of a request's bookkeeping: failures the proxy answers itself, whether a body is announced, and
 * the client body's idle timer (408, counted as a client timeout).
 */
import type * as http from 'node:http';
import { PROXY_STATUS, sendError, type ErrorCode } from './errors';
import type { ProxyContext, RequestState } from './state';

/** Answer a failure the proxy itself detected: the reason is logged, the connection closed when asked. */
export function fail(state: RequestState, status: number, code: ErrorCode, message: string, extra: { change?: string; close?: boolean } = {}): void {
  state.reason ??= code;
  if (state.res.destroyed) return;
  sendError(state.res, status, code, message, { change: extra.change, headers: extra.close ? { connection: 'close' } : undefined });
}

/** Whether a request announces a body. */
export function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
}

/** The client sent nothing for `--client-idle-timeout` in the middle of its body: 408, counted as a client timeout. */
export function clientTimedOut(ctx: ProxyContext, state: RequestState): void {
  if (state.reason) return;
  state.reason = 'client-timeout';
  clearTimeout(state.timer);
  stopClientTimer(state);
  ctx.metrics.clientTimeouts.inc();
  state.proxyReq?.destroy();
  const { res, req } = state;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendError(res, PROXY_STATUS.clientTimeout, 'client-timeout', 'the request was not received in time; the connection is closed', { headers: { connection: 'close' } });
  // The rest of the body will never be read: end the connection once the answer is out.
  res.once('finish', () => {
    req.socket.end();
    setTimeout(() => req.socket.destroy(), 1000).unref();
  });
}

/** (Re)arm the client body's idle timer: one timer per request, refreshed by every chunk (no new timer per chunk). */
export function armClientTimer(ctx: ProxyContext, state: RequestState): void {
  if (state.clientTimer) state.clientTimer.refresh();
  else state.clientTimer = setTimeout(clientTimedOut, ctx.options.clientIdleTimeout, ctx, state);
}

/** Stop the client body's idle timer (armClientTimer starts a new one after this). */
export function stopClientTimer(state: RequestState): void {
  clearTimeout(state.clientTimer);
  state.clientTimer = undefined;
}
