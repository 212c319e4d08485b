import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInto, cleanup, customConfig, initRepo, read, tmpDir, writeConfig, writeTree } from './helpers';

// The real CLI as users run it: a separate process, no terminal, exit codes from the process.
// Built from the current sources into a private folder inside node_modules/.cache (so its requires find
// this project's node_modules) with type checking off: `npx tsc --noEmit` checks types; this only needs JS.
const repo = path.resolve(__dirname, '../..');
const outDir = path.join(repo, 'node_modules', '.cache', `sc-migrate-cli-test-${process.pid}`);
const main = path.join(outDir, 'cli', 'main.js');

beforeAll(() => {
  buildInto(outDir);
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';

/** Run the CLI with stdin a pipe that is never written nor closed: a prompt would wait forever. */
function cli(args: string[], nodeArgs: string[] = [], timeoutMs = 20_000): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, main, ...args], {
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
    }, timeoutMs);
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

describe('start-up: a command loads only what its files need (process)', () => {
  /** The packages a run of the CLI required, recorded by a `-r` hook. */
  async function loaded(args: string[]): Promise<{ code: number | null; packages: Set<string> }> {
    const hook = path.join(dir, 'hook.cjs');
    const out = path.join(dir, 'loaded.txt');
    fs.writeFileSync(hook, `const M = require('module'); const seen = new Set(); const load = M._load;\nM._load = function (id) { seen.add(id); return load.apply(this, arguments); };\nprocess.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, [...seen].join('\\n')));\n`);
    const r = await cli(args, ['-r', hook]);
    return { code: r.code, packages: new Set(fs.readFileSync(out, 'utf8').split('\n')) };
  }
  const HEAVY = ['jscodeshift', 'svelte/compiler', '@vue/compiler-sfc', 'ajv', 'prom-client', 'yaml', 'htmlparser2'];

  it('a report of a Python tree loads no JS parser, component compiler, schema validator or proxy', async () => {
    writeTree(dir, { 'app/client.py': `BASE = "${V1}"\n` });
    const r = await loaded(['report', 'app']);
    expect(r.code).toBe(0);
    expect(HEAVY.filter((p) => r.packages.has(p))).toEqual([]);
    // Nor worker threads, even when asked for: one file is analysed in the command's own thread.
    const jobs = await loaded(['report', '--jobs', '4', 'app']);
    expect(jobs.code).toBe(0);
    expect([...HEAVY, 'node:worker_threads', 'worker_threads'].filter((p) => jobs.packages.has(p))).toEqual([]);
  });

  it('a tree with a .js and a .vue file loads their parsers, and a config file its validator', async () => {
    writeConfig(dir);
    writeTree(dir, { 'app/a.js': `fetch('${V1}results/1/');\n`, 'app/B.vue': `<template><p/></template>\n<script>\nexport default { created() { return fetch('${V1}interviews/1/') } }\n</script>\n` });
    const r = await loaded(['report', 'app']);
    expect(r.code).toBe(0);
    expect(['jscodeshift', '@vue/compiler-sfc', 'ajv'].filter((p) => !r.packages.has(p))).toEqual([]);
    expect(r.packages.has('prom-client')).toBe(false);
  });
});

describe('the polyglot pre-scan in threads (process)', () => {
  it('a report is the same with one thread and with three (quiet, passing, linked, generated, binary files)', async () => {
    const tree: Record<string, string> = {
      'py/client.py': `BASE = "${V1}"\n\ndef open_interview(s):\n    return s.post(BASE + "interviews/anonymous/", json={"interview_mode": "triage"})\n`,
      'py/models.py': 'from dataclasses import dataclass\n\n@dataclass\nclass TriageResult:\n    advice: str\n    triage: str\n',
      'py/view.py': 'from .models import TriageResult\n\ndef show(r: TriageResult):\n    return r.advice\n',
      'py/gen.py': `# Code generated by a tool. DO NOT EDIT.\nURL = "${V1}results/"\n`,
      'kt/Api.kt': 'interface CheckerApi {\n    @POST("interviews/anonymous/") suspend fun openInterview(@Body b: OpenRequest): Response<Unit>\n}\n',
      'kt/Models.kt': 'data class OpenRequest(val mode: String = "triage", val age: Int)\n',
      'kt/Vm.kt': 'class Vm(private val api: CheckerApi) {\n    suspend fun go() = api.openInterview(OpenRequest(age = 3))\n}\n',
      'go/bin.go': 'package x\x00\x01\x02',
    };
    writeConfig(dir);
    for (let i = 0; i < 40; i++) tree[`rb/lib${i}.rb`] = `module M${i}\n  def self.f(x)\n    x * ${i}\n  end\nend\n`;
    writeTree(dir, tree);
    const runs: string[] = [];
    for (const threads of ['1', '3']) {
      process.env.SC_MIGRATE_THREADS = threads;
      try {
        const r = await cli(['report', '.', '--format', 'json']);
        expect(r.code).toBe(0);
        runs.push(r.stdout);
      } finally {
        delete process.env.SC_MIGRATE_THREADS;
      }
    }
    const files = new Set((JSON.parse(runs[0]!) as { findings: { file: string }[] }).findings.map((f) => path.basename(f.file)));
    expect([...files].sort()).toEqual(["Models.kt", "client.py", "gen.py"]);
    expect(runs[1]).toBe(runs[0]);
  });
});

describe('sc-migrate check: a gate that cannot be green by mistake (process)', () => {
  it('scans a folder named on the command line even when a .gitignore above ignores it', async () => {
    writeConfig(dir);
    writeTree(dir, { '.gitignore': 'build/\n', 'build/app.js': `fetch('${V1}results/1/');\n` });
    initRepo(dir);
    const r = await cli(['check', 'build']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/app\.js:1:\d+ +v1 +base-url/);
    expect(r.stdout).toMatch(/in 1 files scanned/);
  });

  it('exits 3 with a message when it scanned no file (an empty folder, or one wholly ignored), 0 with --allow-empty', async () => {
    writeConfig(dir);
    writeTree(dir, { 'empty/.gitkeep': '', '.gitignore': 'gone/\n', 'gone/app.js': `fetch('${V1}');\n` });
    fs.rmSync(path.join(dir, 'empty/.gitkeep'));
    initRepo(dir);
    const empty = await cli(['check', 'empty']);
    expect(empty.code).toBe(3);
    expect(empty.stderr).toMatch(/no file was scanned under empty .*nothing was checked/);
    // Scanning the parent: the ignored folder is left out and counted, and nothing else is there.
    const parent = await cli(['check', '.']);
    expect(parent.stdout + parent.stderr).toMatch(/1 ignored|ignored/);
    expect((await cli(['check', '--allow-empty', 'empty'])).code).toBe(0);
  });

  it('fails on a file it cannot parse unless --allow-parse-errors, and still fails on the v1 address inside it', async () => {
    writeConfig(dir);
    // A file the pre-scan selects (it names an API resource) but that does not parse.
    writeTree(dir, { 'src/broken.js': `fetch(base + 'results/' + id) +;\n`, 'src/ok.js': 'export const x = 1;\n' });
    expect((await cli(['check', 'src'])).code).toBe(1);
    expect((await cli(['check', '--allow-parse-errors', 'src'])).code).toBe(0);
    writeTree(dir, { 'src/broken.js': `const a = '${V1}' +;\n` });
    const r = await cli(['check', '--allow-parse-errors', 'src']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.js:1:\d+ +v1 +base-url/);
  });

  it('a 20 MB minified file never crashes it: searched by the text pass with a small heap, named or in a folder', async () => {
    writeConfig(dir);
    const chunk = 'function a(b){return b+1};var c=[1,2,3].map(a);';
    const body = chunk.repeat(Math.ceil((20 * 1024 * 1024) / chunk.length));
    fs.mkdirSync(path.join(dir, 'public'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'public/bundle.min.js'), `${body.slice(0, 10 * 1024 * 1024)}var u="${V1}results/";${body.slice(10 * 1024 * 1024)}`);
    for (const target of ['public', 'public/bundle.min.js']) {
      const r = await cli(['check', target], ['--max-old-space-size=160'], 60_000);
      expect(r.timedOut, target).toBe(false);
      expect(r.code, `${target}: ${r.stderr}`).toBe(1);
      expect(r.stdout).toMatch(/bundle\.min\.js:1:\d+ +v1 +base-url +a v1 address in a file too large to parse/);
      expect(r.stdout).toMatch(/too-large/);
    }
  }, 150_000);
});

describe('a one-shot command ends when its output has left (process)', () => {
  it('a report larger than a pipe buffer arrives whole, and check keeps its exit code', async () => {
    writeConfig(dir);
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) files[`src/client${i}.js`] = `export const base${i} = '${V1}';\nexport const again${i} = '${V1}interviews/anonymous/';\n`;
    writeTree(dir, files);
    const report = await cli(['report', 'src', '--format', 'json']);
    expect(report.code).toBe(0);
    expect(report.stdout.length).toBeGreaterThan(128 * 1024);
    const parsed = JSON.parse(report.stdout) as { findings: unknown[]; summary: { files: number } };
    expect(parsed.summary.files).toBe(120);
    expect(parsed.findings.length).toBe(240);
    const check = await cli(['check', 'src']);
    expect(check.code).toBe(1);
    expect(check.stderr + check.stdout).toMatch(/120 files scanned/);
  }, 60_000);
});
