import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { scan, type ScanResult } from '../../../lib';
import { noProject } from '../../../codemods/engine/ties/project';
import { polyglotFrontEnds } from '../../../codemods/frontends/polyglot';
import { prepareDart } from '../../../codemods/frontends/polyglot/languages/dart-syntax';
import { ParseError } from '../../../codemods/types';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * The Dart front-end: Dart 3 syntax rewritten for the grammar with every offset kept, and a Flutter app's files
 * tying each other (a config class, json_serializable models, a dio repository, widgets) beside a helpdesk's.
 */

const dart = polyglotFrontEnds().find((f) => f.id === 'dart')!;
const run = (source: string) => dart.analyze({ source, filePath: '/tmp/x.dart', config: defaultConfig, changes: catalogue, markers: true, project: noProject });

describe('Dart 3 syntax the grammar does not read', () => {
  it('is rewritten one character for one: strings stay where they are, plain enums and switch statements are left alone', () => {
    const src = [
      "sealed class S {}\nabstract interface class I {}\nenum Mode { complaint('complaint'), safe('😀 safe'); const Mode(this.w); final String w; }",
      "enum Plain { @JsonValue('a') a, b }",
      "typedef Json = Map<String, dynamic>;\ntypedef OnResult = void Function(String advice);",
      "int f(int c) { switch (c) { case 202: return 1; } return switch (c) { 202 => 1, _ => 2 }; }",
    ].join('\n');
    const out = prepareDart(src);
    expect(out.length).toBe(src.length);
    for (const s of ["'complaint'", "'😀 safe'", "@JsonValue('a') a, b }", 'switch (c) { case 202:', 'typedef OnResult = void Function(String advice);']) expect(out.indexOf(s)).toBe(src.indexOf(s));
    expect(out).not.toMatch(/sealed|interface|=>\s*1|typedef Json/);
  });

  it('patterns and records become identifiers or calls of `_`: the file is read, its literals where they were', () => {
    const src = [
      "const kBase = 'https://www.buoyhealth.com/api/';",
      'Future<(String, int)> pair() async => (kBase, 1);',
      'void f(Object json, Result r, int code) {',
      '  final (token, mode) = split(json);',
      "  if (json case {'advice': String a}) print(a);",
      '  switch (r) {',
      '    case Ok(:final data):',
      '      print(data);',
      '    case >= 500:',
      "      print('server');",
      '  }',
      '}',
      '',
    ].join('\n');
    const out = prepareDart(src);
    expect(out.length).toBe(src.length);
    expect(out).toMatch(/Future<_String__int_>[^]*=>_\(kBase, 1\)[^]*final _token__mode_ =[^]*case Ok__final_data_:/);
    expect(run(src).findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual(['1 base-url auto']);
  });

  it('an enhanced enum whose members do not parse at the top level is read without them', () => {
    const src = "enum InterviewMode {\n  complaint('complaint');\n\n  const InterviewMode(this.wire) : assert(wire != '');\n  final String wire;\n}\n";
    const r = run(src);
    expect(r.output).toBe(src.replace("complaint('complaint')", "complaint('input')"));
  });

  it('syntax still beyond the grammar (records, patterns): addresses by role and one file-level finding, or a parse error', () => {
    const src = "(String, int) pair() => ('a', 1);\nconst kBase = 'https://www.buoyhealth.com/api/';\n";
    const r = run(src);
    expect(r.output).toBe(src.replace('https://www.buoyhealth.com/api/', 'https://api.buoyhealth.com/symptom-checker/v2/'));
    expect(r.findings.map((f) => `${f.line} ${f.fix} ${/grammar does not read/.test(f.message)}`)).toEqual(['2 manual true', '2 auto false']);
    expect(() => run('void f() {\n  outer: for (;;) { break outer; }\n}\n')).toThrow(ParseError);
  });

  it('reads interpolated strings at their offsets (astral characters before the site)', () => {
    const src = "const note = '😀 é';\nconst kBase = 'https://www.buoyhealth.com/api/';\nString url(String t) => '$kBase/interviews/${t}/';\n";
    expect(run(src).output).toBe(src.replace('https://www.buoyhealth.com/api/', 'https://api.buoyhealth.com/symptom-checker/v2/'));
  });
});

describe('a Flutter app across files', () => {
  let dir: string;
  beforeEach(() => {
    dir = tmpDir();
  });
  afterEach(() => cleanup(dir));
  const sites = (r: ScanResult, file: string) => (r.outcomes.find((o) => o.relPath === file)?.findings ?? []).map((f) => `${f.line} ${f.change}`).sort();

  it('a config class, a model, a dio repository and a widget tie each other; a helpdesk model of the same shape does not', async () => {
    writeTree(dir, {
      'lib/config/env.dart': [
        'class Env {',
        "  static const String checkerBase = String.fromEnvironment('CHECKER_BASE', defaultValue: 'https://sandbox.buoyhealth.com/api/');",
        '}',
      ].join('\n'),
      'lib/models/outcome.dart': [
        "import 'package:json_annotation/json_annotation.dart';",
        '',
        '@JsonSerializable()',
        'class Outcome {',
        '  Outcome(this.token, this.advice);',
        '  final String token;',
        '  final String? advice;',
        '  factory Outcome.fromJson(Map<String, dynamic> json) => _$OutcomeFromJson(json);',
        '}',
      ].join('\n'),
      'lib/models/complaint_body.dart': [
        '@JsonSerializable(includeIfNull: false)',
        'class ComplaintBody {',
        '  ComplaintBody({',
        '    required this.text,',
        '    this.extra,',
        '  });',
        '  final String text;',
        '  final String? extra;',
        '}',
      ].join('\n'),
      'lib/data/outcome_repository.dart': [
        "import 'package:dio/dio.dart';",
        '',
        'class OutcomeRepository {',
        '  OutcomeRepository(this._dio);',
        '  final Dio _dio;',
        '',
        '  Future<Outcome> fetchOutcome(String token) async {',
        "    final response = await _dio.get<Map<String, dynamic>>('${Env.checkerBase}results/$token/');",
        '    return Outcome.fromJson(response.data!);',
        '  }',
        '',
        "  Future<void> fileComplaint(ComplaintBody body) => _dio.post('${Env.checkerBase}complaints/', data: body.toJson());",
        '}',
      ].join('\n'),
      'lib/ui/outcome_card.dart': [
        "import 'package:flutter/material.dart';",
        '',
        'class OutcomeCard extends StatelessWidget {',
        '  const OutcomeCard({super.key, required this.outcome});',
        '  final Outcome outcome;',
        '',
        '  @override',
        "  Widget build(BuildContext context) => Text(outcome.advice ?? '');",
        '}',
      ].join('\n'),
      'lib/desk/reply_card.dart': [
        "import 'package:flutter/material.dart';",
        '',
        'class DeskReply {',
        '  DeskReply(this.advice, this.extra);',
        '  final String? advice;',
        '  final Map<String, dynamic>? extra;',
        "  factory DeskReply.fromJson(Map<String, dynamic> json) => DeskReply(json['advice'] as String?, json['extra'] as Map<String, dynamic>?);",
        '}',
        '',
        'class ReplyCard extends StatelessWidget {',
        '  const ReplyCard({super.key, required this.reply});',
        '  final DeskReply reply;',
        '',
        '  @override',
        "  Widget build(BuildContext context) => Text(reply.advice ?? '');",
        '}',
      ].join('\n'),
    });
    const r = await scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });
    expect(sites(r, 'lib/config/env.dart')).toEqual(['2 base-url']);
    // The constructor's `this.advice` goes with the field: callers give it through it.
    expect(sites(r, 'lib/models/outcome.dart')).toEqual(['5 result-advice-test-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'lib/models/complaint_body.dart')).toEqual(['5 complaint-extra-removed', '8 complaint-extra-removed']);
    expect(sites(r, 'lib/ui/outcome_card.dart')).toEqual(['8 result-advice-test-removed']);
    expect(sites(r, 'lib/desk/reply_card.dart')).toEqual([]);
  });
});
