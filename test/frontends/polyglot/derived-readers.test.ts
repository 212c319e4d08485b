import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A model's method without parameters whose short body reads a changed field (`def advice_text; advice.to_s; end`,
 * a Python `@property`) is read by whoever calls it on a value of that model; a serializer that names the field
 * (`to_row`), a method reading a field still in v2, and another service's model with the same method stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("calls of a model's derived readers", () => {
  it('Ruby: `res.advice_text` and `res.condition_care` on a fetched result; `res.level`, `res.to_row` and a desk reply’s `advice_text` stay', async () => {
    writeTree(dir, {
      'lib/sc_client.rb': ['class ScClient', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def fetch_result(token)', '    Result.new(get_json(BASE + "results/#{token}/"))', '  end', 'end', ''].join('\n'),
      'lib/result.rb': [
        'class Result',
        '  attr_reader :raw, :advice',
        '',
        '  def initialize(json)',
        '    @raw = json',
        '    @advice = json["advice"]',
        '  end',
        '',
        '  def advice_text',
        '    advice.to_s.strip',
        '  end',
        '',
        '  def condition_care',
        '    raw.dig("triage_explanation", "potential_condition", "triage")',
        '  end',
        '',
        '  def level',
        '    raw.dig("triage", "level")',
        '  end',
        '',
        '  def to_row',
        '    { "advice" => advice }',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/digest.rb': [
        'class Digest',
        '  def line(client, token)',
        '    res = client.fetch_result(token)',
        '    [res.advice_text, res.level].join(" ")',
        '  end',
        '',
        '  def care(client, token)',
        '    res = client.fetch_result(token)',
        '    res.condition_care || res.to_row',
        '  end',
        '',
        '  def desk_line(desk, id)',
        '    desk.fetch_reply(id).advice_text',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/desk.rb': [
        'class Desk',
        '  def fetch_reply(id)',
        '    Reply.new(get_json("https://desk.example.org/api/replies/#{id}"))',
        '  end',
        'end',
        '',
        'class Reply',
        '  attr_reader :advice',
        '',
        '  def initialize(json)',
        '    @advice = json["advice"]',
        '  end',
        '',
        '  def advice_text',
        '    advice.to_s',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/digest.rb')).toEqual(['4 result-advice-test-removed', '9 potential-condition-triage-removed']);
    expect(sites(r, 'lib/desk.rb')).toEqual([]);
  });

  it('Python: a `@property` of a model read through the value an endpoint returns', async () => {
    writeTree(dir, {
      'lab/client.py': [
        'import requests',
        'from typing import Optional',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'class Result:',
        '    advice: Optional[str] = None',
        '',
        '    @property',
        '    def advice_text(self):',
        '        return (self.advice or "").strip()',
        '',
        '',
        'def fetch_result(token) -> Result:',
        '    return Result(**requests.get(BASE + "results/%s/" % token).json())',
        '',
      ].join('\n'),
      'lab/mail.py': ['from lab.client import fetch_result', '', '', 'def body(token):', '    r = fetch_result(token)', '    return "Advice: " + r.advice_text', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lab/mail.py')).toEqual(['6 result-advice-test-removed']);
  });

  it('a method that walks the model\'s items (`options.reject { |o| o.preselected }`) reads no field of the model for its caller; its own body is still the site', async () => {
    writeTree(dir, {
      'lib/sc_client.rb': ['class ScClient', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def fetch_question(token)', '    Question.new(get_json(BASE + "questions/#{token}/"))', '  end', 'end', ''].join('\n'),
      'lib/question.rb': [
        'class Question',
        '  attr_reader :options, :preselected',
        '',
        '  def initialize(json)',
        '    @options = json["options"]',
        '    @preselected = json["preselected"]',
        '  end',
        '',
        '  def open_options',
        '    options.reject { |o| o.preselected }',
        '  end',
        '',
        '  def chosen',
        '    preselected.to_a',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/screen.rb': ['class Screen', '  def rows(client, token)', '    q = client.fetch_question(token)', '    [q.open_options, q.chosen]', '  end', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/screen.rb')).toEqual(['4 question-preselected-removed']);
    expect(r.outcomes.find((o) => o.relPath === 'lib/screen.rb')!.findings.map((f) => f.column)).toEqual([24]);
  });

  it("PHP: `$result->conditionTriage()` reads the potential condition's triage through a field named for the part; `$result->label()` and a desk ticket's `conditionTriage()` stay", async () => {
    writeTree(dir, {
      'src/Client.php': ['<?php', 'final class Client', '{', '    public function getResult(string $token): Result', '    {', "        return Result::fromArray($this->get(\"https://www.buoyhealth.com/api/results/{$token}/\"));", '    }', '}', ''].join('\n'),
      'src/Result.php': [
        '<?php',
        'class Result',
        '{',
        '    public $token;',
        '    public $triage = [];',
        '    public $potentialCondition = [];',
        '',
        '    public static function fromArray(array $data): self',
        '    {',
        '        $result = new self();',
        "        $result->token = $data['token'];",
        "        $result->triage = $data['triage'] ?? [];",
        "        $result->potentialCondition = $data['triage_explanation']['potential_condition'] ?? [];",
        '        return $result;',
        '    }',
        '',
        '    public function conditionTriage(): ?string',
        '    {',
        "        return $this->potentialCondition['triage'] ?? null;",
        '    }',
        '',
        '    public function label(): ?string',
        '    {',
        "        return $this->triage['label'] ?? null;",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/ResultTest.php': [
        '<?php',
        'final class ResultTest extends TestCase',
        '{',
        '    public function test_result(): void',
        '    {',
        "        $result = $this->client->getResult('r-1');",
        "        $this->assertSame('self_care', $result->conditionTriage());",
        "        $this->assertSame('Home', $result->label());",
        "        $ticket = $this->desk->ticket('t-1');",
        "        $this->assertSame('x', $ticket->conditionTriage());",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ResultTest.php')).toEqual(['7 potential-condition-triage-removed']);
  });
});
