import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

async function findings(tree: Record<string, string>): Promise<(rel: string) => [number, string][]> {
  writeTree(dir, tree);
  const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
  return (rel) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change] as [number, string]) ?? [];
}

describe('canned answers kept in a collection under their resource names', () => {
  it('a global `var Fixtures = { interview: {…}, modeUpdate: {…}, result: {…} }` of a QUnit suite reports the keys v2 no longer returns; its ticket does not', async () => {
    const of = await findings({
      'tests/fixtures.js': [
        'var Fixtures = {',
        "  interview: { token: 'i-1', interview_mode: true, marketplace: 'boston', _links: { next: 'https://old.example.test/api/complaints/' } },",
        "  modeUpdate: { token: 'i-1', msg: 'Interview mode updated.', _links: {} },",
        "  complaint: { token: 'c-1', text: 'headache', extra: 'since yesterday' },",
        "  result: { token: 'r-1', advice: 'Rest.', triage_explanation: [{ potential_condition: { name: 'Migraine', triage: 'routine' } }] },",
        "  ticket: { id: 991, status: 'open', advice: 'Check the FAQ.', extra: { eta: '1 day' } }",
        '};',
        '',
      ].join('\n'),
    });
    expect(of('tests/fixtures.js')).toEqual([
      [2, 'interview-mode-flag-removed'],
      [2, 'interview-marketplace-variant-removed'],
      [2, 'base-url'],
      [3, 'update-msg-in-links'],
      [4, 'complaint-extra-removed'],
      [5, 'result-advice-test-removed'],
      [5, 'potential-condition-triage-removed'],
    ]);
  });

  it('an ES module `export const mocks = { result: {…} }` beside fetch code is read the same way; `payloads` (bodies to send) and another API’s `fixtures` are not', async () => {
    const of = await findings({
      'src/api.js': "export const getResult = (t) => fetch('https://old.example.test/api/results/' + t + '/').then((r) => r.json());\n",
      'src/__mocks__/answers.js': [
        "import { getResult } from '../api';",
        'export const mocks = {',
        "  result: { token: 'r-1', advice: 'Rest.', test: [] },",
        '};',
        'export const payloads = {',
        "  result: { token: 'r-1', advice: 'Rest.' },",
        '};',
        'export { getResult };',
        '',
      ].join('\n'),
      'src/helpdesk/fixtures.js': [
        "export const BASE = 'https://help.example.com/api/';",
        'export const fixtures = {',
        "  result: { id: 1, advice: 'Clear your cache.' },",
        "  complaint: { id: 2, extra: 'x' },",
        '};',
        '',
      ].join('\n'),
    });
    expect(of('src/__mocks__/answers.js')).toEqual([
      [3, 'result-advice-test-removed'],
      [3, 'result-advice-test-removed'],
    ]);
    expect(of('src/helpdesk/fixtures.js')).toEqual([]);
  });
});
