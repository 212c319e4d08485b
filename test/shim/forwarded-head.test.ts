import { afterEach, describe, expect, it } from 'vitest';
import { configFor, request, startProxy } from './helpers';
import { sendJson, startUpstream } from './upstream';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The head the upstream receives, as raw [name, value] pairs (the proxy builds it as a flat list). */
async function heads(): Promise<{ url: string; upstream: string; seen: string[][] }> {
  const seen: string[][] = [];
  const up = await startUpstream((req, res) => {
    seen.push(req.rawHeaders);
    sendJson(res, 200, {});
  });
  cleanups.push(() => up.close());
  const { proxy, url } = await startProxy(configFor(up.url));
  cleanups.push(() => proxy.close(200));
  return { url, upstream: up.url, seen };
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return out;
}

describe('the forwarded request head', () => {
  it('has the upstream Host once, no hop-by-hop header, and the length Node writes for a bodyless request', async () => {
    const { url, upstream, seen } = await heads();
    await request(url, 'GET', '/api/results/r/', { headers: { 'keep-alive': 'timeout=5', te: 'trailers', 'x-custom': 'kept' } });
    await request(url, 'POST', '/api/results/', { headers: { 'x-custom': 'kept' } });
    await request(url, 'DELETE', '/api/results/r/');
    const [get, post, del] = seen.map(pairs);
    for (const head of [get!, post!, del!]) {
      expect(head.filter(([n]) => n === 'host')).toHaveLength(1);
      expect(head.filter(([n]) => n === 'sc-legacy-version')).toHaveLength(0);
      expect(head.map(([n]) => n)).not.toContain('te');
      expect(head.map(([n]) => n)).not.toContain('keep-alive');
      expect(head.map(([n]) => n)).not.toContain('transfer-encoding');
    }
    expect(get!.find(([n]) => n === 'host')![1]).toBe(new URL(upstream).host);
    expect(get!.find(([n]) => n === 'x-custom')![1]).toBe('kept');
    expect(get!.map(([n]) => n)).not.toContain('content-length');
    expect(post!.find(([n]) => n === 'content-length')![1]).toBe('0');
    expect(del!.find(([n]) => n === 'content-length')![1]).toBe('0');
  });

  it('declares the length of a translated body once', async () => {
    const { url, seen } = await heads();
    const r = await request(url, 'PUT', '/api/interviews/tok/', { body: { mode: 'complaint', interview_mode: 'legacy' } });
    expect(r.status).toBe(200);
    const head = pairs(seen[0]!);
    const lengths = head.filter(([n]) => n === 'content-length');
    expect(lengths).toHaveLength(1);
  });
});
