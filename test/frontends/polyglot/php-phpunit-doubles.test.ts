import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * PHPUnit tests of a PHP client (CodeIgniter's CURLRequest, Guzzle): canned answers handed to a mocked HTTP client, then
 * a method of the client called on `new Client(…)` or on an instance named for the class; a request matcher closure
 * given to `->with('post', 'complaints/', $this->callback(…))`. Beside them, a helpdesk client of the same shape.
 */
const dir = tempProjectDir();

const CLIENT = [
  '<?php',
  'namespace App\\Libraries;',
  'class SymptomChecker',
  '{',
  "    public $baseURL = 'https://sandbox.buoyhealth.com/api/';",
  '    public function result(string $token): array',
  '    {',
  "        return $this->send('get', 'results/' . $token . '/');",
  '    }',
  '    public function complaint(string $interview, string $text): array',
  '    {',
  "        return $this->send('post', 'complaints/', ['interview' => $interview, 'text' => $text]);",
  '    }',
  '}',
].join('\n');

/** A controller's action of the same name as the client's method: the bare name `result` tells no endpoint. */
const CONTROLLER = [
  '<?php',
  'namespace App\\Controllers;',
  'class Interviews extends BaseController',
  '{',
  '    public function result(string $token, string $resultToken)',
  '    {',
  '        $interview = $this->interviewOr404($token);',
  "        return view('interviews/result', ['result' => $this->checker->result($resultToken)]);",
  '    }',
  '    protected function interviewOr404(string $token): array',
  '    {',
  '        return $this->interviews->findByToken($token);',
  '    }',
  '}',
].join('\n');

const DESK = [
  '<?php',
  'namespace App\\Libraries;',
  'class Helpdesk',
  '{',
  "    public $baseURL = 'https://desk.example.org/api/';",
  '    public function ticket(string $token): array',
  '    {',
  "        return $this->send('get', 'tickets/' . $token . '/');",
  '    }',
  '}',
].join('\n');

describe('PHPUnit doubles of a PHP client', () => {
  it("a canned answer before `(new SymptomChecker($config))->result(…)` or `$symptomChecker->result(…)` is a result's; before a helpdesk's call it is not (a controller's `result` action beside them)", async () => {
    writeTree(dir(), {
      'app/Libraries/SymptomChecker.php': CLIENT,
      'app/Libraries/Helpdesk.php': DESK,
      'app/Controllers/Interviews.php': CONTROLLER,
      'tests/unit/SymptomCheckerTest.php': [
        '<?php',
        'use App\\Libraries\\SymptomChecker;',
        'use App\\Libraries\\Helpdesk;',
        'class SymptomCheckerTest extends CIUnitTestCase',
        '{',
        '    protected function respond(int $status, $body = null): Response',
        '    {',
        '        $response = new Response(new App());',
        '        $response->setBody(json_encode($body));',
        '        return $response;',
        '    }',
        '    public function testResult()',
        '    {',
        "        $this->http->method('request')->willReturn($this->respond(200, ['advice' => [['text' => 'Rest']]]));",
        "        $result = (new SymptomChecker($this->config))->result('r-1');",
        '    }',
        '    public function testResultByInstance()',
        '    {',
        "        $this->http->method('request')->willReturn($this->respond(200, ['test' => []]));",
        '        $symptomChecker = new SymptomChecker($this->config);',
        "        $result = $symptomChecker->result('r-1');",
        '    }',
        '    public function testDeskResult()',
        '    {',
        "        $this->http->method('request')->willReturn($this->respond(200, ['advice' => [['text' => 'Reboot']]]));",
        "        $result = (new Helpdesk())->ticket('t-1');",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/unit/SymptomCheckerTest.php')).toEqual(['14 result-advice-test-removed', '19 result-advice-test-removed']);
  });

  it("a matcher closure given to `->with('post', 'complaints/', $this->callback(…))` reads the complaint sent; one for the helpdesk's path does not", async () => {
    writeTree(dir(), {
      'app/Libraries/SymptomChecker.php': CLIENT,
      'tests/unit/SymptomCheckerTest.php': [
        '<?php',
        'use App\\Libraries\\SymptomChecker;',
        'class SymptomCheckerTest extends TestCase',
        '{',
        '    public function testComplaintBody()',
        '    {',
        "        $this->http->expects($this->once())->method('request')",
        "            ->with('post', 'complaints/', $this->callback(function ($options) {",
        "                return $options['json']['extra'] === 'since Monday';",
        '            }));',
        "        (new SymptomChecker($this->config))->complaint('int-1', 'headache');",
        '    }',
        '    public function testTicketBody()',
        '    {',
        "        $this->desk->expects($this->once())->method('request')",
        "            ->with('post', 'https://desk.example.org/api/tickets/', $this->callback(function ($options) {",
        "                return $options['json']['extra'] === 'since Monday';",
        '            }));',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'tests/unit/SymptomCheckerTest.php')).toEqual(['9 complaint-extra-removed']);
  });
});
