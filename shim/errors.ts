import { STATUS_CODES, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The proxy's own statuses: answers about the proxy itself or about a malformed request to it, never
 * statuses of the API (those come from the catalogue's status rules).
 */
export const PROXY_STATUS = {
  ok: 200,
  badRequest: 400,
  notFound: 404,
  clientTimeout: 408,
  tooLarge: 413,
  unsupportedMediaType: 415,
  badGateway: 502,
  unavailable: 503,
  gatewayTimeout: 504,
} as const;

export type ErrorCode =
  | 'absolute-form'
  | 'bad-path'
  | 'bad-legacy-version'
  | 'malformed-json'
  | 'unsupported-encoding'
  | 'body-too-large'
  | 'removed-value'
  | 'unknown-audience'
  | 'missing-audience'
  | 'unsupported-token-body'
  | 'not-found'
  | 'upstream-unreachable'
  | 'upstream-timeout'
  | 'upstream-too-large'
  | 'draining'
  | 'client-timeout'
  | 'too-many-connections'
  | 'bad-host'
  | 'bad-request'
  | 'upstream-malformed-json'
  | 'internal';

/**
 * Headers every answer of a facade route carries (RFC 8594, as configured), kept on the response until its head
 * is written and added to the head's object there (a header the upstream sent wins, as with setHeader before
 * writeHead). Set early with `res.setHeader` they would send every `writeHead` down Node's slow path: each
 * upstream header validated and stored once more through setHeader (docs/PERFORMANCE.md, shim-29).
 */
const DEFERRED = Symbol('sc-migrate.deferredHeaders');
type WithDeferred = ServerResponse & { [DEFERRED]?: readonly (readonly [string, string])[] };

export function deferHeaders(res: ServerResponse, headers: readonly (readonly [string, string])[]): void {
  if (headers.length > 0) (res as WithDeferred)[DEFERRED] = headers;
}

/** `headers` (the object about to be passed to writeHead) with the deferred headers it does not set itself. */
export function withDeferredHeaders(res: ServerResponse, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const deferred = (res as WithDeferred)[DEFERRED];
  if (deferred !== undefined) for (const [name, value] of deferred) if (headers[name] === undefined) headers[name] = value;
  return headers;
}

/** Every error the proxy answers itself: `{ "error": { "code", "message", "change"? } }`. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
  extra: { change?: string; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message, ...(extra.change ? { change: extra.change } : {}) } });
  res.writeHead(
    status,
    withDeferredHeaders(res, {
      ...extra.headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    }),
  );
  res.end(body);
}

/** A whole JSON error response written straight to a socket (no request object to answer: slow headers, parse errors, refused connections); the socket is ended, and destroyed a second later if the peer lingers. */
export function writeRawError(socket: Duplex, status: number, code: ErrorCode, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `cache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}
