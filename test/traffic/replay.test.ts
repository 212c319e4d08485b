import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReplay, type ReplayArgs } from '../../cli/commands/replay';
import { defaultConfig, type Config } from '../../config';
import { captureIo } from '../cli/helpers';
import { MockV2 } from '../../shim/mock/server';
import { startProxy } from '../shim/helpers';

const FIX = path.join(__dirname, '../../fixtures/traffic');
const SESSION = 'legacy-session.har';
const RECORDED_SECRET = 'cs_fixture_SESSION_3e8b1f';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function replay(args: Partial<ReplayArgs>, env: NodeJS.ProcessEnv = {}) {
  const io = { ...captureIo(), env };
  const code = await runReplay({ har: SESSION, legacyVersion: '2020-06', format: 'json', ...args }, io, FIX);
  return { code, out: io.out(), err: io.err(), report: args.format && args.format !== 'json' ? null : JSON.parse(io.out()) };
}

const sandbox = defaultConfig.environments['sandbox']!;

/** A stand-in for the built-in sandbox's v2 API and token service, on loopback, closed after the test. */
async function startSandbox(): Promise<{ mock: MockV2; url: string }> {
  const mock = new MockV2({ basePath: '/symptom-checker/v2/', tokenPath: '/auth/oauth/token', audience: sandbox.v2.audience, requireToken: true });
  const { port } = await mock.listen(0, '127.0.0.1');
  cleanups.push(() => mock.close());
  return { mock, url: `http://127.0.0.1:${port}` };
}

/** The built-in sandbox with its v2 API and token service at `mockUrl`. */
function sandboxAt(mockUrl: string): Config {
  return { environments: { sandbox: { ...sandbox, v2: { ...sandbox.v2, baseUrl: `${mockUrl}/symptom-checker/v2/` }, authUrl: `${mockUrl}/auth` } } };
}

describe('replay', () => {
  it('replays a recorded legacy session through the shim to mock-v2: every step equivalent, ids of v2 mapped into later steps', async () => {
    const { code, report } = await replay({});
    expect(code).toBe(0);
    expect(report.summary).toEqual({ steps: 10, equivalent: 10, differs: 0, failed: 0, skipped: 0 });
    expect(report.steps.map((s: { endpoint: string; replayedStatus: number }) => `${s.endpoint} ${s.replayedStatus}`)).toEqual([
      'POST /oauth/token 200',
      'POST /interviews/anonymous/ 201',
      'PUT /interviews/{id}/ 202',
      'POST /complaints/ 201',
      'GET /questions/?interview=… 200',
      'PUT /questions/{id}/ 200',
      'PUT /questions/{id}/ 200',
      'PUT /questions/{id}/ 200',
      'GET /interviews/{id}/ 200',
      'GET /results/{id}/ 200',
    ]);
    // What the catalogue says the shim cannot restore is shown, with its change, and does not fail the run.
    const notes = report.steps.flatMap((s: { notes: { path: string; change?: string }[] }) => s.notes.filter((n) => n.change).map((n) => `${n.path} ${n.change}`));
    expect(notes).toEqual(['extra complaint-extra-removed', '[0].options question-preselected-removed', 'options question-preselected-removed', 'advice result-advice-test-removed']);
    const byChange = Object.fromEntries(report.changes.map((c: { change: string; equivalent: number }) => [c.change, c.equivalent]));
    expect(byChange).toMatchObject({ 'mode-update-status-200': 1, 'update-msg-in-links': 1, 'token-audience': 1, 'base-url': 9 });
  });

  it('--strict counts what cannot be restored as differences, naming the exact field', async () => {
    const { code, report } = await replay({ strict: true });
    expect(code).toBe(1);
    const result = report.steps.find((s: { endpoint: string }) => s.endpoint === 'GET /results/{id}/');
    expect(result.verdict).toBe('differs');
    expect(result.differences).toContainEqual({ path: 'advice', kind: 'changed', recorded: '"Rest and drink water"', replayed: 'null', change: 'result-advice-test-removed' });
  });

  it('through a running proxy to its upstream: credentials come from the environment, never from the recording', async () => {
    const { mock, url: mockUrl } = await startSandbox();
    const { proxy, url } = await startProxy(sandboxAt(mockUrl), { legacyVersion: '2020-06' });
    cleanups.push(() => proxy.close(500));

    const without = await replay({ through: url });
    expect(without.code).toBe(1);
    expect(without.report.steps[0]).toMatchObject({ verdict: 'failed', error: expect.stringContaining('SC_REPLAY_CLIENT_ID') });
    expect(mock.requests.filter((r) => r.path.endsWith('oauth/token'))).toHaveLength(0);

    const withEnv = await replay({ through: url }, { SC_REPLAY_CLIENT_ID: 'sandbox-client', SC_REPLAY_CLIENT_SECRET: 'sandbox-secret' });
    expect(withEnv.report.summary).toMatchObject({ equivalent: 10, differs: 0, failed: 0 });
    const token = mock.requests.find((r) => r.path.endsWith('oauth/token'))!;
    expect(token.body).toMatchObject({ client_id: 'sandbox-client', client_secret: 'sandbox-secret' });
    expect(JSON.stringify(mock.requests.map((r) => r.body))).not.toContain(RECORDED_SECRET);
    expect(withEnv.out).not.toContain('sandbox-secret');
  });

  it('in-process to a v2 address given with --upstream (a sandbox), and refuses credentials in addresses', async () => {
    const { mock, url: mockUrl } = await startSandbox();
    const env = { SC_REPLAY_CLIENT_ID: 'sandbox-client', SC_REPLAY_CLIENT_SECRET: 'sandbox-secret' };
    const r = await replay({ upstream: `${mockUrl}/symptom-checker/v2/`, authUrl: `${mockUrl}/auth` }, env);
    expect(r.code).toBe(0);
    expect(mock.requests.filter((q) => q.path.startsWith('interviews/'))).not.toHaveLength(0);
    await expect(replay({ upstream: 'https://user:pw@api.example.test/symptom-checker/v2/' })).rejects.toThrow(/credentials come from the environment/);
  });

  it('prints no recorded secret or token in any format', async () => {
    for (const format of ['text', 'json', 'markdown', 'html']) {
      const { out } = await replay({ format });
      expect(out).not.toContain(RECORDED_SECRET);
      expect(out).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
      expect(out.toLowerCase()).not.toContain('bearer');
    }
  });
});
