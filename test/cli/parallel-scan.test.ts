import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScanOptions, ScanResult } from '../../lib';
import { buildInto, cleanup, customConfig, tmpDir, writeConfig, writeTree } from './helpers';

// Worker threads run the built JavaScript (lib/scan-worker.js beside lib/parallel.js): the sources are built into
// a private folder inside node_modules/.cache, as in cli-process.test.ts, and the scan is loaded from there.
const repo = path.resolve(__dirname, '../..');
const outDir = path.join(repo, 'node_modules', '.cache', `sc-migrate-parallel-test-${process.pid}`);
const main = path.join(outDir, 'cli', 'main.js');
let scan: (opts: ScanOptions) => Promise<ScanResult>;
let config: ScanOptions['config'];

beforeAll(() => {
  buildInto(outDir);
  /* eslint-disable @typescript-eslint/no-require-imports */
  scan = (require(path.join(outDir, 'lib', 'index.js')) as typeof import('../../lib')).scan;
  const { loadConfig } = require(path.join(outDir, 'config', 'index.js')) as typeof import('../../config');
  /* eslint-enable @typescript-eslint/no-require-imports */
  config = loadConfig({ configPath: path.join(repo, 'fixtures', 'apps', 'sc-migrate.config.json') }).config;
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';

/** The sample apps, `copies` times: files whose facts concern each other, so some are analysed twice. */
function sampleApps(copies: number): void {
  for (let i = 0; i < copies; i++) {
    for (const app of ['chat-widget-js', 'triage-service-ts']) {
      fs.cpSync(path.join(repo, 'fixtures', 'apps', 'legacy', app), path.join(dir, `copy-${i}`, app), { recursive: true });
    }
  }
}

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [main, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scan over worker threads (--jobs)', () => {
  it('gives the outcomes of the single-threaded scan, in the same order, with 2 and 3 threads (first and second analyses)', async () => {
    sampleApps(3);
    const serial = await scan({ roots: ['.'], config, cwd: dir, types: 'off', jobs: 1 });
    expect(serial.threads).toBe(1);
    expect(serial.outcomes.filter((o) => o.findings.length > 0).length).toBeGreaterThan(20);
    for (const jobs of [2, 3]) {
      const parallel = await scan({ roots: ['.'], config, cwd: dir, types: 'off', jobs });
      expect(parallel.threads).toBe(jobs);
      expect(parallel.outcomes.map((o) => o.relPath)).toEqual(serial.outcomes.map((o) => o.relPath));
      expect(parallel).toEqual({ ...serial, threads: jobs });
    }
  }, 90_000);

  it("'auto' stays in one thread below 200 files to analyse, and so does a single file with any --jobs", async () => {
    sampleApps(1);
    expect((await scan({ roots: ['.'], config, cwd: dir, types: 'off' })).threads).toBe(1);
    writeTree(dir, { 'one/a.js': `fetch('${V1}results/1/');\n` });
    expect((await scan({ roots: ['one'], config, cwd: dir, types: 'off', jobs: 4 })).threads).toBe(1);
  }, 90_000);

  it('reports a file that fails to parse in a worker as the serial scan does, and check fails on it', async () => {
    writeConfig(dir);
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`app/f${String(i).padStart(2, '0')}.js`] = `export const get${i} = () => fetch('${V1}results/${i}/');\n`;
    files['app/f05-broken.js'] = `fetch('${V1}results/1/');\nconst = ;\n`;
    writeTree(dir, files);
    const serial = await scan({ roots: ['app'], config: customConfig, cwd: dir, types: 'off', jobs: 1 });
    const parallel = await scan({ roots: ['app'], config: customConfig, cwd: dir, types: 'off', jobs: 2 });
    expect(parallel.threads).toBe(2);
    expect(parallel).toEqual({ ...serial, threads: 2 });
    const broken = parallel.outcomes.find((o) => o.relPath === 'f05-broken.js')!;
    expect(broken.status).toBe('failed');
    expect(broken.error).toMatch(/^cannot parse: line 2/);
    expect(broken.findings.map((f) => f.change)).toEqual(['base-url']);

    const one = cli(['check', '--jobs', '1', 'app']);
    const two = cli(['check', '--jobs', '2', 'app']);
    expect(two.code).toBe(1);
    expect(two.stdout).toMatch(/f05-broken\.js/);
    expect(two).toEqual(one);
  }, 90_000);

  it('a worker that dies with batches in hand loses nothing: its files are analysed in the main thread, the outcomes are the serial ones', async () => {
    sampleApps(3);
    const serial = await scan({ roots: ['.'], config, cwd: dir, types: 'off', jobs: 1 });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    const post = Worker.prototype.postMessage;
    let killed = 0;
    // The first worker given files is terminated right after: its batches are in flight, never answered.
    Worker.prototype.postMessage = function (this: InstanceType<typeof Worker>, msg: unknown, ...rest: never[]) {
      post.call(this, msg, ...rest);
      if (killed === 0 && typeof msg === 'object' && msg !== null && 'items' in msg) {
        killed++;
        void this.terminate();
      }
    } as typeof post;
    try {
      const parallel = await scan({ roots: ['.'], config, cwd: dir, types: 'off', jobs: 3 });
      expect(killed).toBe(1);
      expect(parallel).toEqual({ ...serial, threads: 3 });
    } finally {
      Worker.prototype.postMessage = post;
    }
  }, 90_000);

  it('report --format json is byte-identical with --jobs 1 and --jobs 2; a bad --jobs is a usage error', () => {
    sampleApps(2);
    fs.copyFileSync(path.join(repo, 'fixtures', 'apps', 'sc-migrate.config.json'), path.join(dir, 'sc-migrate.config.json'));
    const one = cli(['report', '--format', 'json', '--jobs', '1', '.']);
    const two = cli(['report', '--format', 'json', '-j', '2', '.']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).findings.length).toBeGreaterThan(50);
    expect(two.stdout).toBe(one.stdout);
    const bad = cli(['report', '--jobs', '0', '.']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--jobs: expected 'auto' or a number/);
  }, 90_000);
});
