import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Spock spec's WireMock stubs (Groovy has no parser here): the JSON of a stub's body is read for the resource of the
 * stub's path, its status for the route's operation, and a constant of the API's mode type read through the type.
 * Another service's stubs of the same shape, and an annotation's argument, are not sites.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const spec = (base: string, path: (r: string) => string, mode: string) => [
  'class CheckSpec extends Specification {',
  '    @ActiveProfiles("test")',
  `    WireMockServer wm = new WireMockServer("${base}")`,
  '    def "creates"() {',
  '        given:',
  `        wm.stubFor(post(urlEqualTo("${path('interviews/anonymous/')}"))`,
  '                .willReturn(aResponse().withStatus(400)',
  '                        .withBody(\'\'\'{"token":"iv-1","mode":"complaint",',
  '                                  "profile":{"bmi":22.5}}\'\'\')))',
  `        wm.stubFor(put(urlEqualTo("${path('interviews/iv-1/')}"))`,
  '                .willReturn(aResponse().withStatus(202)))',
  `        wm.stubFor(get(urlEqualTo("${path('results/r-1/')}"))`,
  '                .willReturn(aResponse().withBody(\'{"advice":"Rest","test":["CBC"]}\')))',
  '        expect:',
  `        interview.mode == ${mode}.COMPLAINT`,
  '    }',
  '}',
].join('\n');

describe('stubs in a Groovy spec', () => {
  it('reads the body, the status and the mode constant of the API\'s stubs', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('https://api.buoyhealth.com', (p) => `/api/${p}`, 'InterviewMode') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy')).toEqual(expect.arrayContaining([
      '7 location-error-422', '8 mode-complaint-renamed-input', '9 interview-profile-fields-removed', '11 mode-update-status-200',
      '13 result-advice-test-removed', '15 mode-complaint-renamed-input',
    ]));
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy').filter((s) => s.startsWith('2 '))).toEqual([]);
  });

  it('leaves another service\'s stubs of the same shape and its own mode type', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('https://desk.example.com', (p) => `/tickets/${p.replace(/^\w+\//, '')}`, 'TicketMode') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy')).toEqual([]);
  });
});
