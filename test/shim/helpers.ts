import * as http from 'node:http';
import { Writable } from 'node:stream';
import type { Config } from '../../config';
import { MockV2 } from '../../shim/mock/server';
import { resolveProxyOptions, type ProxyFlags } from '../../shim/options';
import { ShimProxy } from '../../shim/server';
import { createLogger } from '../../shim/telemetry';

export const V1_AUDIENCE = 'https://sandbox.example.test/api/';
export const V2_AUDIENCE = 'https://api.sandbox.example.test';

/** A config whose sandbox v2 API and token service are the stand-in (or any server) at `upstream`. */
export function configFor(upstream: string, shim: Config['shim'] = {}, auth = upstream): Config {
  return {
    environments: {
      sandbox: {
        v1: { baseUrl: 'https://sandbox.example.test/api/', audience: V1_AUDIENCE },
        v2: { baseUrl: `${upstream}/symptom-checker/v2/`, audience: V2_AUDIENCE },
        authUrl: `${auth}/auth`,
      },
    },
    shim,
  };
}

/** Captures pino's output lines. */
export class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  }
  get records(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface Stack {
  mock: MockV2;
  proxy: ShimProxy;
  proxyUrl: string;
  mockUrl: string;
  logs: LogSink;
  close(): Promise<void>;
}

export async function startMock(opts: { requireToken?: boolean } = {}): Promise<{ mock: MockV2; url: string }> {
  const mock = new MockV2({ basePath: '/symptom-checker/v2/', tokenPath: '/auth/oauth/token', audience: V2_AUDIENCE, requireToken: opts.requireToken });
  const { port } = await mock.listen(0, '127.0.0.1');
  return { mock, url: `http://127.0.0.1:${port}` };
}

export async function startProxy(config: Config, flags: Partial<ProxyFlags> = {}): Promise<{ proxy: ShimProxy; url: string; logs: LogSink }> {
  const logs = new LogSink();
  const proxy = new ShimProxy({ ...resolveProxyOptions(config, { env: 'sandbox', ...flags }), logger: createLogger(logs) });
  const { port } = await proxy.listen(0, '127.0.0.1');
  return { proxy, url: `http://127.0.0.1:${port}`, logs };
}

/** The stand-in behind a proxy, both on loopback. */
export async function startStack(opts: { shim?: Config['shim']; flags?: Partial<ProxyFlags>; requireToken?: boolean } = {}): Promise<Stack> {
  const { mock, url: mockUrl } = await startMock({ requireToken: opts.requireToken });
  const { proxy, url: proxyUrl, logs } = await startProxy(configFor(mockUrl, opts.shim), opts.flags);
  return {
    mock,
    proxy,
    proxyUrl,
    mockUrl,
    logs,
    async close() {
      await proxy.close(1000);
      await mock.close();
    },
  };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request with node:http (no connection reuse, no automatic decompression). */
export function request(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string | Buffer; headers?: http.OutgoingHttpHeaders } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
    const headers: http.OutgoingHttpHeaders = { connection: 'close', ...opts.headers };
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The path of an absolute URL (after asserting its origin elsewhere). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}
