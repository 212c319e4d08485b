import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * v1 data a test writes for its double, in the shapes other languages write it: JSON text joined with PHP's `.`,
 * handed to a helper that queues the answer (`$this->respond(201, 'Created', '{…}')`) before the client's endpoint;
 * a body after its status in a pair (`make_client((202, {…}))`); an endpoint handed by reference to a runner
 * (`call(request.buoy.add_intent, t, detail=d)`); a C# verbatim fragment (`@"""extra"":""x"""`). The same shapes for
 * a helpdesk stay unreported.
 */

const dir = tempProjectDir();

const phpClient = [
  '<?php',
  'class SymptomClient',
  '{',
  '    public function createInterview(int $age): array { return $this->post("interviews/anonymous/", ["age" => $age]); }',
  '    public function createComplaint(string $i, string $text): array { return $this->post("complaints/", ["interview" => $i, "text" => $text]); }',
  '    public function createIntent(string $i, string $name): array { return $this->post("intents/", ["interview" => $i, "intent" => $name]); }',
  '    private function post(string $path, array $body): array { return $this->http->post("https://www.buoyhealth.com/api/" . $path, $body); }',
  '}',
].join('\n');

const phpDesk = [
  '<?php',
  'class DeskClient',
  '{',
  '    public function openTicket(string $text): array { return $this->http->post("https://desk.example.org/api/tickets/", ["text" => $text]); }',
  '}',
].join('\n');

describe('JSON text of canned answers', () => {
  it("PHP: JSON joined with `.` and handed to the test's respond(); each answer goes with the endpoint called next", async () => {
    writeTree(dir(), {
      'src/SymptomClient.php': phpClient,
      'tests/SymptomClientTest.php': [
        '<?php',
        'class SymptomClientTest extends TestCase',
        '{',
        '    public function testInterview(): void',
        '    {',
        '        $this->respond(201, \'Created\', \'{"token":"int-1","interview_mode":true,\'',
        '            . \'"profile":{"age":34,"bmi":22.2}}\');',
        '        $this->client->createInterview(34);',
        '    }',
        '    public function testComplaintAndIntent(): void',
        '    {',
        '        $this->respond(201, \'Created\', \'{"token":"c-1","extra":"since monday"}\');',
        '        $this->client->createComplaint(\'int-1\', \'headache\');',
        '        $this->respond(201, \'Created\', \'{"token":"i-1","detail":"this week"}\');',
        '        $this->client->createIntent(\'int-1\', \'care\');',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/SymptomClientTest.php')).toEqual([
      '12 complaint-extra-removed', '14 intent-detail-context-removed', '6 interview-mode-flag-removed', '7 interview-profile-fields-removed',
    ]);
  });

  it("PHP: the same answers before a helpdesk's call stay", async () => {
    writeTree(dir(), {
      'src/SymptomClient.php': phpClient,
      'src/DeskClient.php': phpDesk,
      'tests/DeskClientTest.php': [
        '<?php',
        'class DeskClientTest extends TestCase',
        '{',
        '    public function testTicket(): void',
        '    {',
        '        $this->respond(201, \'Created\', \'{"token":"t-1","interview_mode":true,\'',
        '            . \'"extra":"since monday","detail":"x"}\');',
        '        $this->desk->openTicket(\'headache\');',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/DeskClientTest.php')).toEqual([]);
  });
});

const pyClient = [
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  '',
  'class Client:',
  '    def add_complaint(self, interview, text):',
  '        return self.http.post(BASE + "complaints/", json={"interview": interview, "text": text})',
  '',
  '    def set_mode(self, token, mode):',
  '        return self.http.put(BASE + "interviews/" + token + "/", json={"mode": mode})',
  '',
  '    def add_intent(self, interview, name, detail=None):',
  '        return self.http.post(BASE + "intents/", json={"interview": interview, "name": name, "detail": detail})',
  '',
].join('\n');

const pyDesk = [
  'class Desk:',
  '    def open_ticket(self, text):',
  '        return self.http.post("https://desk.example.org/api/tickets/", json={"text": text})',
  '',
].join('\n');

describe('a body after its status in a pair', () => {
  it('Python: `make_client((201, {…}))` before the endpoint; a 202 pair before a mode update', async () => {
    writeTree(dir(), {
      'app/client.py': pyClient,
      'tests/test_client.py': [
        'def test_complaint():',
        '    client = make_client((201, {"token": "c-1", "extra": "since monday"}))',
        '    client.add_complaint("int-1", "headache")',
        '',
        '',
        'def test_pending_mode():',
        '    client = make_client((202, {"token": "int-1"}))',
        '    client.set_mode("int-1", MODE)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/test_client.py')).toEqual(['2 complaint-extra-removed', '7 mode-update-status-200']);
  });

  it("Python: the same pairs before a helpdesk's call stay", async () => {
    writeTree(dir(), {
      'app/client.py': pyClient,
      'app/desk.py': pyDesk,
      'tests/test_desk.py': [
        'def test_ticket():',
        '    desk = make_desk((202, {"token": "t-1", "extra": "since monday"}))',
        '    desk.open_ticket("headache")',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/test_desk.py')).toEqual([]);
  });
});

describe('an endpoint handed by reference to a runner', () => {
  it("Python: `call(request.buoy.add_intent, t, detail=d)` sends the endpoint's fields; a desk method's reference does not", async () => {
    writeTree(dir(), {
      'app/client.py': pyClient,
      'app/desk.py': [
        'class Desk:',
        '    def file_ticket(self, text, detail=None):',
        '        return self.http.post("https://desk.example.org/api/tickets/", json={"text": text, "detail": detail})',
        '',
      ].join('\n'),
      'app/views.py': [
        'def call(fn, *args, **kw):',
        '    return blockingCallFromThread(reactor, fn, *args, **kw)',
        '',
        '',
        'def add_intent(request):',
        '    intent = call(request.buoy.add_intent, request.matchdict["token"], "care", detail=request.json_body["detail"])',
        '    return {"token": intent["token"]}',
        '',
        '',
        'def file_ticket(request):',
        '    ticket = call(request.desk.file_ticket, "slow", detail=request.json_body["detail"])',
        '    return {"id": ticket["id"]}',
        '',
      ].join('\n'),
      'tests/test_client.py': [
        'def test_intent():',
        '    client = make_client((201, {"token": "i-1", "detail": "urgent"}))',
        '    d = deferToThread(client.add_intent, "int-1", "care")',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/views.py')).toEqual(['6 intent-detail-context-removed']);
    expect(sites(r, 'tests/test_client.py')).toEqual(['2 intent-detail-context-removed']);
  });
});

describe('a verbatim fragment of a request body', () => {
  const test = (base: string) => [
    'public class ClientTests',
    '{',
    '    [Fact]',
    '    public async Task SendsExtra()',
    '    {',
    `        _http.Expect(HttpMethod.Post, "${base}complaints/")`,
    '            .WithPartialContent(@"""extra"":""since Monday""")',
    '            .Respond("application/json", "{}");',
    '    }',
    '}',
  ].join('\n');

  it('C#: `WithPartialContent(@"""extra"":""x""")` on a complaint stub; the desk\'s stub of the same shape is not', async () => {
    writeTree(dir(), { 'Tests/ClientTests.cs': test('https://www.buoyhealth.com/api/'), 'Tests/DeskTests.cs': test('https://desk.example.org/api/') });
    const r = await scanProject(dir());
    expect(sites(r, 'Tests/ClientTests.cs')).toEqual(['6 base-url', '7 complaint-extra-removed']);
    expect(sites(r, 'Tests/DeskTests.cs')).toEqual([]);
  });

  it("Kotlin: a stub's JSON answer and a verified request's JSON body go with the path of their own stub, though the test also checks a link to another resource; a helpdesk stub's in the same test stays", async () => {
    writeTree(dir(), {
      'src/test/kotlin/app/ModeTest.kt': [
        'class ModeTest {',
        '    @Test',
        '    fun `restart shows the message and the next link`() {',
        '        wireMock.stubFor(put(urlEqualTo("/api/interviews/iv-3/")).willReturn(json(200, """{"msg":"Mode set","mode":"complaint"}""")))',
        '        wireMock.stubFor(post(urlEqualTo("/helpdesk/tickets/")).willReturn(json(201, """{"id":"T-1","mode":"complaint","msg":"queued"}""")))',
        '        given().post("/app/interviews/iv-3/restart").then().statusCode(200).body("next", equalTo("questions/q-1/"))',
        '        wireMock.verify(putRequestedFor(urlEqualTo("/api/interviews/iv-3/")).withRequestBody(equalToJson("""{"mode":"complaint"}""")))',
        '        wireMock.verify(postRequestedFor(urlEqualTo("/helpdesk/tickets/")).withRequestBody(equalToJson("""{"mode":"complaint"}""")))',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/test/kotlin/app/ModeTest.kt')).toEqual(['4 base-url', '4 mode-complaint-renamed-input', '4 update-msg-in-links', '7 base-url', '7 mode-complaint-renamed-input']);
  });
});
