import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../../cli/commands/check';
import { runReport } from '../../cli/commands/report';
import { CliError } from '../../cli/exit';
import { buildCli } from '../../cli/main';
import { sink, tempDir, V1_SANDBOX, V2_SANDBOX, validateReport } from './helpers';

/**
 * End to end through the real pipeline and engine, on temp dirs. Inputs rely on base-url findings only
 * (the first rewrites the engine ships); other kinds are covered by the formatter tests.
 */

const dirs: string[] = [];
function project(files: Record<string, string>): string {
  const dir = tempDir();
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function io(tty = false, env: NodeJS.ProcessEnv = {}) {
  const stdout = sink(tty);
  const stderr = sink(false);
  return { stdout, stderr, env };
}

/** Every file under `dir` with its content hash and mode, and every folder. */
function treeHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      const st = fs.statSync(p);
      h.update(`${path.relative(dir, p)}\0${st.mode}\0${st.mtimeMs}\0`);
      if (e.isDirectory()) walk(p);
      else h.update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

const legacyClient = `export const BASE = '${V1_SANDBOX}';\nexport const get = (p: string) => fetch(BASE + p);\n`;

describe('sc-migrate check', () => {
  it('exits 1 on a v1 base address and 0 once it is migrated', async () => {
    const dir = project({ 'src/client.ts': legacyClient });
    const out = io();
    expect(await runCheck({ paths: ['src'] }, out, dir)).toBe(1);
    expect(out.stdout.text).toMatch(/^src\/client\.ts:1:\d+ +v1 +base-url /m);
    expect(out.stdout.text).toMatch(/sc-migrate check: failed/);

    fs.writeFileSync(path.join(dir, 'src/client.ts'), legacyClient.replace(V1_SANDBOX, V2_SANDBOX));
    const clean = io();
    expect(await runCheck({ paths: ['src'] }, clean, dir)).toBe(0);
    expect(clean.stdout.text).toMatch(/^sc-migrate check: clean/m);
  });

  it('exits 1 while a TODO(sc-migrate/…) marker remains', async () => {
    const dir = project({
      'src/result.ts':
        '// TODO(sc-migrate/result-advice-test-removed): v2 results have no `advice`.\nexport const show = (text: string) => text;\n',
    });
    const out = io();
    expect(await runCheck({ paths: ['src'] }, out, dir)).toBe(1);
    expect(out.stdout.text).toContain('result.ts:1:4  marker  result-advice-test-removed');
  });

  it('--format github prints annotations with paths relative to the working directory', async () => {
    const dir = project({ 'src/client.ts': legacyClient, '.env': `API=${V1_SANDBOX}\n` });
    const out = io();
    expect(await runCheck({ paths: ['src', '.env'], format: 'github' }, out, dir)).toBe(1);
    const lines = out.stdout.text.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::warning '))).toEqual([
      expect.stringMatching(/^::warning file=\.env,line=1,col=5,title=sc-migrate%3A base-url::/),
      expect.stringMatching(/^::warning file=src\/client\.ts,line=1,col=\d+,title=sc-migrate%3A base-url::/),
    ]);
  });

  it('through the CLI: registered, and sets the exit code', async () => {
    const dir = project({ 'client.js': `const BASE = '${V1_SANDBOX}';\n` });
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      await buildCli(['check', '.']).parseAsync();
      expect(process.exitCode).toBe(1);
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toContain('base-url');
    } finally {
      process.exitCode = undefined;
      write.mockRestore();
      cwd.mockRestore();
    }
  });
});

describe('sc-migrate report', () => {
  it('--format json prints exactly one JSON document on stdout, valid against the shipped schema', async () => {
    const dir = project({ 'src/api/client.ts': legacyClient, 'src/other.ts': 'export const x = 1;\n' });
    const out = io();
    expect(await runReport({ paths: ['src'], format: 'json' }, out, dir)).toBe(0);
    const doc = JSON.parse(out.stdout.text);
    expect(validateReport(doc)).toBe(true);
    expect(doc.roots).toEqual(['src']);
    expect(doc.summary).toMatchObject({ files: 2, filesWithFindings: 1, auto: 1, manual: 0, byChange: { 'base-url': 1 } });
    expect(doc.findings).toEqual([
      expect.objectContaining({ file: 'src/api/client.ts', line: 1, change: 'base-url', fix: 'auto', replacement: expect.stringContaining('/symptom-checker/v2') }),
    ]);
    expect(out.stderr.text).not.toContain('{');
  });

  it('never writes to the scanned tree, in any format', async () => {
    const dir = project({
      'src/client.ts': legacyClient,
      'src/broken.ts': 'export const = ;\n' + `const B = '${V1_SANDBOX}';\n`,
      '.env': `API=${V1_SANDBOX}\n`,
      // A tsconfig turns on the type-aware analysis (types: 'auto'), which must not write either.
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "incremental": true }, "include": ["src"] }\n',
    });
    const outDir = tempDir('sc-out-');
    dirs.push(outDir);
    const before = treeHash(dir);
    for (const format of ['text', 'json', 'markdown', 'sarif', 'html']) {
      await runReport({ paths: [dir], format }, io(), dir);
      await runReport({ paths: [dir], format, output: path.join(outDir, `r.${format}`) }, io(), dir);
    }
    await runCheck({ paths: [dir] }, io(), dir);
    expect(treeHash(dir)).toBe(before);
    expect(fs.readdirSync(outDir).sort()).toEqual(['r.html', 'r.json', 'r.markdown', 'r.sarif', 'r.text']);
  });

  it('--output writes the file and keeps stdout empty', async () => {
    const dir = project({ 'src/client.ts': legacyClient });
    const toStdout = io();
    await runReport({ paths: ['src'], format: 'markdown' }, toStdout, dir);
    const toFile = io();
    await runReport({ paths: ['src'], format: 'markdown', output: 'plan.md' }, toFile, dir);
    expect(toFile.stdout.text).toBe('');
    expect(fs.readFileSync(path.join(dir, 'plan.md'), 'utf8')).toBe(toStdout.stdout.text);
    expect(toFile.stderr.text).toContain('wrote plan.md');
  });

  it('warns when --output lands inside a scanned path', async () => {
    const dir = project({ 'src/client.ts': legacyClient });
    const out = io();
    await runReport({ paths: ['src'], format: 'json', output: 'src/report.json' }, out, dir);
    expect(out.stderr.text).toMatch(/warning: src\/report\.json is inside the scanned path src/);
  });

  it('text: colours on a TTY, none off a TTY or with NO_COLOR', async () => {
    const dir = project({ 'src/client.ts': legacyClient });
    // eslint-disable-next-line no-control-regex
    const ansi = /\u001b\[/;
    const tty = io(true);
    await runReport({ paths: ['src'] }, tty, dir);
    expect(tty.stdout.text).toMatch(ansi);
    const pipe = io(false);
    await runReport({ paths: ['src'] }, pipe, dir);
    expect(pipe.stdout.text).not.toMatch(ansi);
    expect(pipe.stdout.text).toMatch(/^sc-migrate report: 1 v2 site in 1 file of 1 scanned/);
    const noColor = io(true, { NO_COLOR: '1' });
    await runReport({ paths: ['src'] }, noColor, dir);
    expect(noColor.stdout.text).not.toMatch(ansi);
  });
});

describe('usage errors exit 2', () => {
  let dir: string;
  beforeEach(() => {
    dir = project({ 'src/client.ts': legacyClient, 'bad.json': '{ "environments": 3 }' });
  });

  async function usageError(p: Promise<unknown>): Promise<CliError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(2);
    return err as CliError;
  }

  it('an unknown format', async () => {
    expect((await usageError(runReport({ paths: ['src'], format: 'pdf' }, io(), dir))).message).toMatch(/--format: unknown format 'pdf'/);
    expect((await usageError(runCheck({ paths: ['src'], format: 'pdf' }, io(), dir))).message).toMatch(
      /choose one of text, json, markdown, sarif, html, github/,
    );
  });

  it('an unknown change id', async () => {
    expect((await usageError(runReport({ paths: ['src'], only: 'no-such-change' }, io(), dir))).message).toMatch(/unknown change id 'no-such-change'/);
    await usageError(runCheck({ paths: ['src'], only: ['base-url', 'nope'] }, io(), dir));
  });

  it('a bad config', async () => {
    expect((await usageError(runReport({ paths: ['src'], config: 'bad.json' }, io(), dir))).message).toMatch(/bad\.json/);
    await usageError(runCheck({ paths: ['src'], config: 'missing.json' }, io(), dir));
  });

  it('through the CLI: a format yargs does not know', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await expect(async () => buildCli(['report', dir, '--format', 'pdf']).parseAsync()).rejects.toThrow('exit 2');
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/Invalid values|Choices/);
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});
