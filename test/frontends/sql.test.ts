import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../catalogue';
import { defaultConfig } from '../../config';
import { noProject } from '../../codemods/engine/ties/project';
import { sqlFrontEnd } from '../../codemods/frontends/sql';
import { scan } from '../../lib';
import type { FrontEndOutput } from '../../lib/types';
import { cleanup, tmpDir, writeTree } from '../cli/helpers';

/**
 * SQL files that mirror the API's data: tables named for a resource with columns named for removed fields, the
 * queries over them (column reads, mode values); manual findings with `--` markers.
 */

const FIXTURES = path.join(__dirname, '../../fixtures/sql');
const run = (source: string, filePath = '/tmp/warehouse.sql'): FrontEndOutput =>
  sqlFrontEnd.analyze({ source, filePath, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line}:${f.column} ${f.change} ${f.fix}`).join('\n') + '\n';

describe('SQL fixtures', () => {
  for (const name of fs.readdirSync(FIXTURES).filter((f) => f.includes('.input.')).sort()) {
    const input = path.join(FIXTURES, name);
    const source = fs.readFileSync(input, 'utf8');
    it(`${name}: output, report, and a second run that adds nothing`, () => {
      const r = run(source, input);
      expect(r.output).toBe(fs.readFileSync(input.replace('.input.', '.output.'), 'utf8'));
      expect(report(r)).toBe(fs.readFileSync(input.replace(/\.input\.\w+$/, '.report.txt'), 'utf8'));
      expect(run(r.output, input).output).toBe(r.output);
    });
  }

  it.each(['helpdesk.sql', 'helpdesk-cache.sq'])("another API's tables (a ticket mode 'complaint', advice, extra; a test runner's `test`) stay byte-identical and unreported: %s", (name) => {
    const file = path.join(FIXTURES, 'negatives', name);
    const source = fs.readFileSync(file, 'utf8');
    expect(run(source, file)).toMatchObject({ output: source, findings: [] });
  });
});

describe('SQL files in scan()', () => {
  let dir: string;
  beforeEach(() => (dir = tmpDir()));
  afterEach(() => cleanup(dir));

  const client = [
    'import httpx',
    '',
    'def fetch_result(token):',
    '    return httpx.get(f"https://www.buoyhealth.com/api/results/{token}/").json()',
    '',
  ].join('\n');
  const table = 'CREATE TABLE results (\n  interview_token TEXT,\n  advice TEXT,\n  test TEXT\n);\n';

  it("reads a table of a run that talks to the API, and leaves one of a run that does not", async () => {
    writeTree(dir, { 'etl/client.py': client, 'sql/results.sql': table });
    const { outcomes } = await scan({ roots: ['.'], config: defaultConfig, cwd: dir });
    const sql = outcomes.find((o) => o.relPath === 'sql/results.sql')!;
    expect(sql.findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual(['3 result-advice-test-removed manual', '4 result-advice-test-removed manual']);
    cleanup(dir);
    dir = tmpDir();
    writeTree(dir, { 'etl/client.py': 'import httpx\n\ndef ping():\n    return httpx.get("https://status.example.com/").json()\n', 'sql/results.sql': table });
    const other = await scan({ roots: ['.'], config: defaultConfig, cwd: dir });
    expect(other.outcomes.find((o) => o.relPath === 'sql/results.sql')?.findings ?? []).toEqual([]);
  });
});
