import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';

/**
 * A value named for a nested object that holds the object around it (`def condition_triage(condition):` given the
 * triage explanation, then `condition.get("potential_condition")`): a read of the object under its own wire name is
 * the object itself, so its removed field is still read. A ticket's value of the same shape stays unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string) {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}

describe('a holder named for a nested object read under its wire name', () => {
  it('condition.get("potential_condition").get("triage") and condition["potential_condition"]["triage"]', () => {
    const source = [
      'def condition_triage(condition):',
      '    explanation = condition or {}',
      '    potential = explanation.get("potential_condition") or {}',
      '    return potential.get("triage")',
      '',
      '',
      'def condition_level(condition):',
      '    return condition["potential_condition"]["triage"]',
      '',
    ].join('\n');
    expect(run('app/filters.py', source).findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual([
      '4 potential-condition-triage-removed manual',
      '8 potential-condition-triage-removed manual',
    ]);
  });

  it("a ticket's nested object of the same shape stays byte-identical", () => {
    const source = [
      'def ticket_triage(ticket):',
      '    wrapper = ticket or {}',
      '    inner = wrapper.get("ticket") or {}',
      '    return inner.get("triage")',
      '',
      '',
      'def escalation_level(escalation):',
      '    return escalation["escalation"]["triage"]',
      '',
    ].join('\n');
    const r = run('app/filters.py', source);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(source);
  });
});
