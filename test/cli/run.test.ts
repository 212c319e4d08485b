import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigration, type RunArgs } from '../../cli/commands/run';
import { CliError } from '../../cli/exit';
import { captureIo, cleanup, customConfig, git, initRepo, read, readBytes, tmpDir, writeConfig, writeTree } from './helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1_LIVE = 'https://old.example.test/api/';
const V1_STAGING = 'https://old-staging.example.test/api/';
const V2_LIVE = 'https://api.example.test/symptom-checker/v2/';
const V2_STAGING = 'https://api.staging.example.test/symptom-checker/v2/';
/** The built-in production addresses (no config file in the split case). */
const V1_PROD = 'https://www.buoyhealth.com/api/';
const V2_PROD_BASE = 'https://api.buoyhealth.com/symptom-checker/v2/';
const V2_PROD_AUDIENCE = 'https://api.buoyhealth.com';

/** A project with a config naming the fixture hosts, files to migrate and one to leave alone. */
function project(extra: Record<string, string | Buffer> = {}) {
  writeConfig(dir);
  writeTree(dir, {
    '.env': `API_URL=${V1_LIVE}interviews/\nAUTH_AUDIENCE=https://audience.old.example.test\n`,
    'config/app.json': `{\n  "stagingApi": "${V1_STAGING}",\n  "liveApi": "${V1_LIVE}"\n}\n`,
    'deploy/values.yaml': `api:\n  url: ${V1_STAGING}  # staging\n`,
    'src/app.js': `export const answer = 42;\n`,
    'README.md': 'readme\n',
    ...extra,
  });
}

const run = (args: Partial<RunArgs>, io = captureIo()) => runMigration({ paths: ['.'], ...args }, io, dir);

/** Every file's bytes under dir (outside .git), to show nothing was written. */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), fs.readFileSync(p).toString('base64'));
    }
  };
  walk(dir);
  return out;
}

async function usageError(p: Promise<unknown>): Promise<CliError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  expect((err as CliError).exitCode).toBe(2);
  return err as CliError;
}

describe('sc-migrate run', () => {
  it('one value in two roles is split, a bare host is left for a person, and the summary counts each apart', async () => {
    // The example: one constant is the base of every call and the audience of the token request; an INI
    // audience that interpolates the base; and a bare v1 host nobody can tell the role of.
    writeTree(dir, {
      'src/client.js': [
        `const API = '${V1_PROD}';`,
        `export const token = (id, secret) => fetch('https://auth.buoyhealth.com/oauth/token', { method: 'POST', body: JSON.stringify({ client_id: id, client_secret: secret, audience: API, grant_type: 'client_credentials' }) });`,
        'export const result = (id) => fetch(`${API}results/${id}/`);',
        '',
      ].join('\n'),
      'app.ini': `[symptom_checker]\nbase = ${V1_PROD}\naudience = %(base)s\n`,
      'notes.txt': 'checker host: www.buoyhealth.com\n',
    });
    initRepo(dir);
    const io = captureIo();
    expect(await run({}, io)).toBe(0);
    const client = read(dir, 'src/client.js');
    expect(client).toContain(`const API = '${V2_PROD_BASE}';`);
    expect(client).toContain(`audience: '${V2_PROD_AUDIENCE}'`);
    expect(read(dir, 'app.ini')).toBe(`[symptom_checker]\nbase = ${V2_PROD_BASE}\naudience = ${V2_PROD_AUDIENCE}\n`);
    expect(read(dir, 'notes.txt')).toBe('checker host: www.buoyhealth.com\n');
    const out = io.out();
    expect(out).toMatch(/sites rewritten\s+0\n/);
    expect(out).toMatch(/sites split\s+4\n/);
    expect(out).toMatch(/left for a person\s+1 site,/);
  });

  it('rewrites .env, JSON and YAML of both environments in a clean repo and sums up', async () => {
    project();
    initRepo(dir);
    const io = captureIo();
    expect(await run({}, io)).toBe(0);
    expect(read(dir, '.env')).toBe(`API_URL=${V2_LIVE}interviews/\nAUTH_AUDIENCE=https://api.example.test\n`);
    expect(read(dir, 'config/app.json')).toBe(`{\n  "stagingApi": "${V2_STAGING}",\n  "liveApi": "${V2_LIVE}"\n}\n`);
    expect(read(dir, 'deploy/values.yaml')).toBe(`api:\n  url: ${V2_STAGING}  # staging\n`);
    expect(read(dir, 'src/app.js')).toBe('export const answer = 42;\n');
    const out = io.out();
    expect(out).toMatch(/files scanned\s+5\n/); // .env, app.json, values.yaml, app.js, README.md; not the config itself
    expect(out).toMatch(/files changed\s+3\n/);
    expect(out).toMatch(/files unchanged\s+2\n/);
    expect(out).toMatch(/files failed\s+0\n/);
    expect(out).toMatch(/sites rewritten\s+5\n/);
    expect(out).toMatch(/sites split\s+0\n/);
    expect(out).toMatch(/left for a person\s+0\n/);
    expect(out).not.toContain('\x1b[');
    expect(io.err()).toBe('');
    // Written files are ordinary modified files for git; nothing else changed.
    expect(git(dir, 'status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      ' M .env',
      ' M config/app.json',
      ' M deploy/values.yaml',
    ]);
  });

  it('refuses to write when a file it would change has uncommitted changes, and writes nothing', async () => {
    project();
    initRepo(dir);
    fs.appendFileSync(path.join(dir, '.env'), 'LOCAL_EDIT=1\n');
    const before = snapshot();
    const err = await usageError(run({}));
    expect(err.message).toMatch(/refusing to write/);
    expect(err.message).toContain('.env');
    expect(err.message).toContain('--allow-dirty');
    expect(err.message).not.toContain('config/app.json');
    expect(snapshot()).toEqual(before);
  });

  it('counts an untracked file it would change as uncommitted work', async () => {
    project();
    initRepo(dir);
    writeTree(dir, { 'config/new.json': `{"x": "${V1_LIVE}"}\n` });
    const before = snapshot();
    const err = await usageError(run({}));
    expect(err.message).toContain('config/new.json');
    expect(snapshot()).toEqual(before);
  });

  it('is not blocked by uncommitted changes in files it does not touch', async () => {
    project();
    initRepo(dir);
    fs.appendFileSync(path.join(dir, 'README.md'), 'work in progress\n');
    expect(await run({})).toBe(0);
    expect(read(dir, '.env')).toContain(V2_LIVE);
  });

  it('outside any git work tree: warns, writes nothing without a terminal unless --yes', async () => {
    project();
    const before = snapshot();
    const io = captureIo();
    const err = await usageError(run({}, io));
    expect(err.message).toMatch(/pass --yes to rewrite files outside a git work tree/);
    expect(io.err()).toMatch(/warning: 3 file\(s\) to rewrite are outside any git work tree/);
    expect(io.err()).toContain('  .env');
    expect(snapshot()).toEqual(before);

    const yes = captureIo();
    expect(await run({ yes: true }, yes)).toBe(0);
    expect(yes.err()).toMatch(/outside any git work tree/);
    expect(read(dir, '.env')).toContain(V2_LIVE);
  });

  it('outside any git work tree on a terminal: asks, and writes only on yes', async () => {
    project();
    const before = snapshot();
    const questions: string[] = [];
    const no = { ...captureIo(true), confirm: async (q: string) => (questions.push(q), false) };
    await usageError(run({}, no));
    expect(questions).toEqual(['Rewrite them anyway?']);
    expect(snapshot()).toEqual(before);
    const yes = { ...captureIo(true), confirm: async () => true };
    expect(await run({}, yes)).toBe(0);
    expect(read(dir, '.env')).toContain(V2_LIVE);
  });

  it('writes nothing when git cannot tell whether the files are clean', async () => {
    project();
    fs.mkdirSync(path.join(dir, '.git')); // looks like a work tree, but git cannot read it
    const before = snapshot();
    const err = await usageError(run({}));
    expect(err.message).toMatch(/cannot tell whether files in .* have uncommitted changes/);
    expect(snapshot()).toEqual(before);
  });

  it('writes over uncommitted changes with --allow-dirty, keeping them', async () => {
    project();
    initRepo(dir);
    fs.appendFileSync(path.join(dir, '.env'), 'LOCAL_EDIT=1\n');
    expect(await run({ allowDirty: true })).toBe(0);
    expect(read(dir, '.env')).toBe(`API_URL=${V2_LIVE}interviews/\nAUTH_AUDIENCE=https://api.example.test\nLOCAL_EDIT=1\n`);
  });

  it('--dry writes nothing, even in a dirty tree, and prints a unified diff then the summary', async () => {
    project();
    const before = snapshot();
    const io = captureIo();
    expect(await run({ dry: true }, io)).toBe(0);
    expect(snapshot()).toEqual(before);
    const out = io.out();
    expect(out).toContain(`--- a/.env\n+++ b/.env\n@@ -1,2 +1,2 @@\n-API_URL=${V1_LIVE}interviews/\n`);
    expect(out).toContain(`+API_URL=${V2_LIVE}interviews/\n`);
    expect(out).toContain('--- a/config/app.json');
    expect(out).toContain('--- a/deploy/values.yaml');
    expect(out).not.toContain('src/app.js');
    expect(out.indexOf('dry run')).toBeGreaterThan(out.indexOf('+++ b/deploy/values.yaml'));
  });

  it('leaves a file that does not parse byte-identical, reports it, processes the others and ends with 1', async () => {
    const broken = `// keep\r\nconst url = '${V1_LIVE}' +;\r\n`;
    project({ 'src/broken.js': broken });
    initRepo(dir);
    const io = captureIo();
    expect(await run({}, io)).toBe(1);
    expect(read(dir, 'src/broken.js')).toBe(broken);
    expect(read(dir, '.env')).toContain(V2_LIVE);
    expect(io.out()).toMatch(/files failed\s+1\n/);
    expect(io.out()).toMatch(/src\/broken\.js: cannot parse: line 2/);
  });

  it('keeps BOM, CRLF, untouched formatting and file mode', async () => {
    const env = `\uFEFF# settings\r\nAPI_URL = "${V1_LIVE}"   \r\n\r\nOTHER=1\r\n`;
    project({ '.env': env, 'deploy/run.yaml': `url: ${V1_LIVE}\n` });
    fs.chmodSync(path.join(dir, '.env'), 0o600);
    fs.chmodSync(path.join(dir, 'deploy/run.yaml'), 0o755);
    initRepo(dir);
    expect(await run({})).toBe(0);
    expect(readBytes(dir, '.env').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(read(dir, '.env')).toBe(`\uFEFF# settings\r\nAPI_URL = "${V2_LIVE}"   \r\n\r\nOTHER=1\r\n`);
    expect(fs.statSync(path.join(dir, '.env')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'deploy/run.yaml')).mode & 0o777).toBe(0o755);
    // No temporary files left behind by the atomic writes.
    expect(fs.readdirSync(dir).sort()).toEqual(['.env', '.git', 'README.md', 'config', 'deploy', 'sc-migrate.config.json', 'src']);
  });

  it('exits 2 on a bad config, naming the bad key, before touching anything', async () => {
    project();
    const bad = structuredClone(customConfig) as unknown as { environments: Record<string, { v1: Record<string, string> }> };
    bad.environments.live!.v1.baseUrl = 'old.example.test/api';
    writeConfig(dir, bad);
    const before = snapshot();
    const err = await usageError(run({}));
    expect(err.message).toContain('environments.live.v1.baseUrl');
    expect(snapshot()).toEqual(before);

    const missing = await usageError(run({ config: 'nope.json' }));
    expect(missing.message).toContain('nope.json');
  });

  it('exits 2 on an unknown --only id, listing the known ones; accepts comma-separated ids', async () => {
    project();
    const err = await usageError(run({ only: ['base-url,no-such-change'] }));
    expect(err.message).toContain("'no-such-change'");
    expect(err.message).toContain('token-audience');
    initRepo(dir);
    expect(await run({ only: ['base-url'] })).toBe(0);
    expect(read(dir, '.env')).toBe(`API_URL=${V2_LIVE}interviews/\nAUTH_AUDIENCE=https://audience.old.example.test\n`);
  });

  it('never migrates its own config file, whatever its name', async () => {
    project();
    const custom = writeConfig(dir, customConfig, 'migrate.settings.json');
    const text = fs.readFileSync(custom, 'utf8');
    initRepo(dir);
    expect(await run({ config: 'migrate.settings.json' })).toBe(0);
    expect(fs.readFileSync(custom, 'utf8')).toBe(text);
    expect(read(dir, 'sc-migrate.config.json')).toContain(V1_LIVE);
    expect(read(dir, '.env')).toContain(V2_LIVE);
  });

  it('exits 2 on a path that does not exist', async () => {
    project();
    const err = await usageError(run({ paths: ['src', 'nope'] }));
    expect(err.message).toContain('nope');
  });

  it('--quiet prints no summary, only failures (on stderr)', async () => {
    project({ 'src/broken.js': `x('${V1_LIVE}' +;\n` });
    initRepo(dir);
    const io = captureIo();
    expect(await run({ quiet: true }, io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(/^failed src\/broken\.js: cannot parse/);
  });

  it('colours the diff only on a terminal', async () => {
    project();
    const plain = captureIo(false);
    await run({ dry: true }, plain);
    expect(plain.out()).toContain('+++ b/.env');
    expect(plain.out()).not.toContain('\x1b[');
    const tty = captureIo(true);
    await run({ dry: true }, tty);
    expect(tty.out()).toContain('\x1b[');
  });
});
