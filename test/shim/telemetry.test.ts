import { afterEach, describe, expect, it } from 'vitest';
import { configFor, request, startProxy, startStack, V1_AUDIENCE, type Stack } from './helpers';
import { closedPort, sendJson, startUpstream } from './upstream';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function stack(): Promise<Stack> {
  const s = await startStack({ requireToken: true });
  cleanups.push(() => s.close());
  return s;
}

describe('logs', () => {
  it('write one JSON line per request with route, pin, changes applied, statuses and timings', async () => {
    const s = await stack();
    const tok = await request(s.proxyUrl, 'POST', '/oauth/token', {
      body: { client_id: 'c', client_secret: 'x', audience: V1_AUDIENCE, grant_type: 'client_credentials' },
    });
    const auth = { authorization: `Bearer ${tok.json.access_token}` };
    await request(s.proxyUrl, 'POST', '/api/interviews/anonymous/', { body: { profile: { age: 30 } }, headers: { ...auth, 'sc-legacy-version': '2020-06' } });
    await request(s.proxyUrl, 'GET', '/healthz');
    const lines = s.logs.records.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    const [token, create] = lines as Record<string, unknown>[];
    expect(token).toMatchObject({ route: 'token', status: 200, upstreamStatus: 200, changesApplied: ['token-audience'] });
    expect(create).toMatchObject({
      route: 'api',
      method: 'POST',
      path: '/api/interviews/anonymous/',
      legacyVersion: '2020-06',
      resource: 'interview',
      operation: 'create',
      upstreamStatus: 201,
      status: 201,
    });
    expect(create!.changesApplied).toEqual(
      expect.arrayContaining(['base-url', 'interview-profile-fields-removed', 'interview-marketplace-variant-removed', 'interview-mode-flag-removed', 'mode-complaint-renamed-input']),
    );
    expect(typeof create!.ms).toBe('number');
    expect(typeof create!.upstreamMs).toBe('number');
  });

  it('never contain client secrets, Authorization headers or access tokens', async () => {
    const s = await stack();
    const secret = 'cs_SUPER-SECRET-4711';
    const tok = await request(s.proxyUrl, 'POST', '/oauth/token', {
      body: { client_id: 'c', client_secret: secret, audience: V1_AUDIENCE, grant_type: 'client_credentials' },
    });
    const accessToken = tok.json.access_token as string;
    expect(accessToken.length).toBeGreaterThan(10);
    // form-encoded, with the secret, and an unknown audience (an error path)
    await request(s.proxyUrl, 'POST', '/oauth/token', {
      raw: `client_id=c&client_secret=${secret}&audience=https%3A%2F%2Fevil.test&grant_type=client_credentials`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // malformed JSON that quotes the secret (JSON.parse messages quote their input)
    await request(s.proxyUrl, 'POST', '/oauth/token', { raw: `{"client_secret": "${secret}", ` });
    await request(s.proxyUrl, 'POST', '/api/complaints/', { raw: `{"client_secret": "${secret}" x`, headers: { authorization: `Bearer ${accessToken}` } });
    // ordinary and failing API calls with the token
    await request(s.proxyUrl, 'GET', `/api/questions/?access_token=${accessToken}`, { headers: { authorization: `Bearer ${accessToken}` } });
    await request(s.proxyUrl, 'GET', '/api/questions/', { headers: { authorization: `Bearer ${accessToken}`, 'sc-legacy-version': 'bogus' } });
    const text = s.logs.text;
    expect(s.logs.records.filter((l) => l.msg === 'request').length).toBe(6);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(accessToken);
    expect(text.toLowerCase()).not.toContain('bearer');
  });

  it('censor secret fields should a log call ever carry one', async () => {
    const s = await stack();
    s.proxy.logger.info({ body: { client_secret: 'leak-1', access_token: 'leak-2' }, headers: { authorization: 'Bearer leak-3' } }, 'oops');
    expect(s.logs.text).not.toMatch(/leak-\d/);
    expect(s.logs.text).toContain('[redacted]');
  });
});

describe('metrics', () => {
  it('count applied changes by catalogue id, starting at zero', async () => {
    const s = await stack();
    const before = await request(s.proxyUrl, 'GET', '/metrics');
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toMatch(/text\/plain/);
    expect(before.raw.toString()).toMatch(/sc_migrate_proxy_changes_applied_total\{change="complaint-extra-removed"\} 0/);
    expect(before.raw.toString()).toMatch(/sc_migrate_proxy_changes_applied_total\{change="mode-update-status-200"\} 0/);
    await request(s.proxyUrl, 'POST', '/api/complaints/', { body: { text: 'a', extra: 'b' } }); // 401 from the stand-in; still stripped
    const after = (await request(s.proxyUrl, 'GET', '/metrics')).raw.toString();
    expect(after).toMatch(/sc_migrate_proxy_changes_applied_total\{change="complaint-extra-removed"\} 1/);
    expect(after).toMatch(/sc_migrate_proxy_requests_total\{route="api",legacy_version="v1",status="401"\} 1/);
    expect(after).toMatch(/sc_migrate_proxy_request_duration_seconds_count\{route="api"\} 1/);
  });

  it('count upstream failures by kind', async () => {
    const { proxy, url } = await startProxy(configFor(await closedPort()));
    cleanups.push(() => proxy.close(200));
    await request(url, 'GET', '/api/questions/');
    const text = (await request(url, 'GET', '/metrics')).raw.toString();
    expect(text).toMatch(/sc_migrate_proxy_upstream_errors_total\{kind="unreachable"\} 1/);
  });
});

describe('health', () => {
  it('/readyz is 200 while the upstream accepts connections and 503 when it does not', async () => {
    const up = await startUpstream((_req, res) => sendJson(res, 200, {}));
    const { proxy, url } = await startProxy(configFor(up.url));
    cleanups.push(() => proxy.close(200));
    const ok = await request(url, 'GET', '/readyz');
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ ready: true, upstreams: { api: true, auth: true } });
    await up.close();
    const down = await request(url, 'GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.json.ready).toBe(false);
    const live = await request(url, 'GET', '/healthz');
    expect(live.status).toBe(200);
  });
});

describe('RFC 8594 headers', () => {
  it('go on facade responses when configured, and only then', async () => {
    const up = await startUpstream((_req, res) => sendJson(res, 200, {}));
    cleanups.push(() => up.close());
    const configured = await startProxy(
      configFor(up.url, { deprecation: true, sunset: '2021-10-01', link: 'https://docs.example.test/v2-migration' }),
    );
    cleanups.push(() => configured.proxy.close(200));
    for (const path of ['/api/results/r/', '/api/nowhere/']) {
      const r = await request(configured.url, 'GET', path);
      expect(r.headers.deprecation).toBe('true');
      expect(r.headers.sunset).toBe('Fri, 01 Oct 2021 00:00:00 GMT');
      expect(r.headers.link).toBe('<https://docs.example.test/v2-migration>; rel="deprecation", <https://docs.example.test/v2-migration>; rel="sunset"');
    }
    const health = await request(configured.url, 'GET', '/healthz');
    expect(health.headers.sunset).toBeUndefined();
    const plain = await startProxy(configFor(up.url));
    cleanups.push(() => plain.proxy.close(200));
    const r = await request(plain.url, 'GET', '/api/results/r/');
    expect(r.headers.deprecation).toBeUndefined();
    expect(r.headers.sunset).toBeUndefined();
  });
});
