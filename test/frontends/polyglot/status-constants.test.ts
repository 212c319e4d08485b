import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { polyglotFrontEnds } from '../../../codemods/frontends/polyglot';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A status constant defined in one file and compared in another (status-constants.ts), and test doubles routed by
 * method and path that answer a changed status (stub-statuses.ts). Another service's constant and stubs stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('status constants across files', () => {
  it('Python: `MODE_UPDATE_PENDING = 202` in a constants module, compared in the mode update; a desk\'s `TICKET_QUEUED = 202` stays', async () => {
    writeTree(dir, {
      'app/constants.py': ['# Accepted, nothing new yet.', 'MODE_UPDATE_PENDING = 202', 'TICKET_QUEUED = 202', 'LIMIT = 20', ''].join('\n'),
      'app/client.py': [
        'import httpx',
        'from app.constants import MODE_UPDATE_PENDING',
        '',
        '',
        'def update_mode(token, mode):',
        '    response = httpx.put(f"https://www.buoyhealth.com/api/interviews/{token}/", json={"mode": mode})',
        '    if response.status_code == MODE_UPDATE_PENDING:',
        '        return None',
        '    return response.json()',
        '',
      ].join('\n'),
      'app/desk.py': [
        'import httpx',
        'from app.constants import TICKET_QUEUED',
        '',
        '',
        'def open_ticket(subject):',
        '    response = httpx.post("https://help.example.com/api/tickets/", json={"subject": subject, "mode": "complaint"})',
        '    return response.status_code == TICKET_QUEUED',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/constants.py')).toEqual(['2 mode-update-status-200']);
    expect(sites(r, 'app/client.py')).toEqual(['6 base-url', '7 mode-update-status-200']);
    expect(sites(r, 'app/desk.py')).toEqual([]);
  });

  it('PHP: a class constant compared with `$response->getStatusCode()` in another file\'s mode update; the desk\'s stays', async () => {
    writeTree(dir, {
      'src/Status.php': ['<?php', 'final class Status', '{', '    public const MODE_PENDING = 202;', '    public const TICKET_QUEUED = 202;', '}', ''].join('\n'),
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function changeMode(string $token, string $mode): ?array',
        '    {',
        "        $response = $this->http->put(\"https://www.buoyhealth.com/api/interviews/{$token}/\", ['json' => ['mode' => $mode]]);",
        '        if ($response->getStatusCode() === Status::MODE_PENDING) {',
        '            return null;',
        '        }',
        '        return json_decode((string) $response->getBody(), true);',
        '    }',
        '',
        '    public function openTicket(string $subject): bool',
        '    {',
        "        $response = $this->http->post('https://help.example.com/api/tickets/', ['json' => ['subject' => $subject]]);",
        '        return $response->getStatusCode() === Status::TICKET_QUEUED;',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Status.php')).toEqual(['4 mode-update-status-200']);
    expect(sites(r, 'src/Client.php')).toEqual(['6 base-url', '7 mode-update-status-200']);
  });

  it('Go: a constant holding a named status (`ModePending = http.StatusAccepted`) compared in another file; the desk\'s stays', async () => {
    writeTree(dir, {
      'status.go': ['package buoy', '', 'import "net/http"', '', 'const (', '\tModePending  = http.StatusAccepted', '\tTicketQueued = http.StatusAccepted', ')', ''].join('\n'),
      'client.go': [
        'package buoy',
        '',
        'func (c *Client) SetMode(token, mode string) (bool, error) {',
        '\tresp, err := c.put("https://www.buoyhealth.com/api/interviews/"+token+"/", map[string]string{"mode": mode})',
        '\tif err != nil {',
        '\t\treturn false, err',
        '\t}',
        '\treturn resp.StatusCode == ModePending, nil',
        '}',
        '',
        'func (c *Client) OpenTicket(subject string) (bool, error) {',
        '\tresp, err := c.post("https://help.example.com/api/tickets/", map[string]string{"subject": subject})',
        '\tif err != nil {',
        '\t\treturn false, err',
        '\t}',
        '\treturn resp.StatusCode == TicketQueued, nil',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'status.go')).toEqual(['6 mode-update-status-200']);
    expect(sites(r, 'client.go').sort()).toEqual(['4 base-url', '8 mode-update-status-200']);
  });
});

describe('routed stubs answering a changed status', () => {
  it('Python respx: `put(interview).respond(202)` and `post(create).respond(400)`; a ticket route, a complaint route stay', async () => {
    writeTree(dir, {
      'tests/test_client.py': [
        'def test_stubs(api):',
        '    api.put(f"/interviews/{TOKEN}/").respond(202)',
        '    api.post("/interviews/anonymous/").respond(400, json={"detail": "location"})',
        '    api.post("/complaints/").respond(400)',
        '    api.post("/tickets/").respond(202)',
        '    api.put("/tickets/t-1/").respond(202)',
        '    api.get("/interviews/t-1/").respond(200)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['2 mode-update-status-200', '3 location-error-422']);
  });

  it('Java WireMock: `put(urlEqualTo(interview)).willReturn(aResponse().withStatus(202))`; a ticket route stays', async () => {
    writeTree(dir, {
      'src/test/java/ClientTest.java': [
        'class ClientTest {',
        '  void stubs() {',
        '    wm.stubFor(put(urlEqualTo("/interviews/t-1/")).willReturn(aResponse().withStatus(202)));',
        '    wm.stubFor(post(urlEqualTo("/interviews/anonymous/"))',
        '        .willReturn(aResponse().withStatus(400).withBody("{}")));',
        '    wm.stubFor(put(urlEqualTo("/tickets/t-1/")).willReturn(aResponse().withStatus(202)));',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/java/ClientTest.java')).toEqual(['3 mode-update-status-200', '5 location-error-422']);
  });

  it("PHP: a queued `queue(400)` / `new Response(202)` in the test that calls createInterview / updateMode; the same status before another call stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createInterview(int $age): array',
        '    {',
        "        return $this->send('POST', 'interviews/anonymous/', ['profile' => ['age' => $age]]);",
        '    }',
        '',
        '    public function updateMode(string $token, string $mode): array',
        '    {',
        "        return $this->send('PUT', \"interviews/{$token}/\", ['mode' => $mode]);",
        '    }',
        '',
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
        '    public function test_location(): void',
        '    {',
        '        $this->queue(400);',
        '        $this->client->createInterview(34);',
        '    }',
        '',
        '    public function test_pending(): void',
        '    {',
        '        $this->mock->append(new Response(202));',
        "        $this->client->updateMode('t-1', 'triage');",
        '    }',
        '',
        '    public function test_complaint(): void',
        '    {',
        '        $this->queue(400);',
        '        $this->mock->append(new Response(202));',
        "        $this->client->createComplaint('t-1', 'cough');",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['12 mode-update-status-200', '13 mode-safe-triage-removed', '6 location-error-422']);
  });
  it("Java: a repository's setMode that calls the service's updateInterview records, in its first analysis, the constant it compares; a desk's setQueueMode does not", () => {
    const source = [
      'package app;',
      '',
      'public class Repository {',
      '    public boolean setMode(String token, InterviewMode mode) throws IOException {',
      '        Response<Update> response = service.updateInterview(token, new ModeUpdate(mode)).execute();',
      '        return response.code() == ApiConstants.HTTP_MODE_ACCEPTED;',
      '    }',
      '',
      '    public boolean setQueueMode(String id, String mode) throws IOException {',
      '        Response<Void> response = desk.updateTicket(id, mode).execute();',
      '        return response.code() == ApiConstants.DESK_QUEUED;',
      '    }',
      '',
      '    public String intentsPath() { return "intents/"; }',
      '}',
      '',
    ].join('\n');
    // Alone, as the first analysis of a run reads it (before the run's index knows `updateInterview` as an endpoint).
    const frontEnd = polyglotFrontEnds().find((f) => f.id === 'java')!;
    const r = frontEnd.analyze({ source, filePath: 'app/Repository.java', config: defaultConfig, changes: catalogue, markers: false, project: noProject });
    const facts = r.facts as { statusCompared?: { name: string; change: string }[] };
    expect(facts.statusCompared).toEqual([{ name: 'HTTP_MODE_ACCEPTED', change: 'mode-update-status-200' }]);
  });
  it("Swift: `static let modeUpdateAccepted = 202` compared as `Constants.StatusCode.modeUpdateAccepted` in the mode update; the desk's `static let ticketQueued = 202` stays", async () => {
    writeTree(dir, {
      'App/Constants.swift': [
        'enum Constants {',
        '    enum StatusCode {',
        '        static let modeUpdateAccepted = 202',
        '    }',
        '    enum Desk {',
        '        static let ticketQueued = 202',
        '    }',
        '}',
        '',
      ].join('\n'),
      'App/Service.swift': [
        'final class Service {',
        '    func updateMode(token: String, mode: String) async throws -> Bool {',
        '        var request = URLRequest(url: URL(string: "https://www.buoyhealth.com/api/interviews/\\(token)/")!)',
        '        request.httpMethod = "PUT"',
        '        request.httpBody = try JSONSerialization.data(withJSONObject: ["mode": mode])',
        '        let (_, response) = try await URLSession.shared.data(for: request)',
        '        return (response as? HTTPURLResponse)?.statusCode == Constants.StatusCode.modeUpdateAccepted',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Desk/Desk.swift': [
        'final class Desk {',
        '    func file(subject: String) async throws -> Bool {',
        '        var request = URLRequest(url: URL(string: "https://desk.example.org/api/tickets/")!)',
        '        request.httpMethod = "POST"',
        '        let (_, response) = try await URLSession.shared.data(for: request)',
        '        return (response as? HTTPURLResponse)?.statusCode == Constants.Desk.ticketQueued',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'App/Constants.swift')).toEqual(['3 mode-update-status-200']);
    expect(sites(r, 'App/Service.swift')).toEqual(['3 base-url', '7 mode-update-status-200']);
    expect(sites(r, 'Desk/Desk.swift')).toEqual([]);
  });
});
