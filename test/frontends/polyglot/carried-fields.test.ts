import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A field of the app's own view type, declared in the same file, filled with a read of a removed (not a moved) answer field under
 * another name (`Partner: iv.Marketplace`, `tests = r.test`): its declaration is reported with the read. A view filled
 * from another service's value, or from an expression built on the read, stays as it is.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("fields of the app's own types that carry a removed field", () => {
  it('Go: `interviewView{Partner: iv.Marketplace}` reports `Partner`; a desk view filled from a ticket stays', async () => {
    writeTree(dir, {
      'sc/client.go': [
        'package sc',
        '',
        'type Interview struct {',
        '\tToken       string `json:"token"`',
        '\tMarketplace string `json:"marketplace"`',
        '}',
        '',
        'func (c *Client) GetInterview(t string) (*Interview, error) { return c.get("https://www.buoyhealth.com/api/interviews/" + t + "/") }',
        '',
      ].join('\n'),
      'web/views.go': [
        'package web',
        '',
        'import "example.com/app/sc"',
        '',
        'type interviewView struct {',
        '\tToken   string `json:"token"`',
        '\tPartner string `json:"partner,omitempty"`',
        '\tHas     bool   `json:"has"`',
        '}',
        '',
        'func toView(iv *sc.Interview) interviewView {',
        '\treturn interviewView{Token: iv.Token, Partner: iv.Marketplace, Has: iv.Marketplace != ""}',
        '}',
        '',
        'type ticketView struct {',
        '\tPartner string `json:"partner"`',
        '}',
        '',
        'func toTicket(t *Ticket) ticketView {',
        '\treturn ticketView{Partner: t.Marketplace}',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'web/views.go')).toEqual(['12 interview-marketplace-variant-removed', '12 interview-marketplace-variant-removed', '7 interview-marketplace-variant-removed']);
  });

  it('Kotlin: `ResultView(tests = result.test)` reports `tests`', async () => {
    writeTree(dir, {
      'sc/Api.kt': [
        'package sc',
        '',
        'data class Result(val token: String, val test: List<String> = emptyList())',
        '',
        'interface Api {',
        '    @GET("results/{t}/") suspend fun result(@Path("t") t: String): Result',
        '}',
        '',
      ].join('\n'),
      'ui/ResultView.kt': [
        'package ui',
        '',
        'data class ResultView(val token: String, val tests: List<String>)',
        '',
        'fun Result.toView() = ResultView(token = token, tests = this.test)',
        '',
        'suspend fun load(api: Api, t: String): ResultView {',
        '    val result = api.result(t)',
        '    return ResultView(token = result.token, tests = result.test)',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ui/ResultView.kt')).toEqual(['3 result-advice-test-removed', '9 result-advice-test-removed']);
  });
  it("Dart: `ModeUpdate(message: body.msg)` (a moved field, read from its new place once migrated) leaves `message` alone; `ResultCard(tips: r.advice)` reports `tips`", async () => {
    writeTree(dir, {
      'lib/api.dart': [
        "import 'package:dio/dio.dart';",
        '',
        'class UpdateResponse {',
        '  final String? msg;',
        '  UpdateResponse({this.msg});',
        "  factory UpdateResponse.fromJson(Map<String, dynamic> json) => UpdateResponse(msg: json['msg'] as String?);",
        '}',
        '',
        'class TriageResult {',
        '  final String? advice;',
        '  TriageResult({this.advice});',
        "  factory TriageResult.fromJson(Map<String, dynamic> json) => TriageResult(advice: json['advice'] as String?);",
        '}',
        '',
        'class ModeUpdate {',
        '  const ModeUpdate({this.message});',
        '  final String? message;',
        '}',
        '',
        'class ResultCard {',
        '  const ResultCard({this.tips});',
        '  final String? tips;',
        '}',
        '',
        'class Api {',
        '  final Dio _dio;',
        '  Api(this._dio);',
        '',
        '  Future<ModeUpdate> setMode(String token, String mode) async {',
        "    final r = await _dio.put('https://www.buoyhealth.com/api/interviews/$token/', data: {'mode': mode});",
        '    final body = UpdateResponse.fromJson(r.data);',
        '    return ModeUpdate(message: body.msg);',
        '  }',
        '',
        '  Future<ResultCard> result(String token) async {',
        "    final r = TriageResult.fromJson((await _dio.get('https://www.buoyhealth.com/api/results/$token/')).data);",
        '    return ResultCard(tips: r.advice);',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    const found = sites(r, 'lib/api.dart').filter((s) => /^(17|22) /.test(s));
    expect(found).toEqual(['22 result-advice-test-removed']);
  });
});
