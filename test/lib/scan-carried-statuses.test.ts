import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

// A wrapper that hands the mode update's 202 check on as a flag, and a helpdesk's that does the same for its tickets.
const api = `export async function updateInterviewMode(token: string, mode: string) {
  const res = await fetch(\`https://old.example.test/api/interviews/\${token}/\`, { method: 'PUT', body: JSON.stringify({ mode }) });
  const data = res.status === 202 ? null : await res.json();
  return { interview: data, pending: res.status === 202 };
}
`;
const desk = `export async function openTicket(subject: string) {
  const res = await fetch('https://help.example.com/api/tickets/', { method: 'POST', body: JSON.stringify({ subject }) });
  return { queued: res.status === 202 };
}
`;

describe('a status check a wrapper returns as a flag', () => {
  it('reports tests that assert the flag is set (jest, chai, node:assert; by name, destructured, through a namespace import); a flag asserted unset, a read in the app and the helpdesk flag stay unreported', async () => {
    writeTree(dir, {
      'src/api.ts': api,
      'src/desk.ts': desk,
      'src/flow.ts': `import { updateInterviewMode } from './api';\nexport async function next(t: string) {\n  const update = await updateInterviewMode(t, 'triage');\n  if (update.pending) return null;\n  return update.interview;\n}\n`,
      'test/api.test.ts': [
        "import * as sc from '../src/api';", // 1
        "import { updateInterviewMode } from '../src/api';", // 2
        "import { openTicket } from '../src/desk';", // 3
        "import assert from 'node:assert';", // 4
        "it('pending', async () => {", // 5
        "  const update = await updateInterviewMode('t', 'triage');", // 6
        '  expect(update.pending).toBe(true);', // 7
        '  expect(update.pending).not.toBe(true);', // 8
        "  const { pending } = await sc.updateInterviewMode('t', 'safe');", // 9
        '  assert.ok(pending);', // 10
        '  expect(pending).to.be.true;', // 11
        '  expect(update.pending).toBe(false);', // 12
        "  const ticket = await openTicket('x');", // 13
        '  expect(ticket.queued).toBe(true);', // 14
        '});', // 15
        '',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string, change: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === change).map((f) => f.line) ?? [];
    expect(findings('test/api.test.ts', 'mode-update-status-200')).toEqual([7, 10, 11]);
    expect(findings('src/flow.ts', 'mode-update-status-200')).toEqual([]);
    expect(findings('src/api.ts', 'mode-update-status-200')).toEqual([3, 4]);
  });
});
