import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../catalogue';
import { runMigration } from '../../cli/commands/run';
import { defaultConfig, type Config } from '../../config';
import { MockV2 } from '../../shim/mock/server';
import { resolveProxyOptions } from '../../shim/options';
import { ShimProxy } from '../../shim/server';
import { createLogger } from '../../shim/telemetry';
import { captureIo, cleanup, git, tmpDir } from '../cli/helpers';
import { LogSink } from '../shim/helpers';
import { runJourneyClient } from './support/child';

/**
 * Migrated clients proven against v2. Each runnable client journey (token, interview, mode updates, complaint,
 * intent, questions and answers, result) runs twice against the strict v2 stand-in (`mock-v2`): before migration
 * through the shim, which turns its v1 requests into v2 ones; after `sc-migrate run` directly. The clients keep
 * their real v1/v2 addresses: a preload (support/) routes those hosts to the loopback servers. The stand-in
 * refuses the v1 audience, removed request fields and v1 mode names, and answers in v2 shapes only, so a
 * half-migrated client fails here.
 */
const JOURNEYS = path.join(__dirname, '../../fixtures/journeys');
const SUPPORT = path.join(__dirname, 'support');
const PROD = defaultConfig.environments.production!;
const host = (url: string) => new URL(url).host;
const hasPython = spawnSync('python3', ['--version']).status === 0;

interface Client {
  name: string;
  /** Build (TypeScript) and run the client in `dir`; returns its exit status and output. */
  run(dir: string, hosts: Record<string, string>): Promise<{ status: number | null; out: string }>;
}

const node = (entry: string): Client['run'] => (dir, hosts) => runJourneyClient(process.execPath, ['--require', path.join(SUPPORT, 'redirect.cjs'), entry], dir, hosts);

/** TypeScript clients are transpiled (no type check) into `out/` before they run. */
function transpile(dir: string): void {
  for (const f of fs.readdirSync(path.join(dir, 'src'))) {
    const js = ts.transpileModule(fs.readFileSync(path.join(dir, 'src', f), 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    fs.mkdirSync(path.join(dir, 'out'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'out', f.replace(/\.ts$/, '.js')), js);
  }
}

/** The plain `name`/`value` pairs of a chart's `env` list (`valueFrom` entries are the cluster's business). */
function chartEnv(dir: string): Record<string, string> {
  const values = parseYaml(fs.readFileSync(path.join(dir, 'chart', 'values.yaml'), 'utf8')) as { env: { name: string; value?: string }[] };
  return Object.fromEntries(values.env.filter((e) => typeof e.value === 'string').map((e) => [e.name, e.value!]));
}

const CLIENTS: Client[] = [
  { name: 'js-fetch', run: node('main.js') },
  {
    name: 'ts-client',
    run: (dir, hosts) => {
      transpile(dir);
      return node('out/main.js')(dir, hosts);
    },
  },
  // A worker whose API settings come from its Helm chart's env list (one v1 string under two names): the chart is
  // what `run` migrates, and the worker runs with the environment the chart sets.
  { name: 'helm-env', run: (dir, hosts) => runJourneyClient(process.execPath, ['--require', path.join(SUPPORT, 'redirect.cjs'), 'worker.js'], dir, hosts, chartEnv(dir)) },
  ...(hasPython ? [{ name: 'python-urllib', run: (dir: string, hosts: Record<string, string>) => runJourneyClient('python3', ['client.py'], dir, hosts, { PYTHONPATH: SUPPORT, PYTHONDONTWRITEBYTECODE: '1' }) }] : []),
];

let mock: MockV2;
let proxy: ShimProxy;
let mockUrl: string;
let proxyUrl: string;

beforeAll(async () => {
  mock = new MockV2({ basePath: api.v2BasePath, tokenPath: `/${api.tokenRequest.path}`, audience: PROD.v2.audience, requireToken: true });
  mockUrl = `http://127.0.0.1:${(await mock.listen(0, '127.0.0.1')).port}`;
  const config: Config = {
    environments: {
      production: { v1: PROD.v1, v2: { baseUrl: `${mockUrl}${api.v2BasePath}`, audience: PROD.v2.audience }, authUrl: mockUrl },
    },
  };
  proxy = new ShimProxy({ ...resolveProxyOptions(config, { env: 'production' }), logger: createLogger(new LogSink()) });
  proxyUrl = `http://127.0.0.1:${(await proxy.listen(0, '127.0.0.1')).port}`;
});

afterAll(async () => {
  await proxy?.close(1000);
  await mock?.close();
});

describe.each(CLIENTS.map((c) => [c.name, c] as const))('journey of the %s client', (name, client) => {
  let dir: string;
  beforeAll(() => {
    dir = tmpDir();
    fs.cpSync(path.join(JOURNEYS, name), path.join(dir, name), { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'legacy');
  });
  afterAll(() => cleanup(dir));

  it('before migration: succeeds through the shim in front of v2', async () => {
    const before = mock.requests.length;
    const r = await client.run(path.join(dir, name), { [host(PROD.v1.baseUrl)]: proxyUrl, [host(PROD.authUrl)]: proxyUrl });
    expect(r.out).toContain('journey ok');
    expect(r.status).toBe(0);
    expect(mock.requests.length).toBeGreaterThan(before + 5);
  });

  it('after sc-migrate run: succeeds directly against v2, and every request v2 received is a v2 request', async () => {
    const io = captureIo();
    expect(await runMigration({ paths: [name], quiet: true }, io, dir), io.err()).toBe(0);
    const migrated = fs.readdirSync(path.join(dir, name), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|ts|py|ya?ml)$/.test(f) && !f.startsWith('out'));
    for (const f of migrated) expect(fs.readFileSync(path.join(dir, name, f), 'utf8'), f).not.toContain(PROD.v1.baseUrl);

    if (name === 'helm-env') {
      // One v1 string in two roles, split by the key that names each value.
      expect(chartEnv(path.join(dir, name))).toMatchObject({ SC_API_BASE: PROD.v2.baseUrl, SC_AUDIENCE: PROD.v2.audience });
    }

    const from = mock.requests.length;
    const r = await client.run(path.join(dir, name), { [host(PROD.v2.baseUrl)]: mockUrl, [host(PROD.authUrl)]: mockUrl });
    expect(r.out).toContain('journey ok');
    expect(r.status).toBe(0);
    const received = mock.requests.slice(from);
    const token = received.find((q) => q.path === `/${api.tokenRequest.path}`)!;
    expect((token.body as Record<string, string>)[api.tokenRequest.audienceField]).toBe(PROD.v2.audience);
    expect(received.length).toBeGreaterThan(5);
  });
});
