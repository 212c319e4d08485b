import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A settings constant set from a table of v1 addresses (`BASE_URL = env("…", default=ENVIRONMENTS[env]["BASE_URL"])`)
 * holds a v1 address too: a token request in another file whose audience is that constant is the v1 habit of one value
 * for both (found in a blind Django app, batch17 python-django-httpx-pydantic). The same shapes for a helpdesk's table
 * of its own addresses stay unreported.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const settings = (prefix: string, base: string, auth: string) =>
  [
    'import environ',
    '',
    'env = environ.Env()',
    '',
    `${prefix}_ENVIRONMENTS = {`,
    '    "sandbox": {',
    `        "BASE_URL": "${base}",`,
    `        "AUTH_URL": "${auth}",`,
    '    },',
    '}',
    `${prefix}_ENV = env("${prefix}_ENV", default="sandbox")`,
    `${prefix}_BASE_URL = env("${prefix}_BASE_URL", default=${prefix}_ENVIRONMENTS[${prefix}_ENV]["BASE_URL"])`,
    `${prefix}_AUTH_URL = env("${prefix}_AUTH_URL", default=${prefix}_ENVIRONMENTS[${prefix}_ENV]["AUTH_URL"])`,
  ].join('\n');

const auth = (prefix: string) =>
  [
    'import httpx',
    'from django.conf import settings',
    '',
    '',
    'def request_access_token() -> str:',
    '    payload = {',
    `        "client_id": settings.${prefix}_CLIENT_ID,`,
    `        "client_secret": settings.${prefix}_CLIENT_SECRET,`,
    `        "audience": settings.${prefix}_BASE_URL,`,
    '        "grant_type": "client_credentials",',
    '    }',
    `    response = httpx.post(settings.${prefix}_AUTH_URL, json=payload)`,
    '    return response.json()["access_token"]',
  ].join('\n');

describe('constants set from a table of addresses', () => {
  it('Python: the audience taken from a base constant derived from the v1 table is reported', async () => {
    writeTree(dir, {
      'site/settings.py': settings('BUOY', 'https://sandbox.buoyhealth.com/api/', 'https://auth.sandbox.buoyhealth.com/oauth/token'),
      'symptoms/auth.py': auth('BUOY'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'site/settings.py')).toEqual(['7 base-url']);
    expect(sites(r, 'symptoms/auth.py')).toEqual(['9 token-audience']);
  });

  it("Python: a helpdesk's own table and token request stay unreported", async () => {
    writeTree(dir, {
      'site/settings.py': settings('DESK', 'https://help.example.com/api/', 'https://auth.example.com/oauth/token'),
      'desk/auth.py': auth('DESK'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'site/settings.py')).toEqual([]);
    expect(sites(r, 'desk/auth.py')).toEqual([]);
  });
});
