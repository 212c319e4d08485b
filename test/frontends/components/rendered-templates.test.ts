import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Logic-less templates (Handlebars, Mustache, Underscore) kept in a page's script tags and rendered with a value
 * of the API: their bare names are that value's fields. Beside each, a helpdesk page of the same shape.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('templates rendered with a value of the API', () => {
  const page = [
    '<html><body>',
    '  <script id="result-template" type="text/x-handlebars-template">',
    '    {{#if advice}}<p>{{advice}}</p>{{/if}}',
    '    {{#each test}}<li>{{name}}</li>{{/each}}',
    '    <h2>{{triage.title}}</h2>',
    '  </script>',
    '  <script id="question-tpl" type="text/x-mustache">',
    '    {{#options}}<label>{{text}}{{#preselected}} (chosen){{/preselected}}</label>{{/options}}',
    '  </script>',
    '  <script id="complaint-tpl" type="text/template">',
    '    <p><%= text %></p><small><%- extra %></small>',
    '  </script>',
    '  <script>',
    "    var base = 'https://www.buoyhealth.com/api/';",
    "    $.getJSON(base + 'results/' + token + '/').done(function (result) {",
    "      $('#result').html(Util.render('result-template', result));",
    '    });',
    "    var questionTpl = Handlebars.compile($('#question-tpl').html());",
    "    $.getJSON(base + 'questions/' + token + '/').done(function (question) { $('#q').html(questionTpl(question)); });",
    "    $.ajax({ url: base + 'complaints/', type: 'POST', data: JSON.stringify({ interview: token, text: t }) }).done(function (complaint) {",
    "      $('#c').html(_.template(document.getElementById('complaint-tpl').innerHTML)(complaint));",
    '    });',
    '  </script>',
    '</body></html>',
  ].join('\n');

  it('reads the bare names of each template as fields of the value it is rendered with', () => {
    const r = run('public/results.html', page);
    expect(report(r).filter((l) => !l.includes('base-url'))).toEqual([
      '3 result-advice-test-removed manual',
      '3 result-advice-test-removed manual',
      '4 result-advice-test-removed manual',
      '8 question-preselected-removed manual',
      '11 complaint-extra-removed manual',
    ]);
    expect(r.output).toContain('<!-- TODO(sc-migrate/result-advice-test-removed)');
  });

  it('a helpdesk page rendering the same templates with its own tickets stays unreported', () => {
    const desk = page.replace("'https://www.buoyhealth.com/api/'", "'https://desk.example.com/api/'");
    const r = run('public/tickets.html', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('a template nobody renders with the API is left to the page-level reads', () => {
    const unrendered = page.replace(/Util\.render\('result-template', result\)/, "Util.render('result-template', ticket)");
    const r = run('public/results.html', unrendered);
    expect(report(r).filter((l) => l.startsWith('3 ') || l.startsWith('4 '))).toEqual([]);
  });
});
