import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Spock spec's fake of the API served by an embedded controller (Micronaut `@Post("/api/…")`, Spring
 * `@PutMapping`), Groovy having no parser here: its v1 routes are address sites, the maps it answers are read by
 * their key paths for the route's resource, its named statuses for the route's operation. Another service's fake of
 * the same shape, and an app's own controller outside its tests, are not sites.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const fake = (prefix: string, seg: (r: string) => string) => [
  'package demo',
  '',
  '@Requires(property = "spec.stub", value = "fake")',
  `@Controller${prefix ? `("${prefix}")` : ''}`,
  'class FakeServer {',
  `    @Post("${seg('interviews')}/anonymous/")`,
  '    HttpResponse<Map> create(@Body Map body, @Header("Authorization") String auth) {',
  '        if (body.fail) {',
  '            return HttpResponse.status(HttpStatus.BAD_REQUEST).body([detail: "no location"])',
  '        }',
  '        HttpResponse.created([token : "iv-1",',
  '                marketplace : "acme"])',
  '    }',
  '',
  `    @PutMapping(value = "${seg('interviews')}/{token}/")`,
  '    HttpResponse<Map> update(String token, @Body Map body) {',
  '        return HttpResponse.accepted()',
  '    }',
  '',
  `    @Get("${seg('results')}/{token}/")`,
  '    Map result(String token) {',
  '        [token: token, triage: [level: "3"], advice: "Rest",',
  '         triage_explanation: [potential_condition: [name: "Flu", triage: [level: "2"]]],',
  '         options: [[advice: "x"]]]',
  '    }',
  '}',
].join('\n');

describe('a fake of the API routed by annotations in a Groovy test', () => {
  it('reports its v1 routes, the keys it answers by their path and its named statuses', async () => {
    writeTree(dir, { 'src/test/groovy/demo/FakeServer.groovy': fake('', (r) => `/api/${r}`) });
    const r = await scanProject(dir);
    const found = sites(r, 'src/test/groovy/demo/FakeServer.groovy');
    expect(found).toEqual(expect.arrayContaining([
      '6 base-url', '9 location-error-422', '12 interview-marketplace-variant-removed', '15 base-url', '17 mode-update-status-200',
      '20 base-url', '22 result-advice-test-removed', '23 potential-condition-triage-removed',
    ]));
    // The framework's annotations are no sites; the result's own triage is not the condition's.
    expect(found.filter((s) => /^(3|7) /.test(s))).toEqual([]);
    expect(found.filter((s) => s.startsWith('22 potential'))).toEqual([]);
  });

  it('joins a class prefix to its methods\' routes', async () => {
    writeTree(dir, { 'src/test/groovy/demo/FakeServer.groovy': fake('/api', (r) => `/${r}`) });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/demo/FakeServer.groovy')).toEqual(expect.arrayContaining(['6 base-url', '17 mode-update-status-200', '22 result-advice-test-removed']));
  });

  it('leaves another service\'s fake of the same shape', async () => {
    writeTree(dir, { 'src/test/groovy/demo/FakeServer.groovy': fake('', (r) => `/desk/${r === 'results' ? 'cases' : 'tickets'}`) });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/demo/FakeServer.groovy')).toEqual([]);
  });

  it('leaves an app\'s own controller outside its tests', async () => {
    writeTree(dir, { 'src/main/groovy/demo/TriageController.groovy': fake('', (r) => `/api/${r}`).replace('FakeServer', 'TriageController') });
    const r = await scanProject(dir);
    const found = sites(r, 'src/main/groovy/demo/TriageController.groovy');
    expect(found.filter((s) => /^(6|15|20) base-url$|^17 |^9 /.test(s))).toEqual([]);
  });
});

describe('a test\'s stub address built from its server and the v1 base path', () => {
  const spec = (path: string) => [
    'class CheckSpec extends Specification {',
    '    @Shared ApplicationContext context = ApplicationContext.run([',
    `            "checker.base-url": "\${stubServer.URL}${path}".toString(),`,
    '            "checker.audience": "https://sandbox.buoyhealth.com/api/"])',
    '}',
  ].join('\n');

  it('reports the v1 base path after an interpolated host', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('/api/') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy')).toContain('3 base-url');
  });

  it('leaves another path after an interpolated host', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('/desk/') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy').filter((s) => s.startsWith('3 '))).toEqual([]);
  });
});

describe('a field read by its whole name in camel case', () => {
  const spec = (receiver: string) => [
    'class CheckSpec extends Specification {',
    '    def "reads"() {',
    '        when:',
    '        def x = client.get("/api/interviews/anonymous/")',
    '        then:',
    `        ${receiver}.interviewMode`,
    '    }',
    '}',
  ].join('\n');

  it('reports a removed field of the model its receiver names (interview.interviewMode)', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('interview') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy')).toContain('6 interview-mode-flag-removed');
  });

  it('leaves the same name read from another thing', async () => {
    writeTree(dir, { 'src/test/groovy/CheckSpec.groovy': spec('ticket') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/CheckSpec.groovy').filter((s) => s.startsWith('6 '))).toEqual([]);
  });
});

describe('a local built as a model of the API in a Groovy spec', () => {
  const spec = (type: string) => [
    'class ViewSpec extends Specification {',
    '    def "maps"() {',
    '        when:',
    `        def view = Views.${type}.of(service.result("/api/results/r-1/"))`,
    '        then:',
    '        view.advice == "Rest"',
    '    }',
    '    def "other"() {',
    '        when:',
    '        def view = service.other()',
    '        then:',
    '        view.advice == "Rest"',
    '    }',
    '}',
  ].join('\n');

  it('reads its members as that model\'s (def view = Views.ResultView.of(…); view.advice), until the name is set again', async () => {
    writeTree(dir, { 'src/test/groovy/ViewSpec.groovy': spec('ResultView') });
    const r = await scanProject(dir);
    const found = sites(r, 'src/test/groovy/ViewSpec.groovy');
    expect(found).toContain('6 result-advice-test-removed');
    expect(found.filter((s) => s.startsWith('12 '))).toEqual([]);
  });

  it('leaves a local built as another thing (TicketView)', async () => {
    writeTree(dir, { 'src/test/groovy/ViewSpec.groovy': spec('TicketView') });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/ViewSpec.groovy').filter((s) => s.startsWith('6 '))).toEqual([]);
  });
});
