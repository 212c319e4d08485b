import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An equality assertion that compares a changed mode with a read of the mode field of what was sent
 * (`assertSame('safe', $this->lastBody()['mode'])`) in a test of the API; the same assertion on another key, or
 * in a helpdesk's test that never talks to the API, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const test = (base: string) =>
  [
    '<?php',
    'final class ClientTest extends TestCase',
    '{',
    '    public function testModeIsSent(): void',
    '    {',
    `        $this->respond('${base}interviews/t-1/', 200);`,
    "        $this->client->changeMode('t-1', 'safe');",
    "        $this->assertSame('safe', $this->lastBody()['mode']);",
    "        $this->assertSame('safe', $this->lastBody()['theme']);",
    "        self::assertEquals('complaint', $this->sent[0]->mode);",
    '    }',
    '}',
    '',
  ].join('\n');

describe('mode assertions', () => {
  it("PHP: `assertSame('safe', $this->lastBody()['mode'])` in a test of the API; another key, or a desk's test, stays", async () => {
    writeTree(dir, { 'tests/ClientTest.php': test('https://www.buoyhealth.com/api/'), 'desk/tests/ClientTest.php': test('https://desk.example.org/api/') });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['10 mode-complaint-renamed-input', '6 base-url', '8 mode-safe-triage-removed']);
    expect(sites(r, 'desk/tests/ClientTest.php')).toEqual([]);
  });

  it("PHP: in a test file of the API, a test that stubs another host (`new MockHttpClient([$r], 'https://help.example.com/api/')`) asserts that service's mode; the API's test beside it is reported", async () => {
    const fn = (name: string, base: string, mode: string) => [
      `    public function ${name}(): void`,
      '    {',
      `        $response = new MockResponse('', ['http_code' => 200]);`,
      `        $client = new Client(new MockHttpClient([$response], '${base}'));`,
      `        $client->send('t-1', '${mode}');`,
      "        $body = json_decode($response->getRequestOptions()['body'], true);",
      `        self::assertSame('${mode}', $body['mode']);`,
      '    }',
    ];
    const file = ['<?php', 'final class ClientTest extends TestCase', '{', ...fn('testDesk', 'https://help.example.com/api/', 'complaint'), ...fn('testApi', 'https://www.buoyhealth.com/api/', 'safe'), '}', ''].join('\n');
    writeTree(dir, { 'tests/ClientTest.php': file });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClientTest.php')).toEqual(['15 base-url', '18 mode-safe-triage-removed']);
  });

  it('Swift: `XCTAssertEqual(try lastBody()["mode"] as? String, "safe")` (a `try` before the read, a cast after it) in a test of the API; another key, or a desk\'s test, stays', async () => {
    const swiftTest = (base: string) =>
      [
        'import XCTest',
        '',
        'final class VisitTests: XCTestCase {',
        '    func testModeIsSent() async throws {',
        `        Stub.reply(to: "${base}interviews/t-1/", status: 200)`,
        '        try await store.changeMode(token: "t-1", to: "safe")',
        '        XCTAssertEqual(try lastBody()["mode"] as? String, "safe")',
        '        XCTAssertEqual(lastBody()?["mode"] as? String, "complaint")',
        '        XCTAssertEqual(try lastBody()["theme"] as? String, "safe")',
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, { 'Tests/VisitTests.swift': swiftTest('https://www.buoyhealth.com/api/'), 'Desk/Tests/VisitTests.swift': swiftTest('https://desk.example.org/api/') });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/VisitTests.swift')).toEqual(['5 base-url', '7 mode-safe-triage-removed', '8 mode-complaint-renamed-input']);
    expect(sites(r, 'Desk/Tests/VisitTests.swift')).toEqual([]);
  });

  it("Python: a helpdesk's test whose prose names one of the API's models (`\"Result looks wrong\"`) is not tied by the word; the API's own test is", async () => {
    const models = ['from pydantic import BaseModel', '', '', 'class Result(BaseModel):', '    token: str', '    advice: str = ""', ''].join('\n');
    const client = ['import httpx', 'from app.models import Result', '', '', 'def get_result(token):', '    return Result.parse_obj(httpx.get(f"https://www.buoyhealth.com/api/results/{token}/").json())', ''].join('\n');
    const deskTest = ['import json', '', '', 'def test_ticket(desk, route):', '    desk.open_ticket("Result looks wrong", "It said Result")', '    body = json.loads(route.calls.last.request.content)', '    assert body["mode"] == "complaint"', ''].join('\n');
    const apiTest = ['import json', 'from app.client import get_result', '', '', 'def test_mode(route):', '    get_result("t-1")', '    body = json.loads(route.calls.last.request.content)', '    assert body["mode"] == "complaint"', ''].join('\n');
    writeTree(dir, { 'app/models.py': models, 'app/client.py': client, 'tests/test_desk.py': deskTest, 'tests/test_api.py': apiTest });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_desk.py')).toEqual([]);
    expect(sites(r, 'tests/test_api.py')).toEqual(['8 mode-complaint-renamed-input']);
  });

  it("Swift: an assertion on a value the file alone ties (`XCTAssertEqual(ticket.mode, \"complaint\")` in a test file of the API's client) is reported, never rewritten", async () => {
    const tests = [
      'import XCTest',
      '@testable import SymptomChecker',
      '',
      'final class DeskTests: XCTestCase {',
      '    func testCreatesTicket() async throws {',
      '        let result = try await DeskService().submit(subject: "Bug", interviewToken: nil)',
      '        guard case .created(let ticket) = result else { return XCTFail("expected ticket") }',
      '        XCTAssertEqual(ticket.mode, "complaint")',
      '    }',
      '',
      '    func testInterviewURL() throws {',
      '        XCTAssertEqual(Router.base, "https://www.buoyhealth.com/api/")',
      '    }',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'Tests/DeskTests.swift': tests });
    const r = await scanProject(dir);
    const o = r.outcomes.find((x) => x.relPath === 'Tests/DeskTests.swift')!;
    expect(o.findings.filter((f) => f.change === 'mode-complaint-renamed-input').map((f) => `${f.line} ${f.fix}`)).toEqual(['8 manual']);
    expect(o.after).toContain('XCTAssertEqual(ticket.mode, "complaint")');
  });
  it("Swift: the asserted value's type declared in another file of the run: a desk's `Ticket` stays unreported, the API's `Interview` is reported; a desk stub's `/api/` is no use of the host constant `api`", async () => {
    const desk = [
      'import Foundation',
      '',
      'struct Ticket: Decodable {',
      '    let id: String',
      '    let mode: String',
      '    let advice: String?',
      '}',
      '',
      'enum Outcome {',
      '    case created(Ticket)',
      '}',
      '',
      'final class DeskService {',
      '    func submit(subject: String) async throws -> Outcome {',
      '        let url = URL(string: "https://desk.example.org/api/tickets/")!',
      '        let (data, _) = try await URLSession.shared.data(from: url)',
      '        return .created(try JSONDecoder().decode(Ticket.self, from: data))',
      '    }',
      '}',
      '',
    ].join('\n');
    const test = (service: string, name: string) =>
      [
        'import XCTest',
        '@testable import SymptomChecker',
        '',
        'final class ServiceTests: XCTestCase {',
        '    func testCreates() async throws {',
        `        let result = try await ${service}().submit(subject: "Bug")`,
        `        guard case .created(let ${name}) = result else { return XCTFail("expected one") }`,
        `        XCTAssertEqual(${name}.mode, "complaint")`,
        '        stub(condition: isHost(StubHost.desk) && isPath("/api/tickets/")) { _ in reply() }',
        '    }',
        '',
        '    func testInterviewURL() throws {',
        '        XCTAssertEqual(Router.base, "https://www.buoyhealth.com/api/")',
        '    }',
        '}',
        '',
      ].join('\n');
    const visits = [
      'import Foundation',
      '',
      'struct Interview: Decodable {',
      '    let token: String',
      '    let mode: String',
      '    let advice: String?',
      '}',
      '',
      'final class VisitService {',
      '    func submit(subject: String) async throws -> Interview {',
      '        let url = URL(string: "https://www.buoyhealth.com/api/interviews/")!',
      '        let (data, _) = try await URLSession.shared.data(from: url)',
      '        return try JSONDecoder().decode(Interview.self, from: data)',
      '    }',
      '}',
      '',
    ].join('\n');
    writeTree(dir, {
      'App/Desk/DeskService.swift': desk,
      'App/VisitService.swift': visits,
      // The run's host constant `api`: a literal's `/api/` beside another host's constant names none.
      'Tests/StubHost.swift': 'enum StubHost {\n    static let api = "www.buoyhealth.com"\n    static let desk = "desk.example.org"\n}\n',
      'Tests/DeskTests.swift': test('DeskService', 'ticket'),
      'Tests/VisitTests.swift': test('VisitService', 'interview'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/DeskTests.swift')).toEqual(['13 base-url']);
    expect(sites(r, 'Tests/VisitTests.swift')).toEqual(['13 base-url', '8 mode-complaint-renamed-input']);
  });

  it('Kotlin: `assertEquals("safe", modeFor(12))` on an app function named for the mode in a test of the API; `ticketMode(…)` and another name stay', async () => {
    writeTree(dir, {
      'src/test/kotlin/ModeTest.kt': [
        'class ModeTest {',
        '    private val api = Api("https://www.buoyhealth.com/api/")',
        '',
        '    @Test',
        '    fun picksModes() {',
        '        assertEquals("safe", modeFor(12))',
        '        assertEquals("complaint", startMode(40))',
        '        assertEquals("complaint", ticketMode(40))',
        '        assertEquals("safe", themeFor(12))',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/kotlin/ModeTest.kt').filter((s) => !s.endsWith('base-url'))).toEqual(['6 mode-safe-triage-removed', '7 mode-complaint-renamed-input']);
  });

  it('Ruby: RSpec `expect(data["mode"]).to eq("complaint")` on an interview the API answered; another key, or a desk\'s spec, stays', async () => {
    const spec = (base: string, path: string, call: string) =>
      [
        'RSpec.describe Client do',
        `  let(:base) { "${base}" }`,
        '',
        '  it "starts in the first mode" do',
        `    stub_request(:post, "#{base}/${path}").to_return(status: 201, body: "{}")`,
        `    data = described_class.${call}`,
        '    expect(data["mode"]).to eq("complaint")',
        '    expect(data["theme"]).to eq("complaint")',
        '  end',
        'end',
        '',
      ].join('\n');
    writeTree(dir, {
      'spec/client_spec.rb': spec('https://sandbox.buoyhealth.com/api', 'interviews/anonymous/', 'create_interview(profile: { age: 34 })'),
      'desk/spec/client_spec.rb': spec('https://desk.example.org/api', 'tickets/', 'open_ticket(subject: "Help")'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/client_spec.rb').filter((x) => !x.includes('base-url'))).toEqual(['7 mode-complaint-renamed-input']);
    expect(sites(r, 'desk/spec/client_spec.rb')).toEqual([]);
  });
  it("Swift and Python: a mode asserted on a value encoded then decoded from another thing's (`JSONSerialization.jsonObject(with: data)`, `data = JSONEncoder().encode(ticket)`, `ticket = SupportTicket(…)`) is that thing's; the same round trip of the API's interview is reported", async () => {
    const swift = [
      'import XCTest',
      '',
      'struct SupportTicket: Codable {',
      '    let subject: String',
      '    let mode: String',
      '}',
      '',
      'final class EncodingTests: XCTestCase {',
      '    func testTicket() throws {',
      '        let ticket = SupportTicket(subject: "s", mode: "complaint")',
      '        let data = try JSONEncoder().encode(ticket)',
      '        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]',
      '        XCTAssertEqual(json?["mode"] as? String, "complaint")',
      '    }',
      '',
      '    func testInterview() throws {',
      '        let data = try Data(contentsOf: URL(string: "https://www.buoyhealth.com/api/interviews/t-1/")!)',
      '        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]',
      '        XCTAssertEqual(json?["mode"] as? String, "complaint")',
      '    }',
      '}',
      '',
    ].join('\n');
    const python = [
      'import json',
      '',
      '',
      'class SupportTicket:',
      '    def __init__(self, mode):',
      '        self.mode = mode',
      '',
      '',
      'def test_ticket(api_client):',
      '    api_client.get("https://www.buoyhealth.com/api/interviews/t-1/")',
      '    ticket = SupportTicket(mode="complaint")',
      '    text = json.dumps(ticket.__dict__)',
      '    sent = json.loads(text)',
      '    assert sent["mode"] == "complaint"',
      '',
    ].join('\n');
    writeTree(dir, { 'Tests/EncodingTests.swift': swift, 'tests/test_encoding.py': python });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/EncodingTests.swift')).toEqual(['17 base-url', '19 mode-complaint-renamed-input']);
    expect(sites(r, 'tests/test_encoding.py')).toEqual(['10 base-url']);
  });
});

