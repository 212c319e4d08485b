import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { TrafficAnalysis } from '../../traffic/analyze';
import { generateProxyLog } from '../../traffic/generate';
import { readInputs } from '../../traffic/read';
import { cleanup, tmpDir } from '../cli/helpers';
import { request, startStack, V1_AUDIENCE } from '../shim/helpers';
import { buildCli } from '../shim/process';

let main = '';
let dir = '';
beforeAll(() => {
  main = buildCli().main;
  dir = tmpDir('sc-migrate-traffic-');
}, 180_000);
afterAll(() => cleanup(dir));

/** Run the built CLI with a small heap; its output, exit code and peak resident memory. */
function runSmallHeap(args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; maxRssKb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', '-r', path.join(__dirname, 'rss.cjs'), main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sc-migrate traffic did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /sc-migrate-test-maxrss-kb=(\d+)/.exec(stderr);
      resolve({ code, stdout, maxRssKb: m ? Number(m[1]) : Infinity });
    });
  });
}

describe('traffic on a large log', () => {
  it('streams a log of hundreds of megabytes line by line: 64 MB of heap, peak RSS under 200 MB, bounded time', async () => {
    const file = path.join(dir, 'proxy-access.log');
    const lines = generateProxyLog(file, 220e6);
    expect(fs.statSync(file).size).toBeGreaterThan(200e6);
    const r = await runSmallHeap(['traffic', file, '--format', 'json', '--fail-on', 'v1'], 150_000);
    fs.rmSync(file);
    expect(r.code).toBe(1); // every line is a v1 request
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({ records: lines, apiRequests: lines, v1Requests: lines, clients: 4, skipped: 0 });
    expect(report.changes.find((c: { change: string }) => c.change === 'base-url').requests).toBe(lines);
    expect(r.maxRssKb).toBeLessThan(200 * 1024);
  }, 200_000);
});

describe('traffic on the proxy\'s own log', () => {
  it('reads the lines a running proxy writes, with their clients and changes', async () => {
    const s = await startStack({ requireToken: true });
    try {
      const tok = await request(s.proxyUrl, 'POST', '/oauth/token', {
        body: { client_id: 'live-client', client_secret: 'cs_LIVE_never_printed', audience: V1_AUDIENCE, grant_type: 'client_credentials' },
        headers: { 'user-agent': 'LiveApp/1.2.3' },
      });
      const h = { authorization: `Bearer ${tok.json.access_token}`, 'user-agent': 'LiveApp/1.2.3' };
      await request(s.proxyUrl, 'POST', '/api/interviews/anonymous/', { body: { profile: { age: 30, sex: 'male' }, interview_mode: 'x' }, headers: h });
      await request(s.proxyUrl, 'PUT', '/api/interviews/some-id/', { body: { mode: 'triage' }, headers: h });
    } finally {
      await s.close();
    }
    await new Promise<void>((resolve) => s.proxy.logger.flush(() => resolve()));
    const file = path.join(dir, 'live.log');
    fs.writeFileSync(file, `${s.logs.lines.join('\n')}\n`);
    const seen: string[] = [];
    const analysis = new TrafficAnalysis({ config: defaultConfig, onRequest: (_r, c, k) => seen.push(`${k.client} ${k.app}/${k.appVersion} ${c.endpoint} [${[...c.changes.keys()].join(' ')}]`) });
    const [input] = await readInputs([file], {}, (r) => analysis.add(r));
    expect(input!.format).toBe('proxy-log');
    expect(seen).toEqual([
      'live-client LiveApp/1.2.3 POST /oauth/token [token-audience]',
      'live-client LiveApp/1.2.3 POST /interviews/anonymous/ [base-url interview-profile-fields-removed interview-marketplace-variant-removed interview-mode-flag-removed]',
      'live-client LiveApp/1.2.3 PUT /interviews/{id}/ [base-url mode-safe-triage-removed]',
    ]);
  });
});
