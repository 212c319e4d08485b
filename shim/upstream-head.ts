import type * as http from 'node:http';
import { hasBody } from './client';

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1, and the legacy ones proxies drop too). */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** Methods Node sends without Content-Length when a request ends without a body (no body by default). */
const NO_LENGTH_WHEN_EMPTY = new Set(['GET', 'HEAD', 'TRACE', 'CONNECT']);

/**
 * The head of the upstream request for a client's request: its headers less the hop-by-hop ones, the upstream's
 * Host, and a Content-Length that tells the truth (the buffered body's length when the body was read).
 */
export function upstreamHead(req: http.IncomingMessage, host: string, buffer: Buffer | undefined): (string | string[])[] {
  // The head as a flat list (names already lower case): Node then writes it at once, validating each header
  // as it does for an object, instead of storing every header through setHeader first.
  const headers: (string | string[])[] = [];
  let declaredLength = false;
  for (const name in req.headers) {
    if (HOP_BY_HOP.has(name) || name === 'host') continue;
    const value = req.headers[name];
    if (value === undefined) continue;
    if (name === 'content-length') {
      if (buffer) continue;
      declaredLength = true;
    }
    headers.push(name, value);
  }
  headers.push('host', host);
  if (buffer) headers.push('content-length', String(buffer.length));
  // Without a body: what Node writes for an object head when ended without data (Content-Length: 0 unless the
  // method has no body by default), and, as http-proxy did, a DELETE or OPTIONS without a body says so too.
  else if (!declaredLength && !hasBody(req) && !NO_LENGTH_WHEN_EMPTY.has(req.method ?? 'GET')) headers.push('content-length', '0');
  return headers;
}
