import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test double's canned answer built by a helper named for it (`fake_response(None, 202)`, `http_error(400, body)`,
 * `_response<Interview>(400)`), with the status in any position or given from the callback of `thenAnswer`, in a test
 * that performs the operation whose status changed. The same helper in a helpdesk test stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('answers built by test helpers', () => {
  it('Python unittest: `urlopen.side_effect = http_error(400, …)` before create_interview, `fake_response(None, 202)` before update_mode; a ticket test stays', async () => {
    writeTree(dir, {
      'app/client.py': [
        'import urllib.request',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'class Client:',
        '    def create_interview(self, age, sex):',
        '        return self._send("POST", BASE + "interviews/anonymous/", {"profile": {"age": age, "sex": sex}})',
        '',
        '    def update_mode(self, token, mode):',
        '        return self._send("PUT", BASE + "interviews/%s/" % token, {"mode": mode})',
        '',
        '    def open_ticket(self, subject):',
        '        return self._send("POST", "https://help.example.com/api/tickets/", {"subject": subject})',
        '',
      ].join('\n'),
      'tests/test_client.py': [
        'from tests.helpers import fake_response, http_error',
        '',
        '',
        'class ClientTest(unittest.TestCase):',
        '    def test_location_failure(self):',
        '        self.urlopen.side_effect = http_error(400, \'{"detail": "location"}\')',
        '        with self.assertRaises(LocationError):',
        '            self.client.create_interview(30, "female")',
        '',
        '    def test_mode_pending(self):',
        '        self.urlopen.return_value = fake_response(None, 202)',
        '        self.assertTrue(self.client.update_mode("abc", "protocol").pending)',
        '',
        '    def test_ticket_queued(self):',
        '        self.urlopen.return_value = fake_response(None, 202)',
        '        self.urlopen.side_effect = http_error(400, "{}")',
        '        self.client.open_ticket("printer")',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py').sort()).toEqual(['11 mode-update-status-200', '6 location-error-422']);
  });

  it("Dart mocktail: `thenAnswer((_) async => _response<Interview>(400))` in the test that starts an interview; a desk test stays", async () => {
    writeTree(dir, {
      'lib/repository.dart': [
        'class InterviewRepository {',
        '  InterviewRepository(this._service);',
        '  final SymptomCheckerService _service;',
        '',
        '  Future<Interview> start(int age) async {',
        "    final response = await _service.createInterview({'profile': {'age': age}});",
        '    return response.body!;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'lib/service.dart': [
        "@ChopperApi(baseUrl: 'https://www.buoyhealth.com/api/')",
        'abstract class SymptomCheckerService extends ChopperService {',
        "  @Post(path: 'interviews/anonymous/')",
        '  Future<Response<Interview>> createInterview(@Body() Map<String, dynamic> body);',
        '}',
        '',
      ].join('\n'),
      'test/repository_test.dart': [
        'Response<T> _response<T>(int status, [T? body]) => Response(http.Response(\'\', status), body);',
        '',
        'void main() {',
        "  test('start maps a 400 to LocationUnavailableException', () async {",
        '    when(() => service.createInterview(any()))',
        '        .thenAnswer((_) async => _response<Interview>(400));',
        '    expect(repository.start(34), throwsA(isA<LocationUnavailableException>()));',
        '  });',
        '',
        "  test('a full desk is a 400', () async {",
        '    when(() => desk.openTicket(any())).thenAnswer((_) async => _response<Ticket>(400));',
        "    expect(helpdesk.open('printer'), throwsA(isA<DeskFull>()));",
        '  });',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'test/repository_test.dart')).toEqual(['6 location-error-422']);
  });

  it("PHP: the app's own error answer named like a helper (`wp_send_json_error($data, 400)`) beside an interview's creation stays", async () => {
    writeTree(dir, {
      'includes/ajax.php': [
        '<?php',
        'function bsc_ajax_start() {',
        "    $res = wp_remote_post('https://www.buoyhealth.com/api/interviews/anonymous/', array('body' => wp_json_encode(array('profile' => array('age' => 30)))));",
        '    if (is_wp_error($res)) {',
        "        wp_send_json_error(array('message' => 'Unknown step.'), 400);",
        '    }',
        '    wp_send_json_success(json_decode(wp_remote_retrieve_body($res), true));',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'includes/ajax.php')).toEqual(['3 base-url']);
  });
});
