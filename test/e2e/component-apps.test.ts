import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigration } from '../../cli/commands/run';
import { defaultConfig } from '../../config';
import { scan } from '../../lib';
import { captureIo, cleanup, git, tmpDir } from '../cli/helpers';

/**
 * The component and SDK sample apps (built-in hosts): a Vue portal with a static HTML page, a SvelteKit store
 * and an Astro page, a `got` SDK with a constant mode map, an enum and zod/yup schemas beside a helpdesk client
 * of another API. Each has its expected migrated tree and its expected report lines
 * (`fixtures/apps/reports/<app>.txt`: `file:line:column change fix`).
 */
const APPS = path.join(__dirname, '../../fixtures/apps');
const NAMES = ['vue-portal', 'svelte-astro', 'got-sdk'];

function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.set(path.relative(dir, abs).split(path.sep).join('/'), fs.readFileSync(abs, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The parts of a component outside its scripts: markup and styles. */
function outsideScripts(text: string): string {
  return text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script/>').replace(/^---\n[\s\S]*?\n---\n/, '---\n');
}

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe.each(NAMES)('the %s sample app', (app) => {
  const legacy = path.join(APPS, 'legacy', app);
  const expected = path.join(APPS, 'expected', app);

  it('report lists exactly the expected sites', async () => {
    const result = await scan({ roots: [legacy], config: defaultConfig, types: 'off', cwd: APPS });
    const lines = result.outcomes.flatMap((o) => o.findings.map((f) => `${o.relPath}:${f.line}:${f.column} ${f.change} ${f.fix}`)).sort();
    const want = fs.readFileSync(path.join(APPS, 'reports', `${app}.txt`), 'utf8').split('\n').filter(Boolean).sort();
    expect(lines).toEqual(want);
    expect(result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
  });

  it('run gives the expected tree; outside the scripts, components only gain marker comments; a second run changes nothing', async () => {
    fs.cpSync(legacy, path.join(dir, app), { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'legacy');
    const io = captureIo();
    expect(await runMigration({ paths: [app] }, io, dir), io.err()).toBe(0);
    const got = tree(path.join(dir, app));
    const want = tree(expected);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [file, text] of want) expect(got.get(file), file).toBe(text);

    for (const [file, before] of tree(legacy)) {
      if (!/\.(vue|svelte|astro|html)$/.test(file)) continue;
      const markup = outsideScripts(got.get(file)!)
        .split('\n')
        .filter((l) => !/^\s*<!-- TODO\(sc-migrate\//.test(l))
        .join('\n');
      expect(markup, file).toBe(outsideScripts(before));
    }

    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'migrated');
    const again = captureIo();
    expect(await runMigration({ paths: [app] }, again, dir)).toBe(0);
    expect(git(dir, 'status', '--porcelain')).toBe('');
  });
});
