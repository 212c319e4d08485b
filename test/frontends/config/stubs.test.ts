import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scan } from '../../../lib';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** Stubs of the API kept as JSON (WireMock, MockServer, Pact, Hoverfly): path, expected body, status and answer. */

let dir: string;
beforeEach(() => (dir = tmpDir()));
afterEach(() => cleanup(dir));

const run = async () => (await scan({ roots: ['.'], config: defaultConfig, cwd: dir })).outcomes;
const lines = (outcomes: Awaited<ReturnType<typeof run>>, rel: string) => (outcomes.find((o) => o.relPath === rel)?.findings ?? []).map((f) => `${f.line} ${f.change} ${f.fix}`);

const wiremock = (url: string) =>
  [
    '{',
    '  "request": {',
    '    "method": "PUT",',
    `    "url": "${url}",`,
    '    "bodyPatterns": [ { "equalToJson": { "mode": "triage", "interview_mode": true } } ]',
    '  },',
    '  "response": {',
    '    "status": 202,',
    '    "jsonBody": { "msg": "Queued.", "mode": "complaint", "extra": {} }',
    '  }',
    '}',
    '',
  ].join('\n');

describe('stubs of the API kept as JSON', () => {
  it('a WireMock mapping under the v1 path: the path, the expected body, the status and the answer; a helpdesk mapping of the same shape stays', async () => {
    writeTree(dir, {
      'src/test/resources/wiremock/mappings/update.json': wiremock('/api/interviews/t-1/'),
      'src/test/resources/wiremock/mappings/ticket.json': wiremock('/helpdesk/api/tickets/t-1/'),
      'src/test/resources/wiremock/mappings/other.json': wiremock('/api/tickets/t-1/'),
    });
    const out = await run();
    expect(lines(out, 'src/test/resources/wiremock/mappings/update.json')).toEqual([
      '4 base-url manual',
      '5 mode-safe-triage-removed manual',
      '5 interview-mode-flag-removed manual',
      '8 mode-update-status-200 manual',
      '9 update-msg-in-links manual',
      '9 mode-complaint-renamed-input auto',
    ]);
    expect(lines(out, 'src/test/resources/wiremock/mappings/ticket.json')).toEqual([]);
    expect(lines(out, 'src/test/resources/wiremock/mappings/other.json')).toEqual([]);
  });

  it('MockServer expectations (a list, `httpRequest.body.json`, `statusCode`) and a Pact file (`interactions`)', async () => {
    const mockserver = [
      '[',
      '  {',
      '    "httpRequest": { "method": "POST", "path": "/api/interviews/anonymous/", "body": { "type": "JSON", "json": { "interview_mode": true } } },',
      '    "httpResponse": { "statusCode": 400, "body": { "detail": "no location" } }',
      '  },',
      '  {',
      '    "httpRequest": { "method": "POST", "path": "/v3/orders/", "body": { "type": "JSON", "json": { "interview_mode": true } } },',
      '    "httpResponse": { "statusCode": 400 }',
      '  }',
      ']',
      '',
    ].join('\n');
    const pact = [
      '{',
      '  "consumer": { "name": "app" },',
      '  "interactions": [',
      '    {',
      '      "request": { "method": "POST", "path": "/api/complaints/", "body": { "interview": "t-1", "text": "cough" } },',
      '      "response": { "status": 201, "body": { "token": "c-1", "extra": "at night" } }',
      '    }',
      '  ]',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'mocks/expectations.json': mockserver, 'pacts/app-buoy.json': pact });
    const out = await run();
    expect(lines(out, 'mocks/expectations.json')).toEqual(['3 base-url manual', '3 interview-mode-flag-removed manual', '4 location-error-422 manual']);
    expect(lines(out, 'pacts/app-buoy.json')).toEqual(['5 base-url manual', '6 complaint-extra-removed manual']);
  });

  it('a Hoverfly simulation (matchers, bodies as JSON text) at a v1 address; the same pair for another host stays', async () => {
    const sim = (host: string) =>
      [
        '{',
        '  "data": { "pairs": [ {',
        '    "request": {',
        '      "method": [ { "matcher": "exact", "value": "PUT" } ],',
        `      "destination": [ { "matcher": "exact", "value": "${host}" } ],`,
        '      "path": [ { "matcher": "exact", "value": "/api/interviews/t-1/" } ],',
        '      "body": [ { "matcher": "json", "value": "{\\"mode\\": \\"safe\\"}" } ]',
        '    },',
        '    "response": { "status": 202, "body": "{\\"msg\\": \\"ok\\"}" }',
        '  } ] }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, { 'hoverfly/buoy.json': sim('sandbox.buoyhealth.com'), 'hoverfly/helpdesk.json': sim('help.example.com') });
    const out = await run();
    // Line 5: the bare v1 host, as in any JSON file.
    expect(lines(out, 'hoverfly/buoy.json')).toEqual(['5 base-url manual', '6 base-url manual', '7 mode-safe-triage-removed manual', '9 mode-update-status-200 manual', '9 update-msg-in-links manual']);
    expect(lines(out, 'hoverfly/helpdesk.json')).toEqual([]);
  });
});
