import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

// The type-aware analysis is another module's job; here it is replaced to pin down how the pipeline calls
// it (only for roots with a tsconfig.json, only with types 'auto', with the outcomes' code files) and merges
// its findings (into existing outcomes, without duplicates, contents untouched).
const calls: { root: string; files: string[] }[] = [];
vi.mock('../../codemods/typeaware', () => ({
  TsConfigError: class TsConfigError extends Error {},
  typeAwareFindings: (root: string, files: string[]) => {
    calls.push({ root, files: [...files] });
    const finding = (line: number) => ({ line, column: 1, endLine: line, endColumn: 2, change: 'result-advice-test-removed', fix: 'manual' as const, message: 'typed' });
    return new Map([
      [path.join(root, 'src/client.ts'), [finding(1), finding(1)]],
      [path.join(root, 'src/elsewhere.ts'), [finding(1)]],
    ]);
  },
}));

let dir: string;
beforeEach(() => {
  dir = tmpDir();
  calls.length = 0;
});
afterEach(() => cleanup(dir));

describe('scan with types', () => {
  it("'auto' merges type-aware findings for roots with a tsconfig.json", async () => {
    writeTree(dir, {
      'app/tsconfig.json': '{}',
      'app/src/client.ts': `export const u = 'https://old.example.test/api/';\nexport const show = (r: { advice?: string }) => r.advice;\n`,
      'app/src/elsewhere.ts': `export const e = 1;\n`,
      'lib/x.ts': `export const u = 'https://old.example.test/api/';\n`,
    });
    const result = await scan({ roots: ['app', 'lib'], config: customConfig, cwd: dir, types: 'auto' });
    expect(calls).toEqual([{ root: path.join(dir, 'app'), files: [path.join(dir, 'app/src/client.ts')] }]);
    const client = result.outcomes.find((o) => o.relPath === 'src/client.ts')!;
    expect(client.findings.filter((f) => f.message === 'typed')).toHaveLength(1);
    expect(result.outcomes.map((o) => o.relPath)).toEqual(['src/client.ts', 'x.ts']);
  });

  it('is not called for a root where no analysed file names a removed field (no program is built)', async () => {
    writeTree(dir, {
      'tsconfig.json': '{}',
      // Names of removed fields in comments and export lists only.
      'src/client.ts': `// the advice\nexport const u = 'https://old.example.test/api/';\nexport { race } from './race';\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'auto' });
    expect(result.outcomes.map((o) => o.relPath)).toContain('src/client.ts');
    expect(calls).toEqual([]);
  });

  it("'off' never calls it", async () => {
    writeTree(dir, { 'tsconfig.json': '{}', 'src/client.ts': `export const u = 'https://old.example.test/api/';\n` });
    await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    expect(calls).toEqual([]);
  });
});

describe('merging type-aware findings', () => {
  it('drops a type-aware finding that a syntax finding of the same change already covers', async () => {
    const { mergeTypeAwareFindings } = await import('../../lib');
    const syntax = { line: 3, column: 16, endLine: 3, endColumn: 66, change: 'potential-condition-triage-removed', fix: 'auto' as const, message: 'moved' };
    const typed = { line: 3, column: 61, endLine: 3, endColumn: 67, change: 'potential-condition-triage-removed', fix: 'manual' as const, message: 'typed' };
    const otherChange = { ...typed, change: 'result-advice-test-removed' };
    const outcome = { root: '.', absPath: '/x.ts', relPath: 'x.ts', kind: 'js', status: 'changed' as const, findings: [syntax], before: '', after: '' };
    const [merged] = mergeTypeAwareFindings([outcome], new Map([['/x.ts', [typed, otherChange]]]));
    expect(merged!.findings.map((f) => `${f.change}:${f.fix}`)).toEqual([
      'potential-condition-triage-removed:auto',
      'result-advice-test-removed:manual',
    ]);
  });
});
