import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

describe('the repository stands alone', () => {
  it('no tracked code, test or script reads a folder beside the repository', () => {
    // Every tracked file that is not documentation or a fixture: code, tests, scripts, CI, package metadata.
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.startsWith('fixtures/') && !f.endsWith('.md') && f !== 'package-lock.json');
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      if (/\.\.\/(\.\.\/)*shared\b|['"`]shared\/spec/.test(text) && f !== 'test/repo/standalone.test.ts') offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the lockfile installs with `npm ci` on every platform', () => {
  it('every dependency a locked package names, optional platform builds too, has an entry of its own', () => {
    // npm ci refuses a lockfile where a package's (optional) dependency has no entry, even one for another
    // platform: a registry mirror that serves only this machine's builds leaves them out on `npm install`.
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
        // Node's resolution: the package's own node_modules, then each folder above it.
        const scopes = key.split('/node_modules/');
        let found = false;
        for (let i = scopes.length; i >= 0 && !found; i--) {
          const base = scopes.slice(0, i).join('/node_modules/');
          const at = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
          found = at in lock.packages;
        }
        if (!found) missing.push(`${key || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
