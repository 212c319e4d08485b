import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { configFor, request, startProxy, V1_AUDIENCE, V2_AUDIENCE } from './helpers';
import { sendJson, startUpstream, type Upstream } from './upstream';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(handler: Parameters<typeof startUpstream>[0], shim = {}) {
  const up: Upstream = await startUpstream(handler);
  cleanups.push(() => up.close());
  const p = await startProxy(configFor(up.url, shim));
  cleanups.push(() => p.proxy.close(200));
  return { up, url: p.url };
}

describe('POST /oauth/token', () => {
  const ok = (_req: http.IncomingMessage, res: http.ServerResponse) => sendJson(res, 200, { access_token: 'at', token_type: 'Bearer' });

  it('replaces the v1 audience in a JSON body and sends it to <authUrl>/oauth/token', async () => {
    const { up, url } = await setup(ok);
    const r = await request(url, 'POST', '/oauth/token', {
      body: { client_id: 'c', client_secret: 's', audience: V1_AUDIENCE, grant_type: 'client_credentials' },
    });
    expect(r.status).toBe(200);
    expect(r.json.access_token).toBe('at');
    expect(up.seen[0]!.url).toBe('/auth/oauth/token');
    expect(JSON.parse(up.seen[0]!.body)).toEqual({ client_id: 'c', client_secret: 's', audience: V2_AUDIENCE, grant_type: 'client_credentials' });
  });

  it('accepts a form-encoded body and forwards it as JSON, as v2 requires', async () => {
    const { up, url } = await setup(ok);
    const r = await request(url, 'POST', '/oauth/token', {
      raw: `client_id=c&client_secret=s&audience=${encodeURIComponent(V1_AUDIENCE.replace(/\/$/, ''))}&grant_type=client_credentials`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect(up.seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(up.seen[0]!.body)).toMatchObject({ audience: V2_AUDIENCE, client_id: 'c' });
  });

  it('forwards a request that already asks for the v2 audience unchanged', async () => {
    const { up, url } = await setup(ok);
    const r = await request(url, 'POST', '/oauth/token', { body: { client_id: 'c', client_secret: 's', audience: V2_AUDIENCE, grant_type: 'client_credentials' } });
    expect(r.status).toBe(200);
    expect(JSON.parse(up.seen[0]!.body).audience).toBe(V2_AUDIENCE);
  });

  it.each([
    ['another audience', { audience: 'https://www.example.test/api/' }, 'unknown-audience', /does not know.*https:\/\/www\.example\.test\/api\//],
    ['no audience', {}, 'missing-audience', /no 'audience'/],
  ])('answers %s with a 400 naming the problem and forwards nothing', async (_name, extra, code, message) => {
    const { up, url } = await setup(ok);
    const r = await request(url, 'POST', '/oauth/token', { body: { client_id: 'c', client_secret: 's', grant_type: 'client_credentials', ...extra } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(code);
    expect(r.json.error.message).toMatch(message);
    expect(up.seen).toHaveLength(0);
  });

  it('answers other body types with a JSON 415', async () => {
    const { up, url } = await setup(ok);
    const r = await request(url, 'POST', '/oauth/token', { raw: 'audience=x', headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(up.seen).toHaveLength(0);
  });
});

describe('compressed JSON responses', () => {
  const encoders: Record<string, (b: Buffer) => Buffer> = {
    gzip: (b) => zlib.gzipSync(b),
    br: (b) => zlib.brotliCompressSync(b),
    deflate: (b) => zlib.deflateSync(b),
  };
  const decoders: Record<string, (b: Buffer) => Buffer> = {
    gzip: (b) => zlib.gunzipSync(b),
    br: (b) => zlib.brotliDecompressSync(b),
    deflate: (b) => zlib.inflateSync(b),
  };

  it.each(Object.keys(encoders))('are decoded, transformed, encoded again (%s) with a new content-length', async (encoding) => {
    const { url } = await setup((req, res) => {
      const body = encoders[encoding]!(Buffer.from(JSON.stringify({ triage: { level: 'x' }, triage_explanation: { potential_condition: {} } })));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': body.length });
      res.end(body);
    });
    const r = await request(url, 'GET', '/api/results/r/', { headers: { 'accept-encoding': encoding, 'sc-legacy-version': '2020-06' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(Number(r.headers['content-length'])).toBe(r.raw.length);
    const body = JSON.parse(decoders[encoding]!(r.raw).toString());
    expect(body).toEqual({ triage: { level: 'x' }, triage_explanation: { potential_condition: { triage: { level: 'x' } } }, advice: null, test: null });
  });

  it('pass through a coding the proxy cannot undo, untouched', async () => {
    const payload = Buffer.from('zstd-bytes');
    const { url } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      res.end(payload);
    });
    const r = await request(url, 'GET', '/api/results/r/');
    expect(r.raw.equals(payload)).toBe(true);
  });

  it('decodes a gzip request body before transforming it', async () => {
    const { up, url } = await setup((_req, res) => sendJson(res, 201, {}));
    const r = await request(url, 'POST', '/api/complaints/', {
      raw: zlib.gzipSync(Buffer.from(JSON.stringify({ text: 't', extra: 'e' }))),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(r.status).toBe(201);
    expect(JSON.parse(up.seen[0]!.body)).toEqual({ text: 't' });
    expect(up.seen[0]!.headers['content-encoding']).toBeUndefined();
  });
});

describe('shim config', () => {
  it('lets shim.defaults override the values put back, by field path or by change id', async () => {
    const { url } = await setup((_req, res) => sendJson(res, 200, { profile: { age: 3 } }), {
      defaults: { 'interview-profile-fields-removed': 'unknown', 'interview.profile.bmi': 0, 'interview.marketplace': { id: 'none' } },
    });
    const r = await request(url, 'GET', '/api/interviews/i/');
    expect(r.json).toEqual({ profile: { age: 3, race: 'unknown', height: 'unknown', weight: 'unknown', bmi: 0 }, marketplace: { id: 'none' }, variant: null });
  });

  it('lets shim.resources say which resource a path segment is', async () => {
    const { url } = await setup((_req, res) => sendJson(res, 200, {}), { resources: { outcomes: 'result' } });
    const r = await request(url, 'GET', '/api/outcomes/r/');
    expect(r.json).toEqual({ advice: null, test: null });
    const notMapped = await request(url, 'GET', '/api/results/r/');
    expect(notMapped.json).toEqual({});
  });

  it('leaves bodies of error responses alone (no fields put back)', async () => {
    const { url } = await setup((_req, res) => sendJson(res, 404, { error: 'gone' }));
    const r = await request(url, 'GET', '/api/results/r/');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 'gone' });
  });
});
