import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Handlebars and Glimmer block helpers (`{{#if @result.advice}}`, `{{#each … as |o|}}`, `{{else if …}}`) and Mustache
 * sections (`{{#advice}}`) read their argument as an expression tag does; comments (`{{!-- … --}}`, `{{! … }}`) stay
 * unread. A helpdesk component of the same shape stays byte-identical.
 */

const registry = defaultFrontEnds();
const run = (file: string, source: string): FrontEndOutput =>
  registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('Handlebars block helpers', () => {
  it('the argument of #if, #unless, #each and else if is read', () => {
    const hbs = [
      '<section class="result-summary">',
      '  {{#if @result.advice}}',
      '    <p class="advice">Follow the advice below.</p>',
      '  {{else if @result.test}}',
      '    <p>Tests may be offered.</p>',
      '  {{/if}}',
      '  {{#unless @question.preselected}}<p>Choose one.</p>{{/unless}}',
      '  {{#each @result.test as |t|}}<li>{{t.name}}</li>{{/each}}',
      '  {{!-- {{#if @result.advice}} was shown here --}}',
      '</section>',
    ].join('\n');
    const r = run('app/components/result-summary.hbs', hbs);
    expect(report(r)).toEqual([
      '2 result-advice-test-removed manual',
      '4 result-advice-test-removed manual',
      '7 question-preselected-removed manual',
      '8 result-advice-test-removed manual',
    ]);
    expect(run('app/components/result-summary.hbs', r.output).output).toBe(r.output);
  });

  it('a helpdesk component with the same block helpers stays byte-identical', () => {
    const desk = [
      '{{#if @ticket.advice}}<p>{{@ticket.advice}}</p>{{/if}}',
      '{{#each @ticket.test as |t|}}<li>{{t.name}}</li>{{/each}}',
      '{{#unless @reply.preselected}}<p>Pick a reply.</p>{{/unless}}',
    ].join('\n');
    const r = run('app/components/ticket-summary.hbs', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});
