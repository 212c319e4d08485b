/**
 * `sc-migrate proxy` as operators run it: a child process built from the current sources, on 127.0.0.1 and a
 * free port, its JSON log lines read from stdout. Raw-socket helpers for what curl cannot express.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Config } from '../../config';

const repo = path.resolve(__dirname, '../..');

const SOURCES = ['catalogue', 'config', 'codemods', 'lib', 'shim', 'traffic', 'cli', 'report', 'bench'];

/** A fingerprint of the sources the CLI is built from (paths, sizes, modification times). */
function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const st = fs.statSync(full);
        h.update(`${full}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  for (const d of SOURCES) walk(path.join(repo, d));
  for (const f of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) h.update(fs.readFileSync(path.join(repo, f)));
  return h.digest('hex').slice(0, 16);
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The CLI built from the current sources, without type checking (`npm run typecheck` does that), into
 * node_modules/.cache (so its requires find this project's node_modules). One build serves every test file
 * of a run: the first builds under a lock, the others wait for it and reuse it while the sources are unchanged.
 */
export function buildCli(): { main: string } {
  const cache = path.join(repo, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = path.join(cache, `sc-migrate-shim-cli-${sourceHash()}`);
  const main = path.join(outDir, 'cli', 'main.js');
  const lock = `${outDir}.lock`;
  const started = Date.now();
  while (!fs.existsSync(main)) {
    try {
      fs.mkdirSync(lock);
    } catch {
      // another test file is building: wait for it (a lock older than two minutes is a dead build's)
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 180_000) throw new Error(`timed out waiting for the build in ${outDir}`);
      sleepSync(200);
      continue;
    }
    try {
      const tmp = `${outDir}.tmp-${process.pid}`;
      const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
      const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', tmp, '--noCheck', '--declaration', 'false', '--sourceMap', 'false'], {
        cwd: repo,
        encoding: 'utf8',
      });
      if (r.status !== 0 || !fs.existsSync(path.join(tmp, 'cli', 'main.js'))) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
      fs.renameSync(tmp, outDir);
      // builds of older sources, once they are an hour old: another checkout that shares this node_modules (a git
      // worktree) may be running its tests on its own build right now
      for (const old of fs.readdirSync(cache)) {
        const at = path.join(cache, old);
        if (old.startsWith('sc-migrate-shim-cli-') && at !== outDir && !old.endsWith('.lock') && Date.now() - (fs.statSync(at, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 3_600_000) {
          fs.rmSync(at, { recursive: true, force: true });
        }
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return { main };
}

export interface ProxyProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Parsed JSON log lines so far (stdout). */
  readonly logs: Record<string, unknown>[];
  /** Raw stdout and stderr so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Request log lines (`msg: "request"`) so far. */
  requests(): Record<string, unknown>[];
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 3 s; resolves when it exited. */
  stop(): Promise<number | null>;
}

/** Write a config file for `config` into a fresh temp folder; returns its path. */
export function writeConfig(config: Config): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-migrate-proxy-'));
  const file = path.join(dir, 'sc-migrate.config.json');
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

/** A port that was free a moment ago (bound, then released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Start `sc-migrate proxy --env sandbox ...args`; resolves once it logged that it listens (port 0), or, with
 * `port`, once that port accepts connections (for log levels that hide the listening line).
 */
export async function spawnProxy(main: string, configFile: string, args: string[] = [], env: NodeJS.ProcessEnv = {}, fixedPort?: number, nodeArgs: string[] = []): Promise<ProxyProcess> {
  const child = spawn(process.execPath, [...nodeArgs, main, 'proxy', '--config', configFile, '--env', 'sandbox', '--port', String(fixedPort ?? 0), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: undefined, ...env },
  });
  let stdout = '';
  let stderr = '';
  const logs: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
    pending += d.toString('utf8');
    let nl: number;
    while ((nl = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) logs.push(value as Record<string, unknown>);
      } catch {
        // not a JSON line (pretty format)
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  let address: string | undefined;
  let done = false;
  void exited.then(() => (done = true));
  while (!address) {
    address = logs.find((l) => l.msg === 'listening')?.address as string | undefined;
    // pretty lines: `address: "http://127.0.0.1:PORT"` under the listening line
    address ??= /listening[\s\S]*?address: "(http:\/\/[^"]+)"/.exec(stdout)?.[1];
    if (!address && fixedPort !== undefined && (await accepts(fixedPort))) address = `http://127.0.0.1:${fixedPort}`;
    if (address) break;
    if (done || Date.now() - started > 15_000) {
      child.kill('SIGKILL');
      throw new Error(`proxy did not start\nstdout: ${stdout}\nstderr: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const port = Number(new URL(address).port);
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    logs,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    requests: () => logs.filter((l) => l.msg === 'request'),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(t);
      }
      return child.exitCode;
    },
  };
}

/** Run `sc-migrate proxy ...` expecting it to end by itself (a refusal to start); at most 15 s. */
export function runProxyCommand(main: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, 'proxy', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: undefined, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RawReply {
  /** Everything the server sent. */
  text: string;
  /** Status of the first response, or 0. */
  status: number;
  /** ms from connect to the server ending (or resetting) the connection. */
  ms: number;
  /** The connection ended by the server (FIN or reset), not by the test's own limit. */
  ended: boolean;
}

/**
 * Open a raw connection, run `script` (writes, pauses), and collect what the server sends until it ends the
 * connection or `limitMs` passes (then the test's side destroys it: `ended` is false).
 */
export function rawExchange(port: number, script: (socket: net.Socket) => Promise<void> | void, limitMs = 5000): Promise<RawReply> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (ended: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ text, status: m ? Number(m[1]) : 0, ms: Date.now() - t0, ended });
    };
    const timer = setTimeout(() => finish(false), limitMs);
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      void Promise.resolve(script(socket)).catch(() => undefined);
    });
  });
}

/** The JSON body of a raw HTTP/1.1 reply (first response, content-length framed). */
export function rawJson(text: string): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  const i = text.indexOf('\r\n\r\n');
  try {
    return JSON.parse(text.slice(i + 4));
  } catch {
    return undefined;
  }
}
