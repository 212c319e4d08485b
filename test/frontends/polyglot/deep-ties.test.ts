import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A value reached at the end of a long chain of variables (`$condition` ← `$explained` ← `$body` ← `$res`) is read
 * first; the name at its head is still tied to the answer when the function reads it directly afterwards
 * (`$body['advice']`). The same function over a helpdesk's answer stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('names read deep in a chain, then directly', () => {
  it('PHP (Laravel Http facade): the advice read after the condition triage read', async () => {
    const fn = (name: string, url: string, [outer, inner, leaf]: string[]) => [
      `function ${name}(string $token): array`,
      '{',
      `    $res = Http::get('${url}' . $token . '/');`,
      "    $body = $res->json();",
      `    $explained = $body['${outer}'] ?? [];`,
      `    $condition = $explained['${inner}'] ?? [];`,
      `    $level = $condition['${leaf}']['level'] ?? null;`,
      "    return ['level' => $level, 'advice' => $body['advice'] ?? []];",
      '}',
    ];
    writeTree(dir, {
      'app/Results.php': [
        '<?php',
        ...fn('clinic_result', 'https://www.buoyhealth.com/api/results/', ['triage_explanation', 'potential_condition', 'triage']),
        ...fn('desk_reply', 'https://help.example.com/api/replies/', ['ticket', 'customer', 'tier']),
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/Results.php')).toEqual(['4 base-url', '8 potential-condition-triage-removed', '9 result-advice-test-removed']);
  });

  it('Python (requests): the same chain of dict reads', async () => {
    writeTree(dir, {
      'clinic/results.py': [
        'import requests',
        '',
        'def result_summary(token):',
        '    res = requests.get("https://www.buoyhealth.com/api/results/" + token + "/")',
        '    body = res.json()',
        '    explained = body.get("triage_explanation") or {}',
        '    condition = explained.get("potential_condition") or {}',
        '    level = (condition.get("triage") or {}).get("level")',
        '    return {"level": level, "advice": body["advice"]}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'clinic/results.py')).toEqual(['4 base-url', '8 potential-condition-triage-removed', '9 result-advice-test-removed']);
  });
});
