import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, captureIo, helpOf, initRepo, tmpDir, writeTree } from './helpers';
import { cliMain, ensureBuilt, repo, sh } from '../packaging/support';
import { runCheck } from '../../cli/commands/check';
import { runReport } from '../../cli/commands/report';
import { runMigration } from '../../cli/commands/run';
import type { CliError } from '../../cli/exit';

// What a new user meets first, through the real CLI in a process (no terminal): the rough edges of issue 12.
const V1 = 'https://sandbox.buoyhealth.com/api/';
const CLIENT = `const BASE = '${V1}';\nexport const get = (id) => fetch(\`\${BASE}interviews/\${id}/\`);\n`;
const FORMATS = ['text', 'json', 'markdown', 'sarif', 'html', 'github'];
const COMMANDS = ['run', 'report', 'check', 'proxy', 'mock-v2', 'docs'];

let dir: string;
beforeAll(() => ensureBuilt(), 180_000);
beforeEach(() => {
  dir = tmpDir('sc-edges-');
});
afterEach(() => cleanup(dir));

const cli = (args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => sh(process.execPath, [cliMain, ...args], { cwd: opts.cwd ?? dir, env: opts.env });
/** The same commands in this process (what the CLI's handlers call): stdout, stderr and the exit code. */
async function inProcess(command: 'run' | 'report' | 'check', args: Record<string, unknown>, cwd = dir) {
  const io = captureIo();
  const fn = command === 'run' ? runMigration : command === 'report' ? runReport : runCheck;
  const status = await (fn as (a: unknown, i: typeof io, c: string) => Promise<number>)(args, io, cwd).catch((e: CliError) => {
    io.stderr.write(`sc-migrate: ${e.message}\n`);
    return e.exitCode;
  });
  return { status, stdout: io.out(), stderr: io.err() };
}
/** Control characters other than LF (and the tab of tables), which must never reach a terminal raw. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('one way to name a file', () => {
  it('every command and format names it relative to the current directory, with /', async () => {
    writeTree(dir, { 'app/src/client.js': CLIENT });
    const name = 'app/src/client.js';
    expect((await inProcess('run', { paths: ['app'], dry: true })).stdout).toContain(`+++ b/${name}`);
    for (const command of ['report', 'check'] as const) {
      const outputs: Record<string, string> = {};
      for (const format of FORMATS) outputs[format] = (await inProcess(command, { paths: ['app'], format })).stdout;
      expect(outputs.text, command).toMatch(new RegExp(`^\\s*${name}(:|$)`, 'm'));
      expect((JSON.parse(outputs.json!) as { findings: { file: string }[] }).findings[0]!.file).toBe(name);
      expect(outputs.markdown).toContain(`\`${name}\``);
      expect(outputs.sarif).toContain(`"uri": "${name}"`);
      expect(outputs.html).toContain(`data-file="${name}"`);
      expect(outputs.github).toContain(`file=${name},`);
    }
    // From inside the folder the names start there; outside the current directory they are absolute.
    expect((await inProcess('check', { paths: ['src'] }, path.join(dir, 'app'))).stdout).toMatch(/^src\/client\.js:1:/m);
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    expect((await inProcess('check', { paths: ['../app'] }, path.join(dir, 'elsewhere'))).stdout).toContain(`${dir.split(path.sep).join('/')}/${name}:1:`);
  });
});

describe('report and check', () => {
  it('take the same --format choices, each working in both', async () => {
    const choices = async (command: string) => /--format[\s\S]*?\[choices: ([^\]]+)\]/.exec(await helpOf([command], 110))?.[1];
    expect(await choices('report')).toBe(FORMATS.map((f) => `"${f}"`).join(', '));
    expect(await choices('check')).toBe(await choices('report'));
    writeTree(dir, { 'src/client.js': CLIENT });
    for (const format of FORMATS) {
      expect((await inProcess('report', { paths: ['src'], format })).status, format).toBe(0);
      expect((await inProcess('check', { paths: ['src'], format })).status, format).toBe(1);
    }
  });

  it('check lists a site run marked once (its marker), and the summary counts the lines', () => {
    fs.cpSync(path.join(repo, 'fixtures/apps/legacy/chat-widget-js'), dir, { recursive: true });
    fs.copyFileSync(path.join(repo, 'fixtures/apps/sc-migrate.config.json'), path.join(dir, 'sc-migrate.config.json'));
    initRepo(dir);
    expect(cli(['run', '.', '-q']).status).toBe(0);
    const out = cli(['check', '.']).stdout.trimEnd().split('\n');
    const lines = out.slice(0, -1).map((l) => /^(\S+):(\d+):\d+ {2}(marker|v1) {2}(\S+)/.exec(l)!);
    expect(lines.every(Boolean)).toBe(true);
    const markers = lines.filter((m) => m[3] === 'marker');
    expect(markers.length).toBeGreaterThan(5);
    // The site under a marker is the marker: never the marker and, on the line below it, the same change again.
    for (const v1 of lines.filter((m) => m[3] === 'v1')) {
      const above = fs.readFileSync(path.join(dir, v1[1]!), 'utf8').split('\n')[Number(v1[2]) - 2] ?? '';
      expect(above, v1[0]).not.toContain(`TODO(sc-migrate/${v1[4]})`);
    }
    expect(out.at(-1)).toContain(`failed: ${lines.length} things to do`);
    expect(out.at(-1)).toContain(`${markers.length} open markers`);
  });
});

describe('run', () => {
  it('says on a second run that it marked nothing new, and what is still open', () => {
    fs.cpSync(path.join(repo, 'fixtures/apps/legacy/chat-widget-js'), dir, { recursive: true });
    initRepo(dir);
    const first = cli(['run', '.']).stdout;
    const added = Number(/markers added +(\d+)/.exec(first)?.[1]);
    expect(added).toBeGreaterThan(0);
    initRepo(dir);
    const second = cli(['run', '.']).stdout;
    expect(second).toMatch(/files changed +0\n/);
    expect(second).toMatch(/markers added +0\n/);
    expect(second).toMatch(new RegExp(`left for a person +\\d+ sites, ${added} open markers`));
  });

  it('-q prints failures only, also with --dry', () => {
    writeTree(dir, { 'src/client.js': CLIENT, 'src/broken.js': `${CLIENT}export const = ;\n` });
    const dry = cli(['run', '--dry', '-q', 'src']);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toMatch(/^failed src\/broken\.js: cannot parse: line 3/);
    expect(dry.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('outside a git work tree: warns, and without a terminal writes only with --yes', () => {
    writeTree(dir, { 'src/client.js': CLIENT });
    const refused = cli(['run', 'src']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('outside any git work tree');
    expect(refused.stderr).toContain('pass --yes');
    expect(fs.readFileSync(path.join(dir, 'src/client.js'), 'utf8')).toBe(CLIENT);
    const yes = cli(['run', 'src', '--yes']);
    expect(yes.status).toBe(0);
    expect(yes.stderr).toContain('outside any git work tree');
    expect(fs.readFileSync(path.join(dir, 'src/client.js'), 'utf8')).not.toContain(V1);
  });
});

describe('messages', () => {
  it('escape control characters from file names and parse errors, in every command and format', async () => {
    writeTree(dir, {
      'src/we\u0007ird.js': CLIENT,
      // A NUL past isbinaryfile's sample: read as text, then the parser stops at it.
      'src/nul.js': Buffer.concat([Buffer.from(CLIENT + '// pad\n'.repeat(1500)), Buffer.from('const y = 1\u0000\u001b[31m;\n')]),
    });
    const outputs = [cli(['run', '--dry', 'src']), cli(['run', '--dry', '-q', 'src'])];
    for (const format of ['text', 'markdown', 'github', 'html']) {
      outputs.push(await inProcess('report', { paths: ['src'], format }), await inProcess('check', { paths: ['src'], format }));
    }
    for (const r of outputs) {
      expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
    }
    expect(outputs[0]!.stdout).toContain("Unexpected character '\\x00'");
    expect(outputs[3]!.stdout).toMatch(/^src\/we\\x07ird\.js:1:15 {2}v1/m);
  });

  it('a config with bad JSON: its line and column', () => {
    writeTree(dir, { 'src/client.js': CLIENT, 'sc-migrate.config.json': '{\n  "environments": {\n    "sandbox" {}\n  }\n}\n' });
    const r = cli(['check', 'src']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^sc-migrate: sc-migrate\.config\.json:3:15: not valid JSON: .*\(line 3, column 15\)$/m);
  });

  it('an output that cannot be written: why, without a temporary file name', async () => {
    writeTree(dir, { 'src/client.js': CLIENT, 'a-file': 'x\n' });
    fs.mkdirSync(path.join(dir, 'a-folder'));
    const cases: [string, RegExp][] = [
      ['missing/report.json', /cannot write missing\/report\.json: the folder missing does not exist$/m],
      ['a-file/report.json', /cannot write a-file\/report\.json: the folder a-file is not a folder$/m],
      ['a-folder', /cannot write a-folder: it is a folder$/m],
    ];
    for (const [output, message] of cases) {
      for (const command of ['report', 'check'] as const) {
        const r = await inProcess(command, { paths: ['src'], format: 'json', output });
        expect(r.status, `${command} -o ${output}`).toBe(2);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/\.\d{5,}/);
      }
    }
    expect(cli(['report', 'src', '-o', 'missing/report.txt']).stderr).toBe('sc-migrate: cannot write missing/report.txt: the folder missing does not exist\n');
  });

  it('a symbolic link loop named as a path says so', () => {
    fs.symlinkSync('loop', path.join(dir, 'loop'));
    const r = cli(['report', 'loop']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('sc-migrate: loop: a symbolic link loop\n');
    expect(r.stderr).not.toContain('no such file');
  });
});

describe('help', () => {
  it('every command and the top level show examples and exit codes, wrapped to the terminal', async () => {
    for (const command of ['', ...COMMANDS]) {
      const out = await helpOf(command ? [command] : [], 64);
      expect(out, command).toContain('Examples:\n  $ sc-migrate');
      expect(out, command).toMatch(/Exit codes:\n {2}0 {2}/);
      const long = out.split('\n').filter((l) => l.length > 64);
      expect(long, command).toEqual([]);
      expect(out).not.toContain('[default: []]');
    }
    const check = await helpOf(['check']);
    expect(check).toMatch(/3 +no file was scanned \(see --allow-empty\)/);
    for (const flag of ['--allow-empty', '--allow-parse-errors', '--max-file-size']) expect(check).toContain(flag);
    // The process wraps to COLUMNS when stdout is not a terminal, at word boundaries.
    const shown = [['--help'], ['check', '--help']].map((args) => cli(args, { env: { COLUMNS: '64' } }).stdout);
    for (const out of shown) {
      expect(out).toContain('Exit codes:');
      expect(out.split('\n').filter((l) => l.length > 64)).toEqual([]);
    }
    expect(shown[1]).toMatch(/markers\n\s*remain, 0 when clean/);
  });
});
