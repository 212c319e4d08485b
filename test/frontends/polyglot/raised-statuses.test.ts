import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An error type that gives its parent's constructor an old status (raised-statuses.ts), raised where the operation whose
 * status changed is performed: the status it carries is reported. The same shape raised by a helpdesk call stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('error types carrying an old status', () => {
  it('Python: `super().__init__(400, body)` in an error raised by create_interview; a desk error raised by open_ticket stays', async () => {
    writeTree(dir, {
      'app/client.py': [
        'import requests',
        '',
        '',
        'class ApiError(Exception):',
        '    def __init__(self, status, body):',
        '        super().__init__(f"HTTP {status}")',
        '        self.status = status',
        '',
        '',
        'class NoLocation(ApiError):',
        '    def __init__(self, body):',
        '        super().__init__(400, body)',
        '',
        '',
        'class DeskFull(ApiError):',
        '    def __init__(self, body):',
        '        super().__init__(400, body)',
        '',
        '',
        'def create_interview(age):',
        '    r = requests.post("https://www.buoyhealth.com/api/interviews/anonymous/", json={"profile": {"age": age}})',
        '    if not r.ok:',
        '        raise NoLocation(r.text)',
        '    return r.json()',
        '',
        '',
        'def open_ticket(subject):',
        '    r = requests.post("https://help.example.com/api/tickets/", json={"subject": subject})',
        '    if not r.ok:',
        '        raise DeskFull(r.text)',
        '    return r.json()',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/client.py').filter((s) => !s.endsWith('base-url'))).toEqual(['12 location-error-422']);
  });

  it("Dart: `LocationUnavailableException() : super(HttpStatus.badRequest)` thrown by the repository's start; a ticket's stays", async () => {
    writeTree(dir, {
      'lib/repository.dart': [
        "import 'dart:io';",
        '',
        'class ApiException implements Exception {',
        '  ApiException(this.statusCode);',
        '  final int statusCode;',
        '}',
        '',
        'class LocationUnavailableException extends ApiException {',
        '  LocationUnavailableException() : super(HttpStatus.badRequest);',
        '}',
        '',
        'class TicketRejected extends ApiException {',
        '  TicketRejected() : super(HttpStatus.badRequest);',
        '}',
        '',
        'class Repository {',
        '  Future<Map<String, dynamic>> start(int age) async {',
        "    final response = await http.post(Uri.parse('https://www.buoyhealth.com/api/interviews/anonymous/'), body: jsonEncode({'profile': {'age': age}}));",
        '    if (response.statusCode != 201) throw LocationUnavailableException();',
        '    return jsonDecode(response.body);',
        '  }',
        '',
        '  Future<void> openTicket(String subject) async {',
        "    final response = await http.post(Uri.parse('https://help.example.com/api/tickets/'), body: jsonEncode({'subject': subject}));",
        '    if (response.statusCode != 201) throw TicketRejected();',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/repository.dart').filter((s) => !s.endsWith('base-url'))).toEqual(['9 location-error-422']);
  });
});
