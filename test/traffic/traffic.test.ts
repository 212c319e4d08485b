import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTraffic, type TrafficArgs } from '../../cli/commands/traffic';
import { defaultConfig } from '../../config';
import { TrafficAnalysis } from '../../traffic/analyze';
import { readInputs } from '../../traffic/read';
import { placeText } from '../../traffic/record';
import { captureIo } from '../cli/helpers';

const FIX = path.join(__dirname, '../../fixtures/traffic');
const HARS = ['chrome.har', 'firefox.har', 'charles.har', 'proxyman.har', 'mitmproxy.har'];

/** Every API request of the fixtures: place, client, app version, endpoint and the changes it touched. */
async function uses(files: string[], fields: string[] = []) {
  const out: string[] = [];
  const analysis = new TrafficAnalysis({
    config: defaultConfig,
    onRequest: (r, c, k) => out.push(`${placeText(r.place)} ${k.client} ${k.app}/${k.appVersion} ${c.endpoint} [${[...c.changes.keys()].join(' ')}]`),
  });
  const { fieldMap } = await import('../../traffic/ndjson');
  const inputs = await readInputs(files, { cwd: FIX, fields: fieldMap(fields) }, (r) => analysis.add(r));
  return { out, inputs };
}

async function run(args: Partial<TrafficArgs> & { files: string[] }) {
  const io = captureIo();
  const code = await runTraffic({ ...args, config: undefined }, io, FIX);
  return { code, out: io.out(), err: io.err() };
}

describe('traffic: what it finds in recorded traffic', () => {
  it('finds every v1 use of the exporters\' HAR files, with its client, app version, endpoint and changes', async () => {
    const { out, inputs } = await uses(HARS);
    expect(out).toEqual([
      'chrome.har#2 triage-widget-web browser-chrome/124 POST /oauth/token [token-audience]',
      'chrome.har#3 triage-widget-web browser-chrome/124 POST /interviews/anonymous/ [base-url interview-profile-fields-removed interview-marketplace-variant-removed interview-mode-flag-removed]',
      'chrome.har#4 triage-widget-web browser-chrome/124 POST /complaints/ [base-url complaint-extra-removed]',
      'chrome.har#5 triage-widget-web browser-chrome/124 PUT /interviews/{id}/ [base-url mode-complaint-renamed-input update-msg-in-links mode-update-status-200]',
      'chrome.har#6 triage-widget-web browser-chrome/124 GET /questions/?interview=… [base-url question-preselected-removed]',
      'firefox.har#1 symptom-portal browser-firefox/125 PUT /interviews/{id}/ [base-url mode-safe-triage-removed]',
      'firefox.har#2 unknown browser-firefox/125 OPTIONS /results/{id}/ [base-url]',
      'firefox.har#3 symptom-portal browser-firefox/125 GET /results/{id}/ [base-url result-advice-test-removed potential-condition-triage-removed]',
      'charles.har#1 triage-ios TriageApp/3.2.1 POST /oauth/token [token-audience]',
      'charles.har#2 triage-ios TriageApp/3.2.1 POST /intents/ [base-url intent-detail-context-removed]',
      'charles.har#3 triage-ios TriageApp/3.2.1 PUT /interviews/{id}/ [base-url mode-safe-triage-removed]',
      'charles.har#4 triage-ios TriageApp/3.2.1 POST /interviews/anonymous/ [base-url profile-age-range]',
      'charles.har#5 triage-ios TriageApp/3.2.1 POST /interviews/anonymous/ [base-url location-error-422]',
      'proxyman.har#1 care-companion-android CareCompanion/2.8.0 GET /interviews/{id}/ [base-url interview-mode-flag-removed]',
      'proxyman.har#2 care-companion-android CareCompanion/2.8.0 PUT /questions/{id}/ [base-url question-preselected-removed]',
      'proxyman.har#3 care-companion-android CareCompanion/2.8.0 GET /interviews/{id}/ []',
      'mitmproxy.har#1 partner-acme python-requests/2.31.0 POST /oauth/token [token-audience]',
      'mitmproxy.har#2 partner-acme python-requests/2.31.0 POST /interviews/anonymous/ [base-url interview-profile-fields-removed]',
      'mitmproxy.har#3 partner-acme python-requests/2.31.0 PUT /interviews/{id}/ [base-url mode-complaint-renamed-input]',
      'mitmproxy.har#4 partner-acme python-requests/2.31.0 PATCH /complaints/{id}/ [base-url complaint-extra-removed]',
      'mitmproxy.har#5 partner-acme python-requests/2.31.0 GET /results/{id}/ [base-url]',
    ]);
    // Each exporter's deviation from HAR 1.2 is tolerated and named; no entry is lost.
    expect(Object.fromEntries(inputs.map((i) => [i.file, i.tolerated.map((t) => t.id).sort()]))).toEqual({
      'chrome.har': ['server-address'],
      'firefox.har': ['text-fields'],
      'charles.har': ['cookie-expires'],
      'proxyman.har': ['time-form', 'timings'],
      'mitmproxy.har': ['cache', 'server-address'],
    });
    expect(inputs.map((i) => [i.creator, i.skipped])).toEqual([
      ['WebInspector 537.36', 0],
      ['Firefox 125.0', 0],
      ['Charles Proxy 4.6.6', 0],
      ['Proxyman 5.1.0', 0],
      ['mitmproxy 10.2.4', 0],
    ]);
  });

  it('reads the proxy\'s access log as the proxy writes it, and a generic log through its field mapping', async () => {
    const proxy = await uses(['proxy-access.ndjson']);
    expect(proxy.inputs[0]!.format).toBe('proxy-log');
    expect(proxy.out).toHaveLength(12); // the not-found line is no API call
    expect(proxy.out[1]).toMatch(/^proxy-access\.ndjson:2 triage-ios TriageApp\/3\.2\.1 POST \/interviews\/anonymous\/ \[base-url .*interview-mode-flag-removed/);
    expect(proxy.out.filter((l) => l.includes('care-companion-android CareCompanion/2.8.0'))).toHaveLength(6);

    const gateway = await uses(['gateway.ndjson']);
    expect(gateway.out).toEqual([
      'gateway.ndjson:1 triage-android TriageApp/3.1.0 POST /complaints/ [base-url complaint-extra-removed]',
      'gateway.ndjson:2 triage-android TriageApp/3.1.0 PUT /interviews/{id}/ [base-url mode-complaint-renamed-input mode-update-status-200]',
      'gateway.ndjson:3 kiosk-web browser-safari/17.4 GET /results/{id}/ [base-url result-advice-test-removed]',
      'gateway.ndjson:4 triage-android TriageApp/4.0.0 GET /questions/?interview=… []',
    ]);
    expect(gateway.inputs[0]!.problems).toEqual([{ place: { file: 'gateway.ndjson', line: 6 }, message: 'not a JSON line' }]);

    const custom = await uses(['custom-keys.ndjson'], ['method=verb', 'url=target', 'status=code', 'clientId=app', 'userAgent=agent', 'requestBody=payload']);
    expect(custom.out).toEqual([
      'custom-keys.ndjson:1 partner-x PartnerSync/1.4.2 POST /intents/ [base-url intent-detail-context-removed]',
      'custom-keys.ndjson:2 partner-x PartnerSync/1.4.2 GET /questions/{id}/ [base-url]',
    ]);
  });

  it('groups by client with counts, share of traffic and first and last seen', async () => {
    const { code, out } = await run({ files: ['gateway.ndjson', 'chrome.har'], format: 'json' });
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.summary).toMatchObject({ apiRequests: 9, v1Requests: 8, v2Requests: 1, otherRequests: 3, clients: 3, skipped: 1 });
    const android = report.clients.filter((c: { client: string }) => c.client === 'triage-android');
    expect(android.map((c: { appVersion: string; requests: number; v1Requests: number; share: number }) => [c.appVersion, c.requests, c.v1Requests, c.share])).toEqual([
      ['3.1.0', 2, 2, 0.2222],
      ['4.0.0', 1, 0, 0.1111],
    ]);
    expect(android[0]).toMatchObject({ source: 'log-field', firstSeen: '2024-05-02T08:53:20.123Z', lastV1Seen: '2024-05-02T08:53:21.123Z' });
    const widget = report.clients.find((c: { client: string }) => c.client === 'triage-widget-web');
    expect(widget).toMatchObject({ source: 'token-request', requests: 5, changes: { 'base-url': 4, 'token-audience': 1 } });
  });
});

describe('traffic: output', () => {
  const secrets = (() => {
    // Every credential the fixtures hold: client secrets, tokens, cookies, and the Authorization values.
    const text = fs.readdirSync(FIX).map((f) => fs.readFileSync(path.join(FIX, f), 'utf8')).join('\n');
    const found = new Set<string>();
    for (const m of text.matchAll(/(?:cs_fixture|at_opaque|at_GATEWAY_SECRET|rt_CHARLES_SECRET|sess_CHROME_COOKIE|cookie_CHARLES)[\w-]*/g)) found.add(m[0]);
    for (const m of text.matchAll(/Bearer ([\w.-]+)/g)) found.add(m[1]!);
    for (const m of text.matchAll(/"access_token": "([^"]+)"/g)) found.add(m[1]!);
    return [...found];
  })();

  it.each(['text', 'json', 'markdown', 'html'])('%s never shows a secret, a token or an Authorization value', async (format) => {
    expect(secrets.length).toBeGreaterThan(10);
    const all = [...HARS, 'proxy-access.ndjson', 'gateway.ndjson'];
    const { out, err } = await run({ files: all, format });
    for (const s of secrets) {
      expect(out).not.toContain(s);
      expect(err).not.toContain(s);
    }
    expect(out.toLowerCase()).not.toContain('bearer');
    // Bodies are never printed: not even a recorded complaint's text.
    expect(out).not.toContain('since yesterday');
  });

  it('json follows the shipped schema', async () => {
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../../schemas/traffic.schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const { out } = await run({ files: [...HARS, 'proxy-access.ndjson', 'gateway.ndjson', 'missing.har'], format: 'json' });
    const report = JSON.parse(out);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.inputs.at(-1)).toMatchObject({ file: 'missing.har', error: 'no such file' });
  });

  it('markdown is a plan with a checklist per client; html has the report look and no script', async () => {
    const md = (await run({ files: ['charles.har'], format: 'markdown' })).out;
    expect(md).toContain('# Symptom Checker API v2 migration plan from traffic');
    expect(md).toContain('- [ ] `triage-ios` `TriageApp 3.2.1`: 5 v1 requests of 5');
    const html = (await run({ files: ['charles.har'], format: 'html' })).out;
    expect(html).toContain("Content-Security-Policy\" content=\"default-src 'none'");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<tr data-change="location-error-422">');
    expect(html).toContain('data-client="triage-ios"');
  });
});

describe('traffic: --fail-on', () => {
  it('gates like check: 1 while the traffic uses what it names, 0 when not, 3 when nothing was read, 2 on a bad value', async () => {
    expect((await run({ files: ['proxyman.har'] })).code).toBe(0);
    const v1 = await run({ files: ['proxyman.har'], failOn: 'v1' });
    expect(v1.code).toBe(1);
    expect(v1.err).toContain('the traffic still uses v1');
    expect((await run({ files: ['proxyman.har'], failOn: 'location-error-422' })).code).toBe(0);
    expect((await run({ files: ['charles.har'], failOn: 'location-error-422,token-audience' })).code).toBe(1);
    expect((await run({ files: ['custom-keys.ndjson'], failOn: 'v1' })).code).toBe(3);
    expect((await run({ files: ['custom-keys.ndjson'], failOn: 'v1', allowEmpty: true })).code).toBe(0);
    expect((await run({ files: ['proxyman.har', 'missing.log'], failOn: 'location-error-422' })).code).toBe(1);
    await expect(run({ files: ['proxyman.har'], failOn: 'no-such-change' })).rejects.toThrow(/--fail-on/);
  });
});
