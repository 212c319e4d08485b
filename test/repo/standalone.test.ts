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
