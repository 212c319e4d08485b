import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Helpers of the packaging tests: the repository's build, and commands run as a user would. */

export const repo = path.resolve(__dirname, '../..');
export const cliMain = path.join(repo, 'dist', 'cli', 'main.js');
const BUILT = ['catalogue', 'config', 'codemods', 'lib', 'shim', 'cli', 'report'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * The packaging tests use dist/ as `npm pack` ships it: built by `npm ci` (prepare). When a source is newer
 * than dist/cli/main.js (a developer edited since), build again first.
 */
export function ensureBuilt(): void {
  const fresh = () => fs.existsSync(cliMain) && BUILT.every((d) => newestSource(path.join(repo, d)) <= fs.statSync(cliMain).mtimeMs);
  if (fresh()) return;
  // Test files run in parallel: one builds, the others wait for it (a folder is created atomically).
  const lock = path.join(repo, 'node_modules', '.cache', 'sc-migrate-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} held for 3 minutes; remove it if no build runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (fresh()) return;
    const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: repo, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
    fs.utimesSync(cliMain, new Date(), new Date());
  } finally {
    fs.rmdirSync(lock);
  }
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run a command without a terminal and with no input; no colours. */
export function sh(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }): Ran {
  const r: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd: opts.cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: opts.timeout ?? 120_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir` (outside .git) by relative path. */
export function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else out.set(r, fs.readFileSync(path.join(dir, r), 'utf8'));
    }
  };
  walk('');
  return out;
}
