import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test case's own helper that answers the request it recorded (`self.sent()`, `sent()`), then the body of it
 * (`.data`, `.body`) decoded, then a key: `json.loads(self.sent().data)["extra"]`, and the whole body compared with
 * an expected one (`{"mode": "triage"}`). The same reads after a helpdesk call stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'import json',
  'from urllib import request',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  '',
  'class Client:',
  '    def create_complaint(self, text, extra=None):',
  '        return self._send("POST", BASE + "complaints/", {"text": text, "extra": extra})',
  '',
  '    def update_mode(self, token, mode):',
  '        return self._send("PUT", BASE + "interviews/%s/" % token, {"mode": mode})',
  '',
].join('\n');

describe("reads of the body a test case's helper recorded", () => {
  it('Python unittest: `json.loads(self.sent().data)["extra"]` and an expected `{"mode": "triage"}`; a desk test stays', async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/test_client.py': [
        'import json',
        'import unittest',
        '',
        '',
        'class ClientTest(unittest.TestCase):',
        '    def test_complaint(self):',
        '        self.client.create_complaint("cough", extra="dry")',
        '        self.assertEqual(json.loads(self.sent().data)["extra"], "dry")',
        '',
        '    def test_mode(self):',
        '        self.client.update_mode("abc", "triage")',
        '        self.assertEqual(json.loads(self.sent().data), {"mode": "triage"})',
        '',
        '    def test_ticket(self):',
        '        self.desk.open_ticket("cough", extra="dry")',
        '        self.assertEqual(json.loads(self.sent().data)["extra"], "dry")',
        '        self.assertEqual(json.loads(self.sent().data), {"mode": "complaint"})',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['11 mode-safe-triage-removed', '12 mode-safe-triage-removed', '7 complaint-extra-removed', '8 complaint-extra-removed']);
  });

  it("PHP: `json_decode($this->sent()->body, true)['extra']` in a test that calls the run's createComplaint; the desk's stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createComplaint(string $token, string $text): array',
        '    {',
        "        return $this->send('POST', 'https://www.buoyhealth.com/api/complaints/', ['interview' => $token, 'text' => $text]);",
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
        "        $this->assertSame('x', json_decode($this->sent()->body, true)['extra']);",
        '    }',
        '',
        '    public function test_ticket(): void',
        '    {',
        "        $this->desk->openTicket('cough');",
        "        $this->assertSame('x', json_decode($this->sent()->body, true)['extra']);",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['7 complaint-extra-removed']);
  });
});
