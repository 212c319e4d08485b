import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { digAsIndex } from '../../../codemods/frontends/components/templates';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Template tags that name a value (Django `with`, Jinja `set`, ERB and EJS assignments, Thymeleaf `th:with`) and
 * Thymeleaf's `th:*` expressions: a read through the name is a read of the value. Beside each page, a helpdesk
 * page of the same shape that must stay byte-identical.
 */

const registry = defaultFrontEnds();
const run = (file: string, source: string): FrontEndOutput =>
  registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('template tags that name a value', () => {
  it('Django with, Jinja set, ERB assignments with dig: reads through the name are sites', () => {
    const django = [
      '{% with cond=result.triage_explanation.potential_condition %}',
      '  <span class="badge">{{ cond.triage }}</span>',
      '{% endwith %}',
      '{% with interview.profile as who %}<p>{{ who.bmi }}</p>{% endwith %}',
    ].join('\n');
    expect(report(run('checks/templates/checks/result.html', django))).toEqual(['2 potential-condition-triage-removed manual', '4 interview-profile-fields-removed manual']);
    const jinja = ['{% set cond = result.triage_explanation.potential_condition %}', '<b>{{ cond.triage | upper }}</b>'].join('\n');
    expect(report(run('templates/result.html.j2', jinja))).toEqual(['2 potential-condition-triage-removed manual']);
    const erb = [
      '<% cond = @result.dig("triage_explanation", "potential_condition") %>',
      '<span><%= cond.dig("triage", "label") %></span>',
      '<p><%= @interview.dig(:profile, :weight) %> kg</p>',
    ].join('\n');
    const r = run('app/views/checks/show.html.erb', erb);
    expect(report(r)).toEqual(['2 potential-condition-triage-removed manual', '3 interview-profile-fields-removed manual']);
    expect(run('app/views/checks/show.html.erb', r.output).output).toBe(r.output);
  });

  it('a helpdesk page that names its own values the same way stays byte-identical', () => {
    const desk = [
      '{% with cond=ticket.escalation %}<span>{{ cond.triage }}</span>{% endwith %}',
      '{% set tips = ticket.advice %}{{ tips }}',
      '<% who = @ticket.dig("reporter", "profile") %><%= who["weight"] %>',
    ].join('\n');
    const r = run('desk/templates/ticket.html', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('dig reads as an index chain of the same length', () => {
    expect(digAsIndex('c.dig("triage", "level")')).toBe('c["triage"]["level"    ]');
    expect(digAsIndex('r.dig(:a, :b)')).toBe('r["a"]["b"  ]');
    expect(digAsIndex('r.dig(x)')).toBe('r.dig(x)');
  });
});

describe('Thymeleaf pages', () => {
  it('th:text, th:if, th:each and th:with expressions are read for removed fields', () => {
    const page = [
      '<section th:with="cond=${result.triage_explanation.potential_condition}">',
      '  <p th:text="${cond.triage}">self care</p>',
      '  <ul th:unless="${#lists.isEmpty(result.advice)}"><li th:each="a : ${result.advice}" th:text="${a}">rest</li></ul>',
      '  <li th:each="o : ${question.options}" th:if="${o.preselected}" th:text="${o.text}">x</li>',
      '</section>',
    ].join('\n');
    const r = run('src/main/resources/templates/result.html', page);
    expect(report(r)).toEqual(['2 potential-condition-triage-removed manual', '3 result-advice-test-removed manual', '3 result-advice-test-removed manual', '4 question-preselected-removed manual']);
    expect(run('src/main/resources/templates/result.html', r.output).output).toBe(r.output);
  });

  it("a helpdesk's Thymeleaf page (advice, triage, a theme mode) stays byte-identical", () => {
    const desk = [
      '<section th:with="cond=${ticket.escalation}"><p th:text="${cond.triage}">x</p></section>',
      '<ul><li th:each="a : ${ticket.advice}" th:text="${a}">x</li></ul>',
      '<body th:classappend="${param.mode != null and param.mode[0] == \'dark\'} ? \'dark\'">',
    ].join('\n');
    const r = run('src/main/resources/templates/ticket.html', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe("Thymeleaf's th:object selections", () => {
  it('a *{…} inside th:object (nested, data-th-, on the same element) reads a member of the selection', () => {
    const page = [
      '<dl th:object="${interview.profile}">',
      '  <dd th:text="*{age}">35</dd>',
      '  <dd th:text="*{ bmi }">24</dd>',
      '</dl>',
      '<div data-th-object="${interview}"><p data-th-object="*{profile}"><span data-th-text="*{weight}">70</span></p></div>',
      '<p th:object="${interview.profile}" th:text="*{height}">170</p>',
      '<p th:text="*{race}">x</p>',
    ].join('\n');
    const r = run('src/main/resources/templates/interview.html', page);
    expect(report(r)).toEqual(['3 interview-profile-fields-removed manual', '5 interview-profile-fields-removed manual', '6 interview-profile-fields-removed manual']);
    expect(run('src/main/resources/templates/interview.html', r.output).output).toBe(r.output);
  });

  it("a helpdesk's selections and a posted form's fields stay byte-identical", () => {
    const desk = [
      '<dl th:object="${ticket.customer}"><dd th:text="*{bmi}">x</dd><dd th:text="*{weight}">x</dd></dl>',
      '<div th:object="${ticket}"><p th:text="*{advice}">x</p><p th:object="*{requester}" th:text="*{height}">x</p></div>',
      '<form th:object="${form}"><input th:field="*{weight}"><input th:field="*{height}"></form>',
    ].join('\n');
    const r = run('src/main/resources/templates/ticket.html', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe('spellings of a field the catalogue gives', () => {
  it("a template's read of an option's `preselected_value` is a read of the removed field; a survey choice's is not", () => {
    const vue = [
      '<script setup lang="ts">',
      "import type { Question } from '@/types/symptomChecker'",
      'defineProps<{ question: Question; choices: { preselected_value: boolean }[] }>()',
      '</script>',
      '',
      '<template>',
      '  <li v-for="option in question.options" :key="option.token">',
      '    <span v-if="option.preselected_value">pre</span>{{ option.text }}',
      '  </li>',
      '  <li v-for="choice in choices" :key="choice.id" :class="{ on: choice.preselected_value }">{{ choice.id }}</li>',
      '</template>',
    ].join('\n');
    expect(report(run('src/components/QuestionCard.vue', vue))).toEqual(['8 question-preselected-removed manual']);
  });

  it('a bare local that flattens a removed field with its part (`condition_triage`) is a site; other locals and a helpdesk page stay', () => {
    const erb = ['<% if condition_name %>', '  <h2><%= condition_name %></h2>', '  <% if condition_triage %>', '    <p><%= condition_triage %></p>', '  <% end %>', '<% end %>'].join('\n');
    expect(report(run('views/result.erb', erb))).toEqual(['3 potential-condition-triage-removed manual', '4 potential-condition-triage-removed manual']);
    const desk = ['<% if ticket_priority %>', '  <p><%= ticket_triage %> <%= ticket_advice %></p>', '<% end %>'].join('\n');
    const r = run('views/ticket.erb', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('an EEx comprehension names an item of its list (`for o <- @question.options do`); a ticket’s options stay', () => {
    const eex = ['<%= for o <- @question.options do %>', '  <label class="<%= if o.preselected, do: "on" %>"><%= o.text %></label>', '<% end %>'].join('\n');
    expect(report(run('lib/app_web/live/question_live.html.heex', eex))).toEqual(['2 question-preselected-removed manual']);
    const desk = ['<%= for o <- @ticket.options do %>', '  <label class="<%= if o.preselected, do: "on" %>"><%= o.text %></label>', '<% end %>'].join('\n');
    const r = run('lib/app_web/live/ticket_live.html.heex', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

