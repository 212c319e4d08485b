/**
 * Issue 11, section 5, end to end: who still speaks v1. Two legacy clients with their own OAuth client ids and
 * app versions talk to the v2 stand-in through `sc-migrate proxy` (a child process); one of them migrates
 * mid-test (its new version talks v2 to the stand-in directly). The endpoint, the metric and the queries of
 * the Grafana dashboard and of the alert rules in docs/ must show which client still needs the shim.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as load } from 'yaml';
import { describe, expect, it } from 'vitest';
import { api, catalogue } from '../../catalogue';
import { configFor, request, startMock, V1_AUDIENCE, V2_AUDIENCE } from './helpers';
import type { ProxyProcess } from './process';
import { processSuite } from './suite';
import { sleep, until } from './upstream';
import { evaluate, parseScrape } from './promql';

const suite = processSuite();

const docs = path.resolve(__dirname, '../../docs');
const dashboard = JSON.parse(fs.readFileSync(path.join(docs, 'grafana/sc-migrate-proxy-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets?: { expr: string; refId: string }[] }[];
};
const rules = load(fs.readFileSync(path.join(docs, 'prometheus/sc-migrate-proxy-rules.yml'), 'utf8')) as {
  groups: { name: string; rules: { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }[] }[];
};

function panelExpr(title: string): string {
  const panel = dashboard.panels.find((p) => p.title === title);
  expect(panel, `dashboard panel '${title}'`).toBeDefined();
  return panel!.targets![0]!.expr;
}

const MODE_CHANGES = catalogue
  .filter((c) => c.rules.some((r) => (r.kind === 'value-renamed' || r.kind === 'value-removed') && r.field === api.modeField))
  .map((c) => c.id)
  .sort();

interface Client {
  clientId: string;
  headers: Record<string, string>;
}

describe('who still speaks v1', () => {
  it('attributes legacy traffic to clients and app versions, and shows which still needs the shim', async () => {
    const { mock, url: mockUrl } = await startMock({ requireToken: true });
    suite.defer(() => mock.close());
    const config = configFor(mockUrl, { legacyClients: { appVersionHeader: 'X-App-Version', maxValues: 5 } });
    const p: ProxyProcess = await suite.proxy(config, ['--legacy-version', '2020-06']);

    const login = async (base: string, tokenPath: string, clientId: string, audience: string, headers: Record<string, string>) => {
      const r = await request(base, 'POST', tokenPath, {
        body: { client_id: clientId, client_secret: `secret-of-${clientId}`, audience, grant_type: 'client_credentials' },
        headers,
      });
      expect(r.status).toBe(200);
      return r.json.access_token as string;
    };
    const session = async (c: Client) => {
      const token = await login(p.url, '/oauth/token', c.clientId, V1_AUDIENCE, c.headers);
      const auth = { ...c.headers, authorization: `Bearer ${token}` };
      const iv = await request(p.url, 'POST', '/api/interviews/anonymous/', { body: { profile: { age: 30 } }, headers: auth });
      expect(iv.status).toBe(201);
      await request(p.url, 'POST', '/api/complaints/', { body: { interview: iv.json.token, text: 'headache', extra: 'x' }, headers: auth });
      const mode = await request(p.url, 'PUT', `/api/interviews/${iv.json.token}/`, { body: { mode: 'complaint' }, headers: auth });
      expect(mode.status).toBe(200);
      return token;
    };

    const ios: Client = { clientId: 'triage-ios', headers: { 'user-agent': 'TriageApp/3.2.1 (iOS 17.1)' } };
    const web: Client = { clientId: 'chat-web', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36', 'x-app-version': 'ChatWidget/1.4.0' } };
    const iosToken = await session(ios);
    await session(web);
    await until(() => p.requests().length === 8);
    const before = parseScrape((await request(p.url, 'GET', '/metrics')).raw.toString());

    // chat-web migrates: version 2.0.0 speaks v2 to the API directly and never reaches the proxy again.
    await sleep(20);
    const migratedAt = new Date().toISOString();
    await sleep(20);
    const v2Token = await login(mockUrl, '/auth/oauth/token', 'chat-web', V2_AUDIENCE, { 'x-app-version': 'ChatWidget/2.0.0' });
    const direct = await request(mockUrl, 'POST', '/symptom-checker/v2/interviews/anonymous/', { body: { profile: { age: 30 } }, headers: { authorization: `Bearer ${v2Token}` } });
    expect(direct.status).toBe(201);
    // triage-ios keeps going through the proxy.
    const r = await request(p.url, 'GET', '/api/questions/', { headers: { ...ios.headers, authorization: `Bearer ${iosToken}` } });
    expect(r.status).toBe(200);
    await until(() => p.requests().length === 9);
    const after = parseScrape((await request(p.url, 'GET', '/metrics')).raw.toString());

    // --- the endpoint ------------------------------------------------------------------------------------
    const all = (await request(p.url, 'GET', '/legacy-clients')).json;
    const entry = (client: string) => all.entries.find((e: { client: string }) => e.client === client);
    expect(entry('triage-ios')).toMatchObject({ app: 'TriageApp', appVersion: '3.2.1', requests: 5 });
    expect(entry('chat-web')).toMatchObject({ app: 'ChatWidget', appVersion: '1.4.0', requests: 4 });
    for (const e of all.entries) {
      expect(Object.keys(e.changes)).toEqual(
        expect.arrayContaining(['token-audience', 'base-url', 'complaint-extra-removed', 'mode-complaint-renamed-input']),
      );
      expect(Date.parse(e.firstSeen)).toBeLessThanOrEqual(Date.parse(e.lastSeen));
    }
    expect(entry('chat-web').lastSeen < migratedAt).toBe(true);
    expect(entry('triage-ios').lastSeen > migratedAt).toBe(true);
    const since = (await request(p.url, 'GET', `/legacy-clients?since=${encodeURIComponent(migratedAt)}`)).json;
    const byClient = Object.fromEntries(since.clients.map((c: { client: string; stillNeedsShim: boolean }) => [c.client, c.stillNeedsShim]));
    expect(byClient).toEqual({ 'triage-ios': true, 'chat-web': false });
    expect(since.entries.map((e: { client: string }) => e.client)).toEqual(['triage-ios']);
    expect((await request(p.url, 'GET', '/legacy-clients?within=nonsense')).status).toBe(400);

    // --- the metric: bounded labels, never a token --------------------------------------------------------
    const metricText = (await request(p.url, 'GET', '/metrics')).raw.toString();
    expect(metricText).toMatch(/sc_migrate_proxy_legacy_requests_total\{client="triage-ios",app="TriageApp",app_version="3.2.1",change="mode-complaint-renamed-input"\} 2/);
    expect(metricText).not.toContain(iosToken);
    expect(p.stdout).not.toContain(iosToken);
    expect(p.stdout).not.toContain('secret-of-');

    // --- the dashboard's queries on the two scrapes ---------------------------------------------------------
    const who = panelExpr('Who still speaks v1');
    const stillSpeaking = evaluate(who, after, before);
    expect(stillSpeaking.map((s) => s.labels['client'])).toEqual(['triage-ios']);
    const ever = evaluate(who, after);
    expect(ever.map((s) => `${s.labels['client']} ${s.labels['app']} ${s.labels['app_version']} ${s.value}`).sort()).toEqual([
      'chat-web ChatWidget 1.4.0 4',
      'triage-ios TriageApp 3.2.1 5',
    ]);
    const needed = evaluate(panelExpr('Changes still needed, by app version'), after);
    expect(needed.some((s) => s.labels['app_version'] === '3.2.1' && s.labels['change'] === 'mode-complaint-renamed-input')).toBe(true);
    expect(needed.some((s) => s.labels['change'] === 'base-url')).toBe(false);
    for (const panel of dashboard.panels) {
      for (const t of panel.targets ?? []) {
        for (const name of t.expr.match(/sc_migrate_proxy_\w+/g) ?? []) {
          expect(metricText, `${panel.title}: ${name}`).toContain(`# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `);
        }
      }
    }

    // --- the alert rules -----------------------------------------------------------------------------------
    const alerts = rules.groups.flatMap((g) => g.rules);
    const canGo = alerts.find((a) => a.alert === 'ScMigrateShimCanGo')!;
    const newVersion = alerts.find((a) => a.alert === 'ScMigrateNewAppVersionSendsV1Modes')!;
    expect(canGo.expr).toMatch(/sc_migrate_proxy_legacy_requests_total/);
    expect(canGo.expr).toMatch(/\[14d\]/);
    // the mode changes named in the rule are exactly the catalogue's changes of the mode field
    const named = /change=~"([^"]+)"/.exec(newVersion.expr)![1]!.split('|').sort();
    expect(named).toEqual(MODE_CHANGES);
    const sending = evaluate(`sum by (app, app_version) (sc_migrate_proxy_legacy_requests_total{change=~"${named.join('|')}"})`, after);
    expect(sending.map((s) => s.labels['app_version']).sort()).toEqual(['1.4.0', '3.2.1']);
  });

  it('keeps at most maxValues distinct values per label, the rest as other', async () => {
    const { mock, url: mockUrl } = await startMock();
    suite.defer(() => mock.close());
    const p = await suite.proxy(configFor(mockUrl, { legacyClients: { maxValues: 3 } }));
    for (let i = 0; i < 6; i++) await request(p.url, 'GET', '/api/questions/', { headers: { 'user-agent': `App${i}/1.${i}` } });
    const text = (await request(p.url, 'GET', '/metrics')).raw.toString();
    const apps = new Set([...text.matchAll(/legacy_requests_total\{[^}]*app="([^"]+)"/g)].map((m) => m[1]));
    expect(apps).toEqual(new Set(['App0', 'App1', 'App2', 'other']));
    const versions = new Set([...text.matchAll(/legacy_requests_total\{[^}]*app_version="([^"]+)"/g)].map((m) => m[1]));
    expect(versions).toEqual(new Set(['1.0', '1.1', '1.2', 'other']));
  });
});

