import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A removed field by another spelling the catalogue gives it (an option's `preselected_value` beside `preselected`):
 * the model's field and its reads are sites in every language, as the catalogue's own spelling is. A survey
 * client's options with the same key stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("a removed field by the catalogue's other spellings", () => {
  it("Java: a question's nested Option with @JsonProperty(\"preselected_value\") and a filter that reads it; a survey's options stay", async () => {
    writeTree(dir, {
      'sc/Question.java': [
        'package sc;',
        '',
        'public class Question {',
        '    @JsonProperty("token") private String token;',
        '    @JsonProperty("options") private List<Option> options;',
        '',
        '    public static class Option {',
        '        @JsonProperty("token") private String token;',
        '        @JsonProperty("preselected_value")',
        '        private String preselectedValue;',
        '        public String getPreselectedValue() { return preselectedValue; }',
        '    }',
        '}',
        '',
      ].join('\n'),
      'sc/Api.java': [
        'package sc;',
        '',
        'public interface Api {',
        '    @GET("https://www.buoyhealth.com/api/questions/")',
        '    Call<List<Question>> listQuestions(@Query("interview") String token);',
        '}',
        '',
      ].join('\n'),
      'sc/Flow.java': [
        'package sc;',
        '',
        'public class Flow {',
        '    List<Question.Option> open(Question q) {',
        '        return q.getOptions().stream().filter(o -> o.getPreselectedValue() == null).collect(Collectors.toList());',
        '    }',
        '}',
        '',
      ].join('\n'),
      'survey/Poll.java': [
        'package survey;',
        '',
        'public class Poll {',
        '    @JsonProperty("options") private List<Choice> options;',
        '',
        '    public static class Choice {',
        '        @JsonProperty("preselected_value")',
        '        private String preselectedValue;',
        '    }',
        '}',
        '',
      ].join('\n'),
      'survey/PollClient.java': [
        'package survey;',
        '',
        'public interface PollClient {',
        '    @GET("https://polls.example.com/api/polls/")',
        '    Call<List<Poll>> polls();',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/Question.java').filter((s) => s.includes('preselected'))).toEqual(['11 question-preselected-removed', '9 question-preselected-removed']);
    expect(sites(r, 'sc/Flow.java')).toEqual(['5 question-preselected-removed']);
    expect(sites(r, 'survey/Poll.java')).toEqual([]);
  });

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

  it("Scala: a circe case class's option field `pre_selected` (the spec's \"pre-selected\") and a filter on it; a survey's choice of that name stays", async () => {
    writeTree(dir, {
      'src/main/scala/sc/Models.scala': [
        'package sc',
        '',
        'final case class QuestionOption(token: String, text: String, pre_selected: Option[Json])',
        'final case class Question(token: String, text: String, options: List[QuestionOption])',
        '',
      ].join('\n'),
      'src/main/scala/sc/Client.scala': [
        'package sc',
        '',
        'class Client(http: HttpExt) {',
        '  private val base = "https://www.buoyhealth.com/api/"',
        '  def question(token: String): Future[Question] = get[Question](s"${base}questions/$token/")',
        '  def visible(q: Question): List[QuestionOption] = q.options.filter(_.pre_selected.forall(_.isNull))',
        '}',
        '',
      ].join('\n'),
      'src/main/scala/survey/Poll.scala': [
        'package survey',
        '',
        'final case class Choice(id: String, pre_selected: Option[Boolean])',
        'final case class Poll(id: String, options: List[Choice])',
        '',
        'class PollClient(http: HttpExt) {',
        '  def poll(id: String): Future[Poll] = get[Poll](s"https://polls.example.com/api/polls/$id")',
        '  def open(p: Poll): List[Choice] = p.options.filterNot(_.pre_selected.contains(true))',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/scala/sc/Models.scala')).toEqual(['3 question-preselected-removed']);
    expect(sites(r, 'src/main/scala/sc/Client.scala').filter((s) => !s.includes('base-url'))).toEqual(['6 question-preselected-removed']);
    expect(sites(r, 'src/main/scala/survey/Poll.scala')).toEqual([]);
  });
});

