import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Config } from '../../config';
import type { Io } from '../../cli/output';

/** A fresh folder under the OS temp dir; removed by `cleanup`. */
export function tmpDir(prefix = 'sc-migrate-test-'): string {
  // realpath: macOS /var → /private/var, so paths compare equal to what git and the pipeline report.
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function cleanup(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Write files (path → contents, string or bytes) under `dir`, creating folders. */
export function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, contents] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, contents);
  }
}

export function read(dir: string, rel: string): string {
  return fs.readFileSync(path.join(dir, rel), 'utf8');
}

export function readBytes(dir: string, rel: string): Buffer {
  return fs.readFileSync(path.join(dir, rel));
}

export function git(dir: string, ...args: string[]): string {
  const r = spawnSync(
    'git',
    ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'commit.gpgsign=false', '-c', 'core.autocrlf=false', ...args],
    { cwd: dir, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** `git init` and commit everything in `dir`. */
export function initRepo(dir: string): void {
  git(dir, 'init', '-q');
  git(dir, 'config', 'core.autocrlf', 'false');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial', '--allow-empty');
}

/** Captured output streams (not terminals unless asked). */
export function captureIo(tty = false): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s), isTTY: tty },
    stderr: { write: (s: string) => (err += s), isTTY: tty },
    env: {},
    out: () => out,
    err: () => err,
  };
}

/** Fixture hosts, unlike the built-in defaults, so that tests show the config is what drives rewriting. */
export const customConfig: Config = {
  environments: {
    staging: {
      v1: { baseUrl: 'https://old-staging.example.test/api/', audience: 'https://old-staging.example.test/api/' },
      v2: { baseUrl: 'https://api.staging.example.test/symptom-checker/v2/', audience: 'https://api.staging.example.test' },
      authUrl: 'https://auth.staging.example.test',
    },
    live: {
      v1: { baseUrl: 'https://old.example.test/api/', audience: 'https://audience.old.example.test' },
      v2: { baseUrl: 'https://api.example.test/symptom-checker/v2/', audience: 'https://api.example.test' },
      authUrl: 'https://auth.example.test',
    },
  },
};

export function writeConfig(dir: string, config: unknown = customConfig, name = 'sc-migrate.config.json'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** `sc-migrate <args> --help` as a terminal `columns` wide shows it (the real parser, in this process). */
export async function helpOf(args: string[], columns = 80): Promise<string> {
  const { buildCli } = await import('../../cli/main');
  const saved = process.env.COLUMNS;
  process.env.COLUMNS = String(columns);
  try {
    return await new Promise<string>((resolve) => void buildCli([...args, '--help']).exitProcess(false).parse([...args, '--help'], {}, (_err, _argv, output) => resolve(output)));
  } finally {
    if (saved === undefined) delete process.env.COLUMNS;
    else process.env.COLUMNS = saved;
  }
}

/**
 * The repository built from the current sources into `outDir` (inside node_modules/.cache, so its requires find this
 * project's node_modules), type checking off: `npx tsc --noEmit` checks types, child processes and worker threads
 * only need JavaScript. Returns the built CLI's main module.
 */
export function buildInto(outDir: string): string {
  const repo = path.resolve(__dirname, '../..');
  const main = path.join(outDir, 'cli', 'main.js');
  const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir, '--noCheck', '--declaration', 'false', '--sourceMap', 'false'], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0 || !fs.existsSync(main)) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
  return main;
}
