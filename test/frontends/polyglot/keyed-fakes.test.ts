import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Canned answers keyed by the URL they answer (Laravel's `Http::fake([url => Http::response(body, status)])`), the URL
 * often written without its scheme: the body is the resource's answer (its removed fields, its items' removed fields),
 * the status what that resource answers. Beside each, a helpdesk fake of the same shape.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  '<?php',
  'namespace App\\Services;',
  'use Illuminate\\Support\\Facades\\Http;',
  'class Checker {',
  "    const BASE = 'https://sandbox.buoyhealth.com/api/';",
  '    public function start(array $profile) {',
  "        return Http::post(self::BASE . 'interviews/anonymous/', ['profile' => $profile])->json();",
  '    }',
  '}',
].join('\n');

describe('URL-keyed fakes', () => {
  it("an answer keyed by the resource's URL: its removed keys, its items' removed keys and its changed statuses are sites", async () => {
    writeTree(dir, {
      'app/Services/Checker.php': CLIENT,
      'tests/Feature/CheckerTest.php': [
        '<?php',
        'use Illuminate\\Support\\Facades\\Http;',
        "it('creates', function () {",
        '    Http::fake([',
        "        'sandbox.buoyhealth.com/api/interviews/anonymous/' => Http::response(['token' => 'i-1', 'variant' => 'b'], 201),",
        "        'sandbox.buoyhealth.com/api/interviews/i-1/' => Http::response(['msg' => 'nothing to ask'], 202),",
        "        'sandbox.buoyhealth.com/api/questions/*' => Http::response(['results' => [",
        "            ['token' => 'q-1', 'options' => [['token' => 'o-1', 'preselected_value' => null]]],",
        '        ]]),',
        "        'sandbox.buoyhealth.com/api/results/*' => Http::response(['token' => 'r-1', 'advice' => 'rest']),",
        '    ]);',
        "    Http::fake(['sandbox.buoyhealth.com/api/interviews/anonymous/' => Http::response(['detail' => 'no location'], 400)]);",
        '});',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/Feature/CheckerTest.php')).toEqual([
      '10 result-advice-test-removed',
      '12 base-url',
      '12 location-error-422',
      '5 base-url',
      '5 interview-marketplace-variant-removed',
      '6 base-url',
      '6 mode-update-status-200',
      '6 update-msg-in-links',
      '7 base-url',
      '8 question-preselected-removed',
      '10 base-url',
    ].sort());
  });

  it("a helpdesk's fake of the same shape stays unreported", async () => {
    writeTree(dir, {
      'app/Services/Checker.php': CLIENT,
      'tests/Feature/DeskTest.php': [
        '<?php',
        'use Illuminate\\Support\\Facades\\Http;',
        "it('files', function () {",
        '    Http::fake([',
        "        'desk.example.org/api/tickets/anonymous/' => Http::response(['token' => 't-1', 'variant' => 'b'], 400),",
        "        'desk.example.org/api/tickets/t-1/' => Http::response(['msg' => 'queued', 'advice' => 'wait'], 202),",
        "        'desk.example.org/api/articles/*' => Http::response(['results' => [['options' => [['preselected_value' => null]]]]]),",
        '    ]);',
        '});',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/Feature/DeskTest.php')).toEqual([]);
  });
});
