/**
 * Behaviours that held when the proxy was first tried as an operator would (issue 11), pinned against
 * `sc-migrate proxy` as a child process on 127.0.0.1: request smuggling refused, gzip bombs refused, a storm of
 * client aborts leaks nothing, SIGTERM under load drains every request.
 */
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFor, request } from './helpers';
import { rawExchange, spawnProxy, writeConfig, type ProxyProcess } from './process';
import { processSuite } from './suite';
import { sendJson, sleep, startUpstream, until, type Upstream } from './upstream';

const suite = processSuite();
const upstreamWith = suite.upstream;
const proxy = (upstream: string, args: string[] = []) => suite.proxy(upstream, args);

/** The value of a metric line in Prometheus text, or 0. */
function metric(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('request smuggling', () => {
  const smuggled = 'GET /api/smuggled/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  let up: Upstream;
  let p: ProxyProcess;
  beforeAll(async () => {
    up = await startUpstream((_req, res) => sendJson(res, 201, {}));
    p = await spawnProxy(suite.main, writeConfig(configFor(up.url)));
  });
  afterAll(async () => {
    await p.stop();
    await up.close();
  });
  it.each([
    ['Content-Length and Transfer-Encoding', `Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`],
    ['two different Content-Lengths', `Content-Length: 4\r\nContent-Length: ${4 + smuggled.length}\r\n\r\n{}{}${smuggled}`],
    ['an obfuscated Transfer-Encoding', `Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${smuggled}`],
    ['a space before the colon', `Content-Length : ${smuggled.length}\r\n\r\n${smuggled}`],
    ['a bare LF line ending', `Content-Length: 2\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`],
  ])('refuses %s with a 400 and forwards nothing smuggled', async (_name, rest) => {
    const r = await rawExchange(p.port, (s) => void s.write(`POST /api/complaints/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${rest}`), 3000);
    expect(r.ended).toBe(true);
    expect(r.status).toBe(400);
    await sleep(100);
    expect(up.seen.some((s) => s.url.includes('smuggled'))).toBe(false);
    expect((await request(p.url, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('gzip bombs', () => {
  it('refuses a request body that inflates past --max-body with a 413, and keeps serving', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 201, {}));
    const p = await proxy(up.url, ['--max-body', '64kb']);
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('{"text": "'), Buffer.alloc(64 * 1024 * 1024, 'a'), Buffer.from('"}')]));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const r = await request(p.url, 'POST', '/api/complaints/', { raw: bomb, headers: { 'content-encoding': 'gzip' } });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('body-too-large');
    expect(up.seen).toHaveLength(0);
    expect((await request(p.url, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers an upstream JSON response that inflates past --max-body with a 502', async () => {
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('{"advice": "'), Buffer.alloc(32 * 1024 * 1024, 'a'), Buffer.from('"}')]));
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length });
      res.end(bomb);
    });
    const p = await proxy(up.url, ['--max-body', '64kb']);
    const r = await request(p.url, 'GET', '/api/results/r1/', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.status).toBe(502);
    expect(r.json.error.code).toBe('upstream-too-large');
  });
});

describe('client aborts', () => {
  it('leaks nothing after a storm of 300 aborted requests', async () => {
    const up = await upstreamWith(() => undefined); // holds every request
    const p = await proxy(up.url, ['--upstream-timeout', '20s']);
    const agent = new http.Agent({ keepAlive: false, maxSockets: 100 });
    suite.defer(async () => agent.destroy());
    for (let batch = 0; batch < 3; batch++) {
      const reqs = Array.from({ length: 100 }, (_, i) => {
        const r = http.request(`${p.url}/api/results/r${batch}-${i}/`, { agent });
        r.on('error', () => undefined);
        r.end();
        return r;
      });
      await until(() => up.seen.length >= (batch + 1) * 100, 10_000);
      for (const r of reqs) r.destroy();
    }
    await until(() => up.seen.every((s) => s.closed), 10_000);
    await until(() => p.requests().length === 300, 10_000);
    const text = (await request(p.url, 'GET', '/metrics')).raw.toString();
    expect(metric(text, 'sc_migrate_proxy_in_flight_requests')).toBe(1); // the scrape itself
    expect(metric(text, 'sc_migrate_proxy_requests_total{route="api",legacy_version="v1",status="0"}')).toBe(300);
    expect(p.requests().every((l) => l.reason === undefined && l.aborted === true && l.level === 40)).toBe(true);
  });
});

describe('client aborts mid-upload', () => {
  it('leaves nothing behind when a client goes away in the middle of a streamed body', async () => {
    const up = await suite.upstream(() => undefined); // reads, never answers
    const p = await proxy(up.url, ['--upstream-timeout', '20s']);
    for (let i = 0; i < 20; i++) {
      await rawExchange(
        p.port,
        async (s) => {
          s.write('POST /api/questions/q1/media HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n');
          s.write('x'.repeat(1000));
          await sleep(30);
          s.destroy();
        },
        1000,
      );
    }
    await until(() => up.seen.length === 20 && up.seen.every((s) => s.closed), 5000);
    await until(() => p.requests().length === 20);
    expect(p.requests().map((l) => `${l.status} ${l.aborted} ${l.reason}`)).toEqual(Array(20).fill('0 true undefined'));
    expect((await request(p.url, 'GET', '/healthz')).status).toBe(200);
    expect(p.child.exitCode).toBeNull();
  });
});

describe('SIGTERM under load', () => {
  it('answers every in-flight request, stops being ready, then exits 0', async () => {
    const up = await upstreamWith((_req, res) => setTimeout(() => sendJson(res, 200, { text: 'whole' }), 400));
    const p = await proxy(up.url, ['--drain-timeout', '10s']);
    const inFlight = Array.from({ length: 40 }, (_, i) => request(p.url, 'GET', `/api/results/r${i}/`));
    await until(() => up.seen.length === 40);
    p.child.kill('SIGTERM');
    await until(() => p.logs.some((l) => l.msg === 'draining'));
    // Not ready any more: the listener is closed (a probe cannot connect) or, on a live connection, a 503.
    const ready = await request(p.url, 'GET', '/readyz').then(
      (r) => r.status,
      () => 'refused',
    );
    expect(ready).not.toBe(200);
    const replies = await Promise.all(inFlight);
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(replies.every((r) => r.json.text === 'whole')).toBe(true);
    expect(await p.exited).toBe(0);
    expect(p.requests()).toHaveLength(40);
    expect(p.logs.find((l) => l.msg === 'stopped')).toMatchObject({ drained: true });
  });
});
