import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

// An engine that inserts a marker line ending in '\n' above the first line holding 'fetch(' and reports a
// manual site, the way real rules add TODO markers. It lets these tests pin down what the pipeline itself
// guarantees around any engine: BOM set aside and restored, CRLF kept on inserted lines.
vi.mock('../../codemods/frontends/js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../codemods/frontends/js')>();
  return {
    ...actual,
    jsFrontEnd: {
      ...actual.jsFrontEnd,
      analyze: ({ source }: { source: string }) => {
        if (source.startsWith('\uFEFF')) throw new Error('the engine was given a BOM');
        const output = source.replace(/^(.*fetch\()/m, '// TODO(sc-migrate/base-url): check\n$1');
        return { output, findings: output === source ? [] : [{ line: 2, column: 1, endLine: 2, endColumn: 6, change: 'base-url', fix: 'manual', message: 'check' }] };
      },
    },
  };
});

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';

describe('scan around the engine', () => {
  it('CRLF file: inserted lines end in CRLF too; BOM restored', async () => {
    writeTree(dir, { 'a.js': `\uFEFFconst x = 1;\r\nfetch('${V1}');\r\n` });
    const [o] = (await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' })).outcomes;
    expect(o!.status).toBe('changed');
    expect(o!.after).toBe(`\uFEFFconst x = 1;\r\n// TODO(sc-migrate/base-url): check\r\nfetch('${V1}');\r\n`);
  });

  it('LF file stays LF; a mixed file keeps its line ends as the engine returns them', async () => {
    writeTree(dir, { 'lf.js': `fetch('${V1}');\n`, 'mixed.js': `a();\r\nfetch('${V1}');\n` });
    const outcomes = (await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' })).outcomes;
    expect(outcomes.map((o) => o.after)).toEqual([
      `// TODO(sc-migrate/base-url): check\nfetch('${V1}');\n`,
      `a();\r\n// TODO(sc-migrate/base-url): check\nfetch('${V1}');\n`,
    ]);
  });
});
