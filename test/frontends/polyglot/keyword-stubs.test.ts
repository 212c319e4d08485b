import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Test doubles that take the method, the path and the status in one call (stub-statuses.ts, keywordStubStatuses):
 * requests-mock's `m.put(url, status_code=202)`, httpretty's `register_uri(httpretty.PUT, url, status=202)`,
 * `responses.add("PUT", url, status=202)`. A helpdesk's 202, a stub of the create path and a read stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('stubs given their method, path and status as arguments', () => {
  it('requests-mock, httpretty and responses with a string method; the helpdesk and other operations stay', async () => {
    writeTree(dir, {
      'tests/test_stubs.py': [
        'import httpretty',
        'import responses',
        '',
        'API = "https://www.buoyhealth.com/api/"',
        'DESK = "https://help.example.com/api/"',
        '',
        '',
        'def test_mode_update_pending(requests_mock):',
        '    requests_mock.put(API + "interviews/t1/", status_code=202)',
        '    requests_mock.post(DESK + "tickets/", status_code=202)',
        '    requests_mock.get(API + "interviews/t1/", status_code=202)',
        '',
        '',
        '@httpretty.activate',
        'def test_with_httpretty():',
        '    httpretty.register_uri(httpretty.PATCH, API + "interviews/t1/", status=202, body="")',
        '    httpretty.register_uri(httpretty.PUT, DESK + "tickets/7/", status=202)',
        '',
        '',
        '@responses.activate',
        'def test_with_responses():',
        '    responses.add("PUT", API + "interviews/t1/", status=202)',
        '    responses.add("POST", API + "interviews/anonymous/", status=201)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_stubs.py').filter((s) => !/ (base-url|token-audience)$/.test(s))).toEqual(['16 mode-update-status-200', '22 mode-update-status-200', '9 mode-update-status-200']);
  });
});
