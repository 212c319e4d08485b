import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Environment maps written as object literals in a script (a Pulumi or CDK program's function environment): their
 * settings are read like a .env file's, report only. Beside each, another service's map that stays unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`).sort();

describe('environment maps as object literals', () => {
  const program = [
    'const lambdas = [',
    '  {',
    "    handler: 'intake.handle',",
    '    environment: {',
    "      SYMPTOM_CHECKER_SEND_COMPLAINT_EXTRA: 'true',",
    "      SC_ESCALATION_MODE: 'triage',",
    "      SC_RETRY_MODE: 'safe',",
    "      SC_MODE_UPDATE_EMPTY_STATUS: '202',",
    '    },',
    '  },',
    '];',
    'export default lambdas;',
  ].join('\n');

  it('reports the settings of the API, never rewriting them', () => {
    const r = run('infra/stack.ts', program);
    expect(report(r)).toEqual([
      '5 complaint-extra-removed manual',
      '6 mode-safe-triage-removed manual',
      '7 mode-safe-triage-removed manual',
      '8 mode-update-status-200 manual',
    ]);
    expect(r.findings.every((f) => f.fix === 'manual')).toBe(true);
    const kept = r.output.split('\n').filter((l) => !l.includes('TODO(sc-migrate/'));
    expect(kept.join('\n')).toBe(program);
  });

  it("another service's map of the same shape stays unreported", () => {
    const desk = program.replace(/SYMPTOM_CHECKER_|SC_/g, 'HELPDESK_');
    const r = run('infra/desk.ts', desk);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('an object whose keys are not setting names is no environment', () => {
    const src = "const labels = { escalationMode: 'triage', retryMode: 'safe', PLAIN: 'x' };\nexport default labels;\n";
    expect(run('src/labels.ts', src).findings).toEqual([]);
  });
});
