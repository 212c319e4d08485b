import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Elixir's templates (EEx `.eex`, LiveView `.leex`, Phoenix `.heex`): their `<%= … %>` tags are read as ERB's are,
 * a removed field read from the result is reported (never rewritten). A help desk page of the same shape stays.
 */

const registry = defaultFrontEnds();
const run = (file: string, source: string): FrontEndOutput =>
  registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('EEx and HEEx templates', () => {
  it('reads of a result in <%= %> tags are sites; the marker uses the template comment', () => {
    const page = [
      '<section class="result">',
      '  <p><%= @result["advice"] %></p>',
      '  <%= if @result.triage_explanation.potential_condition.triage == "emergency" do %>',
      '    <b>Go now</b>',
      '  <% end %>',
      '</section>',
    ].join('\n');
    for (const file of ['lib/clinic_web/templates/result/show.html.eex', 'lib/clinic_web/live/result_live.html.leex', 'lib/clinic_web/controllers/result_html/show.html.heex']) {
      const r = run(file, page);
      expect(report(r)).toEqual(['2 result-advice-test-removed manual', '3 potential-condition-triage-removed manual']);
      expect(r.output.split('\n').filter((l) => !/<%(?:#|!--) TODO\(sc-migrate\//.test(l))).toEqual(page.split('\n'));
      expect(run(file, r.output).output).toBe(r.output);
    }
  });

  it("a help desk's article page of the same shape stays byte-identical", () => {
    const page = ['<p><%= @article["advice"] %></p>', '<%= if @ticket.mode == "complaint" do %><i><%= @ticket.extra %></i><% end %>'].join('\n');
    for (const file of ['lib/desk_web/templates/article/show.html.eex', 'lib/desk_web/controllers/article_html/show.html.heex']) {
      const r = run(file, page);
      expect(r.findings).toEqual([]);
      expect(r.output).toBe(page);
    }
  });
});
