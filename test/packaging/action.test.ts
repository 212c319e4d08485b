import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, initRepo, tmpDir, writeTree } from '../cli/helpers';
import { cliMain, ensureBuilt, repo, sh } from './support';

// The composite GitHub Action (action.yml) and the pre-commit hook (.pre-commit-hooks.yaml), run here as GitHub's
// runner and pre-commit would run them: the action's check step as a script with the runner's environment
// variables, its last step with the outputs the first one wrote; the hook's entry with the staged files.
const V1_SANDBOX = 'https://sandbox.buoyhealth.com/api/';
const V2_SANDBOX = 'https://api.sandbox.buoyhealth.com/symptom-checker/v2/';

interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const action = parseYaml(fs.readFileSync(path.join(repo, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};

let dirs: string[] = [];
const dir = (files: Record<string, string>) => {
  const d = tmpDir('sc-action-');
  dirs.push(d);
  writeTree(d, files);
  return d;
};
afterEach(() => {
  for (const d of dirs) cleanup(d);
  dirs = [];
});
beforeAll(() => ensureBuilt(), 180_000);

/** Run the action's check step in `cwd` with these inputs (defaults from action.yml); its outputs parsed. */
function checkStep(cwd: string, inputs: Record<string, string>) {
  const values = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])), ...inputs };
  const step = action.runs.steps.find((s) => s.id === 'check')!;
  const env = Object.fromEntries(Object.entries(step.env!).map(([k, v]) => [k, v.replace(/\$\{\{ inputs\.([a-z-]+) \}\}/g, (_m, name: string) => values[name] ?? '')]));
  const output = path.join(cwd, '..', `${path.basename(cwd)}.output`);
  dirs.push(output);
  fs.writeFileSync(output, '');
  const r = sh('bash', ['-c', step.run!], { cwd, env: { ...env, GITHUB_ACTION_PATH: repo, GITHUB_OUTPUT: output, RUNNER_TEMP: cwd, SC_MIGRATE_CLI: cliMain } });
  const outputs = Object.fromEntries(fs.readFileSync(output, 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  return { ...r, outputs };
}

/** The action's later steps, as the runner decides and runs them with the check step's outputs. */
function laterSteps(outputs: Record<string, string>, inputs: Record<string, string>) {
  const expr = (s: string) =>
    s.replace(/\$\{\{ steps\.check\.outputs\.([a-z-]+) \}\}/g, (_m, k: string) => outputs[k] ?? '').replace(/\$\{\{ inputs\.([a-z-]+) \}\}/g, (_m, k: string) => inputs[k] ?? action.inputs[k]?.default ?? '');
  const truth = (cond: string) =>
    cond
      .replace(/^always\(\) && /, '')
      .split(' && ')
      .every((part) => {
        const m = /^(steps\.check\.outputs\.[a-z-]+|inputs\.[a-z-]+) (==|!=) '([^']*)'$/.exec(part.trim())!;
        const value = expr(`\${{ ${m[1]} }}`);
        return m[2] === '==' ? value === m[3] : value !== m[3];
      });
  return action.runs.steps.slice(1).map((s) => ({ step: s, runs: s.if === undefined || truth(s.if), run: s.run ? expr(s.run) : undefined, with: s.with }));
}

describe('action.yml (composite)', () => {
  it('declares the inputs the docs name, and runs sc-migrate check from a script in the repository', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['paths', 'config', 'environment', 'only', 'sarif', 'working-directory']));
    const check = action.runs.steps.find((s) => s.id === 'check')!;
    expect(check.run).toContain('$GITHUB_ACTION_PATH/scripts/action-check.sh');
    expect(fs.existsSync(path.join(repo, 'scripts', 'action-check.sh'))).toBe(true);
    expect(action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))).toBeDefined();
  });

  it('annotates every thing to do, writes SARIF when asked, and fails the job in its last step', () => {
    const cwd = dir({ 'src/client.js': `const BASE = '${V1_SANDBOX}';\nexport const get = (id) => fetch(\`\${BASE}interviews/\${id}/\`);\n`, 'README.md': 'docs\n' });
    const inputs = { paths: 'src', sarif: 'true', environment: 'sandbox' };
    const r = checkStep(cwd, inputs);
    expect(r.status, r.stderr).toBe(0);
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.stdout).toMatch(/^::warning file=src\/client\.js,line=1,col=\d+,title=sc-migrate%3A base-url::/m);
    const sarif = JSON.parse(fs.readFileSync(r.outputs['sarif-file']!, 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]!.results.map((x) => x.ruleId)).toContain('base-url');

    const [upload, fail] = laterSteps(r.outputs, inputs);
    expect(upload!.runs).toBe(true);
    expect(upload!.with!.sarif_file).toBe('${{ steps.check.outputs.sarif-file }}');
    expect(fail!.runs).toBe(true);
    expect(sh('bash', ['-c', fail!.run!], { cwd }).status).toBe(1);
  });

  it('passes clean code (no SARIF unless asked), and reports a bad input as exit code 2', () => {
    const cwd = dir({ 'src/client.js': `export const BASE = '${V2_SANDBOX}';\n` });
    const clean = checkStep(cwd, { paths: 'src' });
    expect(clean.outputs).toEqual({ 'exit-code': '0', 'sarif-file': '' });
    expect(clean.stdout).toMatch(/^sc-migrate check: clean/m);
    expect(laterSteps(clean.outputs, { paths: 'src' }).map((s) => s.runs)).toEqual([false, false]);

    const bad = checkStep(cwd, { paths: 'src', environment: 'no-such-env' });
    expect(bad.outputs['exit-code']).toBe('2');
    expect(bad.stderr).toContain("--env: unknown environment 'no-such-env'");
  });
});

describe("the README's CI command", () => {
  it('runs the check step on a sample app as written', () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## In CI (GitHub Actions)'));
    const command = /```sh\n([^\n]+)\n```/.exec(section)![1]!;
    expect(command).toContain('scripts/action-check.sh');
    const r = sh('bash', ['-c', command], { cwd: repo, env: { GITHUB_OUTPUT: undefined, GITHUB_ACTION_PATH: undefined } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^::warning file=fixtures\/apps\/legacy\/chat-widget-js\/src\/api\.js,line=\d+/m);
    expect(r.stdout).toMatch(/^sc-migrate check: failed: \d+ things to do/m);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parseYaml(fs.readFileSync(path.join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; language: string; types?: string[] }[];
  const hook = hooks.find((h) => h.id === 'sc-migrate-check')!;

  it('is a node hook whose entry is the package bin', () => {
    expect(hook.language).toBe('node');
    const bin = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin;
    expect(Object.keys(bin)).toContain(hook.entry.split(' ')[0]);
  });

  /** The hook as pre-commit runs it: its entry followed by the staged files (text files only). */
  function commitHook(cwd: string) {
    const staged = sh('git', ['diff', '--cached', '--name-only', '--diff-filter=ACMR'], { cwd }).stdout.split('\n').filter(Boolean);
    const [, ...args] = hook.entry.split(' ');
    return sh(process.execPath, [cliMain, ...args, ...staged], { cwd });
  }

  it('fails while a staged file holds v1 usage, and passes on a clean one or on none it reads', () => {
    const cwd = dir({ 'README.md': 'docs\n' });
    initRepo(cwd);
    writeTree(cwd, { 'src/client.js': `const BASE = '${V1_SANDBOX}';\nexport const get = () => fetch(\`\${BASE}interviews/\`);\n`, 'src/ok.js': 'export const x = 1;\n' });
    sh('git', ['add', 'src/ok.js'], { cwd });
    expect(commitHook(cwd).status).toBe(0);
    sh('git', ['add', 'src/client.js'], { cwd });
    const failed = commitHook(cwd);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^src\/client\.js:1:\d+ +v1 +base-url/m);

    // Nothing sc-migrate reads (a binary file): nothing to check, not an error (--allow-empty; else exit 3).
    sh('git', ['reset', '-q'], { cwd });
    fs.writeFileSync(path.join(cwd, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    sh('git', ['add', 'logo.png'], { cwd });
    const nothing = commitHook(cwd);
    expect(nothing.status, nothing.stderr).toBe(0);
  });
});
