import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { CliError, EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from '../exit';
import { loadCliConfig } from '../load-config';
import { dirtyFiles, GitError } from '../git';
import { helpEpilogue } from '../help';
import { coloursFor, displayPath, formatSummary, processIo, progressBar, summarize, unifiedDiff, type Io } from '../output';
import { findGitTop } from '../../lib/gitignore';
import { printable } from '../../report';
import { scan } from '../../lib';
import { writeOutcomes } from '../write';
import { JOBS_DESCRIPTION, parseJobs, parseMaxFileSize, parseOnly } from '../scan-options';

export interface RunArgs {
  paths: string[];
  config?: string;
  env?: string;
  dry?: boolean;
  allowDirty?: boolean;
  /** Go on without asking where a question is due (files outside any git work tree). */
  yes?: boolean;
  only?: string[];
  types?: 'auto' | 'off';
  quiet?: boolean;
  maxFileSize?: string | number;
  jobs?: string | number;
}

/**
 * `sc-migrate run`: scan, then write (or, with --dry, print diffs). Returns the exit code: 0, or 1 when a
 * file failed. Usage errors, bad config and a refusal to write throw a CliError (exit code 2).
 *
 * Dirty-tree rule: before writing, every file that would be written is checked with git; if any of them
 * has uncommitted changes (modified, staged or untracked) the run writes nothing and stops, unless
 * --allow-dirty. Uncommitted work in other files does not block: what matters is that every change
 * sc-migrate makes can be reviewed and undone with git. In a work tree where git cannot answer, nothing is
 * written either. Files outside any git work tree have nothing to undo the run from: `run` says so, asks on
 * a terminal, and without one writes only with --yes.
 */
export async function runMigration(args: RunArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const only = parseOnly(args.only);
  const maxFileSize = parseMaxFileSize(args.maxFileSize);
  const jobs = parseJobs(args.jobs);
  const { config, source } = loadCliConfig(args, cwd);
  const env = io.env ?? process.env;
  const out = coloursFor(io.stdout, env);
  const err = coloursFor(io.stderr, env);
  const bar = progressBar(io.stderr, !args.quiet);

  let result;
  try {
    result = await scan({
      roots: args.paths,
      config,
      only,
      types: args.types ?? 'auto',
      maxFileSize,
      ...(jobs !== undefined ? { jobs } : {}),
      cwd,
      onProgress: (done, total) => bar.update(done, total),
    });
  } finally {
    bar.stop();
  }
  // The config names v1 addresses on purpose: never migrate it (a file named sc-migrate.config.json is not
  // even selected; this covers a --config file of another name inside the scanned tree).
  if (source) result = { ...result, outcomes: result.outcomes.filter((o) => o.absPath !== source) };
  const changed = result.outcomes.filter((o) => o.status === 'changed');

  const writeFailures = new Map<string, string>();
  if (args.dry) {
    if (!args.quiet) for (const o of changed) io.stdout.write(unifiedDiff(o, printable(displayPath(o.absPath, cwd)), out));
  } else if (changed.length > 0) {
    if (!args.allowDirty) refuseDirty(changed.map((o) => o.absPath), cwd);
    await confirmOutsideGit(changed.map((o) => o.absPath), args, io, cwd);
    for (const f of await writeOutcomes(changed)) writeFailures.set(f.outcome.absPath, f.error);
  }

  const summary = summarize(result, cwd, writeFailures);
  if (!args.quiet) {
    if (args.dry && changed.length > 0) io.stdout.write('\n');
    io.stdout.write(formatSummary(summary, out, { dry: args.dry === true }));
  } else {
    for (const f of summary.failures) io.stderr.write(`${err.red('failed')} ${printable(f.path)}: ${printable(f.error)}\n`);
  }
  return summary.failed > 0 ? EXIT_FAILURES : EXIT_OK;
}

/** Stop (writing nothing) when a file to write has uncommitted changes, or git cannot tell. */
function refuseDirty(files: string[], cwd: string): void {
  let dirty: string[];
  try {
    dirty = dirtyFiles(files);
  } catch (e) {
    if (e instanceof GitError) throw new CliError(`${e.message}\nNothing was written; pass --allow-dirty to write anyway.`, EXIT_USAGE);
    throw e;
  }
  if (dirty.length === 0) return;
  const list = dirty.map((f) => `  ${displayPath(f, cwd)}`).join('\n');
  throw new CliError(
    `refusing to write: ${dirty.length} file(s) it would change have uncommitted changes:\n${list}\n` +
      'Commit or stash them first (so every change sc-migrate makes can be reviewed and undone), ' +
      'or pass --allow-dirty. Nothing was written.',
    EXIT_USAGE,
  );
}

/** Files outside any git work tree: warn; then --yes, a yes on the terminal, or stop writing nothing. */
async function confirmOutsideGit(files: string[], args: RunArgs, io: Io, cwd: string): Promise<void> {
  const outside = files.filter((f) => findGitTop(path.dirname(f)) === null);
  if (outside.length === 0) return;
  const shown = outside.slice(0, 5).map((f) => `  ${printable(displayPath(f, cwd))}`);
  if (outside.length > 5) shown.push(`  … and ${outside.length - 5} more`);
  io.stderr.write(
    `sc-migrate: warning: ${outside.length} file(s) to rewrite are outside any git work tree; ` +
      `nothing will hold their previous contents (run --dry first to see the diff):\n${shown.join('\n')}\n`,
  );
  if (args.yes) return;
  if (io.confirm && (await io.confirm('Rewrite them anyway?'))) return;
  throw new CliError(
    io.confirm ? 'nothing was written.' : 'nothing was written: pass --yes to rewrite files outside a git work tree without a terminal to ask on.',
    EXIT_USAGE,
  );
}

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run <paths..>',
  describe: 'Rewrite v1 client code and config files to v2 (code, .env, JSON, YAML and other config files)',
  builder: (yargs: Argv<object>) =>
    yargs
      .positional('paths', { type: 'string', array: true, default: undefined, describe: 'Files or folders to migrate' })
      .option('dry', { type: 'boolean', default: false, describe: 'Write nothing; print a unified diff of every change' })
      .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json in the cwd or first path)' })
      .option('env', { type: 'string', describe: 'Migrate only these environments of the config (comma-separated; default: all)' })
      .option('only', { type: 'string', describe: 'Apply only these change ids (comma-separated)' })
      .option('allow-dirty', {
        type: 'boolean',
        default: false,
        describe: 'Write even when files to change have uncommitted git changes',
      })
      .option('yes', {
        alias: 'y',
        type: 'boolean',
        default: false,
        describe: 'Rewrite files outside any git work tree without asking (needed without a terminal)',
      })
      .option('types', {
        choices: ['auto', 'off'] as const,
        default: 'auto' as const,
        describe: 'Type-aware findings through ts-morph where a tsconfig.json exists',
      })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress bar, no diff and no summary; failures only' })
      .option('max-file-size', { type: 'string', describe: 'Files larger than this are not parsed, only searched for v1 addresses (default 2mb)' })
      .option('jobs', { alias: 'j', type: 'string', describe: JOBS_DESCRIPTION })
      .epilogue(
        helpEpilogue({
          examples: [
            ['$ sc-migrate run --dry src', 'Show what would change (a unified diff, then the summary)'],
            ['$ sc-migrate run src', 'Rewrite in place; markers above what needs a person'],
            ['$ sc-migrate run src .env --only base-url,token-audience', 'Migrate the addresses only'],
            ['$ sc-migrate run src --env production', 'Migrate only the production addresses of the config'],
          ],
          exitCodes: [
            [0, 'done (or nothing to do)'],
            [1, 'a file could not be parsed or written (it was left as it was)'],
            [2, 'usage or config error, or a refusal to write (uncommitted changes, outside git without --yes)'],
          ],
        }),
      ) as unknown as Argv<RunArgs>,
  handler: async (argv) => {
    const only = (argv as { only?: unknown }).only;
    process.exitCode = await runMigration({ ...argv, only: only === undefined ? undefined : ([] as string[]).concat(only as string) });
  },
};
