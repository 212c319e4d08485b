import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An error of the app raised with v1's status in the function that performs the operation (`raise
 * LocationError(400, "…")` beside `if exc.code == 400:` in the interview's creation): that status is a site. The
 * same error raised by a helpdesk call, and a web framework's own `HTTPError(400)`, stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'import json',
  'from tornado.httpclient import AsyncHTTPClient, HTTPClientError',
  'from tornado.web import HTTPError',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  'DESK = "https://desk.example.com/api/"',
  '',
  '',
  'class LocationError(Exception):',
  '    pass',
  '',
  '',
  'async def create_interview(profile):',
  '    if not profile:',
  '        raise HTTPError(400, "no profile")',
  '    try:',
  '        response = await AsyncHTTPClient().fetch(BASE + "interviews/anonymous/", method="POST", body=json.dumps({"profile": profile}))',
  '    except HTTPClientError as exc:',
  '        if exc.code == 400:',
  '            raise LocationError(400, "location could not be determined")',
  '        raise',
  '    return json.loads(response.body)',
  '',
  '',
  'async def open_ticket(text):',
  '    try:',
  '        await AsyncHTTPClient().fetch(DESK + "tickets/", method="POST", body=json.dumps({"text": text}))',
  '    except HTTPClientError:',
  '        raise LocationError(400, "desk refused")',
].join('\n');

describe('errors raised with a status', () => {
  it("the status an app's error carries where the operation is performed; not a framework's error, nor the helpdesk's", async () => {
    writeTree(dir, { 'app/client.py': CLIENT });
    const r = await scanProject(dir);
    expect(sites(r, 'app/client.py').filter((s) => !s.endsWith('base-url'))).toEqual(['19 location-error-422', '20 location-error-422']);
  });
});
