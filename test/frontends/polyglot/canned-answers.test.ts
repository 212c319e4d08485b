import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A canned answer a test builds with a helper named for it (`fake_response({...})`, `json_response([...])`), in a test
 * that then calls the run's endpoint functions of one resource: a removed field in it is one v2 no longer answers. The
 * same helper's answer before a helpdesk call stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('canned answers of a test helper', () => {
  it('Python unittest: `fake_response({"token": "c1", "extra": "dry"})` before create_complaint; a desk ticket stays', async () => {
    writeTree(dir, {
      'app/client.py': [
        'import requests',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'def create_complaint(text):',
        '    return requests.post(BASE + "complaints/", json={"text": text}).json()',
        '',
      ].join('\n'),
      'tests/test_client.py': [
        'import unittest',
        'from app.client import create_complaint',
        'from app.desk import open_ticket',
        '',
        '',
        'class ClientTest(unittest.TestCase):',
        '    def test_complaint(self):',
        '        self.urlopen.return_value = fake_response({"token": "c1", "extra": "dry"})',
        '        self.assertEqual(create_complaint("cough")["token"], "c1")',
        '',
        '    def test_ticket(self):',
        '        self.urlopen.return_value = fake_response({"token": "t1", "extra": "dry"})',
        '        self.assertEqual(open_ticket("cough")["token"], "t1")',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['8 complaint-extra-removed']);
  });

  it("PHP: `json_response(['token' => 'i1', 'detail' => 'x'])` before createIntent; a desk ticket stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createIntent(string $token, string $name): array',
        '    {',
        "        return $this->send('POST', 'https://www.buoyhealth.com/api/intents/', ['interview' => $token, 'name' => $name]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    public function test_intent(): void',
        '    {',
        "        $this->mock->append(json_response(['token' => 'i1', 'detail' => 'x']));",
        "        $this->client->createIntent('t-1', 'care');",
        '    }',
        '',
        '    public function test_ticket(): void',
        '    {',
        "        $this->mock->append(json_response(['token' => 'k1', 'detail' => 'x']));",
        "        $this->desk->openTicket('cough');",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['6 intent-detail-context-removed']);
  });

  it("PHP Guzzle MockHandler: `new Response(201, [...], json_encode([...]))` and the test class's own `json()` helper, each answer with the endpoint called before the next; statuses too; a desk's answers and a feature test's own route stay", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class SymptomCheckerClient',
        '{',
        '    public function createInterview(array $profile): array',
        '    {',
        "        return $this->send('POST', 'interviews/anonymous/', ['profile' => $profile]);",
        '    }',
        '',
        '    public function getResult(string $token): array',
        '    {',
        "        return $this->send('GET', \"results/{$token}/\");",
        '    }',
        '}',
      ].join('\n'),
      'src/Desk.php': [
        '<?php',
        'final class DeskClient',
        '{',
        '    public function openTicket(string $subject): array',
        '    {',
        "        return $this->send('POST', 'https://desk.example.com/api/tickets/', ['subject' => $subject]);",
        '    }',
        '}',
      ].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        "    private const BASE = 'https://sandbox.buoyhealth.com/api/';",
        '',
        '    public function testInterviewThenResult(): void',
        '    {',
        "        $this->mock->append(new Response(201, ['Content-Type' => 'application/json'], json_encode(['token' => 'i-1', 'marketplace' => 'acme'])));",
        "        $this->client->createInterview(['age' => 34]);",
        "        $this->mock->append($this->json(200, ['token' => 'r-1', 'advice' => 'Rest', 'triage_explanation' => [['potential_condition' => ['triage' => 'home']]]]));",
        "        $this->client->getResult('r-1');",
        '    }',
        '',
        '    public function testLocationFailure(): void',
        '    {',
        "        $this->mock->append($this->json(400, ['detail' => 'no location']));",
        "        $this->client->createInterview(['age' => 34]);",
        '    }',
        '',
        '    public function testDesk(): void',
        '    {',
        "        $this->mock->append($this->json(200, ['token' => 't-1', 'advice' => 'Wait', 'marketplace' => 'desk']));",
        "        $this->desk->openTicket('late');",
        "        $this->json('POST', '/feedback', ['advice' => 'x']);",
        '    }',
        '',
        '    private function json(int $status, array $body): Response',
        '    {',
        "        return new Response($status, ['Content-Type' => 'application/json'], json_encode($body));",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(
      ['4 base-url', '8 interview-marketplace-variant-removed', '10 result-advice-test-removed', '10 potential-condition-triage-removed', '16 location-error-422'].sort(),
    );
  });

  it("PHP: answers queued together (`makeClient([$this->response(201, […]), $this->response(201, […])])`), then createComplaint and createIntent: the k-th answer is the k-th call's; a count that does not match, or a desk's, stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createComplaint(string $token, string $text): array',
        '    {',
        "        return $this->send('POST', 'https://www.buoyhealth.com/api/complaints/', ['interview' => $token, 'text' => $text]);",
        '    }',
        '',
        '    public function createIntent(string $token, string $name): array',
        '    {',
        "        return $this->send('POST', 'https://www.buoyhealth.com/api/intents/', ['interview' => $token, 'name' => $name]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    private function makeClient(array $answers): Client',
        '    {',
        "        array_unshift($answers, $this->response(200, ['access_token' => 't']));",
        '        return new Client(new MockHandler($answers));',
        '    }',
        '',
        '    public function testBoth(): void',
        '    {',
        '        $client = $this->makeClient([',
        "            $this->response(201, ['token' => 'c-1', 'extra' => 'x']),",
        "            $this->response(201, ['token' => 'i-1', 'detail' => 'y']),",
        '        ]);',
        "        $client->createComplaint('t-1', 'cough');",
        "        $client->createIntent('t-1', 'care');",
        '    }',
        '',
        '    public function testThreeAnswers(): void',
        '    {',
        '        $client = $this->makeClient([',
        "            $this->response(201, ['token' => 'c-1', 'extra' => 'x']),",
        "            $this->response(201, ['token' => 'i-1', 'detail' => 'y']),",
        "            $this->response(201, ['token' => 'i-2', 'context' => 'z']),",
        '        ]);',
        "        $client->createComplaint('t-1', 'cough');",
        "        $client->createIntent('t-1', 'care');",
        '    }',
        '',
        '    public function testDesk(): void',
        '    {',
        '        $desk = $this->makeDesk([',
        "            $this->response(201, ['token' => 't-1', 'extra' => 'x']),",
        "            $this->response(201, ['token' => 't-2', 'detail' => 'y']),",
        '        ]);',
        "        $desk->openTicket('cough');",
        "        $desk->closeTicket('t-1');",
        '    }',
        '',
        '    private function response(int $status, array $body): Response',
        '    {',
        '        return new Response($status, [], json_encode($body));',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['13 complaint-extra-removed', '14 intent-detail-context-removed']);
  });
});
