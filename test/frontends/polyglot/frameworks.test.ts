import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Framework apps (Laravel, Rails, ASP.NET) keep the API's base address in configuration and call relative paths
 * from service classes, keep paths in a constants class, and model responses in plain classes. Each tree holds a
 * client of the API and, beside it, a helpdesk client of the same shape that must stay untouched.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = () => scanProject(dir);

describe('framework clients without a v1 address in the file', () => {
  it('PHP: a namespace named after the API, path constants in another class, keys written after the body is built', async () => {
    writeTree(dir, {
      'Checker/Paths.php': [
        '<?php',
        'namespace Acme\\Clinic\\SymptomChecker;',
        'final class Paths',
        '{',
        "    public const GRIEVANCE = 'complaints/';",
        "    public const PURPOSE = 'intents/';",
        '}',
      ].join('\n'),
      'Checker/Gateway.php': [
        '<?php',
        'namespace Acme\\Clinic\\SymptomChecker;',
        'class Gateway',
        '{',
        '    public function lodge(string $visit, ?string $note): array',
        '    {',
        "        $payload = ['interview' => $visit, 'text' => 'cough'];",
        "        $payload['extra'] = $note;",
        '        return $this->http->post(Paths::GRIEVANCE, $payload)->json();',
        '    }',
        '    public function purpose(string $visit, string $why): array',
        '    {',
        "        return $this->http->post(Paths::PURPOSE, ['intent' => $why, 'detail' => $why])->json();",
        '    }',
        '}',
      ].join('\n'),
      'Desk/DeskPaths.php': ['<?php', 'namespace Acme\\Clinic\\Desk;', 'final class DeskPaths', '{', "    public const TICKETS = 'tickets/';", '}'].join('\n'),
      'Desk/DeskGateway.php': [
        '<?php',
        'namespace Acme\\Clinic\\Desk;',
        'class DeskGateway',
        '{',
        '    public function lodge(string $who, ?string $note): array',
        '    {',
        "        $payload = ['requester' => $who, 'mode' => 'complaint'];",
        "        $payload['extra'] = $note;",
        "        $res = $this->http->post(DeskPaths::TICKETS, $payload);",
        "        return $res->status() === 202 ? [] : ['advice' => $res->json()['advice'], 'url' => 'https://desk.example.org/api/'];",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Checker/Gateway.php')).toEqual(['13 intent-detail-context-removed', '8 complaint-extra-removed']);
    expect(sites(r, 'Desk/DeskGateway.php')).toEqual([]);
    expect(sites(r, 'Desk/DeskPaths.php')).toEqual([]);
  });

  it('PHP: promoted constructor properties of a model and the array its factory reads', async () => {
    writeTree(dir, {
      'Checker/VisitResult.php': [
        '<?php',
        'namespace Acme\\Clinic\\SymptomChecker\\Models;',
        'class VisitResult',
        '{',
        '    public function __construct(public string $token, public ?array $advice) {}',
        '    public static function fromPayload(array $payload): self',
        '    {',
        "        return new self($payload['token'], $payload['advice'] ?? null);",
        '    }',
        '}',
      ].join('\n'),
      'Desk/ArticleResult.php': [
        '<?php',
        'namespace Acme\\Clinic\\Desk;',
        'class ArticleResult',
        '{',
        '    public function __construct(public string $id, public ?array $advice, public ?string $mode) {}',
        '    public static function fromPayload(array $payload): self',
        '    {',
        "        return new self($payload['id'], $payload['advice'] ?? null, 'complaint');",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Checker/VisitResult.php')).toEqual(['5 result-advice-test-removed', '8 result-advice-test-removed']);
    expect(sites(r, 'Desk/ArticleResult.php')).toEqual([]);
  });

  it('Ruby: a module named after the API, attr_reader and Struct members, a factory parameter, a hash key written later', async () => {
    writeTree(dir, {
      'lib/symptom_checker/visit_result.rb': [
        'module SymptomChecker',
        '  class VisitResult',
        '    attr_reader :token, :advice',
        '    def self.build(payload)',
        '      body = payload.to_h.deep_stringify_keys',
        "      new(token: body['token'], advice: body.fetch('advice', []))",
        '    end',
        '  end',
        '  AskedQuestion = Struct.new(:token, :preselected, keyword_init: true)',
        '  class Grievances',
        '    def lodge(visit, note)',
        '      body = { interview: visit, text: "cough" }',
        '      body[:extra] = note if note',
        "      conn.post('complaints/', body)",
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/support_desk/article_result.rb': [
        'module SupportDesk',
        '  class ArticleResult',
        '    attr_reader :id, :advice, :extra',
        '    def self.build(payload)',
        "      new(id: payload['id'], advice: payload.fetch('advice', []))",
        '    end',
        '  end',
        '  TicketRow = Struct.new(:mode, :extra, :advice)',
        '  class Tickets',
        '    def lodge(who, note)',
        "      body = { requester: who, mode: 'complaint' }",
        '      body[:extra] = note if note',
        "      resp = conn.post('https://desk.example.org/api/tickets', body)",
        '      resp.status == 202',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/symptom_checker/visit_result.rb')).toEqual(['13 complaint-extra-removed', '3 result-advice-test-removed', '6 result-advice-test-removed', '9 question-preselected-removed']);
    expect(sites(r, 'lib/support_desk/article_result.rb')).toEqual([]);
    expect(read(dir, 'lib/support_desk/article_result.rb')).toContain("mode: 'complaint'");
  });

  it('PHP: a decoded response body, dotted key paths and key lists picked from a response', async () => {
    writeTree(dir, {
      'Checker/Outcomes.php': [
        '<?php',
        'namespace Acme\\Clinic\\SymptomChecker;',
        'class Outcomes',
        '{',
        '    public function fetch(string $t): array',
        '    {',
        "        $res = $this->guzzle->get('results/' . $t . '/');",
        '        $body = json_decode($res->getBody(), true);',
        "        $level = data_get($body, 'triage_explanation.potential_condition.triage');",
        "        return ['tips' => $body['advice'] ?? [], 'level' => $level, 'kept' => Arr::only($body, ['token', 'test'])];",
        '    }',
        '}',
      ].join('\n'),
      'Desk/Articles.php': [
        '<?php',
        'namespace Acme\\Clinic\\Desk;',
        'class Articles',
        '{',
        '    public function fetch(string $t): array',
        '    {',
        "        $res = $this->guzzle->get('https://desk.example.org/api/articles/' . $t);",
        '        $body = json_decode($res->getBody(), true);',
        "        $level = data_get($body, 'meta.mode.triage');",
        "        return ['tips' => $body['advice'] ?? [], 'level' => $level, 'kept' => Arr::only($body, ['id', 'test', 'extra'])];",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Checker/Outcomes.php')).toEqual(['10 result-advice-test-removed', '10 result-advice-test-removed', '9 potential-condition-triage-removed']);
    expect(sites(r, 'Desk/Articles.php')).toEqual([]);
  });

  it('Ruby: a helper\'s parameter is what its callers in the file pass; keys sliced from it are reads', async () => {
    writeTree(dir, {
      'app/services/symptom_checker/purposes.rb': [
        'module SymptomChecker',
        '  class Purposes',
        '    def add(visit, why)',
        "      present(parse(conn.post('intents/', { interview: visit, intent: why })))",
        '    end',
        '    private',
        '    def present(payload)',
        "      payload.slice('token', 'intent', 'detail').merge(note: payload.fetch('context', nil))",
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/services/support_desk/notes.rb': [
        'module SupportDesk',
        '  class Notes',
        '    def add(ticket, why)',
        "      present(parse(conn.post('https://desk.example.org/api/notes', { ticket: ticket, mode: 'complaint' })))",
        '    end',
        '    private',
        '    def present(payload)',
        "      payload.slice('id', 'detail', 'extra').merge(note: payload.fetch('context', nil), tips: payload['advice'])",
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'app/services/symptom_checker/purposes.rb')).toEqual(['8 intent-detail-context-removed', '8 intent-detail-context-removed']);
    expect(sites(r, 'app/services/support_desk/notes.rb')).toEqual([]);
  });

  it('PHP tests: a key read from the request in an assertSent closure that names one resource\'s path', async () => {
    writeTree(dir, {
      'tests/GatewayTest.php': [
        '<?php',
        'class GatewayTest extends TestCase',
        '{',
        '    public function test_note_is_sent(): void',
        '    {',
        "        Http::assertSent(fn ($request) => str_ends_with($request->url(), 'complaints/') && $request['extra'] === 'since friday');",
        '    }',
        '}',
      ].join('\n'),
      'tests/DeskTest.php': [
        '<?php',
        'class DeskTest extends TestCase',
        '{',
        '    public function test_note_is_sent(): void',
        '    {',
        "        Http::assertSent(fn ($request) => str_ends_with($request->url(), 'tickets/') && $request['extra'] === 'since friday' && $request['mode'] === 'complaint');",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'tests/GatewayTest.php')).toEqual(['6 complaint-extra-removed']);
    expect(sites(r, 'tests/DeskTest.php')).toEqual([]);
  });
});

