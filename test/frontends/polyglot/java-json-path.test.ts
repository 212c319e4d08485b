import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { polyglotFrontEnds } from '../../../codemods/frontends/polyglot';
import { FrontEndRegistry } from '../../../lib/registry';
import { textFrontEnd } from '../../../codemods/frontends/text';

/**
 * A JSONPath matcher of the mode (`jsonPath("$.mode").value("safe")`) in a Java test: the request it is chained to says
 * the resource, and a getter read off what came back (`response.get().getNextQuestion()`) calls nothing by its name.
 * Another service's request of the same shape stays unreported.
 */

const registry = polyglotFrontEnds().reduce((r, f) => r.register(f), new FrontEndRegistry(textFrontEnd));
const findings = (source: string) =>
  registry.forFile('ModeTest.java').analyze({ source, filePath: 'src/test/java/ModeTest.java', config: defaultConfig, changes: catalogue, markers: false, project: noProject })
    .findings.map((f) => `${f.line} ${f.change}`);

const chained = (base: string, path: string) => [
  'class ModeTest {',
  `    static final String BASE = "${base}";`,
  '    @Test',
  '    void modeUpdate() {',
  `        server.expect(requestTo(BASE + "${path}" + TOKEN + "/"))`,
  '                .andExpect(jsonPath("$.mode").value("safe"))',
  '                .andRespond(withSuccess(body, MediaType.APPLICATION_JSON));',
  '        Optional<ModeUpdateResponse> response = client.updateMode(TOKEN, "safe");',
  '        assertThat(response.get().getNextQuestion()).endsWith("/questions/q-1/");',
  '    }',
  '}',
].join('\n');

const byHelper = (helper: string) => [
  'class ModeTest {',
  '    static final String CHECKER = "https://sandbox.buoyhealth.com/api/";',
  '    @Test',
  '    void modeUpdate() throws Exception {',
  '        mvc.perform(put("/app/mode")).andExpect(jsonPath("$.mode").value("safe"));',
  `        ModeView view = client.${helper}(TOKEN);`,
  '        assertThat(view.getNextQuestion()).isNotNull();',
  '    }',
  '}',
].join('\n');

describe('a JSONPath matcher of the mode in a Java test', () => {
  it('is read for the resource of the request it is chained to, not a link the test reads back', () => {
    expect(findings(chained('https://sandbox.buoyhealth.com/api', '/interviews/'))).toContain('6 mode-safe-triage-removed');
  });

  it('is not reported on another service\'s request of the same shape', () => {
    expect(findings(chained('https://desk.example.org/api', '/tickets/'))).not.toContain('6 mode-safe-triage-removed');
  });

  it('counts a helper named for the interview, not a no-argument getter read off its answer', () => {
    expect(findings(byHelper('updateInterviewMode'))).toContain('5 mode-safe-triage-removed');
    expect(findings(byHelper('updateTicketMode'))).not.toContain('5 mode-safe-triage-removed');
  });
});
