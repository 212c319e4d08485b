import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Endpoints whose URL is a path constant another file declares: the function calls that resource, so its callers
 * set what it sends. A helpdesk client of the same shape, over its own path constants, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('endpoints over imported path constants', () => {
  it('Python: a client method putting to `ITEM_PATH.format(…)` from a constants module sets the mode its callers pass', async () => {
    writeTree(dir, {
      'checker/paths.py': 'BASE = "https://sandbox.buoyhealth.com/api/"\nITEM_PATH = "interviews/{token}/"\nTICKET_PATH = "tickets/{token}/"\n',
      'checker/client.py': [
        'from .paths import ITEM_PATH',
        '',
        'class Checker:',
        '    def move_to(self, token, stage):',
        '        return self.http.put(ITEM_PATH.format(token=token), json={"mode": stage})',
        '',
      ].join('\n'),
      'desk/client.py': [
        'from checker.paths import TICKET_PATH',
        '',
        'class Desk:',
        '    def route_ticket(self, token, stage):',
        '        return self.http.put(TICKET_PATH.format(token=token), json={"mode": stage})',
        '',
      ].join('\n'),
      'jobs/replay.py': [
        'def replay(checker, desk, token, urgent):',
        '    if urgent:',
        '        checker.move_to(token, "safe")',
        '    desk.route_ticket(token, "complaint")',
        '    return checker.move_to(token, "complaint") == "ok"',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'jobs/replay.py')).toEqual(['3 mode-safe-triage-removed', '5 mode-complaint-renamed-input']);
    expect(sites(r, 'desk/client.py')).toEqual([]);
  });
});

describe('a body built in a variable and passed to an endpoint', () => {
  it('Python: `body = {…}` then `client.add_intent(token, body)` sends the intent; the same body passed to a helpdesk method stays', async () => {
    writeTree(dir, {
      'checker/client.py': [
        'INTENTS = "intents/"',
        '',
        'class Checker:',
        '    def add_intent(self, token, body):',
        '        return self.http.post(INTENTS, params={"interview": token}, json=body)',
        '',
      ].join('\n'),
      'desk/client.py': [
        'class Desk:',
        '    def add_note(self, token, body):',
        '        return self.http.post("https://help.example-desk.com/api/notes/", json=body)',
        '',
      ].join('\n'),
      'jobs/run.py': [
        'def run(checker, desk, token, why):',
        '    body = {"name": "care", "detail": why}',
        '    checker.add_intent(token, body)',
        '    note = {"name": "care", "detail": why}',
        '    desk.add_note(token, note)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'jobs/run.py')).toEqual(['2 intent-detail-context-removed']);
  });
});

describe("a status check beside a path function's URL", () => {
  it("Dart: `dio.put(Paths.interviewPath(t), data: {'mode': m})` then `statusCode == 202` checks the mode update; a helpdesk's twin stays", async () => {
    writeTree(dir, {
      'lib/paths.dart': "class Paths {\n  static String interviewPath(String t) => 'interviews/$t/';\n}\n",
      'lib/desk_paths.dart': "class DeskPaths {\n  static String ticketPath(String t) => 'https://help.example-desk.com/api/tickets/$t/';\n}\n",
      'lib/repo.dart': [
        'class Repo {',
        '  Future<bool> moveTo(String t, String m) async {',
        "    final r = await dio.put(Paths.interviewPath(t), data: {'mode': m});",
        '    return r.statusCode == 202;',
        '  }',
        '  Future<bool> routeTicket(String t, String m) async {',
        "    final r = await dio.put(DeskPaths.ticketPath(t), data: {'mode': m});",
        '    return r.statusCode == 202;',
        '  }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/repo.dart')).toEqual(['4 mode-update-status-200']);
  });
});
