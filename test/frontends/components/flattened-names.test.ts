import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * A view that flattens a removed field into a name of its own (`"condition_triage": condition.triage`, a DTO's
 * `toArray()` key `condition_triage`): the template's reads of that name read the field. A name that only shares a
 * word with it (`condition_label`, `ticket_triage`) stays.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('flattened names in templates', () => {
  it('Django: `{{ condition_triage.label }}`; `{{ condition_label.text }}` and `{{ ticket_triage.label }}` stay', () => {
    const page = ['{% if condition %}', '  <p>{{ condition_triage.label }}</p>', '  <p>{{ condition_label.text }}</p>', '  <p>{{ ticket_triage.label }}</p>', '{% endif %}', ''].join('\n');
    expect(report(run('templates/symptoms/result.html', page))).toEqual(['2 potential-condition-triage-removed manual']);
  });

  it("Blade: `$result['condition_triage']`; `$result['condition']` and `$ticket['condition_triage']` stay", () => {
    const page = ["@if ($result['condition_triage'])", "  <p>{{ $result['condition'] }}</p>", '@endif', "<p>{{ $ticket['condition_triage'] }}</p>", ''].join('\n');
    expect(report(run('resources/views/result.blade.php', page))).toEqual(['1 potential-condition-triage-removed manual']);
  });
});
