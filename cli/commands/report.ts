import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { loadCliConfig } from '../load-config';
import { buildReport, FORMATS, renderReport, toolInfo, type Format, type Report } from '../../report';
import { CliError, EXIT_OK, EXIT_USAGE } from '../exit';
import { helpEpilogue } from '../help';
import { coloursFor, processIo, progressBar, type Io } from '../output';
import { writeErrorText } from '../write';
import { scan } from '../../lib';
import { JOBS_DESCRIPTION, parseJobs, parseMaxFileSize, parseOnly } from '../scan-options';
import { lazyModule } from '../../lib/lazy';

/** Loaded when a file is written, not with every command. */
const writeFileAtomic = lazyModule<typeof import('write-file-atomic')>('write-file-atomic');


/** Options `report` and `check` share: the same selection, config and parsing as `run`. */
export interface ScanArgs {
  paths: string[];
  config?: string;
  env?: string;
  only?: string[] | string;
  types?: 'auto' | 'off';
  output?: string;
  maxFileSize?: string | number;
  format?: string;
  jobs?: string | number;
}

export type ReportArgs = ScanArgs;

/** `--format`: one of `formats` (by default the report's), else a usage error naming them. */
export function parseFormat<F extends string = Format>(value: string | undefined, formats: readonly F[] = FORMATS as unknown as readonly F[], fallback: F = 'text' as F): F {
  if (value === undefined) return fallback;
  if ((formats as readonly string[]).includes(value)) return value as F;
  throw new CliError(`--format: unknown format '${value}'; choose one of ${formats.join(', ')}`, EXIT_USAGE);
}

/** Scan read-only and build the report model. Progress goes to stderr, on a terminal only. */
export async function scanReport(args: ScanArgs, io: Io, cwd: string): Promise<Report> {
  if (!args.paths || args.paths.length === 0) throw new CliError('name at least one file or folder', EXIT_USAGE);
  const only = parseOnly(args.only);
  const maxFileSize = parseMaxFileSize(args.maxFileSize);
  const jobs = parseJobs(args.jobs);
  const { config } = loadCliConfig(args, cwd);
  const bar = progressBar(io.stderr, true);
  try {
    const result = await scan({
      roots: args.paths,
      config,
      only,
      types: args.types ?? 'auto',
      maxFileSize,
      ...(jobs !== undefined ? { jobs } : {}),
      cwd,
      onProgress: (done, total) => bar.update(done, total),
    });
    return buildReport(result, { tool: toolInfo(), roots: args.paths, cwd });
  } finally {
    bar.stop();
  }
}

/**
 * Print `text` to stdout, or with `--output FILE` write it atomically there (stdout then stays empty). A file
 * inside a scanned root is allowed but warned about: the next scan would read the report itself.
 */
export async function emit(text: string, args: ScanArgs, io: Io, cwd: string): Promise<void> {
  if (args.output === undefined) {
    io.stdout.write(text);
    return;
  }
  const file = path.resolve(cwd, args.output);
  for (const root of args.paths) {
    const rel = path.relative(path.resolve(cwd, root), file);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) {
      io.stderr.write(`sc-migrate: warning: ${args.output} is inside the scanned path ${root}; later scans will read it\n`);
      break;
    }
  }
  const dir = path.dirname(args.output) === '.' ? 'the current folder' : `the folder ${path.dirname(args.output)}`;
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) throw new CliError(`cannot write ${args.output}: it is a folder`, EXIT_USAGE);
  try {
    await writeFileAtomic()(file, text);
  } catch (err) {
    throw new CliError(`cannot write ${args.output}: ${writeErrorText(err, file, dir)}`, EXIT_USAGE);
  }
  io.stderr.write(`sc-migrate: wrote ${args.output}\n`);
}

/**
 * `sc-migrate report`: every site v2 affects, in one of the formats. Never writes to the scanned tree.
 * Returns the exit code (0; the report is a report, not a gate: use `check` for that).
 */
export async function runReport(args: ReportArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat(args.format);
  const report = await scanReport(args, io, cwd);
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  await emit(renderReport(format, report, { cwd, color, command: 'report' }), args, io, cwd);
  return EXIT_OK;
}

/** yargs options shared by `report` and `check`. */
export function scanOptions(yargs: Argv<object>, verb: string): Argv<object> {
  return yargs
    .positional('paths', { type: 'string', array: true, default: undefined, describe: 'Files or folders to scan' })
    .option('format', {
      alias: 'f',
      choices: FORMATS,
      describe:
        'text (default; coloured on a terminal), json (schemas/report.schema.json), markdown, sarif (code scanning), ' +
        'html (one page), or github (workflow annotations)',
    })
    .option('output', { alias: 'o', type: 'string', describe: 'Write to this file (atomically) instead of stdout' })
    .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json in the cwd or first path)' })
    .option('env', { type: 'string', describe: `${verb} only these environments of the config (comma-separated; default: all)` })
    .option('only', { type: 'string', describe: `${verb} only these change ids (comma-separated)` })
    .option('types', {
      choices: ['auto', 'off'] as const,
      default: 'auto' as const,
      describe: 'Type-aware findings through ts-morph where a tsconfig.json exists',
    })
    .option('max-file-size', {
      type: 'string',
      describe: 'Files larger than this are not parsed, only searched for v1 addresses (default 2mb)',
    })
    .option('jobs', { alias: 'j', type: 'string', describe: JOBS_DESCRIPTION });
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <paths..>',
  describe: 'List every site v2 affects, without changing anything (text, json, markdown, sarif, html, github)',
  builder: (yargs: Argv<object>) =>
    scanOptions(yargs, 'Report').epilogue(
      helpEpilogue({
        examples: [
          ['$ sc-migrate report src', 'Summary tables and every site'],
          ['$ sc-migrate report src --format json > report.json', 'One JSON document (schemas/report.schema.json)'],
          ['$ sc-migrate report src --format sarif -o sc-migrate.sarif', 'For GitHub code scanning'],
          ['$ sc-migrate report src --format markdown', 'A plan to paste into a ticket'],
          ['$ sc-migrate report src --format html -o report.html', 'One self-contained page with the diffs'],
        ],
        exitCodes: [
          [0, 'the report was written (whatever it found: use check as a gate)'],
          [2, 'usage or config error, or the output cannot be written'],
        ],
        notes: ['Files are named relative to the current directory, with /.'],
      }),
    ) as unknown as Argv<ReportArgs>,
  handler: async (argv) => {
    process.exitCode = await runReport(argv);
  },
};
