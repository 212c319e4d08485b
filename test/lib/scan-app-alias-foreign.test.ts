import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, tmpDir, writeTree } from '../cli/helpers';
import { defaultConfig } from '../../config';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const helpdesk = [
  "export async function fileTicket(input: { subject: string }) {",
  "  const res = await fetch(new URL('tickets/', 'https://help.example.com/api/'), { method: 'POST', body: JSON.stringify(input) });",
  '  const ticket = await res.json();',
  '  return { ticket, advice: ticket.advice ?? null };',
  '}',
  '',
].join('\n');

const results = [
  "export async function getResult(token: string) {",
  "  const res = await fetch(`https://sandbox.buoyhealth.com/api/results/${token}/`);",
  '  return res.json();',
  '}',
  '',
].join('\n');

/**
 * Remix's `~/` is the `app/` folder: a route or a test beside it that imports `~/models/helpdesk.server` imports a
 * module of the run, and a `result` that module's function gives is another API's (its `advice` is no finding);
 * a `result` of this API's helper, imported the same way, still is.
 */
describe('a result given by another API module imported through the app alias', () => {
  it('reports the read of this API\'s result only', async () => {
    writeTree(dir, {
      'app/models/helpdesk.server.ts': helpdesk,
      'app/models/result.server.ts': results,
      'test/feedback.test.ts': [
        "import { fileTicket } from '~/models/helpdesk.server';",
        "import { getResult } from '~/models/result.server';",
        "it('files a ticket', async () => {",
        "  const result = await fileTicket({ subject: 'Slow' });",
        "  expect(result.advice).toBe('We will call you');", // 5: the helpdesk's
        "  const outcome = await getResult('r-1');",
        "  expect(outcome.advice).toBe('Rest');", // 7: this API's
        '});',
        '',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });
    const findings = result.outcomes.find((o) => o.relPath === 'test/feedback.test.ts')?.findings.map((f) => [f.line, f.change]);
    expect(findings).toEqual([[7, 'result-advice-test-removed']]);
  });
});
