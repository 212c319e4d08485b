import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Templates kept in `<script type="text/ng-template">` (AngularJS), Handlebars and Underscore script tags are
 * markup: their interpolations and expression attributes are read like the page's own, at their true lines;
 * members read through a page-state holder (`vm.result.advice`) count. Beside each, a helpdesk page of the same
 * shape that must stay unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('template script tags in an HTML page', () => {
  const page = [
    '<!doctype html>',
    '<html><body ng-app="checker">',
    '  <div ng-view></div>',
    '  <script type="text/ng-template" id="summary.tpl.html">',
    '    <section ng-if="vm.result">',
    '      <p ng-if="vm.result.advice">{{ vm.result.advice }}</p>',
    '      <li ng-repeat="t in vm.result.test">{{ t.name }}</li>',
    "      <em ng-if=\"vm.mode === 'complaint'\">Tell us more</em>",
    '    </section>',
    '  </script>',
    '  <script type="text/x-handlebars-template" id="profile-tpl">',
    '    <p>{{interview.profile.height}} cm</p>',
    '  </script>',
    '  <script type="text/template" id="options-tpl">',
    '    <% _.each(question.options, function (o) { if (!o.preselected) { %><li><%= o.label %></li><% } }); %>',
    '  </script>',
    '</body></html>',
  ].join('\n');

  it('reads their expressions at the lines of the file and marks nothing outside them', () => {
    const r = run('public/index.html', page);
    expect(report(r)).toEqual([
      '6 result-advice-test-removed manual',
      '6 result-advice-test-removed manual',
      '7 result-advice-test-removed manual',
      '8 mode-complaint-renamed-input manual',
      '12 interview-profile-fields-removed manual',
      '15 question-preselected-removed manual',
    ]);
  });

  it('a helpdesk page of the same shape stays unreported', () => {
    const desk = [
      '<html><body>',
      '  <script type="text/ng-template" id="ticket-row.tpl.html">',
      "    <tr><td>{{ ticket.mode === 'complaint' ? 'Complaint' : 'Request' }}</td><td>{{ ticket.advice }}</td></tr>",
      '    <p ng-if="vm.ticket.test">{{ vm.article.advice }}</p>',
      '  </script>',
      '  <script type="text/x-handlebars-template"><p>{{theme.mode}} {{desk.extra}}</p></script>',
      '</body></html>',
    ].join('\n');
    expect(report(run('public/help.html', desk))).toEqual([]);
  });
});
