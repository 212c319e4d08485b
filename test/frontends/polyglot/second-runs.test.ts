import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOnce } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';
import { AKKA_CIRCE_CLIENT } from './scala-sources';

/**
 * `sc-migrate run` twice over a project: the second run over the first one's output changes nothing (no marker added
 * where the first run's markers name a field, none taken away where the first run removed what the site pointed at).
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));


describe('second runs', () => {
  it("Python: a model's short method filtering on a removed field is not made a reader of it by the first run's marker", async () => {
    writeTree(dir, {
      'svc/models.py': [
        'from dataclasses import dataclass, field',
        'from typing import Any, List, Optional',
        '@dataclass',
        'class QuestionOption:',
        '    token: str',
        '    preselected: Optional[Any] = None',
        '@dataclass',
        'class Question:',
        '    token: str',
        '    preselected: List[str] = field(default_factory=list)',
        '    options: List[QuestionOption] = field(default_factory=list)',
        '    def selectable_options(self) -> List[QuestionOption]:',
        '        return [o for o in self.options if o.preselected is None]',
      ].join('\n'),
      'svc/client.py': [
        'import httpx',
        'from svc.models import Question',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class Checker:',
        '    async def list_questions(self, token: str) -> List[Question]:',
        '        resp = await self.http.get(BASE + "questions/", params={"interview": token})',
        '        return [Question(**q) for q in resp.json()]',
      ].join('\n'),
      'svc/routes.py': [
        'from svc.client import Checker',
        'async def next_question(token: str) -> dict:',
        '    [question] = await Checker().list_questions(token)',
        '    return {"options": [o.token for o in question.selectable_options()]}',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toContain('svc/models.py');
    expect(await runOnce(dir)).toEqual([]);
    expect(read(dir, 'svc/routes.py')).not.toContain('TODO(sc-migrate');
  });

  it('Ruby: an endpoint parameter whose entry the first run deleted keeps its marker on the second run', async () => {
    writeTree(dir, {
      'lib/checker/client.rb': [
        "require 'typhoeus'",
        'module Checker',
        '  class Client',
        "    BASE = 'https://www.buoyhealth.com/api/'",
        '    def create_complaint(interview_token, text, extra = {})',
        "      post(\"#{BASE}complaints/\", { interview: interview_token, text: text, extra: extra })",
        '    end',
        '    def post(url, body)',
        '      Typhoeus.post(url, body: body.to_json)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/client.rb': [
        "require 'typhoeus'",
        'module Desk',
        '  class Client',
        '    def create_ticket(subject, text, extra = {})',
        "      Typhoeus.post('https://desk.example.org/api/tickets/', body: { subject: subject, text: text, extra: extra }.to_json)",
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toEqual(['lib/checker/client.rb']);
    const first = read(dir, 'lib/checker/client.rb');
    expect(first).toContain('TODO(sc-migrate/complaint-extra-removed)');
    expect(first).not.toContain('extra: extra');
    expect(await runOnce(dir)).toEqual([]);
    expect(read(dir, 'lib/desk/client.rb')).toContain('extra: extra');
    expect(read(dir, 'lib/desk/client.rb')).not.toContain('TODO(sc-migrate');
  });

  it("Kotlin: endpoint parameters on lines of their own keep their markers on the second run (the marker above ends in a period)", async () => {
    writeTree(dir, {
      'src/Models.kt': ['package demo', '@Serializable', 'data class IntentRequest(val interview: String, val name: String, val detail: String? = null, val context: String? = null)'].join('\n'),
      'src/Api.kt': [
        'package demo',
        'class SymptomApi(private val client: HttpClient) {',
        '    private val base = "https://sandbox.buoyhealth.com/api/"',
        '    suspend fun createIntent(body: IntentRequest): Intent = client.post(base + "intents/") { setBody(body) }.body()',
        '}',
      ].join('\n'),
      'src/Repo.kt': [
        'package demo',
        'class Repo(private val api: SymptomApi) {',
        '    suspend fun addIntent(',
        '        interviewToken: String,',
        '        intent: String,',
        '        detail: String? = null,',
        '        context: String? = null,',
        '    ): Intent = api.createIntent(IntentRequest(interviewToken, intent, detail = detail, context = context))',
        '}',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toContain('src/Repo.kt');
    const first = read(dir, 'src/Repo.kt');
    expect(first.match(/TODO\(sc-migrate\/intent-detail-context-removed\)/g)?.length).toBe(3);
    expect(await runOnce(dir)).toEqual([]);
    expect(read(dir, 'src/Repo.kt')).toBe(first);
  });

  it('Elixir: a body entry the run deletes takes no marker for its value with it (nothing would be left to look at)', async () => {
    writeTree(dir, {
      'lib/checker.ex': [
        'defmodule Checker do',
        '  @base "https://sandbox.buoyhealth.com/api/"',
        '  def create_intent(token, name, opts \\\\ []) do',
        '    body = %{',
        '      interview: token,',
        '      name: name,',
        '      detail: Keyword.get(opts, :detail, ""),',
        '      context: Keyword.get(opts, :context, %{})',
        '    }',
        '    Req.post!(@base <> "intents/", json: body)',
        '  end',
        'end',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toEqual(['lib/checker.ex']);
    const first = read(dir, 'lib/checker.ex');
    expect(first).not.toContain('detail:');
    expect(first).not.toContain('TODO(sc-migrate/intent-detail-context-removed)');
    expect(await runOnce(dir)).toEqual([]);
  });

  it("Scala: a stub object's JSON constant whose value starts on the next line keeps its marker (the first run's marker sits between `=` and the text)", async () => {
    writeTree(dir, {
      'src/main/scala/care/SymptomClient.scala': AKKA_CIRCE_CLIENT,
      'src/test/scala/care/StubServer.scala': [
        'package care',
        '',
        'object StubServer {',
        '  val ComplaintJson: String =',
        '    """{ "token": "c-1", "text": "headache", "extra": "after a fall",',
        '      |  "_links": { "self": "https://sandbox.buoyhealth.com/api/complaints/c-1/" } }""".stripMargin',
        '}',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toContain('src/test/scala/care/StubServer.scala');
    expect(read(dir, 'src/test/scala/care/StubServer.scala')).toContain('TODO(sc-migrate/complaint-extra-removed)');
    expect(await runOnce(dir)).toEqual([]);
  });

  it("Dart: a switch arm's wire value on the line after its label keeps its marker (the first run's marker sits between them)", async () => {
    writeTree(dir, {
      'lib/models/interview_mode.dart': [
        "const baseUrl = 'https://sandbox.buoyhealth.com/api/';",
        'enum InterviewMode { complaint, safe, protocol }',
        'extension InterviewModeX on InterviewMode {',
        '  String get wireName {',
        '    switch (this) {',
        '      case InterviewMode.complaint:',
        "        return 'complaint';",
        '      case InterviewMode.safe:',
        "        return 'safe';",
        '      case InterviewMode.protocol:',
        "        return 'protocol';",
        '    }',
        '  }',
        '}',
      ].join('\n'),
    });
    expect(await runOnce(dir)).toEqual(['lib/models/interview_mode.dart']);
    const first = read(dir, 'lib/models/interview_mode.dart');
    expect(first).toContain("return 'input';");
    expect(await runOnce(dir)).toEqual([]);
    expect(read(dir, 'lib/models/interview_mode.dart')).toBe(first);
  });
});

