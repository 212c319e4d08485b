/**
 * The shim benchmark: autocannon on 127.0.0.1 against three contenders that serve the same requests,
 *
 * - direct: the v2 stand-in itself (v2 paths and bodies);
 * - bare:   a bare http-proxy pass-through with a keep-alive agent in front of it (v2 paths and bodies);
 * - shim:   `sc-migrate proxy` (the CLI, as deployed: a process of its own, JSON logs to a file) pinned at
 *           2020-06, so every down-migration applies (v1 paths and bodies, as a legacy client sends them).
 *
 * Every server is a child process; autocannon runs in this one. Rounds alternate the contenders' order.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MOCK_BASE_PATH, MOCK_TOKEN_PATH, V2_AUDIENCE } from './servers';
import { firstJsonLine, listeningAddress, procCpuMs, procTreeCpuMs, readProxyLog, stopAll } from './processes';
import { rotate } from './stats';
import { PROXY_NODE_FLAGS } from '../shim/node-flags';

export type ShimContender = 'direct' | 'bare' | 'shim' | 'workers' | 'base';
/** The default contenders; `base` (another build of the proxy, `--base-cli`) only when asked for. */
export const SHIM_CONTENDERS: ShimContender[] = ['direct', 'bare', 'shim', 'workers'];
export const ALL_SHIM_CONTENDERS: ShimContender[] = [...SHIM_CONTENDERS, 'base'];
/** Worker processes of the `workers` contender (`sc-migrate proxy --workers N`). */
export const BENCH_WORKERS = 2;

export const PIN = '2020-06';
const V1_BASE = 'https://legacy.bench.test/api/';

export interface ShimSample {
  round: number;
  contender: ShimContender;
  requests: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts, and answers that were not 2xx. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU time per request (µs) of each process during the sample (Linux /proc; null elsewhere). */
  cpuUsPerRequest: { autocannon: number | null; mock: number | null; bare: number | null; shim: number | null; workers: number | null; base?: number | null };
  /** The machine's 1-minute load average when the sample started (other work on the machine shows here). */
  load: number;
}

export interface ShimOptions {
  /** Seconds per contender per round. */
  duration: number;
  rounds: number;
  connections: number;
  warmup: number;
  /** The contenders to run (default: all four); the goals need bare and shim. */
  contenders?: ShimContender[];
  /** `dist/cli/main.js` of another build, run as the `base` contender (same flags as the shim): an A/B pair in
   * the same rounds, for changes smaller than the spread between rounds. */
  baseCli?: string;
  /** Requests per second offered to every contender (autocannon's overallRate), or none: as fast as each answers.
   * At a rate all contenders sustain, CPU per request is compared at the same load (no closed-loop feedback). */
  rate?: number;
  /** Extra flags for the single-process proxy (a diagnostic: the goals are measured without them). */
  shimArgs?: string[];
  /** Folder for CPU profiles (`node --cpu-prof`) of the single-process proxy and of the bare pass-through, or none. */
  cpuProf?: string;
  tmp: string;
  repo: string;
  log: (line: string) => void;
}

export interface ShimRun {
  samples: ShimSample[];
  mix: Record<ShimContender, string[]>;
  checks: string[];
  /** Catalogue ids the proxy logged as applied during the run, with counts of log lines. */
  changesApplied: Record<string, number>;
  proxyLogLines: number;
}

interface Req {
  method: 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export async function runShimBench(opts: ShimOptions): Promise<ShimRun> {
  const children: ChildProcess[] = [];
  const contenders = opts.contenders ?? SHIM_CONTENDERS;
  try {
    const node = process.execPath;
    const mockChild = spawn(node, [path.join(__dirname, 'servers.js'), 'mock'], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(mockChild);
    const mockPort = (await firstJsonLine<{ port: number }>(mockChild)).port;
    const mockOrigin = `http://127.0.0.1:${mockPort}`;
    // Both proxies start with the proxy's node flags (shim/node-flags.ts: no memory reducer), as the container does:
    // like with like. With --cpu-prof the bare pass-through is profiled too, for the same reason.
    const prof = (name: string) => (opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProf}`, `--cpu-prof-name=${name}.${process.pid}.cpuprofile`] : []);
    const bareChild = spawn(node, [...PROXY_NODE_FLAGS, ...prof('bare'), path.join(__dirname, 'servers.js'), 'bare', mockOrigin], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(bareChild);
    const barePort = (await firstJsonLine<{ port: number }>(bareChild)).port;

    const configFile = path.join(opts.tmp, 'shim-bench.config.json');
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        environments: {
          bench: {
            v1: { baseUrl: V1_BASE, audience: V1_BASE },
            v2: { baseUrl: `${mockOrigin}${MOCK_BASE_PATH}`, audience: V2_AUDIENCE },
            authUrl: mockOrigin,
          },
        },
      }),
    );
    const cli = path.join(opts.repo, 'dist', 'cli', 'main.js');
    const startProxy = async (name: string, extra: string[], profile: boolean, entry = cli) => {
      const logFile = path.join(opts.tmp, `shim-bench.${name}.log`);
      const logFd = fs.openSync(logFile, 'w');
      const profArgs = profile ? prof('shim') : [];
      const child = spawn(node, [...PROXY_NODE_FLAGS, ...profArgs, entry, 'proxy', '--config', configFile, '--env', 'bench', '--port', '0', '--legacy-version', PIN, ...extra], {
        stdio: ['ignore', logFd, 'inherit'],
      });
      fs.closeSync(logFd);
      children.push(child);
      return { child, logFile, origin: await listeningAddress(logFile, child) };
    };
    const shim = await startProxy('proxy', opts.shimArgs ?? [], true);
    const workers = contenders.includes('workers') ? await startProxy('workers', ['--workers', String(BENCH_WORKERS)], false) : null;
    const base = contenders.includes('base') && opts.baseCli ? await startProxy('base', [], false, opts.baseCli) : null;
    const proxyChild = shim.child;
    const proxyOrigin = shim.origin;
    const logFile = shim.logFile;

    // State in the stand-in: interview A (open questions) and interview B (answered through to a result).
    const v2 = await setUpInterviews(mockOrigin);
    const v1Token = await json<{ access_token: string }>(proxyOrigin, 'POST', '/oauth/token', undefined, {
      client_id: 'bench',
      client_secret: 'bench',
      audience: V1_BASE,
      grant_type: 'client_credentials',
    });
    const mixes: Record<ShimContender, { origin: string; requests: Req[] }> = {
      direct: { origin: mockOrigin, requests: mix(MOCK_BASE_PATH, v2.token, v2, false) },
      bare: { origin: `http://127.0.0.1:${barePort}`, requests: mix(MOCK_BASE_PATH, v2.token, v2, false) },
      shim: { origin: proxyOrigin, requests: mix('/api/', v1Token.access_token, v2, true) },
      workers: { origin: workers?.origin ?? '', requests: mix('/api/', v1Token.access_token, v2, true) },
      base: { origin: base?.origin ?? '', requests: mix('/api/', v1Token.access_token, v2, true) },
    };
    const checks = await checkMix(mixes, contenders);
    for (const c of checks) opts.log(`  check: ${c}`);

    const samples: ShimSample[] = [];
    if (opts.warmup > 0) {
      for (const c of contenders) await cannon(mixes[c], opts.connections, opts.warmup, opts.rate);
    }
    for (let round = 0; round < opts.rounds; round++) {
      for (const c of rotate(contenders, round)) {
        const pids = { mock: mockChild.pid, bare: bareChild.pid, shim: proxyChild.pid, workers: workers?.child.pid, base: base?.child.pid };
        const load = os.loadavg()[0]!;
        const before = {
          self: process.cpuUsage(),
          mock: procCpuMs(pids.mock),
          bare: procCpuMs(pids.bare),
          shim: procCpuMs(pids.shim),
          workers: procTreeCpuMs(pids.workers),
          base: procCpuMs(pids.base),
        };
        const r = await cannon(mixes[c], opts.connections, opts.duration, opts.rate);
        const self = process.cpuUsage(before.self);
        const n = Math.max(1, r.requests.total);
        const per = (pid: number | undefined, was: number | null, cpu = procCpuMs) => {
          const now = cpu(pid);
          return now === null || was === null ? null : Math.round(((now - was) * 1000) / n);
        };
        const sample: ShimSample = {
          round,
          contender: c,
          requests: r.requests.total,
          reqPerSec: r.requests.total / (r.duration || opts.duration),
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
          cpuUsPerRequest: {
            autocannon: Math.round((self.user + self.system) / n),
            mock: per(pids.mock, before.mock),
            bare: per(pids.bare, before.bare),
            shim: per(pids.shim, before.shim),
            workers: per(pids.workers, before.workers, procTreeCpuMs),
            ...(base ? { base: per(pids.base, before.base) } : {}),
          },
          load: Math.round(load * 100) / 100,
        };
        samples.push(sample);
        opts.log(
          `  shim round ${round + 1}/${opts.rounds} ${c.padEnd(6)} load ${sample.load.toFixed(1)} ${Math.round(sample.reqPerSec)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms  errors ${sample.errors + sample.timeouts + sample.non2xx}  CPU µs/req ${JSON.stringify(sample.cpuUsPerRequest)}`,
        );
      }
    }
    await stopAll(children);
    const { changesApplied, lines } = readProxyLog(logFile);
    return {
      samples,
      mix: Object.fromEntries(contenders.map((c) => [c, mixes[c].requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`)])) as Record<ShimContender, string[]>,
      checks,
      changesApplied,
      proxyLogLines: lines,
    };
  } finally {
    await stopAll(children);
  }
}

interface Interviews {
  token: string;
  /** Interview with open questions, and one answered through to its result. */
  open: string;
  result: string;
}

/** The request mix: read the open questions, the interview, a result, and update the mode (a write with a body). */
function mix(base: string, bearer: string, iv: Interviews, legacy: boolean): Req[] {
  const auth = { authorization: `Bearer ${bearer}` };
  // A legacy client still sends the old mode name and the removed interview_mode flag; a v2 client does not.
  const modeBody = legacy ? { mode: 'complaint', interview_mode: 'legacy' } : { mode: 'input' };
  return [
    { method: 'GET', path: `${base}questions/?interview=${iv.open}`, headers: auth },
    { method: 'GET', path: `${base}interviews/${iv.open}/`, headers: auth },
    { method: 'GET', path: `${base}results/${iv.result}/`, headers: auth },
    { method: 'PUT', path: `${base}interviews/${iv.open}/`, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(modeBody) },
  ];
}

async function setUpInterviews(origin: string): Promise<Interviews> {
  const { access_token: token } = await json<{ access_token: string }>(origin, 'POST', MOCK_TOKEN_PATH, undefined, {
    client_id: 'bench',
    client_secret: 'bench',
    audience: V2_AUDIENCE,
    grant_type: 'client_credentials',
  });
  const p = (rest: string) => `${MOCK_BASE_PATH}${rest}`;
  const start = async () => {
    const iv = await json<{ token: string }>(origin, 'POST', p('interviews/anonymous/'), token, { profile: { age: 35 } });
    await json(origin, 'POST', p('complaints/'), token, { interview: iv.token, text: 'headache' });
    const upd = await json<{ _links: { next?: string } }>(origin, 'PUT', p(`interviews/${iv.token}/`), token, { mode: 'input' });
    return { id: iv.token, next: upd._links.next };
  };
  const open = await start();
  const done = await start();
  let next = done.next;
  for (let i = 0; next && next.includes('/questions/') && i < 50; i++) {
    const qPath = new URL(next).pathname;
    const q = await json<{ type: string; options: { token: string }[] }>(origin, 'GET', qPath, token);
    const answer = { token: q.options[0]!.token, extra: q.type === 'D' ? '24' : '' };
    next = (await json<{ _links: { next?: string } }>(origin, 'PUT', qPath, token, answer))._links.next;
  }
  if (!next || !next.includes('/results/')) throw new Error('the stand-in gave no result link');
  const result = new URL(next).pathname.split('/').filter(Boolean).pop()!;
  return { token, open: open.id, result };
}

/** Each request of each mix once: 2xx everywhere, and the shim's answers carry its down-migrations. */
async function checkMix(mixes: Record<ShimContender, { origin: string; requests: Req[] }>, contenders: readonly ShimContender[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of contenders) {
    const bodies: unknown[] = [];
    for (const r of mixes[c].requests) {
      const res = await fetch(`${mixes[c].origin}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
      if (res.status < 200 || res.status > 299) throw new Error(`${c}: ${r.method} ${r.path} answered ${res.status}: ${await res.text()}`);
      bodies.push(await res.json());
    }
    const [questions, interview, result] = bodies as [Record<string, unknown>[], Record<string, unknown>, Record<string, unknown>];
    const v1 = 'preselected' in questions[0]! && 'advice' in result && interview['mode'] === 'complaint' && 'interview_mode' in interview;
    const legacy = c === 'shim' || c === 'workers' || c === 'base';
    if (legacy && !v1) throw new Error(`shim: answers are not in v1 shape: ${JSON.stringify({ questions: questions[0], interview, result })}`);
    if (!legacy && v1) throw new Error(`${c}: answers unexpectedly in v1 shape`);
    out.push(`${c}: ${mixes[c].requests.length} requests answered 2xx; ${legacy ? 'v1 shape (preselected, advice, mode complaint, interview_mode restored)' : 'v2 shape'}`);
  }
  return out;
}

async function json<T = unknown>(origin: string, method: string, p: string, bearer?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${p}`, {
    method,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

function cannon(target: { origin: string; requests: Req[] }, connections: number, duration: number, rate?: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.origin,
        connections,
        duration,
        pipelining: 1,
        ...(rate ? { overallRate: rate } : {}),
        requests: target.requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}
