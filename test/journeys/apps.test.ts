import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../catalogue';
import { runMigration } from '../../cli/commands/run';
import { defaultConfig, type Config, type ShimConfig } from '../../config';
import { MockV2 } from '../../shim/mock/server';
import { resolveProxyOptions } from '../../shim/options';
import { ShimProxy } from '../../shim/server';
import { createLogger } from '../../shim/telemetry';
import { captureIo, cleanup, git, tmpDir } from '../cli/helpers';
import { LogSink } from '../shim/helpers';
import { runJourneyClient } from './support/child';
import { hunksAwayFromMarkers, hunksOf, MARKER, markedWindows } from './support/completion';

/**
 * The sample apps of fixtures/apps/legacy, proven against v2 (issue 14): each app's own API code runs a journey
 * (token, interview, complaint, mode updates, questions, result: what the app implements) before migration
 * through the shim in front of the strict v2 stand-in, and after `sc-migrate run` plus the person's completion of
 * the sites it marked (fixtures/apps/completions/<app>.patch) directly against the stand-in. Which files each
 * journey executes, and which it does not, is in fixtures/apps/README.md and atop each driver
 * (support/apps/). `legacy/broken` is a parse-failure fixture, not an app: it has no journey.
 */
const ROOT = path.join(__dirname, '../..');
const APPS = path.join(ROOT, 'fixtures/apps');
const SUPPORT = path.join(__dirname, 'support');
const CONFIG = path.join(APPS, 'sc-migrate.config.json');
const host = (url: string) => new URL(url).host;

type EnvName = 'production' | 'sandbox';

interface Pair {
  env: EnvName;
  mock: MockV2;
  proxy: ShimProxy;
  mockUrl: string;
  proxyUrl: string;
  /** Answers of the stand-in, in the order they finished. */
  answers: { method: string; url: string; status: number }[];
}

interface App {
  name: string;
  /** Which stand-in and shim it talks to. */
  pair: 'production' | 'sandbox' | 'tokenless';
  /** Driver in support/apps/. */
  driver: string;
  /** TypeScript sources transpiled to out/ before the driver runs. */
  typescript: boolean;
  /** Packages the app imports that are local stubs (support/stubs/<dir>), not installed. */
  stubs?: Record<string, string>;
  /** Files whose code the journey executes: none may keep a marker after the completion. */
  executes: string[];
  env?: (app: string, audience: string) => NodeJS.ProcessEnv;
}

const APPS_UNDER_TEST: App[] = [
  {
    name: 'chat-widget-js',
    pair: 'production',
    driver: 'chat-widget-js.mjs',
    typescript: false,
    stubs: { '@sentry/browser': 'sentry-browser' },
    executes: ['src/flow.js', 'src/api.js', 'src/auth.js', 'src/config.js'],
    env: () => ({ SC_ENV: 'production' }),
  },
  {
    name: 'triage-service-ts',
    pair: 'production',
    driver: 'triage-service-ts.cjs',
    typescript: true,
    executes: ['src/client.ts', 'src/interviews.ts', 'src/complaints.ts', 'src/intents.ts', 'src/questions.ts', 'src/results.ts', 'src/summary.ts'],
    env: (app) => ({ NODE_ENV: 'production', NODE_CONFIG_DIR: path.join(app, 'config'), LOG_LEVEL: 'silent' }),
  },
  {
    name: 'got-sdk',
    pair: 'tokenless',
    driver: 'got-sdk.cjs',
    typescript: true,
    executes: ['src/client.ts', 'src/constants.ts', 'src/schemas/requests.ts', 'src/schemas/result.ts'],
  },
  {
    name: 'vue-portal',
    pair: 'sandbox',
    driver: 'vue-portal.cjs',
    typescript: true,
    executes: ['src/api/client.ts', 'src/api/interview.ts', 'src/api/types.ts'],
  },
  {
    name: 'svelte-astro',
    pair: 'sandbox',
    driver: 'svelte-astro.cjs',
    typescript: true,
    executes: ['src/lib/config.ts', 'src/lib/stores/begin.ts', 'src/lib/stores/interview.ts', 'src/lib/types.ts'],
    env: (_app, audience) => ({ SC_JOURNEY_AUDIENCE: audience }),
  },
];

/**
 * The got SDK validates answers with strict schemas (a number or absent, never null). Through the shim it needs the
 * documented `shim.defaults` (docs/shim.md) for the removed fields its schemas require; with the built-in `null`,
 * its first call fails. That is the configuration a team running it through the shim would write.
 */
const GOT_SDK_SHIM: ShimConfig = { defaults: { 'interview.profile.bmi': 0, 'result.advice': [], 'result.test': [] } };

async function startPair(env: EnvName, requireToken: boolean, shim?: ShimConfig): Promise<Pair> {
  const E = defaultConfig.environments[env]!;
  const mock = new MockV2({ basePath: api.v2BasePath, tokenPath: `/${api.tokenRequest.path}`, audience: E.v2.audience, requireToken });
  const answers: Pair['answers'] = [];
  mock.server.on('request', (req, res) => res.on('finish', () => answers.push({ method: req.method ?? '', url: req.url ?? '', status: res.statusCode })));
  const mockUrl = `http://127.0.0.1:${(await mock.listen(0, '127.0.0.1')).port}`;
  const config: Config = {
    environments: { [env]: { v1: E.v1, v2: { baseUrl: `${mockUrl}${api.v2BasePath}`, audience: E.v2.audience }, authUrl: mockUrl } },
    ...(shim ? { shim } : {}),
  };
  const proxy = new ShimProxy({ ...resolveProxyOptions(config, { env }), logger: createLogger(new LogSink()) });
  const proxyUrl = `http://127.0.0.1:${(await proxy.listen(0, '127.0.0.1')).port}`;
  return { env, mock, proxy, mockUrl, proxyUrl, answers };
}

/** Run a driver as a child process, bounded in time (support/child.ts). */
function runDriver(app: App, dir: string, hosts: Record<string, string>, audience: string): Promise<{ status: number | null; out: string }> {
  return runJourneyClient(process.execPath, ['--require', path.join(SUPPORT, 'redirect.cjs'), path.join(SUPPORT, 'apps', app.driver)], dir, hosts, {
    SUPPRESS_NO_CONFIG_WARNING: '1',
    ...app.env?.(dir, audience),
  });
}

/** TypeScript apps run as their build would leave them: every src/ module transpiled to out/ (CommonJS). */
function transpile(dir: string): void {
  fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
  const src = path.join(dir, 'src');
  for (const rel of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.ts$/.test(rel) || /\.d\.ts$/.test(rel)) continue;
    // Vite replaces `import.meta.env` at build time; no VITE_ variable is set here.
    const text = fs.readFileSync(path.join(src, rel), 'utf8').replace(/\bimport\.meta\.env\b/g, '({})');
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
    const out = path.join(dir, 'out', rel.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, js);
  }
}

const pairs = {} as Record<App['pair'], Pair>;

beforeAll(async () => {
  pairs.production = await startPair('production', true);
  pairs.sandbox = await startPair('sandbox', true);
  pairs.tokenless = await startPair('production', false, GOT_SDK_SHIM);
});

afterAll(async () => {
  for (const p of Object.values(pairs)) {
    await p.proxy.close(1000);
    await p.mock.close();
  }
});

it('every app of fixtures/apps/legacy has a journey, but the parse-failure fixture', () => {
  const apps = fs.readdirSync(path.join(APPS, 'legacy')).filter((d) => d !== 'broken');
  expect(apps.sort()).toEqual(APPS_UNDER_TEST.map((a) => a.name).sort());
});

it('a completion hunk away from every marked site is caught', () => {
  const old = ['function f(x) {', '  // TODO(sc-migrate/x): y', '  const { a, b } = x;', '  return a + b;', '}', '', 'const c = 1;', ''].join('\n');
  expect(markedWindows(old)).toEqual([[2, 4]]);
  const diff = ['+++ b/f.js', '@@ -2,2 +2 @@', '-  // TODO(sc-migrate/x): y', '-  const { a, b } = x;', '+  const { a } = x;', '@@ -4 +3 @@', '-  return a + b;', '+  return a;', '@@ -7 +6 @@', '-const c = 1;', '+const c = 2;'].join('\n');
  const away = hunksAwayFromMarkers(hunksOf(diff), () => old);
  expect(away.map((h) => h.from)).toEqual([7]);
});

describe.each(APPS_UNDER_TEST.map((a) => [a.name, a] as const))('journey of the sample app %s', (name, app) => {
  let root: string;
  let dir: string;
  let pair: Pair;
  let E: (typeof defaultConfig.environments)[string];

  beforeAll(() => {
    pair = pairs[app.pair];
    E = defaultConfig.environments[pair.env]!;
    root = tmpDir();
    dir = path.join(root, name);
    fs.cpSync(path.join(APPS, 'legacy', name), dir, { recursive: true });
    // The packages it imports: this repository's node_modules, or a stub where the package is not installed.
    if (app.stubs) {
      for (const [pkg, stub] of Object.entries(app.stubs)) {
        fs.mkdirSync(path.dirname(path.join(root, 'node_modules', pkg)), { recursive: true });
        fs.symlinkSync(path.join(SUPPORT, 'stubs', stub), path.join(root, 'node_modules', pkg), 'dir');
      }
    } else {
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    }
    git(root, 'init', '-q');
    fs.writeFileSync(path.join(root, '.git/info/exclude'), 'node_modules\nout/\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'legacy');
  });
  afterAll(() => cleanup(root));

  const since = (from: number) => pair.answers.slice(from);

  it('before migration: succeeds through the shim in front of v2', async () => {
    if (app.typescript) transpile(dir);
    const from = pair.answers.length;
    const requests = pair.mock.requests.length;
    const r = await runDriver(app, dir, { [host(E.v1.baseUrl)]: pair.proxyUrl, [host(E.authUrl)]: pair.proxyUrl }, E.v1.audience);
    expect(r.out).toContain('journey ok');
    expect(r.status).toBe(0);
    expect(pair.mock.requests.length).toBeGreaterThan(requests + 1);
    expect(since(from).filter((a) => a.status >= 400)).toEqual([]);
  });

  it('after sc-migrate run and the completion of its marked sites: succeeds directly against v2 with v2 requests only', async () => {
    const io = captureIo();
    expect(await runMigration({ paths: [name], config: CONFIG, quiet: true }, io, root), io.err()).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'sc-migrate run');

    // The person's completion touches the marked sites only, and finishes every one the journey executes.
    git(root, 'apply', path.join(APPS, 'completions', `${name}.patch`));
    const hunks = hunksOf(git(root, 'diff', '-U0', '--no-color', 'HEAD'));
    expect(hunks.length).toBeGreaterThan(0);
    const away = hunksAwayFromMarkers(hunks, (f) => git(root, 'show', `HEAD:${f}`));
    expect(away.map((h) => h.text)).toEqual([]);
    for (const f of app.executes) expect(fs.readFileSync(path.join(dir, f), 'utf8'), f).not.toContain(MARKER);

    if (app.typescript) transpile(dir);
    const from = pair.answers.length;
    const requests = pair.mock.requests.length;
    const r = await runDriver(app, dir, { [host(E.v2.baseUrl)]: pair.mockUrl, [host(E.authUrl)]: pair.mockUrl }, E.v2.audience);
    expect(r.out).toContain('journey ok');
    expect(r.status).toBe(0);
    const received = pair.mock.requests.slice(requests);
    expect(received.length).toBeGreaterThan(1);
    // mock-v2 refuses (400) the v1 audience, removed request fields and v1 mode names: nothing was refused.
    expect(since(from).filter((a) => a.status >= 400)).toEqual([]);
    for (const q of received.filter((q) => q.path === `/${api.tokenRequest.path}`)) {
      expect((q.body as Record<string, string>)[api.tokenRequest.audienceField]).toBe(E.v2.audience);
    }
    expect(JSON.stringify(received.map((q) => q.body))).not.toContain(E.v1.baseUrl);
  });
});
