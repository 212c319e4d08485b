import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigration } from '../../cli/commands/run';
import { captureIo, cleanup, git, tmpDir } from '../cli/helpers';

const APPS = path.join(__dirname, '../../fixtures/apps');
const CONFIG = path.join(APPS, 'sc-migrate.config.json');

/** Every file under `dir` (relative path → bytes), skipping `.git`. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.set(path.relative(dir, abs).split(path.sep).join('/'), fs.readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe.each(['chat-widget-js', 'triage-service-ts'])('sc-migrate run on the legacy app %s', (app) => {
  const legacy = path.join(APPS, 'legacy', app);
  const expected = path.join(APPS, 'expected', app);

  it('produces the expected migrated tree with a custom config, and a second run changes nothing', async () => {
    fs.cpSync(legacy, path.join(dir, app), { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'legacy');

    const io = captureIo();
    const code = await runMigration({ paths: [app], config: CONFIG }, io, dir);
    expect(code, io.err()).toBe(0);

    const got = tree(path.join(dir, app));
    const want = tree(expected);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [file, bytes] of want) expect(got.get(file)!.toString('utf8'), file).toBe(bytes.toString('utf8'));

    // Files the migration has no business with are byte-identical to the legacy ones.
    const untouched = [...tree(legacy)].filter(([file, bytes]) => want.get(file)!.equals(bytes)).map(([f]) => f);
    expect(untouched.length).toBeGreaterThan(0);

    // Second run: commit the first run's result, run again, nothing changes.
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'migrated');
    const again = captureIo();
    expect(await runMigration({ paths: [app], config: CONFIG }, again, dir)).toBe(0);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(again.out()).toMatch(/files changed\s+0\b/);
  });

  it('with the built-in hosts, only the public hosts move: the staging host is unknown and stays', async () => {
    fs.cpSync(legacy, path.join(dir, app), { recursive: true });
    const io = captureIo();
    // No --config, and no sc-migrate.config.json in the tree: the built-in public hosts apply.
    expect(await runMigration({ paths: [app], allowDirty: true, yes: true }, io, dir), io.err()).toBe(0);
    const text = [...tree(path.join(dir, app)).values()].map((b) => b.toString('utf8')).join('\n');
    expect(text).toContain('sc-staging.internal.example/api/');
    expect(text).not.toContain('sc-staging-api.internal.example');
    expect(text).not.toMatch(/https?:\/\/sandbox\.buoyhealth\.com\/api\//);
    expect(text).toContain('https://api.sandbox.buoyhealth.com/symptom-checker/v2/');
  });
});
