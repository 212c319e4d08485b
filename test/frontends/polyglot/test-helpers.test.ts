import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test case's own helpers: one that routes a stub by method, path and status in one call (`$this->fakeRoute('PUT',
 * $url, 202)`), and one that answers the last request recorded (`$this->lastRequest()['body']['detail']`), read for
 * the endpoint the test called last. The same helpers on a helpdesk's routes stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("a test case's routing and recording helpers", () => {
  it('PHP (PHPUnit over a Guzzle client): routed statuses and the last request body, by the endpoint called last', async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        "    const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function updateMode(string $t, string $mode): array { return $this->send("PUT", self::BASE . "interviews/$t/", ["mode" => $mode]); }',
        '    public function addComplaint(string $t, string $text): array { return $this->send("POST", self::BASE . "complaints/", ["interview" => $t, "text" => $text]); }',
        '    public function addIntent(string $t, string $intent): array { return $this->send("POST", self::BASE . "intents/", ["interview" => $t, "intent" => $intent]); }',
        '}',
      ].join('\n'),
      'tests/ClientTest.php': [
        '<?php',
        'final class ClientTest extends TestCase',
        '{',
        '    public function testPendingMode(): void',
        '    {',
        "        $this->fakeRoute('PUT', Client::BASE . 'interviews/i-1/', 202, []);",
        "        $this->client->updateMode('i-1', 'input');",
        '    }',
        '    public function testIntentPayload(): void',
        '    {',
        "        $this->client->addComplaint('i-1', 'headache');",
        "        $this->client->addIntent('i-1', 'care');",
        "        $sent = $this->lastRequest()['body'];",
        "        $this->assertSame('soon', $sent['detail']);",
        '    }',
        '    public function testDeskTicket(): void',
        '    {',
        "        $this->fakeRoute('PUT', 'https://help.example.com/api/tickets/7/', 202, []);",
        "        $this->desk->update(7, ['mode' => 'complaint']);",
        "        $this->assertSame('x', $this->lastRequest()['body']['detail']);",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['14 intent-detail-context-removed', '6 mode-update-status-200']);
  });

  it('Python (unittest over requests): the same helpers spelled in snake case', async () => {
    writeTree(dir, {
      'clinic/client.py': [
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        'def add_complaint(session, token, text):',
        '    return session.post(BASE + "complaints/", json={"interview": token, "text": text}).json()',
        '',
        'def set_mode(session, token, mode):',
        '    return session.put(BASE + f"interviews/{token}/", json={"mode": mode})',
      ].join('\n'),
      'tests/test_client.py': [
        'from clinic.client import BASE, add_complaint, set_mode',
        '',
        'class ClientTest(StubbedTestCase):',
        '    def test_pending(self):',
        '        self.stub("PUT", BASE + "interviews/i-1/", 202, {})',
        '        set_mode(self.session, "i-1", "input")',
        '',
        '    def test_complaint_body(self):',
        '        set_mode(self.session, "i-1", "input")',
        '        add_complaint(self.session, "i-1", "headache")',
        '        self.assertEqual("x", self.last_request().json()["extra"])',
        '',
        '    def test_desk(self):',
        '        self.stub("PUT", "https://help.example.com/api/tickets/7/", 202, {})',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['11 complaint-extra-removed', '5 mode-update-status-200']);
  });

  it('Python: a recorded request of a test that performs two, read by a key only one of them has', async () => {
    writeTree(dir, {
      'clinic/client.py': [
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        'def add_complaint(session, token, text, extra):',
        '    return session.post(BASE + "complaints/", json={"interview": token, "text": text, "extra": extra}).json()',
        '',
        'def add_intent(session, token, intent):',
        '    return session.post(BASE + "intents/", json={"interview": token, "intent": intent}).json()',
        '',
        'def answer_question(session, token, option, extra):',
        '    return session.put(BASE + f"questions/{token}/", json={"token": option, "extra": extra}).json()',
      ].join('\n'),
      'tests/test_payloads.py': [
        'from clinic.client import add_complaint, add_intent, answer_question',
        '',
        'class PayloadTest(RecordingTestCase):',
        '    def test_complaint_then_intent(self):',
        '        add_complaint(self.session, "i-1", "headache", "since Monday")',
        '        add_intent(self.session, "i-1", "care")',
        '        self.assertEqual("since Monday", self.requests[0]["body"]["extra"])',
        '',
        '    def test_complaint_then_answer(self):',
        '        add_complaint(self.session, "i-1", "headache", "x")',
        '        answer_question(self.session, "q-1", "o-1", "48")',
        '        self.assertEqual("48", self.requests[1]["body"]["extra"])',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_payloads.py')).toEqual(['10 complaint-extra-removed', '5 complaint-extra-removed', '7 complaint-extra-removed']);
  });
});
