import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, customConfig, initRepo, read, tmpDir, writeConfig, writeTree } from './helpers';

// The real CLI as users run it: a separate process, no terminal, exit codes from the process.
// Built from the current sources into a private folder inside node_modules/.cache (so its requires find
// this project's node_modules) with type checking off: `npx tsc --noEmit` checks types; this only needs JS.
const repo = path.resolve(__dirname, '../..');
const outDir = path.join(repo, 'node_modules', '.cache', `sc-migrate-cli-test-${process.pid}`);
const main = path.join(outDir, 'cli', 'main.js');

beforeAll(() => {
  const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(
    process.execPath,
    [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir, '--noCheck', '--declaration', 'false', '--sourceMap', 'false'],
    { cwd: repo, encoding: 'utf8' },
  );
  if (r.status !== 0 || !fs.existsSync(main)) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';

/** Run the CLI with stdin a pipe that is never written nor closed: a prompt would wait forever. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, ...args], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined },
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

describe('sc-migrate run (process)', () => {
  it('exits 2 on a bad config and names the bad key', async () => {
    const bad = structuredClone(customConfig) as unknown as Record<string, unknown>;
    (bad.environments as Record<string, Record<string, unknown>>).live!.authUrl = 'ftp://nope';
    bad.extra = true;
    writeConfig(dir, bad);
    writeTree(dir, { '.env': `API=${V1}\n` });
    const r = await cli(['run', '.']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('environments.live.authUrl');
    expect(r.stderr).toContain('extra');
    expect(read(dir, '.env')).toBe(`API=${V1}\n`);
  });

  it('never prompts: a dirty tree without a terminal ends at once with exit 2 and a message', async () => {
    writeConfig(dir);
    writeTree(dir, { '.env': `API=${V1}\n` });
    initRepo(dir);
    fs.appendFileSync(path.join(dir, '.env'), 'MORE=1\n');
    const r = await cli(['run', '.']);
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to write/);
    expect(r.stdout).toBe('');
    expect(read(dir, '.env')).toBe(`API=${V1}\nMORE=1\n`);
  });

  it('exits 1 when a file fails, after writing the others; no progress bar or colours off a terminal', async () => {
    writeConfig(dir);
    writeTree(dir, { '.env': `API=${V1}\n`, 'src/broken.ts': `const u: string = '${V1}' +;\n` });
    initRepo(dir);
    const r = await cli(['run', '.']);
    expect(r.code).toBe(1);
    expect(read(dir, '.env')).toBe('API=https://api.example.test/symptom-checker/v2/\n');
    expect(read(dir, 'src/broken.ts')).toBe(`const u: string = '${V1}' +;\n`);
    expect(r.stdout).toMatch(/src\/broken\.ts: cannot parse/);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('\x1b');
  });

  it('--dry exits 0, prints the diff and writes nothing', async () => {
    writeConfig(dir);
    writeTree(dir, { '.env': `API=${V1}\n` });
    const r = await cli(['run', '--dry', '.']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`-API=${V1}\n+API=https://api.example.test/symptom-checker/v2/\n`);
    expect(read(dir, '.env')).toBe(`API=${V1}\n`);
  });

  it('exits 2 on an unknown --only id and on a bad --types value', async () => {
    writeTree(dir, { '.env': `API=${V1}\n` });
    const only = await cli(['run', '--only', 'nope', '.']);
    expect(only.code).toBe(2);
    expect(only.stderr).toContain("'nope'");
    const types = await cli(['run', '--types', 'sometimes', '.']);
    expect(types.code).toBe(2);
    expect(types.stderr).toMatch(/types/);
  });
});
