/**
 * `sc-migrate replay`: the recorded v1 requests of a HAR file, in the order they were made, sent again through
 * the shim (one started in this process, or a running proxy) to a v2 upstream (the bundled stand-in, started
 * in this process, or a real v2 sandbox), each response compared with the recorded one (./compare.ts). Ids v2
 * returns are mapped into later requests (./ids.ts). Credentials: recorded ones go only to the bundled
 * stand-in; every other upstream gets the client id and secret of SC_REPLAY_CLIENT_ID and SC_REPLAY_CLIENT_SECRET.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { api } from '../../catalogue';
import type { Config, Environment } from '../../config';
import { MockV2 } from '../../shim/mock/server';
import { resolveProxyOptions } from '../../shim/options';
import { ShimProxy } from '../../shim/server';
import { createLogger } from '../../shim/telemetry';
import { isObject } from '../../shim/transforms';
import { Classifier, type Classified } from '../classify';
import type { TrafficRecord } from '../record';
import { compareExchange, type Difference, type Exchange } from './compare';
import { IdMap } from './ids';

export const CLIENT_ID_ENV = 'SC_REPLAY_CLIENT_ID';
export const CLIENT_SECRET_ENV = 'SC_REPLAY_CLIENT_SECRET';

export type Verdict = 'equivalent' | 'differs' | 'failed';

export interface StepResult {
  step: number;
  place: string;
  endpoint: string;
  changes: string[];
  recordedStatus: number;
  replayedStatus: number | null;
  verdict: Verdict;
  differences: Difference[];
  notes: Difference[];
  error?: string;
}

export interface ReplayOptions {
  config: Config;
  /** `in-process`, or the address of a running proxy. */
  through: string;
  /** `mock-v2`, or a v2 base address. */
  upstream: string;
  /** Token service of a real upstream (default: the environment's). */
  authUrl?: string;
  env?: string;
  legacyVersion?: string;
  strict?: boolean;
  timeoutMs?: number;
  processEnv?: NodeJS.ProcessEnv;
}

/** The headers of a recorded request that are sent again (hop-by-hop, cookies, sizes and encodings are not). */
const SENT = new Set(['content-type', 'accept', 'accept-language', 'user-agent', 'authorization', 'sc-legacy-version']);

interface Step {
  record: TrafficRecord;
  c: Classified;
}

/** The replayable steps: v1 requests and v1 token requests with a recorded response, in time order. */
export function replaySteps(records: TrafficRecord[], config: Config): Step[] {
  const classifier = new Classifier(config);
  const steps: Step[] = [];
  for (const record of records) {
    const c = classifier.classify(record);
    if (c && c.version === 'v1' && record.status !== null && record.status > 0) steps.push({ record, c });
  }
  return steps.sort((a, b) => (a.record.time ?? 0) - (b.record.time ?? 0));
}

interface Targets {
  /** Where v1 API paths (`/api/...`) and the token route go. */
  base: string;
  env: Environment;
  bundled: boolean;
  close(): Promise<void>;
}

async function startTargets(opts: ReplayOptions, envName: string, withToken: boolean): Promise<Targets> {
  const env = opts.config.environments[envName]!;
  if (opts.through !== 'in-process') return { base: opts.through.replace(/\/+$/, ''), env, bundled: false, close: async () => undefined };
  let mock: MockV2 | null = null;
  let v2 = opts.upstream;
  let authUrl = opts.authUrl ?? env.authUrl;
  if (opts.upstream === 'mock-v2') {
    const basePath = new URL(env.v2.baseUrl).pathname;
    const tokenPath = `${new URL(env.authUrl).pathname.replace(/\/+$/, '')}/${api.tokenRequest.path}`;
    mock = new MockV2({ basePath, tokenPath, audience: env.v2.audience, requireToken: withToken });
    const { port } = await mock.listen(0, '127.0.0.1');
    v2 = `http://127.0.0.1:${port}${basePath}`;
    authUrl = `http://127.0.0.1:${port}${new URL(env.authUrl).pathname}`;
  }
  const config: Config = { ...opts.config, environments: { [envName]: { v1: env.v1, v2: { ...env.v2, baseUrl: v2 }, authUrl } } };
  const proxy = new ShimProxy({ ...resolveProxyOptions(config, { env: envName, legacyVersion: opts.legacyVersion, logLevel: 'silent' }), logger: createLogger(undefined, { level: 'silent' }) });
  const { port } = await proxy.listen(0, '127.0.0.1');
  return {
    base: `http://127.0.0.1:${port}`,
    env,
    bundled: mock !== null,
    close: async () => {
      await proxy.close(1000);
      await mock?.close();
    },
  };
}

function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const mod = url.startsWith('https:') ? https : http;
    const h: http.OutgoingHttpHeaders = { ...headers, connection: 'close' };
    if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
    const req = mod.request(url, { method, headers: h, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out[k] = v;
        resolve({ status: res.statusCode ?? 0, headers: out, body: parsed });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The request as it is sent again: address through the target, ids mapped, credentials from the environment. */
function prepare(step: Step, targets: Targets, ids: IdMap, opts: ReplayOptions): { url: string; headers: Record<string, string>; body?: string } {
  const { record, c } = step;
  const u = new URL(record.url);
  const path = c.route === 'token' ? `/${api.tokenRequest.path}` : ids.mapString(u.pathname);
  const query = u.search ? `?${[...u.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(ids.mapString(v))}`).join('&')}` : '';
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(record.headers ?? {})) if (SENT.has(k)) headers[k] = k === 'authorization' ? ids.mapAuthorization(v) : v;
  if (opts.legacyVersion && targets.base && opts.through !== 'in-process') headers['sc-legacy-version'] = opts.legacyVersion;
  let body = record.requestText;
  if (body !== undefined && c.route === 'token') body = credentials(body, headers['content-type'], targets.bundled, opts.processEnv ?? process.env);
  else if (body !== undefined && isObject(record.requestBody)) body = JSON.stringify(ids.mapJson(record.requestBody));
  return { url: `${targets.base}${path}${query}`, headers, ...(body !== undefined ? { body } : {}) };
}

/** The token request body with the client id and secret of the environment (required unless the upstream is the bundled stand-in). */
function credentials(body: string, contentType: string | undefined, bundled: boolean, env: NodeJS.ProcessEnv): string {
  const id = env[CLIENT_ID_ENV];
  const secret = env[CLIENT_SECRET_ENV];
  if (!id || !secret) {
    if (bundled) return body;
    throw new Error(`set ${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV}: recorded credentials are sent to the bundled stand-in only`);
  }
  const t = api.tokenRequest;
  if (/x-www-form-urlencoded/i.test(contentType ?? '')) {
    const form = new URLSearchParams(body);
    form.set(t.clientIdField, id);
    form.set(t.clientSecretField, secret);
    return form.toString();
  }
  const parsed: unknown = JSON.parse(body);
  return JSON.stringify({ ...(isObject(parsed) ? parsed : {}), [t.clientIdField]: id, [t.clientSecretField]: secret });
}

export interface ReplayRun {
  env: string;
  steps: StepResult[];
  /** v1 exchanges left out (no recorded response), and non-v1 entries. */
  skipped: number;
}

/** The environment of the recording: the one whose v1 base its requests use, unless given. */
function envOf(steps: Step[], opts: ReplayOptions): string {
  if (opts.env) {
    if (!opts.config.environments[opts.env]) throw new Error(`environment '${opts.env}' is not in the config; known: ${Object.keys(opts.config.environments).join(', ')}`);
    return opts.env;
  }
  const named = steps.map((s) => s.c.env).find((e): e is string => e !== null);
  if (named) return named;
  const first = Object.keys(opts.config.environments)[0]!;
  return first;
}

export async function replay(records: TrafficRecord[], opts: ReplayOptions): Promise<ReplayRun> {
  const steps = replaySteps(records, opts.config);
  const envName = envOf(steps, opts);
  const targets = await startTargets(opts, envName, steps.some((s) => s.c.route === 'token'));
  const ids = new IdMap();
  const defaults = resolveProxyOptions(opts.config, { env: envName }).defaults;
  const results: StepResult[] = [];
  try {
    for (const [i, step] of steps.entries()) {
      const { record, c } = step;
      const base = { step: i + 1, place: `${record.place.file}#${record.place.entry ?? record.place.line ?? ''}`, endpoint: c.endpoint, changes: [...c.changes.keys()], recordedStatus: record.status! };
      const recorded: Exchange = { status: record.status!, headers: record.responseHeaders ?? {}, body: record.responseBody };
      let replayed: Exchange;
      try {
        const req = prepare(step, targets, ids, opts);
        replayed = await send(req.url, record.method, req.headers, req.body, opts.timeoutMs ?? 30_000);
      } catch (err) {
        results.push({ ...base, replayedStatus: null, verdict: 'failed', differences: [], notes: [], error: (err as Error).message });
        continue;
      }
      ids.learn(recorded.body, replayed.body);
      if (recorded.headers['location'] && replayed.headers['location']) ids.learn(recorded.headers['location'], replayed.headers['location']);
      const cmp = compareExchange(recorded, replayed, { ids, resource: c.resource, defaults });
      const differences = opts.strict ? [...cmp.differences, ...cmp.notes] : cmp.differences;
      results.push({ ...base, replayedStatus: replayed.status, verdict: differences.length ? 'differs' : 'equivalent', differences, notes: opts.strict ? [] : cmp.notes });
    }
  } finally {
    await targets.close();
  }
  return { env: envName, steps: results, skipped: records.length - steps.length };
}

/** Per change: how the steps that touched it came out. */
export function byChange(steps: StepResult[]): { change: string; equivalent: number; differs: number; failed: number }[] {
  const out = new Map<string, { change: string; equivalent: number; differs: number; failed: number }>();
  for (const s of steps) {
    for (const id of s.changes.length ? s.changes : ['(none)']) {
      const row = out.get(id) ?? { change: id, equivalent: 0, differs: 0, failed: 0 };
      row[s.verdict]++;
      out.set(id, row);
    }
  }
  return [...out.values()];
}

