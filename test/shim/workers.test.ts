/**
 * `sc-migrate proxy --workers 2` (node:cluster) as a child process: both workers serve, one scrape of
 * /metrics and one /legacy-clients show the whole process, SIGTERM drains every worker.
 */
import * as http from 'node:http';
import * as net from 'node:net';
import { describe, expect, it } from 'vitest';
import { configFor, request } from './helpers';
import { runProxyCommand, writeConfig } from './process';
import { processSuite } from './suite';
import { sendJson, until } from './upstream';

const suite = processSuite();

describe('--workers', () => {
  it('serves from every worker and aggregates metrics and legacy clients across them', async () => {
    const up = await suite.upstream((_req, res) => sendJson(res, 200, [{ preselected: true }]));
    const p = await suite.proxy(up.url, ['--workers', '2']);
    await until(() => p.logs.filter((l) => l.msg === 'listening').length === 2, 10_000);
    // Keep-alive connections, so that each worker gets some (the primary hands out connections in turn).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    suite.defer(async () => agent.destroy());
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${p.url}/api/questions/`, { agent, headers: { 'user-agent': 'TriageApp/3.2.1' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const statuses = await Promise.all(Array.from({ length: 40 }, get));
    expect(statuses).toEqual(Array(40).fill(200));
    await until(() => p.requests().length === 40);
    const workers = new Set(p.requests().map((l) => l.worker));
    expect(workers).toEqual(new Set([1, 2]));

    for (let i = 0; i < 4; i++) {
      // whichever worker answers, the scrape counts every worker's requests
      const text = (await request(p.url, 'GET', '/metrics')).raw.toString();
      expect(text).toMatch(/sc_migrate_proxy_requests_total\{route="api",legacy_version="v1",status="200"\} 40/);
      expect(text).toMatch(/sc_migrate_proxy_legacy_requests_total\{client="unknown",app="TriageApp",app_version="3.2.1",change="base-url"\} 40/);
      const legacy = (await request(p.url, 'GET', '/legacy-clients')).json;
      expect(legacy.entries).toHaveLength(1);
      expect(legacy.entries[0]).toMatchObject({ app: 'TriageApp', appVersion: '3.2.1', requests: 40 });
    }
    agent.destroy();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.logs.filter((l) => l.msg === 'stopped').length).toBe(3);
  });

  it('stops, with the workers\' exit code, when they cannot start instead of forking them again and again', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    suite.defer(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as net.AddressInfo).port;
    const r = await runProxyCommand(suite.main, ['--config', writeConfig(configFor('http://127.0.0.1:1')), '--env', 'sandbox', '--port', String(port), '--workers', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/EADDRINUSE/);
    expect(r.stdout.split('\n').filter((l) => l.includes('worker failed to start')).length).toBeGreaterThanOrEqual(1);
  });
});
