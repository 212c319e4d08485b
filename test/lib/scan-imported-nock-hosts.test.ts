import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/**
 * A test's nock scope built on a host its fixtures module exports (`nock(BASE).post('/api/interviews/…')`): the v1
 * base path in each interceptor is a site, as it is with the host written in the test. Another service's host,
 * exported the same way, leaves its `/api/` paths alone.
 */
describe('nock scopes on an imported host', () => {
  it('reports the v1 base path under an imported v1 host, not under another service\'s', async () => {
    writeTree(dir, {
      'test/fixtures.ts': `export const BASE = 'https://old.example.test';\nexport const DESK = 'https://help.example.com';\n`,
      'test/interviews.test.ts': [
        "import nock from 'nock';",
        "import { BASE, DESK } from './fixtures';",
        "it('creates', () => {",
        "  nock(BASE).post('/api/interviews/anonymous/').reply(201, {});", // 4
        "  nock(BASE).get(`/api/results/r-1/`).reply(200, {});", // 5
        "  nock(DESK).post('/api/tickets/').reply(202, {});", // 6: another service
        '});',
        '',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = result.outcomes.find((o) => o.relPath === 'test/interviews.test.ts')?.findings.map((f) => [f.line, f.change, f.fix]);
    expect(findings).toEqual([
      [4, 'base-url', 'manual'],
      [5, 'base-url', 'manual'],
    ]);
  });
});
