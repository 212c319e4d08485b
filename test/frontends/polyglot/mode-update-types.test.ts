import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * The answer type of the mode update, written by the client from the status it got (`ModeUpdate::fromResponse(
 * $response->getStatusCode(), …)`): a method of it that compares its own status with the old code is a site. The
 * same check in a helpdesk's `TicketModeChange` is another thing's and stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("a status compared inside the mode update's own answer type", () => {
  it('PHP: `ModeUpdate::producedNothing()` comparing `$this->status === 202`; a `TicketModeChange` stays', async () => {
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function updateMode(string $token, string $mode): ModeUpdate',
        '    {',
        "        $response = $this->http->request('PUT', sprintf('https://www.buoyhealth.com/api/interviews/%s/', $token), ['json' => ['mode' => $mode]]);",
        '        return ModeUpdate::fromResponse($response->getStatusCode(), []);',
        '    }',
        '}',
      ].join('\n'),
      'src/Model/ModeUpdate.php': [
        '<?php',
        'final class ModeUpdate',
        '{',
        '    public int $status;',
        '',
        '    public function producedNothing(): bool',
        '    {',
        '        return $this->status === 202;',
        '    }',
        '}',
      ].join('\n'),
      'src/Desk/TicketModeChange.php': [
        '<?php',
        'final class TicketModeChange',
        '{',
        '    public int $status;',
        '',
        '    public function queued(): bool',
        '    {',
        '        return $this->status === 202;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Model/ModeUpdate.php')).toEqual(['8 mode-update-status-200']);
    expect(sites(r, 'src/Desk/TicketModeChange.php')).toEqual([]);
  });

  it('Python: a `ModeChange` dataclass whose `pending` property compares `self.status == 202`', async () => {
    writeTree(dir, {
      'app/client.py': [
        'import requests',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'def set_mode(token, mode):',
        '    r = requests.put(BASE + "interviews/%s/" % token, json={"mode": mode})',
        '    return ModeChange(status=r.status_code)',
      ].join('\n'),
      'app/models.py': [
        'from dataclasses import dataclass',
        '',
        '',
        '@dataclass',
        'class ModeChange:',
        '    status: int',
        '',
        '    @property',
        '    def pending(self):',
        '        return self.status == 202',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/models.py')).toEqual(['10 mode-update-status-200']);
  });
});
