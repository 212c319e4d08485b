import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A token helper in a file that names no address (`"audience": settings.BUOY_BASE_URL` in services/auth.py), called
 * by the API's client for its Authorization header: its audience taken from the base is this API's. The same helper
 * of a desk client that never talks to the API stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const auth = (prefix: string) =>
  [
    'import httpx',
    'from django.conf import settings',
    '',
    '',
    `def ${prefix}_access_token():`,
    '    payload = {',
    `        "client_id": settings.${prefix.toUpperCase()}_CLIENT_ID,`,
    `        "audience": settings.${prefix.toUpperCase()}_BASE_URL,`,
    '        "grant_type": "client_credentials",',
    '    }',
    `    return httpx.post(settings.${prefix.toUpperCase()}_AUTH_URL, json=payload).json()["access_token"]`,
    '',
  ].join('\n');

describe('token helpers of the client', () => {
  it("Python: the client's `checker_access_token()` takes the audience from the base; the desk's `desk_access_token()` stays", async () => {
    writeTree(dir, {
      'app/services/auth.py': auth('checker'),
      'app/services/desk_auth.py': auth('desk'),
      'app/services/client.py': [
        'import httpx',
        'from app.services.auth import checker_access_token',
        '',
        '',
        'def get_result(token):',
        '    headers = {"Authorization": f"Bearer {checker_access_token()}"}',
        '    return httpx.get(f"results/{token}/", headers=headers).json()',
        '',
      ].join('\n'),
      'app/services/desk.py': [
        'import httpx',
        'from app.services.desk_auth import desk_access_token',
        '',
        '',
        'def open_ticket(subject):',
        '    headers = {"Authorization": f"Bearer {desk_access_token()}"}',
        '    return httpx.post("https://desk.example.org/api/tickets/", json={"subject": subject}, headers=headers).json()',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/services/auth.py')).toEqual(['8 token-audience']);
    expect(sites(r, 'app/services/desk_auth.py')).toEqual([]);
  });
});
