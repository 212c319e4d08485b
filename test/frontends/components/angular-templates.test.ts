import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Angular templates of signal-based components: built-in control flow (`@if (x(); as y)`, `@for (o of list; track …)`,
 * `@let`), signal reads (`result().advice`), in an .html template or inline in the component's `template:`. Beside
 * each, a helpdesk component of the same shape that must stay unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('Angular control flow and signals in an .html template', () => {
  const page = [
    '<header>',
    '  @if (visit()?.marketplace) {',
    '    <span>Partner care</span>',
    '  }',
    '  @if (currentQuestion(); as q) {',
    '    @for (opt of q.options; track opt.id) {',
    '      <label [class.pre]="opt.preselected">{{ opt.label }}</label>',
    '    }',
    '  }',
    "  @if (currentMode() === 'complaint') {",
    '    <textarea></textarea>',
    '  }',
    '  @let latest = result();',
    '  <p>{{ latest.advice }}</p>',
    '</header>',
  ].join('\n');

  it('reads the headers and signal chains, and marks above the block', () => {
    const r = run('src/app/visit.component.html', page);
    expect(report(r)).toEqual([
      '7 question-preselected-removed manual',
      '10 mode-complaint-renamed-input manual',
      '14 result-advice-test-removed manual',
    ]);
    expect(r.output.split('\n')[6]).toContain('TODO(sc-migrate/question-preselected-removed)');
  });

  it('a helpdesk template of the same shape stays unreported', () => {
    const desk = [
      '@if (ticket()?.extra) { <span>{{ ticket().advice }}</span> }',
      '@if (currentTicket(); as t) {',
      '  @for (opt of t.options; track opt.id) { <i>{{ opt.preselected }}</i> }',
      '}',
      "@if (ticket().mode === 'complaint') { <b>202</b> }",
      '@let reply = article();',
      '<p>{{ reply.advice }}</p>',
    ].join('\n');
    const r = run('src/app/ticket.component.html', desk);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe('inline templates of components', () => {
  const component = [
    "import { Component, input } from '@angular/core';",
    '',
    '@Component({',
    "  selector: 'app-outcome',",
    '  template: `',
    '    @if (outcome().result; as res) {',
    '      <p>{{ res.advice }}</p>',
    '      @for (t of res.test; track t) { <li>{{ t }}</li> }',
    '    }',
    '  `,',
    '})',
    'export class OutcomeComponent {',
    '  readonly outcome = input.required<{ result: unknown }>();',
    '}',
  ].join('\n');

  it('reads the template for removed fields and marks above the template option', () => {
    const r = run('src/app/outcome.component.ts', component);
    expect(report(r)).toEqual(['7 result-advice-test-removed manual', '8 result-advice-test-removed manual']);
    const lines = r.output.split('\n');
    expect(lines[4]).toMatch(/^ {2}\/\/ TODO\(sc-migrate\/result-advice-test-removed\)/);
    expect(lines.slice(5).join('\n')).toBe(component.split('\n').slice(4).join('\n'));
  });

  it('a helpdesk component of the same shape stays unreported', () => {
    const desk = component.replace(/outcome\(\)\.result/g, 'ticket()').replace(/res\./g, 'tk.').replace('as res', 'as tk').replace('outcome =', 'ticket =');
    const r = run('src/app/ticket.component.ts', desk);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('a template string outside component options is not markup', () => {
    const src = "const mail = { template: '{{ result.advice }}' };\nsend(mail);\n";
    expect(run('src/mail.ts', src).findings).toEqual([]);
  });
});

describe('AngularJS repeats with track by', () => {
  it('the list ends before `track by`: items of a list named for the resource are read', () => {
    const page = '<ul>\n  <li ng-repeat="c in vm.complaints track by c.token">{{ c.extra.notes }}</li>\n</ul>';
    expect(report(run('app/list.html', page))).toEqual(['2 complaint-extra-removed manual']);
  });

  it('a helpdesk list of the same shape stays unreported', () => {
    const page = '<ul>\n  <li ng-repeat="t in vm.tickets track by t.id">{{ t.extra.notes }}</li>\n</ul>';
    expect(run('app/list.html', page).findings).toEqual([]);
  });
});
