import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** PHP clients and their tests: shapes a team writes around the API. Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('PHP test stubs', () => {
  it("a stub given the resource's path and, by position, a status that changed is a site; a helpdesk stub is not", async () => {
    writeTree(dir, {
      'src/Clinic.php': [
        '<?php',
        'class Clinic {',
        "    const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function start_visit(array $profile) {',
        "        return $this->post(self::BASE . 'interviews/anonymous/', array('profile' => $profile));",
        '    }',
        '}',
      ].join('\n'),
      'tests/ClinicTest.php': [
        '<?php',
        'class ClinicTest extends TestCase {',
        '    public function test_unknown_location() {',
        "        $this->fake_reply('interviews/anonymous/', 400, array('error' => 'no location'));",
        "        $this->assertNull((new Clinic())->start_visit(array('age' => 30)));",
        '    }',
        '    public function test_desk_ticket() {',
        "        $this->fake_reply('https://desk.example.org/api/tickets/', 400, array('advice' => 'x'));",
        "        $this->fake_reply('https://desk.example.org/api/tickets/1/', 202, array('mode' => 'complaint'));",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/ClinicTest.php')).toEqual(['4 location-error-422']);
  });

  it('a test that reads back a removed field from the body its client sent to the stubbed resource', async () => {
    writeTree(dir, {
      'tests/SentTest.php': [
        '<?php',
        'class SentTest extends TestCase {',
        "    const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function testIntentBody(): void {',
        "        $this->client->purpose('iv-1', 'care', 'soon');",
        "        self::assertSame(self::BASE . 'intents/', $this->requests[0]['url']);",
        "        self::assertSame('soon', $this->requests[0]['body']['detail']);",
        '    }',
        '    public function testDeskBody(): void {',
        "        $this->client->ticket('iv-1', 'soon');",
        "        self::assertSame('https://desk.example.org/api/tickets/', $this->requests[0]['url']);",
        "        self::assertSame('soon', $this->requests[0]['body']['detail']);",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/SentTest.php')).toEqual(['3 base-url', '7 intent-detail-context-removed']);
  });

  it("new Profile(1, 'male') on a class whose constructor stores each parameter: the age is out of range; a helpdesk's is not", async () => {
    writeTree(dir, {
      'src/Dto/Profile.php': [
        '<?php',
        'final class Profile {',
        '    public int $age;',
        '    public string $sex;',
        "    public function __construct(int $age = 0, string $sex = 'unknown') {",
        '        $this->age = $age;',
        '        $this->sex = $sex;',
        '    }',
        '}',
      ].join('\n'),
      'src/Desk/Requester.php': [
        '<?php',
        'final class Requester {',
        '    public int $age;',
        '    public function __construct(int $age = 0) { $this->age = $age; }',
        '}',
      ].join('\n'),
      'src/Clinic.php': [
        '<?php',
        'class Clinic {',
        "    const BASE = 'https://www.buoyhealth.com/api/';",
        '    public function start_visit(Profile $profile) {',
        "        return $this->post(self::BASE . 'interviews/anonymous/', array('profile' => $profile));",
        '    }',
        '    public function toddler() {',
        "        return $this->start_visit(new Profile(1, 'male'));",
        '    }',
        '    public function deskToddler() {',
        "        return $this->desk->open(new Requester(1));",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Clinic.php')).toEqual(['3 base-url', '8 profile-age-range']);
  });
});

describe('wrappers that answer with their own structure', () => {
  it("a function that returns an array it builds gives its callers its own keys: their ['msg'] is not the update's; a wrapper that returns the decoded answer still ties it", async () => {
    writeTree(dir, {
      'lib/checker.php': [
        '<?php',
        "const SC_BASE = 'https://www.buoyhealth.com/api/';",
        'function sc_switch_mode($token, $mode) {',
        "    $ch = curl_init(SC_BASE . 'interviews/' . $token . '/');",
        "    curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'PUT');",
        "    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode(array('mode' => $mode)));",
        '    $body = json_decode(curl_exec($ch), true);',
        '    $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);',
        "    return array('next' => $code === 200 ? 'question' : 'none', 'msg' => 'Mode changed.');",
        '}',
        'function sc_update_interview($token, $fields) {',
        "    $ch = curl_init(SC_BASE . 'interviews/' . $token . '/');",
        "    curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'PUT');",
        '    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($fields));',
        '    return json_decode(curl_exec($ch), true);',
        '}',
      ].join('\n'),
      'page.php': [
        '<?php',
        "$switched = sc_switch_mode($token, 'input');",
        "if ($switched['next'] === 'none') { flash($switched['msg']); }",
        "$updated = sc_update_interview($token, array('mode' => 'input'));",
        "flash($updated['msg']);",
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'page.php')).toEqual(['5 update-msg-in-links']);
  });
});

describe('PHP enums', () => {
  it("`self::Triage`, `static::Complaint` in a method of the API's mode enum are uses of its members; a ticket mode enum's `self::Complaint` stays", async () => {
    const enumOf = (name: string) => [
      '<?php',
      `enum ${name}: string`,
      '{',
      "    case Complaint = 'complaint';",
      "    case Triage = 'triage';",
      '',
      '    public static function initial(): self',
      '    {',
      '        return static::Complaint;',
      '    }',
      '',
      '    public function final(): bool',
      '    {',
      '        return $this === self::Triage;',
      '    }',
      '}',
      '',
    ].join('\n');
    const client = ['<?php', 'class Client {', '    public function start(InterviewMode $mode, TicketMode $t) {', "        return $this->http->request('POST', 'https://www.buoyhealth.com/api/interviews/', ['json' => ['mode' => $mode->value]]);", '    }', '}', ''].join('\n');
    writeTree(dir, { 'src/InterviewMode.php': enumOf('InterviewMode'), 'src/TicketMode.php': enumOf('TicketMode'), 'src/Client.php': client });
    const r = await scanProject(dir);
    expect(sites(r, 'src/InterviewMode.php')).toEqual(['14 mode-safe-triage-removed', '4 mode-complaint-renamed-input', '5 mode-safe-triage-removed', '9 mode-complaint-renamed-input']);
    expect(sites(r, 'src/TicketMode.php')).toEqual([]);
  });
});

describe('PHP endpoint parameters', () => {
  it("a nullable `?string $extra = null` parameter of the client's createComplaint goes with the removed field; a desk's openTicket(?string $extra) stays", async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createComplaint(string $token, string $text, ?string $extra = null): array',
        '    {',
        "        return $this->http->request('POST', 'https://www.buoyhealth.com/api/complaints/', ['json' => ['interview' => $token, 'text' => $text, 'extra' => $extra ?? '']]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/Desk.php': [
        '<?php',
        'final class Desk',
        '{',
        '    public function openTicket(string $subject, ?string $extra = null): array',
        '    {',
        "        return $this->http->request('POST', 'https://desk.example.org/api/tickets/', ['json' => ['subject' => $subject, 'extra' => $extra ?? '']]);",
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Client.php')).toEqual(['4 complaint-extra-removed', '6 base-url', '6 complaint-extra-removed']);
    expect(sites(r, 'src/Desk.php')).toEqual([]);
  });
});

describe('PHP components that hold a removed field', () => {
  it("a Livewire component's `public string $extra` passed as `$this->extra` (or `$this->intentDetail ?: null`) to createComplaint / createIntent is a site; a desk component's, and one passed to a read, are not", async () => {
    writeTree(dir, {
      'app/Services/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createComplaint(string $token, string $text, string $extra = \'\'): array',
        '    {',
        "        return $this->http->post('https://www.buoyhealth.com/api/complaints/', ['interview' => $token, 'text' => $text, 'extra' => $extra])->json();",
        '    }',
        '',
        '    public function createIntent(string $token, string $name, ?string $detail = null): array',
        '    {',
        "        return $this->http->post('https://www.buoyhealth.com/api/intents/', ['interview' => $token, 'name' => $name, 'detail' => $detail])->json();",
        '    }',
        '}',
        '',
      ].join('\n'),
      'app/Http/Livewire/ComplaintStep.php': [
        '<?php',
        'class ComplaintStep extends Component',
        '{',
        "    public string $text = '';",
        "    public string $extra = '';",
        "    public string $intentDetail = '';",
        '',
        '    public function add(Client $client)',
        '    {',
        '        $client->createComplaint($this->token, $this->text, $this->extra);',
        "        $client->createIntent($this->token, 'care', $this->intentDetail ?: null);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'app/Http/Livewire/TicketStep.php': [
        '<?php',
        'class TicketStep extends Component',
        '{',
        "    public string $extra = '';",
        "    public string $detail = '';",
        '',
        '    public function open(Desk $desk, Client $client)',
        '    {',
        '        $desk->openTicket($this->token, $this->extra);',
        '        $client->getComplaint($this->detail);',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/Http/Livewire/ComplaintStep.php')).toEqual(['10 complaint-extra-removed', '11 intent-detail-context-removed', '5 complaint-extra-removed', '6 intent-detail-context-removed']);
    expect(sites(r, 'app/Http/Livewire/TicketStep.php')).toEqual([]);
  });
});
