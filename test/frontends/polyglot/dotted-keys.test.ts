import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A dotted key naming a resource and one of its removed fields (`session('interview.variant')`): the app keeps the
 * field under it. A key of a field v2 still has, another thing's key, and a file that has nothing of the API stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('dotted keys', () => {
  it("PHP: `session('interview.variant')`, `assertSessionHas('interview.marketplace', …)`; `interview.token`, `ticket.advice` and an untied file stay", async () => {
    writeTree(dir, {
      'app/Http/Controllers/InterviewController.php': [
        '<?php',
        'class InterviewController extends Controller',
        '{',
        '    public function question()',
        '    {',
        "        $questions = $this->http->get('https://www.buoyhealth.com/api/questions/');",
        "        return view('interview.question', ['variant' => session('interview.variant'), 'token' => session('interview.token'), 'tip' => session('ticket.advice')]);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/Feature/FlowTest.php': [
        '<?php',
        'class FlowTest extends TestCase',
        '{',
        '    public function test_start()',
        '    {',
        "        $this->post('/interview')->assertSessionHas('interview.marketplace', 'acme');",
        "        $this->assertStringContainsString('interviews/anonymous/', $this->lastUri());",
        '    }',
        '}',
        '',
      ].join('\n'),
      'app/Hr/Panel.php': ['<?php', 'class Panel', '{', '    public function show()', '    {', "        return session('interview.variant');", '    }', '}', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/Http/Controllers/InterviewController.php')).toEqual(['6 base-url', '7 interview-marketplace-variant-removed']);
    expect(sites(r, 'tests/Feature/FlowTest.php')).toEqual(['6 interview-marketplace-variant-removed']);
    expect(sites(r, 'app/Hr/Panel.php')).toEqual([]);
  });

  it('Python: `cache.get("result.advice")` in a client of the API', async () => {
    writeTree(dir, {
      'app/client.py': ['import httpx', 'from django.core.cache import cache', '', '', 'def advice(token):', '    cached = cache.get("result.advice")', '    return cached or httpx.get(f"https://www.buoyhealth.com/api/results/{token}/").json()["triage"]', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/client.py')).toEqual(['6 result-advice-test-removed', '7 base-url']);
  });
  it("C#: Json.NET's `obj.SelectToken(\"triage_explanation.potential_condition.triage.label\")` past the removed field; a desk reply's path and v2's `triage.level` stay", async () => {
    writeTree(dir, {
      'Services/Client.cs': [
        'using Newtonsoft.Json.Linq;',
        'public class Client',
        '{',
        '    public string Care(string token)',
        '    {',
        '        var obj = JObject.Parse(_web.DownloadString("https://www.buoyhealth.com/api/results/" + token + "/"));',
        '        var care = (string)obj.SelectToken("triage_explanation.potential_condition.triage.label");',
        '        var level = (string)obj.SelectToken("triage.level");',
        '        return care + level;',
        '    }',
        '    public string Desk(string id)',
        '    {',
        '        var reply = JObject.Parse(_web.DownloadString("https://desk.example.org/api/replies/" + id));',
        '        return (string)reply.SelectToken("answer.advice.text");',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Services/Client.cs')).toEqual(['6 base-url', '7 potential-condition-triage-removed']);
  });
});
