import { EventEmitter } from 'node:events';
import * as http from 'node:http';
import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveProxyOptions } from '../../shim/options';
import { runProxy } from '../../shim/run';
import type { ShimProxy } from '../../shim/server';
import { createLogger } from '../../shim/telemetry';
import { configFor, LogSink, request, startProxy } from './helpers';
import { closedPort, sendJson, sleep, startUpstream, until, type Upstream } from './upstream';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function proxyTo(upstream: string, flags: Parameters<typeof startProxy>[1] = {}) {
  const p = await startProxy(configFor(upstream), flags);
  cleanups.push(() => p.proxy.close(500));
  return p;
}

async function upstreamWith(handler: Parameters<typeof startUpstream>[0]): Promise<Upstream> {
  const u = await startUpstream(handler);
  cleanups.push(() => u.close());
  return u;
}

/** Send a request line as written (no client-side URL normalisation); resolves with the raw reply. */
function rawRequest(url: string, requestTarget: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const s = net.connect(Number(new URL(url).port), '127.0.0.1', () => {
      s.write(`GET ${requestTarget} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    s.on('data', (d) => (text += d.toString()));
    s.on('end', () => resolve(text));
    s.on('error', reject);
  });
}

async function stillServes(url: string) {
  const r = await request(url, 'GET', '/healthz');
  expect(r.status).toBe(200);
}

describe('upstream faults', () => {
  it('answers a refused upstream with a JSON 502, without waiting for the timeout', async () => {
    const { url } = await proxyTo(await closedPort(), { upstreamTimeout: '20s' });
    const t0 = Date.now();
    const r = await request(url, 'GET', '/api/questions/');
    expect(r.status).toBe(502);
    expect(r.json.error.code).toBe('upstream-unreachable');
    expect(Date.now() - t0).toBeLessThan(5000);
    await stillServes(url);
  });

  it('answers an upstream that resets the connection with a JSON 502', async () => {
    const up = await upstreamWith((req) => req.socket.destroy());
    const { url } = await proxyTo(up.url);
    const r = await request(url, 'POST', '/api/complaints/', { body: { text: 'x' } });
    expect(r.status).toBe(502);
    expect(r.json.error.code).toBe('upstream-unreachable');
    await stillServes(url);
  });

  it('answers a slow upstream with a JSON 504 and drops the upstream request', async () => {
    const up = await upstreamWith(() => undefined); // never answers
    const { url, proxy } = await proxyTo(up.url, { upstreamTimeout: '200ms' });
    const r = await request(url, 'GET', '/api/results/abc/');
    expect(r.status).toBe(504);
    expect(r.json.error.code).toBe('upstream-timeout');
    await until(() => up.seen[0]?.closed === true);
    await until(() => proxy.inFlightCount === 0);
    await stillServes(url);
  });

  it('answers a JSON response too large to transform with a JSON 502', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, { text: 'x'.repeat(5000) }));
    const { url } = await proxyTo(up.url, { maxBody: '1kb' });
    const r = await request(url, 'GET', '/api/results/abc/');
    expect(r.status).toBe(502);
    expect(r.json.error.code).toBe('upstream-too-large');
  });

  it('passes an upstream that sent malformed JSON through untouched, keeping its status', async () => {
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"advice": ');
    });
    const { url } = await proxyTo(up.url);
    const r = await request(url, 'GET', '/api/results/abc/');
    expect(r.status).toBe(200);
    expect(r.raw.toString()).toBe('{"advice": ');
  });
});

describe('client faults', () => {
  it('answers a transformable request body over --max-body with a JSON 413 and forwards nothing', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 201, {}));
    const { url } = await proxyTo(up.url, { maxBody: '1kb' });
    const r = await request(url, 'POST', '/api/complaints/', { body: { text: 'x'.repeat(2000), extra: 'y' } });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('body-too-large');
    expect(up.seen).toHaveLength(0);
    await stillServes(url);
  });

  it('streams bodies it does not transform, however large, in both directions', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const up = await upstreamWith((req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.concat([Buffer.from(String(body.length)), Buffer.from('|'), big]));
    });
    const { url } = await proxyTo(up.url, { maxBody: '1kb' });
    const r = await request(url, 'POST', '/api/questions/abc/media', {
      raw: big,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(r.status).toBe(200);
    expect(r.raw.length).toBe(big.length + String(big.length).length + 1);
    expect(r.raw.subarray(0, 8).toString()).toBe(`${big.length}|`);
  });

  it('answers malformed JSON with a JSON 400 and keeps serving', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 201, { text: 'ok' }));
    const { url } = await proxyTo(up.url);
    const bad = await request(url, 'POST', '/api/complaints/', { raw: '{"text": "headache", ' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('malformed-json');
    expect(up.seen).toHaveLength(0);
    const good = await request(url, 'POST', '/api/complaints/', { body: { text: 'headache' } });
    expect(good.status).toBe(201);
  });

  it('refuses requests in absolute form; the upstream never comes from the request', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const { url } = await proxyTo(up.url);
    const reply = await rawRequest(url, `${up.url}/symptom-checker/v2/questions/`);
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('"absolute-form"');
    expect(up.seen).toHaveLength(0);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const { url } = await proxyTo(await closedPort());
    for (const path of ['/', '/symptom-checker/v2/questions/', '/apiary', '/oauth/token']) {
      const r = await request(url, 'GET', path);
      expect(r.status, path).toBe(404);
      expect(r.json.error.code).toBe('not-found');
    }
  });

  it('refuses paths that would climb out of the v2 base', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const { url } = await proxyTo(up.url);
    for (const target of ['/api/../../admin', '/api/questions/%2e%2e/%2e%2e/admin', '/api/questions%2f..%2f..%2fadmin']) {
      const reply = await rawRequest(url, target);
      expect(reply, target).toMatch(/^HTTP\/1\.1 400/);
      expect(reply).toContain('"bad-path"');
    }
    expect(up.seen).toHaveLength(0);
  });

  it('releases the upstream request when the client aborts, and keeps serving', async () => {
    const up = await upstreamWith(() => undefined); // holds the request
    const { url, proxy } = await proxyTo(up.url, { upstreamTimeout: '20s' });
    const req = http.request(`${url}/api/questions/`, { agent: false });
    req.on('error', () => undefined);
    req.end();
    await until(() => up.seen.length === 1);
    expect(proxy.inFlightCount).toBe(1);
    req.destroy();
    await until(() => up.seen[0]!.closed);
    await until(() => proxy.inFlightCount === 0);
    await stillServes(url);
  });

  it('releases a buffered upstream response when the client aborts mid-body', async () => {
    let release: (() => void) | undefined;
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"advice": "');
      release = () => res.end('"}');
    });
    const { url, proxy } = await proxyTo(up.url, { upstreamTimeout: '20s' });
    const req = http.request(`${url}/api/results/abc/`, { agent: false });
    req.on('error', () => undefined);
    req.end();
    await until(() => release !== undefined);
    await sleep(20);
    req.destroy();
    await until(() => up.seen[0]!.closed);
    await until(() => proxy.inFlightCount === 0);
    await stillServes(url);
  });
});

describe('SIGTERM', () => {
  it('drains in-flight requests, refuses new connections, then exits 0', async () => {
    const up = await upstreamWith((_req, res) => {
      setTimeout(() => sendJson(res, 200, { text: 'late but whole' }), 300);
    });
    const signals = new EventEmitter();
    const exits: number[] = [];
    const logs = new LogSink();
    const running = await runProxy(
      { ...resolveProxyOptions(configFor(up.url), { env: 'sandbox' }), logger: createLogger(logs) },
      { port: 0, host: '127.0.0.1', signals, exit: (code) => exits.push(code) },
    );
    let proxy: ShimProxy | undefined = running.proxy;
    cleanups.push(async () => {
      if (proxy?.server.listening) await proxy.close(100);
    });
    const url = `http://127.0.0.1:${running.address.port}`;
    const inFlight = request(url, 'GET', '/api/complaints/abc/');
    await until(() => up.seen.length === 1);
    signals.emit('SIGTERM');
    await until(() => !running.proxy.server.listening);
    await expect(request(url, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    const r = await inFlight;
    expect(r.status).toBe(200);
    expect(r.json.text).toBe('late but whole');
    expect(await running.stopped).toBe(0);
    expect(exits).toEqual([0]);
    expect(logs.records.some((l) => l.msg === 'draining')).toBe(true);
    proxy = undefined;
  });
});
