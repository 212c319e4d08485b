import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A local set from a conditional (`var cause = r.triage_explanation != null ? r.triage_explanation.potential_condition : null`)
 * holds what its branches read, not its condition's value: `cause.triage` is the potential condition's moved triage. The
 * same shape over a ticket's members stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const panel = (type: string, v: string, outer: string, inner: string) => [
  'namespace Demo',
  '{',
  '    public class ResultPanel',
  '    {',
  '        public const string Url = "https://www.buoyhealth.com/api/results/";',
  '',
  `        public string Show(${type} ${v})`,
  '        {',
  `            var cause = ${v}.${outer} != null ? ${v}.${outer}.${inner} : null;`,
  '            if (cause == null) return "";',
  '            var level = cause.triage != null ? cause.triage.level : "unknown";',
  '            return level;',
  '        }',
  '    }',
  '}',
].join('\n');

describe('a local set from a conditional (C#)', () => {
  it('holds what its branches read', async () => {
    writeTree(dir, { 'Scripts/ResultPanel.cs': panel('Result', 'result', 'triage_explanation', 'potential_condition') });
    const r = await scanProject(dir);
    expect(sites(r, 'Scripts/ResultPanel.cs')).toContain('11 potential-condition-triage-removed');
  });

  it('leaves a ticket\'s', async () => {
    writeTree(dir, { 'Scripts/ResultPanel.cs': panel('Ticket', 'ticket', 'details', 'category') });
    const r = await scanProject(dir);
    expect(sites(r, 'Scripts/ResultPanel.cs').filter((s) => s.startsWith('11 '))).toEqual([]);
  });
});
