import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Vapor's Leaf templates (`.leaf`): `#(…)` reads and the expression tags (`#if(…):`, `#for(x in list):`) are read as
 * the other template languages' tags: a removed field read from the API's interview or result is reported (never
 * rewritten), with a marker in an HTML comment. A help desk page of the same shape stays byte-identical.
 */

const registry = defaultFrontEnds();
const run = (file: string, source: string): FrontEndOutput =>
  registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('Leaf templates', () => {
  it('#() reads, #if conditions and #for lists of the interview and result are sites; markers in HTML comments', () => {
    const page = [
      '#extend("base"):',
      '#export("body"):',
      '<td>#(interview.marketplace)</td>',
      '<td>#(interview.profile.bmi)</td>',
      '#if(result.triage_explanation.potential_condition.triage == "emergency"):<b>Go now</b>#endif',
      '<ul>#for(item in result.advice):<li>#(item)</li>#endfor</ul>',
      '<p>\\#(result.test) is how the page prints a tag</p>',
      '#endexport',
      '#endextend',
    ].join('\n');
    const r = run('Resources/Views/admin.leaf', page);
    expect(report(r)).toEqual([
      '3 interview-marketplace-variant-removed manual',
      '4 interview-profile-fields-removed manual',
      '5 potential-condition-triage-removed manual',
      '6 result-advice-test-removed manual',
    ]);
    expect(r.output.split('\n').filter((l) => !/^\s*<!-- TODO\(sc-migrate\//.test(l))).toEqual(page.split('\n'));
    expect(run('Resources/Views/admin.leaf', r.output).output).toBe(r.output);
  });

  it("a help desk's ticket page of the same shape stays byte-identical", () => {
    const page = ['<p>#(article.advice)</p>', '#if(ticket.mode == "complaint"):<i>#(ticket.extra)</i>#endif', '#for(a in article.advice):<li>#(a)</li>#endfor'].join('\n');
    const r = run('Resources/Views/ticket.leaf', page);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(page);
  });
});
