import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test that reads a removed field back from the body its client sent, through a variable that holds the body or a
 * test case's helper, in a function that stubs the resource or calls an endpoint function of the run. A desk's test
 * that reads the same key of what it sent stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('sent-body reads', () => {
  it('Python: `body = json.loads(route.calls.last.request.content)` then `body["detail"]`; the desk\'s `body["extra"]` stays', async () => {
    writeTree(dir, {
      'tests/test_client.py': [
        'import json',
        '',
        '',
        'def test_intent(api, client):',
        '    route = api.post("/intents/").respond(201, json={})',
        '    client.add_intent("t-1", "care", detail="x")',
        '    body = json.loads(route.calls.last.request.content)',
        '    assert body["detail"] == "x"',
        '    assert body["name"] == "care"',
        '',
        '',
        'def test_ticket(desk, helpdesk):',
        '    route = desk.post("/tickets/").respond(202, json={})',
        '    helpdesk.open_ticket("s", extra={"a": 1})',
        '    body = json.loads(route.calls.last.request.content)',
        '    assert body["extra"] == {"a": 1}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['8 intent-detail-context-removed']);
  });

  it("PHP: `$this->requestBody(1)['extra']` in a test that calls the run's createComplaint; the same read after openTicket stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createComplaint(string $token, string $text): array',
        '    {',
        "        return $this->send('POST', 'complaints/', ['interview' => $token, 'text' => $text]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    public function test_complaint(): void',
        '    {',
        "        $this->client->createComplaint('t-1', 'cough');",
        "        $this->assertSame('x', $this->requestBody(1)['extra']);",
        '    }',
        '',
        '    public function test_ticket(): void',
        '    {',
        "        $this->desk->openTicket('cough');",
        "        $this->assertSame('x', $this->requestBody(1)['extra']);",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['7 complaint-extra-removed']);
  });

  it('the whole sent body compared with a literal holding a mode: Python `== {"mode": "safe"}`, PHP `assertSame([\'mode\' => \'triage\'], $this->requestBody(1))`; a desk\'s stays', async () => {
    writeTree(dir, {
      'tests/test_modes.py': [
        'import json',
        '',
        '',
        'def test_mode(api, client):',
        '    route = api.put(f"/interviews/{TOKEN}/").respond(200, json={})',
        '    client.update_mode(TOKEN, "safe")',
        '    assert json.loads(route.calls.last.request.content) == {"mode": "safe"}',
        '',
        '',
        'def test_ticket(desk, helpdesk):',
        '    route = desk.put("/tickets/t-1/").respond(200, json={})',
        '    helpdesk.update_ticket("t-1", "safe")',
        '    assert json.loads(route.calls.last.request.content) == {"mode": "safe"}',
        '',
      ].join('\n'),
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function updateMode(string $token, string $mode): array',
        '    {',
        "        return $this->send('PUT', \"interviews/{$token}/\", ['mode' => $mode]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/ModeTest.php': [
        '<?php',
        'final class ModeTest extends TestCase',
        '{',
        '    public function test_mode(): void',
        '    {',
        "        $this->client->updateMode('t-1', $this->next);",
        "        $this->assertSame(['mode' => 'triage'], $this->requestBody(1));",
        '    }',
        '',
        '    public function test_ticket(): void',
        '    {',
        "        $this->desk->updateTicket('t-1', $this->next);",
        "        $this->assertSame(['mode' => 'triage'], $this->requestBody(1));",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_modes.py')).toEqual(['7 mode-safe-triage-removed']);
    expect(sites(r, 'tests/ModeTest.php')).toEqual(['7 mode-safe-triage-removed']);
  });
});

describe('bodies the stub libraries recorded', () => {
  it("PHP (Symfony): `$body = json_decode($response->getRequestOptions()['body'], true)` then `$body['extra']` after createComplaint; the same after openTicket stays", async () => {
    const fn = (name: string, call: string) => [
      `    public function ${name}(): void`,
      '    {',
      "        $response = new MockResponse('{}', ['http_code' => 201]);",
      `        $this->createClient([$response])->${call};`,
      "        $body = json_decode($response->getRequestOptions()['body'], true);",
      "        self::assertSame('x', $body['extra']);",
      '    }',
    ];
    writeTree(dir, {
      'src/Client.php': ['<?php', 'final class Client', '{', '    public function createComplaint(string $token, string $text): array', '    {', "        return $this->send('POST', 'complaints/', ['interview' => $token, 'text' => $text]);", '    }', '}', ''].join('\n'),
      'tests/ClientTest.php': ['<?php', 'final class ClientTest extends TestCase', '{', ...fn('testComplaint', "createComplaint('t-1', 'cough')"), ...fn('testTicket', "openTicket('cough')"), '}', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['9 complaint-extra-removed']);
  });

  it('Kotlin (MockWebServer): `server.takeRequest().body.readUtf8() shouldContain "\\"extra\\":…"` after createComplaint and createIntent is the complaint\'s; a desk test\'s stays', async () => {
    writeTree(dir, {
      'src/Client.kt': [
        'class Client(private val web: WebClient) {',
        '    suspend fun createComplaint(body: Map<String, String>): String = web.post().uri("https://www.buoyhealth.com/api/complaints/").bodyValue(body).retrieve().awaitBody()',
        '    suspend fun createIntent(body: Map<String, String>): String = web.post().uri("https://www.buoyhealth.com/api/intents/").bodyValue(body).retrieve().awaitBody()',
        '}',
        '',
      ].join('\n'),
      'test/ClientTest.kt': [
        'class ClientTest {',
        '    @Test',
        '    fun sends() = runTest {',
        '        client.createComplaint(mapOf("text" to "cough"))',
        '        client.createIntent(mapOf("name" to "care"))',
        '        server.takeRequest().body.readUtf8() shouldContain "\\"extra\\":\\"worse\\""',
        '        server.takeRequest().body.readUtf8() shouldContain "\\"context\\":\\"night\\""',
        '    }',
        '',
        '    @Test',
        '    fun ticket() = runTest {',
        '        desk.openTicket(mapOf("text" to "cough"))',
        '        server.takeRequest().body.readUtf8() shouldContain "\\"extra\\":\\"worse\\""',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'test/ClientTest.kt')).toEqual(['6 complaint-extra-removed', '7 intent-detail-context-removed']);
  });

  it("PHP (Guzzle history, a Yii test's own list): `json_decode((string) $this->history[0]['request']->getBody(), true)['extra']`, `$this->sent[1]->getData()` compared with a mode; the desk's stay; an app's own `$request->getBody()` is never read", async () => {
    const client = ['<?php', 'final class Client', '{', '    public function createComplaint(string $token, string $text): array', '    {', "        return $this->send('POST', 'complaints/', ['interview' => $token, 'text' => $text]);", '    }', '', '    public function updateMode(string $token, string $mode): array', '    {', "        return $this->send('PUT', \"interviews/{$token}/\", ['mode' => $mode]);", '    }', '}', ''];
    writeTree(dir, {
      'src/Client.php': client.join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    public function testComplaint(): void',
        '    {',
        "        $this->client->createComplaint('t-1', 'cough');",
        "        $sent = json_decode((string) $this->history[0]['request']->getBody(), true);",
        "        self::assertSame('x', $sent['extra']);",
        '    }',
        '',
        '    public function testMode(): void',
        '    {',
        "        $this->client->updateMode('t-1', $this->next);",
        "        $this->assertSame(['mode' => 'triage'], $this->sent[1]->getData());",
        "        $request = $this->history[0]['request'];",
        "        self::assertSame(['mode' => 'triage'], json_decode((string) $request->getBody(), true));",
        '    }',
        '',
        '    public function testTicket(): void',
        '    {',
        "        $this->desk->openTicket('cough');",
        "        $sent = json_decode((string) $this->history[0]['request']->getBody(), true);",
        "        self::assertSame('x', $sent['extra']);",
        "        $this->assertSame(['mode' => 'triage'], $this->sent[1]->getData());",
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/ComplaintAction.php': [
        '<?php',
        'final class ComplaintAction',
        '{',
        '    public function __invoke($request, $response)',
        '    {',
        "        $body = json_decode((string) $request->getBody(), true);",
        "        $this->client->createComplaint($body['token'], $body['text'] . $body['extra']);",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['14 mode-safe-triage-removed', '16 mode-safe-triage-removed', '8 complaint-extra-removed']);
    expect(sites(r, 'src/ComplaintAction.php')).toEqual([]);
  });
});
