import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, rulesOfKind } from '../../catalogue';
import { proxyCommand } from '../../cli/commands/proxy';
import { CliError } from '../../cli/exit';
import { availableParallelism } from 'node:os';
import { checkBinding, isLoopback, OptionsError, parseDuration, parseSize, resolveProxyOptions } from '../../shim/options';
import { configFor, request, startMock, V1_AUDIENCE, V2_AUDIENCE } from './helpers';
import type { MockV2 } from '../../shim/mock/server';

describe('the v2 stand-in', () => {
  let mock: MockV2;
  let base: string;
  beforeEach(async () => {
    const m = await startMock();
    mock = m.mock;
    base = `${m.url}/symptom-checker/v2`;
  });
  afterEach(async () => {
    await mock.close();
  });

  async function interview() {
    const r = await request(base, 'POST', '/interviews/anonymous/', { body: { profile: { age: 30, sex: 'male', race: 'x' } } });
    expect(r.status).toBe(201);
    return r.json;
  }

  it('answers with v2 shapes and absolute links', async () => {
    const iv = await interview();
    expect(iv.profile).toEqual({ age: 30, sex: 'male' });
    expect(iv.mode).toBe('input');
    expect(iv._links.self).toBe(`${base}/interviews/${iv.token}/`);
    expect(iv).not.toHaveProperty('marketplace');
  });

  it('refuses every removed request field the shim strips (from the catalogue)', async () => {
    const iv = await interview();
    const rules = rulesOfKind('request-field-removed').filter((r) => r.rule.strip);
    expect(rules.length).toBeGreaterThan(2);
    for (const { rule } of rules) {
      const seg = api.resources[rule.resource].segment;
      const path = rule.resource === 'interview' ? `/${seg}/${iv.token}/` : `/${seg}/`;
      const method = rule.resource === 'interview' ? 'PUT' : 'POST';
      const r = await request(base, method, path, { body: { [rule.path[0]!]: 'old', interview: iv.token } });
      expect(r.status, rule.path.join('.')).toBe(400);
      expect(r.json.error.code).toBe('removed-field');
    }
  });

  it('refuses removed modes and old mode names, and answers a mode update that produces nothing with 200', async () => {
    const iv = await interview();
    for (const value of ['safe', 'triage', 'complaint']) {
      const r = await request(base, 'PUT', `/interviews/${iv.token}/`, { body: { mode: value } });
      expect(r.status, value).toBe(400);
    }
    const r = await request(base, 'PUT', `/interviews/${iv.token}/`, { body: { mode: 'input' } });
    expect(r.status).toBe(200);
    expect(typeof r.json._links.msg).toBe('string');
    expect(r.json).not.toHaveProperty('msg');
  });

  it('fails interview creation with 422 when asked to (sc-mock-location-failure header)', async () => {
    const r = await request(base, 'POST', '/interviews/anonymous/', { body: { profile: { age: 30 } }, headers: { 'sc-mock-location-failure': '1' } });
    expect(r.status).toBe(422);
  });

  it('refuses profiles outside the age range', async () => {
    const r = await request(base, 'POST', '/interviews/anonymous/', { body: { profile: { age: 1 } } });
    expect(r.status).toBe(400);
  });

  it('issues tokens for the v2 audience only, to JSON requests', async () => {
    const origin = base.replace(/\/symptom-checker\/v2$/, '');
    const good = await request(origin, 'POST', mock.options.tokenPath, {
      body: { client_id: 'c', client_secret: 's', audience: V2_AUDIENCE, grant_type: 'client_credentials' },
    });
    expect(good.status).toBe(200);
    expect(typeof good.json.access_token).toBe('string');
    const v1 = await request(origin, 'POST', mock.options.tokenPath, { body: { client_id: 'c', client_secret: 's', audience: V1_AUDIENCE, grant_type: 'client_credentials' } });
    expect(v1.status).toBe(400);
    const form = await request(origin, 'POST', mock.options.tokenPath, {
      raw: `client_id=c&client_secret=s&audience=${encodeURIComponent(V2_AUDIENCE)}&grant_type=client_credentials`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
  });

  it('requires a D answer to carry the duration in hours, and accepts S answers without extra', async () => {
    const iv = await interview();
    await request(base, 'POST', '/complaints/', { body: { interview: iv.token, text: 'h' } });
    const qs = (await request(base, 'GET', `/questions/?interview=${iv.token}`)).json;
    const s = qs.find((q: { type: string }) => q.type === 'S');
    const d = qs.find((q: { type: string }) => q.type === 'D');
    expect((await request(base, 'PUT', `/questions/${s.token}/`, { body: { token: s.options[0].token } })).status).toBe(200);
    expect((await request(base, 'PUT', `/questions/${d.token}/`, { body: { token: d.options[0].token } })).status).toBe(400);
    expect((await request(base, 'PUT', `/questions/${d.token}/`, { body: { token: d.options[0].token, extra: '12' } })).status).toBe(200);
  });
});

describe('proxy options', () => {
  it('parse sizes and durations', () => {
    expect(parseSize('1mb')).toBe(1024 * 1024);
    expect(parseSize('512kb')).toBe(512 * 1024);
    expect(parseSize(2048)).toBe(2048);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('2m')).toBe(120_000);
    expect(() => parseSize('lots')).toThrow(OptionsError);
    expect(() => parseDuration('soon')).toThrow(/30s/);
  });

  it('name a bad environment, pin or defaults key', () => {
    const config = configFor('http://127.0.0.1:1');
    expect(() => resolveProxyOptions(config, { env: 'production' })).toThrow(/'production' is not in the config; known: sandbox/);
    expect(() => resolveProxyOptions(config, { env: 'sandbox', legacyVersion: '2020-13' })).toThrow(/neither 'v1' nor a month/);
    expect(() => resolveProxyOptions(configFor('http://127.0.0.1:1', { defaults: { 'interview.profile.eyes': 1 } }), { env: 'sandbox' })).toThrow(
      /'interview\.profile\.eyes' is neither/,
    );
    const ok = resolveProxyOptions(configFor('http://127.0.0.1:1', { legacyVersion: '2020-06' }), { env: 'sandbox' });
    expect(ok.legacyVersion).toBe('2020-06');
    expect(resolveProxyOptions(configFor('http://127.0.0.1:1', { legacyVersion: '2020-06' }), { env: 'sandbox', legacyVersion: 'v1' }).legacyVersion).toBe('v1');
  });

  it('make `sc-migrate proxy` fail with a usage error on a bad pin', async () => {
    const handler = proxyCommand.handler as (argv: Record<string, unknown>) => Promise<void>;
    const err = await handler({ env: 'sandbox', port: 0, host: '127.0.0.1', 'legacy-version': 'yesterday' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(2);
    expect((err as CliError).message).toMatch(/yesterday/);
  });
});

describe('production options', () => {
  const config = configFor('http://127.0.0.1:1');
  const resolve = (flags: Partial<Parameters<typeof resolveProxyOptions>[1]> = {}) => resolveProxyOptions(config, { env: 'sandbox', ...flags });

  it('take the log level from the flag, else LOG_LEVEL, else the config, else info', () => {
    expect(resolve().log.level).toBe('info');
    expect(resolve({ processEnv: { LOG_LEVEL: 'WARN' } }).log.level).toBe('warn');
    expect(resolve({ processEnv: { LOG_LEVEL: 'warn' }, logLevel: 'error' }).log.level).toBe('error');
    expect(() => resolve({ logLevel: 'loud' })).toThrow(OptionsError);
  });

  it('write pretty logs by default only on a terminal', () => {
    expect(resolve().log.format).toBe('json');
    expect(resolve({ tty: true }).log.format).toBe('pretty');
    expect(resolve({ tty: true, logFormat: 'json' }).log.format).toBe('json');
  });

  it('run one process unless --workers is given; --workers alone is one per core', () => {
    expect(resolve().workers).toBe(1);
    expect(resolve({ workers: '' }).workers).toBe(availableParallelism());
    expect(resolve({ workers: '3' }).workers).toBe(3);
    expect(() => resolve({ workers: '-1' })).toThrow(OptionsError);
  });

  it('accept a public URL without credentials, query or fragment, and plain allowed hosts only', () => {
    expect(resolve({ publicUrl: 'https://sc-proxy.example.test/' }).publicUrl).toBe('https://sc-proxy.example.test');
    for (const bad of ['ftp://x.test', 'https://u:p@x.test', 'https://x.test/?a=1', 'not a url']) expect(() => resolve({ publicUrl: bad }), bad).toThrow(OptionsError);
    expect(resolve({ allowedHosts: 'A.example.test:8080, b.example.test' }).allowedHosts).toEqual(['a.example.test:8080', 'b.example.test']);
    expect(() => resolve({ allowedHosts: 'evil.test/x' })).toThrow(OptionsError);
  });

  it('refuse a non-loopback bind without a public address', () => {
    expect(isLoopback('127.0.0.1') && isLoopback('::1') && isLoopback('localhost') && isLoopback('127.1.2.3')).toBe(true);
    expect(isLoopback('0.0.0.0') || isLoopback('::') || isLoopback('10.0.0.5')).toBe(false);
    expect(() => checkBinding('0.0.0.0', resolve())).toThrow(/--public-url/);
    expect(() => checkBinding('0.0.0.0', resolve({ publicUrl: 'http://p.test' }))).not.toThrow();
    expect(() => checkBinding('0.0.0.0', resolve({ allowedHosts: 'p.test' }))).not.toThrow();
    expect(() => checkBinding('127.0.0.1', resolve())).not.toThrow();
  });
});
