import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';
import { tokenize } from '../../../codemods/frontends/polyglot/lexical-tokens';

/**
 * Languages without a parser here, read by their tokens across the files of a run: models named for a resource that
 * a file talking to the API uses (their headers and implementations), the API's mode type and its members, status
 * constants named for a change and the comparisons with them in other files, a test's stubs. Another service's
 * client of the same shape, in the same run, importing the same constants, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const objc = {
  'App/Constants.h': [
    'FOUNDATION_EXPORT NSString * const SCBaseURL;',
    'FOUNDATION_EXPORT NSString * const SCModeStringSafe;',
    'FOUNDATION_EXPORT NSString * const SCDeskBaseURL;',
  ].join('\n'),
  'App/Constants.m': [
    '#import "Constants.h"',
    'NSString * const SCBaseURL = @"https://sandbox.buoyhealth.com/api/";',
    'NSString * const SCDeskBaseURL = @"https://desk.example.com/api/";',
    'NSString * const SCPathInterview = @"interviews/%@/";',
    'NSString * const SCPathResult = @"results/%@/";',
    'NSString * const SCModeStringSafe = @"safe";',
    'NSInteger const SCStatusModePending = 202;',
    'NSInteger const SCDeskStatusQueued = 202;',
  ].join('\n'),
  'App/Models/SCMode.h': ['typedef NS_ENUM(NSInteger, SCInterviewMode) {', '    SCInterviewModeProtocol,', '    SCInterviewModeTriage,', '};'].join('\n'),
  'App/Models/SCResult.h': [
    '@interface SCCondition : NSObject',
    '@property (nonatomic, copy) NSString *name;',
    '@property (nonatomic, copy, nullable) NSString *triageLevel;',
    '@end',
    '',
    '@interface SCResult : NSObject',
    '@property (nonatomic, copy, nullable) NSDictionary *triage;',
    '@property (nonatomic, copy, nullable) NSString *advice;',
    '@property (nonatomic, strong, nullable) SCCondition *potentialCondition;',
    '@end',
  ].join('\n'),
  'App/Models/SCResult.m': [
    '#import "SCResult.h"',
    '@implementation SCResult',
    '- (instancetype)initWithDictionary:(NSDictionary *)d {',
    '    _triage = [d objectForKey:@"triage"];',
    '    _advice = [d objectForKey:@"advice"];',
    '    NSString *level = self.potentialCondition.triageLevel;',
    '    return self;',
    '}',
    '@end',
  ].join('\n'),
  'App/SCClient.m': [
    '#import "Constants.h"',
    '- (void)fetch:(NSString *)token mode:(SCInterviewMode)mode {',
    '    [self GET:SCPathResult parameters:nil success:^(NSURLSessionDataTask *task, id json) {',
    '        SCResult *result = [[SCResult alloc] initWithDictionary:json];',
    '        if (SCStatusForTask(task) == SCStatusModePending) { return; }',
    '        NSLog(@"%@", result.advice);',
    '    }];',
    '    [self moveTo:SCInterviewModeTriage];',
    '}',
  ].join('\n'),
  'App/Desk/SCDeskClient.m': [
    '#import "Constants.h"',
    '@implementation SCDeskTicket',
    '- (instancetype)initWithDictionary:(NSDictionary *)d {',
    '    _advice = [d objectForKey:@"advice"];',
    '    _mode = [d objectForKey:@"mode"] ?: @"complaint";',
    '    return self;',
    '}',
    '@end',
    '@implementation SCDeskClient',
    '- (void)open:(SCDeskTicket *)ticket {',
    '    NSDictionary *body = @{ @"mode": @"complaint", @"extra": ticket.advice };',
    '    [self POST:SCDeskBaseURL parameters:body success:^(NSURLSessionDataTask *task, id json) {',
    '        ticket.queued = (((NSHTTPURLResponse *)task.response).statusCode == SCDeskStatusQueued);',
    '        [self setMode:TicketModeComplaint];',
    '    }];',
    '}',
    '@end',
  ].join('\n'),
  'Tests/SCClientTests.m': [
    'static NSString * const kHost = @"sandbox.buoyhealth.com";',
    '- (void)testPending {',
    '    [self stubPath:@"/api/interviews/abc/" fixture:nil status:202];',
    '    [self stubPath:@"/api/interviews/anonymous/" fixture:nil status:400];',
    '    [self stubPath:@"/desk/tickets/" fixture:nil status:400];',
    '}',
  ].join('\n'),
};

describe('Objective-C read by its tokens across the run', () => {
  it('models, mode members, status constants and stubs of the API; the desk client beside them stays unreported', async () => {
    writeTree(dir, objc);
    const r = await scanProject(dir);
    expect(sites(r, 'App/Models/SCResult.h')).toEqual(['3 potential-condition-triage-removed', '8 result-advice-test-removed'].sort());
    expect(sites(r, 'App/Models/SCResult.m')).toEqual(['5 result-advice-test-removed', '6 potential-condition-triage-removed'].sort());
    expect(sites(r, 'App/Models/SCMode.h')).toEqual(['3 mode-safe-triage-removed']);
    expect(sites(r, 'App/Constants.h')).toEqual(['2 mode-safe-triage-removed']);
    // The v1 address, and the file-level finding at it.
    expect(sites(r, 'App/Constants.m')).toEqual(['2 base-url', '2 base-url', '6 mode-safe-triage-removed', '7 mode-update-status-200'].sort());
    expect(sites(r, 'App/SCClient.m')).toEqual(['5 mode-update-status-200', '6 result-advice-test-removed', '8 mode-safe-triage-removed'].sort());
    expect(sites(r, 'Tests/SCClientTests.m')).toEqual(['1 base-url', '1 base-url', '3 base-url', '3 mode-update-status-200', '4 base-url', '4 location-error-422'].sort());
    expect(sites(r, 'App/Desk/SCDeskClient.m')).toEqual([]);
    // Reports only: nothing but the v1 addresses is rewritten.
    expect(r.outcomes.find((o) => o.relPath === 'App/Models/SCResult.m')?.after).toBe(objc['App/Models/SCResult.m']);
  });

  it('a model named for a resource that no file talking to the API uses is no model of it', async () => {
    writeTree(dir, {
      'App/SCSearchResult.h': ['@interface SCSearchResult : NSObject', '@property (nonatomic, copy) NSString *advice;', '@end'].join('\n'),
      'App/SCSearch.m': ['- (void)search {', '    SCSearchResult *r = [SCSearchResult new];', '    NSLog(@"%@", r.advice);', '}'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'App/SCSearchResult.h')).toEqual([]);
    expect(sites(r, 'App/SCSearch.m')).toEqual([]);
  });
});

describe('other languages read by their tokens', () => {
  it('Scala: a case class of the API beside its client; the desk case class is not', async () => {
    writeTree(dir, {
      'src/Models.scala': ['case class Complaint(text: String, extra: Option[String])', 'case class Ticket(subject: String, extra: Option[String])'].join('\n'),
      'src/Client.scala': [
        'class Client(ws: WSClient) {',
        '  def complain(c: Complaint) = ws.url(s"$base/complaints/").post(Json.toJson(c))',
        '  def result(t: String) = ws.url(s"$base/results/$t/").get().map { r =>',
        '    val result = r.json.as[ResultView]',
        '    result.advice // what the user sees',
        '  }',
        '}',
      ].join('\n'),
      'src/Desk.scala': ['class Desk(ws: WSClient) {', '  def open(t: Ticket) = ws.url("https://desk.example.com/api/tickets/").post(Json.obj("mode" -> "complaint", "extra" -> t.extra))', '}'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Models.scala')).toEqual(['1 complaint-extra-removed']);
    expect(sites(r, 'src/Client.scala')).toEqual(['5 result-advice-test-removed']);
    expect(sites(r, 'src/Desk.scala')).toEqual([]);
  });

  it('Lua and Elixir: keys written as names, modes as symbols, comments skipped; the same shapes for another service are not', async () => {
    writeTree(dir, {
      'lua/checker.lua': [
        '-- extra = "not code"',
        'local function complain(token, text, note)',
        "  local body = { interview = token, text = text, extra = note }",
        "  return http.post(base .. '/complaints/', body)",
        'end',
        "local function to_safe(token) return http.put(base .. '/interviews/' .. token .. '/', { mode = 'safe' }) end",
      ].join('\n'),
      'lua/desk.lua': ["local function open(s) return http.post('https://desk.example.com/api/tickets/', { mode = 'complaint', extra = s }) end"].join('\n'),
      'lib/checker.ex': [
        'defmodule Checker do',
        '  # mode: :safe in a comment',
        '  def triage(token), do: Req.put!("#{@base}/interviews/#{token}/", json: %{mode: :triage})',
        '  def complain(token, text, note), do: Req.post!("#{@base}/complaints/", json: %{interview: token, text: text, extra: note})',
        'end',
      ].join('\n'),
      'lib/desk.ex': ['defmodule Desk do', '  def open(s), do: Req.post!("https://desk.example.com/api/tickets/", json: %{mode: :complaint, extra: s})', 'end'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lua/checker.lua')).toEqual(['3 complaint-extra-removed', '6 mode-safe-triage-removed'].sort());
    expect(sites(r, 'lua/desk.lua')).toEqual([]);
    expect(sites(r, 'lib/checker.ex')).toEqual(['3 mode-safe-triage-removed', '4 complaint-extra-removed'].sort());
    expect(sites(r, 'lib/desk.ex')).toEqual([]);
  });
});

describe('the tokeniser', () => {
  it('reads literals with escapes, skips comments, and costs one pass on a large one-line file', () => {
    const toks = tokenize('NSString *a = @"x\\"y"; // "no"\n/* "no" */ char c = \'"\'; b = "un\nterminated', 'm');
    expect(toks.filter((t) => t.kind === 'str').map((t) => t.text)).toEqual(['x\\"y', '"', 'un']);
    const big = `${'"a\\\\", '.repeat(200_000)}"`;
    const start = Date.now();
    expect(tokenize(big, 'c').length).toBeGreaterThan(200_000);
    expect(Date.now() - start).toBeLessThan(2000);
  });
});
