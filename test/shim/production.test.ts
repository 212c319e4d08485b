/**
 * Issue 11, "Why": every problem found by trying the proxy as an operator would, reproduced against
 * `sc-migrate proxy` running as a child process on 127.0.0.1 (raw sockets where curl cannot express it).
 */
import * as net from 'node:net';
import { describe, expect, it } from 'vitest';
import { configFor, request } from './helpers';
import { freePort, rawExchange, rawJson, runProxyCommand, writeConfig } from './process';
import { processSuite } from './suite';
import { sendJson, sleep, until } from './upstream';

const suite = processSuite();
const upstreamWith = suite.upstream;
const proxy = (upstream: string, args: string[] = [], env: NodeJS.ProcessEnv = {}, port?: number) => suite.proxy(upstream, args, env, port);

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

/** A request over a raw connection; resolves with what came back and whether the proxy ended the connection. */
function rawGet(port: number, path: string, limitMs: number) {
  return rawExchange(port, (s) => void s.write(get(path)), limitMs);
}

describe('1. every connection ends', () => {
  it.each([
    ['non-JSON', 'application/octet-stream', '/api/questions/q1/media'],
    ['JSON, transformed', 'application/json', '/api/results/r1/'],
    ['JSON, unknown resource', 'application/json', '/api/nowhere/x/'],
  ])('ends the client connection at once when the upstream cuts a %s response mid-body', async (_name, type, path) => {
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': type, 'content-length': '100000' });
      res.write('{"advice": "'.padEnd(2000, 'x'));
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const p = await proxy(up.url, ['--upstream-timeout', '20s']);
    const r = await rawGet(p.port, path, 5000);
    expect(r.ended, r.text.slice(0, 200)).toBe(true);
    expect(r.ms).toBeLessThan(2000);
    // Either a JSON 502 (nothing sent yet) or a connection cut short: never a whole-looking answer.
    if (r.status === 502) expect(rawJson(r.text).error.code).toBe('upstream-unreachable');
    else expect(r.text.length).toBeLessThan(100_000);
    await until(() => p.requests().length === 1);
    expect(p.requests()[0]).toMatchObject({ level: 50, reason: 'upstream-cut' });
  });

  it('ends the client connection when the upstream stalls mid-body (idle timeout)', async () => {
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '100000' });
      res.write('x'.repeat(100));
    });
    const p = await proxy(up.url, ['--upstream-timeout', '400ms']);
    const r = await rawGet(p.port, '/api/questions/q1/media', 5000);
    expect(r.ended).toBe(true);
    expect(r.ms).toBeLessThan(2500);
    await until(() => p.requests().length === 1);
    expect(p.requests()[0]).toMatchObject({ reason: 'upstream-timeout' });
  });

  it('answers slow request headers with a JSON 408 within the request timeout', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const p = await proxy(up.url, ['--request-timeout', '1s']);
    const r = await rawExchange(p.port, (s) => void s.write('GET /api/results/r1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n'), 6000);
    expect(r.ended).toBe(true);
    expect(r.status).toBe(408);
    expect(rawJson(r.text).error.code).toBe('client-timeout');
    expect(r.ms).toBeLessThan(4000);
    expect(up.seen).toHaveLength(0);
    await until(() => p.requests().length === 1);
    expect(p.requests()[0]).toMatchObject({ status: 408, reason: 'client-timeout', level: 40 });
  });

  it('answers a body trickling one byte at a time with a JSON 408 at the request timeout', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 201, {}));
    const p = await proxy(up.url, ['--request-timeout', '1s', '--client-idle-timeout', '5s']);
    const r = await rawExchange(
      p.port,
      async (s) => {
        s.write('POST /api/complaints/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
        for (let i = 0; i < 40 && !s.destroyed; i++) {
          s.write('x');
          await sleep(100);
        }
      },
      6000,
    );
    expect(r.ended).toBe(true);
    expect(r.status).toBe(408);
    expect(r.ms).toBeLessThan(3500);
    expect(up.seen).toHaveLength(0);
  });

  it.each([
    ['a transformed route', 'application/json', '/api/complaints/'],
    ['a streamed route', 'application/octet-stream', '/api/questions/q1/media'],
  ])('answers a body that stops coming on %s with a JSON 408, counted as a client timeout', async (_name, type, path) => {
    const up = await upstreamWith((_req, res) => sendJson(res, 201, {}));
    const p = await proxy(up.url, ['--client-idle-timeout', '500ms', '--upstream-timeout', '300ms']);
    const r = await rawExchange(
      p.port,
      (s) => void s.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 100\r\n\r\n{"text"`),
      6000,
    );
    expect(r.ended).toBe(true);
    expect(r.status).toBe(408);
    expect(rawJson(r.text).error.code).toBe('client-timeout');
    const metrics = (await request(p.url, 'GET', '/metrics')).raw.toString();
    expect(metrics).toMatch(/sc_migrate_proxy_client_timeouts_total 1/);
    expect(metrics).not.toMatch(/sc_migrate_proxy_upstream_errors_total\{kind="timeout"\} [1-9]/);
  });

  it('refuses connections over --max-connections with a JSON 503 and keeps serving the others', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const p = await proxy(up.url, ['--max-connections', '3']);
    const held: net.Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const s = net.connect(p.port, '127.0.0.1');
      s.on('error', () => undefined);
      held.push(s);
      await new Promise((r) => s.once('connect', r));
    }
    suite.defer(async () => held.forEach((s) => s.destroy()));
    await sleep(50);
    const over = await rawGet(p.port, '/api/results/r1/', 3000);
    expect(over.ended).toBe(true);
    expect(over.status).toBe(503);
    expect(rawJson(over.text).error.code).toBe('too-many-connections');
    held.pop()!.destroy();
    await sleep(50);
    const ok = await rawExchange(p.port, (s) => void s.write(get('/api/results/r1/', 'Connection: close\r\n')), 3000);
    expect(ok.status).toBe(200);
  });

  it('logs a request killed by the drain timeout', async () => {
    const up = await upstreamWith(() => undefined); // holds every request
    const p = await proxy(up.url, ['--drain-timeout', '300ms', '--upstream-timeout', '20s']);
    const pending = rawGet(p.port, '/api/results/r1/', 5000);
    await until(() => up.seen.length === 1);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(1);
    const r = await pending;
    expect(r.ended).toBe(true);
    const lines = p.requests();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/api/results/r1/', reason: 'drain-timeout', aborted: true });
  });
});

describe('2. no header trusted', () => {
  /** An upstream answering every request with a link to itself, in the body and in Location. */
  const linkingUpstream = async () => {
    const up = await upstreamWith((_req, res) => {
      const link = `${up.url}/symptom-checker/v2/interviews/i1/`;
      sendJson(res, 201, { _links: { self: link } }, { location: link });
    });
    return up;
  };

  it('builds links from the listen address on loopback, whatever the Host header says', async () => {
    const up = await linkingUpstream();
    const p = await proxy(up.url);
    const r = await rawExchange(
      p.port,
      (s) => void s.write('POST /api/interviews/anonymous/ HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
      3000,
    );
    expect(r.status).toBe(201);
    expect(r.text).not.toContain('evil.example');
    expect(r.text).toContain(`location: http://127.0.0.1:${p.port}/api/interviews/i1/`);
    expect(rawJson(r.text)._links.self).toBe(`http://127.0.0.1:${p.port}/api/interviews/i1/`);
  });

  it('uses --public-url for links when given', async () => {
    const up = await linkingUpstream();
    const p = await proxy(up.url, ['--public-url', 'https://sc-proxy.example.test/']);
    const r = await request(p.url, 'POST', '/api/interviews/anonymous/', { body: {}, headers: { host: 'evil.example' } });
    expect(r.headers.location).toBe('https://sc-proxy.example.test/api/interviews/i1/');
    expect(r.json._links.self).toBe('https://sc-proxy.example.test/api/interviews/i1/');
  });

  it('answers every Host that is not a plain host[:port] with a JSON 400 and forwards nothing', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const p = await proxy(up.url);
    for (const host of ['u:p@attacker.test/x#', 'attacker.test/x', 'a b', 'attacker.test:99999', 'attacker.test:80:80', 'attacker.test#x']) {
      const r = await rawExchange(p.port, (s) => void s.write(`GET /api/results/r1/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`), 3000);
      expect(r.status, host).toBe(400);
      expect(r.text, host).not.toContain('attacker');
    }
    expect(up.seen).toHaveLength(0);
  });

  it('refuses to start bound to a non-loopback address without publicUrl or allowedHosts', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const r = await runProxyCommand(suite.main, ['--config', writeConfig(configFor(up.url)), '--env', 'sandbox', '--host', '0.0.0.0', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--public-url|publicUrl/);
    expect(r.stderr).toMatch(/allowedHosts|--allowed-hosts/);
  });

  it('with --allowed-hosts, takes links from an allowed Host and refuses any other', async () => {
    const up = await linkingUpstream();
    const p = await proxy(up.url, ['--allowed-hosts', 'sc-proxy.internal:8080,sc-proxy.internal']);
    const ok = await request(p.url, 'POST', '/api/interviews/anonymous/', { body: {}, headers: { host: 'sc-proxy.internal:8080' } });
    expect(ok.headers.location).toBe('http://sc-proxy.internal:8080/api/interviews/i1/');
    const bad = await request(p.url, 'POST', '/api/interviews/anonymous/', { body: {}, headers: { host: 'evil.example' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('bad-host');
  });

  it('never hands the client a malformed upstream JSON body with the upstream address in it', async () => {
    let origin = '';
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"_links": {"self": "${origin}/symptom-checker/v2/results/r1/"}, "advice": `);
    });
    origin = up.url;
    const p = await proxy(up.url);
    const r = await request(p.url, 'GET', '/api/results/r1/');
    expect(r.raw.toString()).not.toContain(new URL(up.url).host);
    expect(r.raw.toString()).toContain(`http://127.0.0.1:${p.port}/api/results/r1/`);
    await until(() => p.requests().length === 1);
    expect(p.requests()[0]).toMatchObject({ reason: 'upstream-malformed-json' });
  });

  it('answers 502 when a malformed upstream JSON body still names the upstream after rewriting', async () => {
    let origin = '';
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"debug": "${origin}/internal/trace", "advice": `);
    });
    origin = up.url;
    const p = await proxy(up.url);
    const r = await request(p.url, 'GET', '/api/results/r1/');
    expect(r.status).toBe(502);
    expect(r.json.error.code).toBe('upstream-malformed-json');
    expect(r.raw.toString()).not.toContain(new URL(up.url).host);
    await until(() => p.requests().length === 1);
    expect(p.requests()[0]).toMatchObject({ status: 502, level: 50, reason: 'upstream-malformed-json' });
  });
});

describe('3. logs an operator can use', () => {
  it('honours LOG_LEVEL, and --log-level over it', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const quiet = await proxy(up.url, [], { LOG_LEVEL: 'warn' }, await freePort());
    await request(quiet.url, 'GET', '/api/results/r1/');
    await request(quiet.url, 'GET', '/nowhere-at-all');
    await until(() => quiet.requests().length === 1);
    expect(quiet.logs.find((l) => l.msg === 'listening')).toBeUndefined();
    expect(quiet.requests()[0]).toMatchObject({ status: 404, level: 40, reason: 'not-found' });
    const loud = await proxy(up.url, ['--log-level', 'info'], { LOG_LEVEL: 'error' });
    expect(loud.logs.find((l) => l.msg === 'listening')).toBeDefined();
    await request(loud.url, 'GET', '/api/results/r1/');
    await until(() => loud.requests().length === 1);
    expect(loud.requests()[0]).toMatchObject({ status: 200, level: 30 });
  });

  it('logs 5xx at error, 4xx at warn with a reason on every refusal', async () => {
    const up = await upstreamWith((req, res) => (req.url?.includes('boom') ? sendJson(res, 500, {}) : sendJson(res, 200, {})));
    const p = await proxy(up.url);
    await request(p.url, 'GET', '/api/results/boom/');
    await request(p.url, 'POST', '/oauth/token', { body: { client_id: 'c', client_secret: 's', audience: 'https://evil.test/' } });
    await request(p.url, 'POST', '/api/complaints/', { raw: '{"text": ' });
    await request(p.url, 'GET', '/api/results/r1/', { headers: { 'sc-legacy-version': 'v0' } });
    await until(() => p.requests().length === 4);
    const [boom, audience, malformed, pin] = p.requests();
    expect(boom).toMatchObject({ status: 500, level: 50 });
    expect(audience).toMatchObject({ status: 400, level: 40, reason: 'unknown-audience' });
    expect(malformed).toMatchObject({ status: 400, level: 40, reason: 'malformed-json' });
    expect(pin).toMatchObject({ status: 400, level: 40, reason: 'bad-legacy-version' });
  });

  it('logs paths with query values redacted', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, []));
    const p = await proxy(up.url);
    await request(p.url, 'GET', '/api/questions/?interview=secret-iv-42&access_token=tok-99');
    await until(() => p.requests().length === 1);
    expect(p.stdout).not.toContain('secret-iv-42');
    expect(p.stdout).not.toContain('tok-99');
    expect(p.requests()[0]!.path).toBe('/api/questions/?interview=[redacted]&access_token=[redacted]');
  });

  it('samples access lines at info with --log-sample, never warnings or errors', async () => {
    const up = await upstreamWith((req, res) => (req.url?.includes('boom') ? sendJson(res, 502, {}) : sendJson(res, 200, {})));
    const p = await proxy(up.url, ['--log-sample', '0.1']);
    for (let i = 0; i < 100; i++) await request(p.url, 'GET', '/api/results/r1/');
    for (let i = 0; i < 10; i++) await request(p.url, 'GET', '/api/results/boom/');
    await until(() => p.requests().filter((l) => l.status === 502).length === 10);
    const ok = p.requests().filter((l) => l.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(40);
  });

  it('writes pretty lines through pino-pretty with --log-format pretty', async () => {
    const up = await upstreamWith((_req, res) => sendJson(res, 200, {}));
    const p = await proxy(up.url, ['--log-format', 'pretty']);
    await request(p.url, 'GET', '/api/results/r1/');
    await until(() => /INFO.*request/.test(p.stdout));
    expect(p.logs).toHaveLength(0); // no JSON line
    expect(p.stdout).toMatch(/path: "\/api\/results\/r1\/"/);
  });
});

describe('5. streams what no rule touches', () => {
  it('streams a 2 MB JSON response of a path the catalogue has no rule for, untouched', async () => {
    const big = JSON.stringify({ items: 'x'.repeat(2 * 1024 * 1024) });
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      res.end(big);
    });
    const p = await proxy(up.url, ['--max-body', '1mb']);
    const r = await request(p.url, 'GET', '/api/nowhere/x/');
    expect(r.status).toBe(200);
    expect(r.raw.toString()).toBe(big);
  });

  it('answers a small JSON response no rule applies to in one piece: links rewritten, other bytes unchanged', async () => {
    let origin = '';
    const up = await upstreamWith((_req, res) => {
      const body = Buffer.from(`{"note": "naïve ✓", "_links": {"self": "${origin}/symptom-checker/v2/nowhere/x/"}}`, 'utf8');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    origin = up.url;
    const p = await proxy(up.url);
    const r = await request(p.url, 'GET', '/api/nowhere/x/');
    expect(r.status).toBe(200);
    const expected = Buffer.from(`{"note": "naïve ✓", "_links": {"self": "http://127.0.0.1:${p.port}/api/nowhere/x/"}}`, 'utf8');
    expect(r.raw.equals(expected)).toBe(true);
    expect(r.headers['content-length']).toBe(String(expected.length));
    expect(r.headers['transfer-encoding']).toBeUndefined();
  });
});
