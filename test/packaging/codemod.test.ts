import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, initRepo, tmpDir } from '../cli/helpers';
import { cliMain, ensureBuilt, repo, sh, tree } from './support';

// The Codemod package (codemod/) through the Codemod CLI itself: the `codemod` devDependency, an npm package
// whose native binary comes in a per-platform optional dependency and runs offline. Skipped, with the reason,
// only where that binary is not available (a platform the Codemod CLI publishes no binary for).
const codemodBin = path.join(repo, 'node_modules', '.bin', process.platform === 'win32' ? 'codemod.cmd' : 'codemod');
const pkg = path.join(repo, 'codemod');
const app = path.join(repo, 'fixtures', 'apps', 'legacy', 'chat-widget-js');
const appConfig = path.join(repo, 'fixtures', 'apps', 'sc-migrate.config.json');

function codemodUnavailable(): string | null {
  if (!fs.existsSync(codemodBin)) return `${codemodBin} is not installed (npm ci installs the codemod devDependency)`;
  const r = sh(codemodBin, ['--version'], { cwd: repo, timeout: 30_000 });
  return r.status === 0 ? null : `the Codemod CLI's native binary cannot run here: ${(r.stderr || r.stdout).trim().split('\n')[0]}`;
}
const unavailable = codemodUnavailable();
if (unavailable) console.warn(`skipping the Codemod CLI tests: ${unavailable}`);

const codemod = (args: string[], cwd = repo) => sh(codemodBin, ['--disable-analytics', ...args], { cwd, env: { DISABLE_ANALYTICS: 'true' } });

let dirs: string[] = [];
/** A git repository holding the sample chat widget and its config, committed. */
function target(): string {
  const dir = tmpDir('sc-codemod-');
  dirs.push(dir);
  fs.cpSync(app, dir, { recursive: true });
  fs.copyFileSync(appConfig, path.join(dir, 'sc-migrate.config.json'));
  initRepo(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs) cleanup(d);
  dirs = [];
});

beforeAll(() => ensureBuilt(), 180_000);

describe.skipIf(unavailable !== null)('the Codemod package (codemod/)', () => {
  it("passes the Codemod CLI's own validation, which does reject a broken workflow", () => {
    const ok = codemod(['workflow', 'validate', '-w', pkg]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Package validation successful');

    const broken = tmpDir('sc-codemod-pkg-');
    dirs.push(broken);
    fs.cpSync(pkg, broken, { recursive: true });
    const wf = path.join(broken, 'workflow.yaml');
    fs.writeFileSync(wf, fs.readFileSync(wf, 'utf8').replace('    type: automatic\n', '    type: automatic\n    depends_on: [no-such-node]\n'));
    expect(codemod(['workflow', 'validate', '-w', broken]).status).not.toBe(0);
  });

  it('names the package version sc-migrate has, and takes config, environment and only as params', () => {
    const manifest = parseYaml(fs.readFileSync(path.join(pkg, 'codemod.yaml'), 'utf8')) as { version: string; name: string };
    const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
    expect(manifest.version).toBe(version);
    expect(fs.readFileSync(path.join(pkg, 'scripts', 'sc-migrate.js'), 'utf8')).toContain(`const VERSION = '${version}';`);
    const workflow = parseYaml(fs.readFileSync(path.join(pkg, 'workflow.yaml'), 'utf8')) as { params: { schema: Record<string, unknown> } };
    expect(Object.keys(workflow.params.schema)).toEqual(['config', 'environment', 'only']);
  });

  it("the README's command: --dry-run prints the diff `sc-migrate run --dry` prints, and writes nothing", () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## With the Codemod CLI'));
    const command = /```sh\n(npx codemod [^\n]+)\n```/.exec(section)![1]!;
    const [, , ...args] = command.split(/\s+/);
    expect(args).toContain('--dry-run');
    const status = () => sh('git', ['status', '--porcelain', '--', 'fixtures'], { cwd: repo }).stdout;
    const before = status();
    const r = codemod(args.filter((a) => a !== '--disable-analytics'));
    expect(r.status, r.stderr).toBe(0);
    const target = path.join(repo, args[args.indexOf('-t') + 1]!);
    const direct = sh(process.execPath, [cliMain, 'run', '.', '--dry'], { cwd: target });
    expect(direct.stdout).toContain('+++ b/src/api.js');
    expect(r.stdout).toContain(direct.stdout);
    expect(status()).toBe(before);
  });

  it('migrates the target as `sc-migrate run` does, with the params passed on', () => {
    const viaCodemod = target();
    const direct = target();
    const params = ['--param', 'environment=sandbox', '--param', 'only=base-url,token-audience', '--param', 'config=sc-migrate.config.json'];
    const r = codemod(['workflow', 'run', '-w', pkg, '-t', viaCodemod, '--no-interactive', '--allow-child-process', ...params]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sc-migrate run\n\s+files scanned/);
    const d = sh(process.execPath, [cliMain, 'run', '.', '--env', 'sandbox', '--only', 'base-url,token-audience', '--config', 'sc-migrate.config.json'], { cwd: direct });
    expect(d.status, d.stderr).toBe(0);
    const migrated = tree(viaCodemod);
    expect(migrated).toEqual(tree(direct));
    expect(migrated).not.toEqual(tree(app));
    // --only: the removed-field changes were not applied; --env sandbox: the staging host stayed.
    expect([...migrated.values()].join('\n')).not.toContain('TODO(sc-migrate/interview-profile-fields-removed)');
    expect(migrated.get('.env.example')).not.toContain('sandbox.buoyhealth.com/api/');
  });

  it("fails the step with sc-migrate's own message on a bad param, writing nothing", () => {
    const dir = target();
    const r = codemod(['workflow', 'run', '-w', pkg, '-t', dir, '--no-interactive', '--allow-child-process', '--param', 'only=no-such-change']);
    expect(r.stderr).toContain("--only: unknown change id 'no-such-change'");
    expect(r.stderr).toContain('sc-migrate run exited with code 2');
    expect(sh('git', ['status', '--porcelain'], { cwd: dir }).stdout).toBe('');
  });
});
