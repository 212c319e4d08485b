import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, tmpDir } from '../cli/helpers';
import { ensureBuilt, repo, sh } from './support';

// The package as people get it: `npm pack`, then the tarball installed into an empty project that has never
// seen this repository's node_modules, and the commands run there through npx. Dependencies come from the npm
// registry (from npm's cache when it holds them: --prefer-offline).
const V1_SANDBOX = 'https://sandbox.buoyhealth.com/api/';
const V2_SANDBOX = 'https://api.sandbox.buoyhealth.com/symptom-checker/v2/';
const app = path.join(repo, 'fixtures', 'apps', 'legacy', 'chat-widget-js');

let work: string;
let project: string;
let files: string[];

beforeAll(() => {
  ensureBuilt();
  work = tmpDir('sc-pack-');
  // --ignore-scripts: dist/ is built (npm ci ran prepare; ensureBuilt rebuilt it if a source was newer).
  const packed = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: repo });
  expect(packed.status, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path);
  project = path.join(work, 'consumer');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true }\n');
  const installed = sh('npm', ['install', path.join(work, info!.filename), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project,
    timeout: 300_000,
  });
  expect(installed.status, installed.stderr).toBe(0);
  fs.cpSync(app, path.join(project, 'app'), { recursive: true });
}, 360_000);
afterAll(() => cleanup(work));

const npx = (args: string[]) => sh('npx', ['--no', '--', ...args], { cwd: project });

describe('npm pack', () => {
  it('ships what run, report, check, proxy and the transforms need, and nothing else', () => {
    for (const f of ['package.json', 'README.md', 'dist/cli/main.js', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/shim/server.js', 'schemas/report.schema.json', 'codemod/codemod.yaml', 'codemod/scripts/launch.cjs']) {
      expect(files).toContain(f);
    }
    expect(files).toContain('dist/codemods/transforms/v1-to-v2.js');
    const stray = files.filter(
      (f) => /^(test|fixtures|bench|docs|scripts|catalogue|cli|lib|report|shim|config|codemods)\//.test(f) || f.startsWith('dist/bench/') || f.endsWith('.map') || (f.endsWith('.ts') && !f.endsWith('.d.ts')) || /(^|\/)demo\./.test(f),
    );
    expect(stray).toEqual([]);
  });

  it('installs into an empty project where npx sc-migrate run --dry, check and --version work', () => {
    const version = npx(['sc-migrate', '--version']);
    expect(version.stdout.trim()).toBe((JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version);

    const dry = npx(['sc-migrate', 'run', '--dry', 'app']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('+++ b/app/src/api.js');
    expect(dry.stdout).toContain(`+SC_API_BASE=${V2_SANDBOX}`);
    expect(dry.stdout).toMatch(/sc-migrate run \(dry run: nothing written\)/);
    expect(fs.readFileSync(path.join(project, 'app', '.env.example'), 'utf8')).toContain(V1_SANDBOX);

    const check = npx(['sc-migrate', 'check', 'app', '--format', 'github']);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^::warning file=app\/src\/api\.js,line=\d+/m);
  });

  it('serves the proxy from the installed package', async () => {
    const bin = path.join(project, 'node_modules', '.bin', 'sc-migrate');
    const child = spawn(bin, ['proxy', '--env', 'sandbox', '--port', '0', '--log-format', 'json'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 20_000);
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('"msg":"listening"')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      child.on('exit', () => resolve(false));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(listening, out).toBe(true);
    expect(await exited).toBe(0);
  });

  it('runs a published transform with npx jscodeshift -t node_modules/sc-migrate/…', () => {
    const file = path.join(project, 'client.js');
    fs.writeFileSync(file, `const BASE = '${V1_SANDBOX}';\nexport const interviews = () => fetch(\`\${BASE}interviews/\`);\n`);
    const r = npx(['jscodeshift', '--run-in-band', '-t', 'node_modules/sc-migrate/dist/codemods/transforms/base-url.js', 'client.js']);
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(`const BASE = '${V2_SANDBOX}';\nexport const interviews = () => fetch(\`\${BASE}interviews/\`);\n`);
  });
});
