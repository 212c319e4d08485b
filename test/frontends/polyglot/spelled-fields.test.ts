import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A removed answer field under another name the catalogue gives it (`spellings`: an option's `preselected_value`
 * for its "pre-selected value") is that field: in a model of the resource and in reads of it. A desk's setting with
 * the same key stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("a removed field's other spellings", () => {
  it("Dart: `@JsonKey(name: 'preselected_value')` on a question's option, and its reads; a desk setting of that key stays", async () => {
    writeTree(dir, {
      'lib/api.dart': [
        "import 'package:dio/dio.dart';",
        '',
        'class Api {',
        '  final Dio _dio;',
        '  Api(this._dio);',
        '  Future<Question> question(String t) async => Question.fromJson((await _dio.get(\'https://www.buoyhealth.com/api/questions/$t/\')).data);',
        '}',
        '',
      ].join('\n'),
      'lib/question.dart': [
        'class QuestionOption {',
        '  QuestionOption({required this.token, this.preselectedValue});',
        '  final String token;',
        "  @JsonKey(name: 'preselected_value')",
        '  final String? preselectedValue;',
        '}',
        '',
        'class Question {',
        '  Question({required this.options});',
        '  final List<QuestionOption> options;',
        '  List<QuestionOption> get visible => options.where((o) => o.preselectedValue == null).toList();',
        '}',
        '',
      ].join('\n'),
      'lib/desk/desk_setting.dart': [
        'class DeskSetting {',
        '  DeskSetting({required this.token, this.preselectedValue});',
        '  final String token;',
        "  @JsonKey(name: 'preselected_value')",
        '  final String? preselectedValue;',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/question.dart')).toEqual(['11 question-preselected-removed', '2 question-preselected-removed', '4 question-preselected-removed']);
    expect(sites(r, 'lib/desk/desk_setting.dart')).toEqual([]);
  });
});
