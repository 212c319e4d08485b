import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Jinja/Tornado/Django templates that loop over a model's list of a nested object kept under its plural
 * (`result.conditions`, `result.potential_conditions` of `[PotentialCondition.from_dict(c) for c in …]`): the loop's
 * item is that object, and its removed fields are read. Beside each, a page of another API's list stays untouched.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('loops over a model list named by its plural', () => {
  it.each([
    ['result.conditions', '{% end %}'],
    ['result.potential_conditions', '{% endfor %}'],
    ['result.potentialConditions', '{% endfor %}'],
  ])('{%% for condition in %s %%} reads condition.triage', (list, end) => {
    const page = [
      '<ul>',
      `  {% for condition in ${list} %}`,
      '  <li>{{ condition.name }}',
      `    {% if condition.triage %}<em>{{ condition.triage | replace("_", " ") }}</em>${end}`,
      '  </li>',
      `  ${end}`,
      '</ul>',
    ].join('\n');
    const r = run('app/templates/result.html', page);
    expect(report(r)).toEqual(['4 potential-condition-triage-removed manual', '4 potential-condition-triage-removed manual']);
    expect(run('app/templates/result.html', r.output).output).toBe(r.output);
  });

  it("a ticket's or an article's list with a `triage` field stays byte-identical", () => {
    const page = [
      '{% for condition in ticket.conditions %}<b>{{ condition.triage }}</b>{% endfor %}',
      '{% for item in article.potential_conditions %}<b>{{ item.triage }}</b>{% endfor %}',
      '{% for step in result.steps %}<b>{{ step.triage }}</b>{% endfor %}',
    ].join('\n');
    const r = run('app/templates/desk.html', page);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(page);
  });
});

describe('template tags inside a start tag', () => {
  it('<input … {% if question.options… %}> and a tag in an attribute value are read', () => {
    const page = [
      '{% for option in question.options %}',
      '  <input type="{% if question.type == \'M\' %}checkbox{% else %}radio{% endif %}" name="option"',
      '         value="{{ option.token }}" {% if option.preselected %}checked{% endif %}>',
      '  <input type="hidden" name="legacy" value="{% if question.preselected %}1{% endif %}">',
      '{% endfor %}',
    ].join('\n');
    const r = run('app/templates/question.html', page);
    expect(report(r)).toEqual(['3 question-preselected-removed manual', '4 question-preselected-removed manual']);
    expect(run('app/templates/question.html', r.output).output).toBe(r.output);
  });

  it("a ticket's options in a start tag stay byte-identical", () => {
    const page = [
      '{% for option in ticket.options %}',
      '  <input type="radio" value="{{ option.token }}" {% if option.preselected %}checked{% endif %}>',
      '{% endfor %}',
    ].join('\n');
    const r = run('app/templates/ticket.html', page);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(page);
  });
});
