import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Mode constants defined by a call (`define( 'SC_MODE_SAFE', 'safe' );`) are read as `const` declarations are; a
 * constant named like the ones holding another service's address (`DESK_MODE_COMPLAINT` beside `DESK_API_BASE`)
 * is that service's, however it is declared, and stays byte-identical.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('constants defined by a call, and constants named for another service', () => {
  it('PHP: a plain curl client with define()d modes; the desk constants beside them are not', async () => {
    writeTree(dir, {
      'lib/constants.php': [
        '<?php',
        "define('CLINIC_API_BASE', 'https://www.buoyhealth.com/api/');",
        "define('CLINIC_MODE_COMPLAINT', 'complaint');",
        "define('CLINIC_MODE_SAFE', 'safe');",
        "define('CLINIC_DESK_API_BASE', 'https://help.example.com/api/');",
        "define('CLINIC_DESK_MODE_COMPLAINT', 'complaint');",
      ].join('\n'),
      'lib/interview.php': [
        '<?php',
        'function clinic_set_mode($token, $mode) {',
        "    $ch = curl_init(CLINIC_API_BASE . 'interviews/' . $token . '/');",
        "    curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'PUT');",
        "    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode(['mode' => $mode]));",
        '    return json_decode(curl_exec($ch), true);',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/constants.php')).toEqual(['2 base-url', '3 mode-complaint-renamed-input', '4 mode-safe-triage-removed']);
    const after = r.outcomes.find((o) => o.relPath === 'lib/constants.php')?.after ?? read(dir, 'lib/constants.php');
    expect(after).toContain("define('CLINIC_MODE_COMPLAINT', 'input');");
    expect(after).toContain("define('CLINIC_DESK_MODE_COMPLAINT', 'complaint');");
  });

  it('PHP: namespaced constants of a Symfony bundle beside a helpdesk block of the same prefix', async () => {
    writeTree(dir, {
      'src/Clinic/constants.php': [
        '<?php',
        'namespace App\\Clinic;',
        "const CLINIC_API_BASE = 'https://www.buoyhealth.com/api/';",
        "const CLINIC_MODE_TRIAGE = 'triage';",
        "const CLINIC_HELPDESK_API_BASE = 'https://help.example.com/api/';",
        "const CLINIC_HELPDESK_MODE_COMPLAINT = 'complaint';",
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Clinic/constants.php')).toEqual(['3 base-url', '4 mode-safe-triage-removed']);
  });

  it('Python: module constants of a settings file, the desk mode left as it is', async () => {
    writeTree(dir, {
      'app/settings.py': [
        'SC_API_BASE = "https://www.buoyhealth.com/api/"',
        'SC_MODE_SAFE = "safe"',
        'DESK_API_BASE = "https://help.example.com/api/"',
        'DESK_MODE_COMPLAINT = "complaint"',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/settings.py')).toEqual(['1 base-url', '2 mode-safe-triage-removed']);
  });
});
