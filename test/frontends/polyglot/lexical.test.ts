import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Languages without a parser here (Objective-C, Scala, Elixir…): a file that speaks to the API through one of its
 * resource paths is reported at the string literals that name what v2 changed, in reports only; another service's
 * client of the same shape, words in descriptions, and a result's own `triage` are not.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('string literals of a file nothing parses', () => {
  it('Objective-C: an AFNetworking client of the API (paths only, its base in another file), beside a desk client', async () => {
    const client = [
      '#import "CareClient.h"',
      '#import "CareConstants.h"',
      '',
      '@implementation CareClient',
      '- (void)fileComplaint:(NSString *)text note:(NSString *)note interview:(NSString *)token {',
      '    NSDictionary *body = @{@"interview": token, @"text": text, @"extra": note};',
      '    [self POST:@"complaints/" parameters:body progress:nil success:nil failure:nil];',
      '}',
      '',
      '- (void)switchMode:(NSString *)token {',
      '    NSDictionary *body = @{@"mode": @"safe"};',
      '    [self PUT:[NSString stringWithFormat:@"interviews/%@/", token] parameters:body progress:nil success:^(NSURLSessionDataTask *task, id json) {',
      '        NSHTTPURLResponse *r = (NSHTTPURLResponse *)task.response;',
      '        if (r.statusCode == 202) { return; }',
      '        NSString *note = [json objectForKey:@"msg"];',
      '        XCTestExpectation *e = [self expectationWithDescription:@"extra"];',
      '    } failure:nil];',
      '}',
      '',
      '- (NSString *)urgencyOf:(NSDictionary *)result {',
      '    // the result keeps its own "triage" in v2',
      '    return [result objectForKey:@"triage"];',
      '}',
      '@end',
    ].join('\n');
    const desk = [
      '@implementation DeskClient',
      '- (void)openTicket:(NSString *)subject {',
      '    NSDictionary *body = @{@"mode": @"complaint", @"extra": subject, @"advice": @""};',
      '    [self POST:@"https://desk.example.com/api/tickets/" parameters:body progress:nil success:^(NSURLSessionDataTask *task, id json) {',
      '        if (((NSHTTPURLResponse *)task.response).statusCode == 202) { return; }',
      '    } failure:nil];',
      '}',
      '@end',
    ].join('\n');
    writeTree(dir, { 'App/CareClient.m': client, 'App/DeskClient.m': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'App/CareClient.m')).toEqual([
      '11 mode-safe-triage-removed',
      '14 mode-update-status-200',
      '15 update-msg-in-links',
      '6 complaint-extra-removed',
    ].sort());
    expect(sites(r, 'App/DeskClient.m')).toEqual([]);
    // Reports only: the file nobody parsed would come out of `run` byte-identical, without a marker.
    expect(r.outcomes.find((o) => o.relPath === 'App/CareClient.m')?.after).toBe(client);
  });

  it('Scala: a mode set through a constant named for it, and a file that names the fields but not the API', async () => {
    writeTree(dir, {
      'src/Checker.scala': [
        'object Checker {',
        '  val StartMode = "complaint"',
        '  def start(ws: WSClient, token: String) =',
        '    ws.url(s"$base/interviews/$token/").put(Json.obj("mode" -> StartMode))',
        '}',
      ].join('\n'),
      'src/Words.scala': ['object Words {', '  val Start = "complaint"', '  val Extra = "extra"', '}'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Checker.scala')).toEqual(['2 mode-complaint-renamed-input']);
    expect(sites(r, 'src/Words.scala')).toEqual([]);
  });

  it('Groovy: a Spock spec starting its context in the "test" environment reads no result field; its stub body keys do', async () => {
    writeTree(dir, {
      'src/test/groovy/TriageSpec.groovy': [
        'class TriageSpec extends Specification {',
        '    @Shared ApplicationContext context = ApplicationContext.run([',
        '            "checker.base-url": "${stub.URL}/api/".toString(),',
        '    ], "test")',
        '    @Shared ApplicationContext other = ApplicationContext.run(PropertySource.of(props()), "test")',
        '',
        '    def "reads the result"() {',
        '        expect:',
        '        stub.requests.find { it.path == "/api/interviews/anonymous/" }.body.mode == "complaint"',
        '        stub.answer("/api/results/r-1/", [triage: "home", "advice": ["rest"]])',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/groovy/TriageSpec.groovy')).toEqual(['10 result-advice-test-removed', '9 mode-complaint-renamed-input']);
  });
});
