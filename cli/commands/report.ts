import * as path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { Argv, CommandModule } from 'yargs';
import { loadCliConfig } from '../load-config';
import { buildReport, renderReport, REPORT_FORMATS, toolInfo, type Report, type ReportFormat } from '../../report';
import { CliError, EXIT_OK, EXIT_USAGE } from '../exit';
import { coloursFor, processIo, progressBar, type Io } from '../output';
import { scan } from '../../lib';
import { parseOnly } from './run';
import { OptionsError, parseSize } from '../../shim/options';

/** `--max-file-size 2mb` → bytes; a bad size is a usage error. */
export function parseMaxFileSize(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseSize(value, '--max-file-size');
  } catch (err) {
    if (err instanceof OptionsError) throw new CliError(err.message, EXIT_USAGE);
    throw err;
  }
}

/** Options `report` and `check` share: the same selection, config and parsing as `run`. */
export interface ScanArgs {
  paths: string[];
  config?: string;
  only?: string[] | string;
  types?: 'auto' | 'off';
  output?: string;
  maxFileSize?: string | number;
}

export interface ReportArgs extends ScanArgs {
  format?: string;
}

export function parseFormat<F extends string>(value: string | undefined, formats: readonly F[], fallback: F): F {
  if (value === undefined) return fallback;
  if ((formats as readonly string[]).includes(value)) return value as F;
  throw new CliError(`--format: unknown format '${value}'; choose one of ${formats.join(', ')}`, EXIT_USAGE);
}

/** Scan read-only and build the report model. Progress goes to stderr, on a terminal only. */
export async function scanReport(args: ScanArgs, io: Io, cwd: string): Promise<Report> {
  if (!args.paths || args.paths.length === 0) throw new CliError('name at least one file or folder', EXIT_USAGE);
  const only = parseOnly(args.only);
  const maxFileSize = parseMaxFileSize(args.maxFileSize);
  const { config } = loadCliConfig(args, cwd);
  const bar = progressBar(io.stderr, true);
  try {
    const result = await scan({
      roots: args.paths,
      config,
      only,
      types: args.types ?? 'auto',
      maxFileSize,
      cwd,
      onProgress: (done, total) => bar.update(done, total),
    });
    return buildReport(result, { tool: toolInfo(), roots: args.paths });
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
  try {
    await writeFileAtomic(file, text);
  } catch (err) {
    throw new CliError(`cannot write ${args.output}: ${(err as Error).message}`, EXIT_USAGE);
  }
  io.stderr.write(`sc-migrate: wrote ${args.output}\n`);
}

/**
 * `sc-migrate report`: every site v2 affects, in one of five formats. Never writes to the scanned tree.
 * Returns the exit code (0; the report is a report, not a gate: use `check` for that).
 */
export async function runReport(args: ReportArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat<ReportFormat>(args.format, REPORT_FORMATS, 'text');
  const report = await scanReport(args, io, cwd);
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  await emit(renderReport(format, report, { cwd, color }), args, io, cwd);
  return EXIT_OK;
}

/** yargs options shared by `report` and `check`. */
export function scanOptions(yargs: Argv<object>): Argv<object> {
  return yargs
    .positional('paths', { type: 'string', array: true, demandOption: true, describe: 'Files or folders to scan' })
    .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json in the cwd or first path)' })
    .option('only', { type: 'string', describe: 'Report only these change ids (comma-separated)' })
    .option('types', {
      choices: ['auto', 'off'] as const,
      default: 'auto' as const,
      describe: 'Type-aware findings through ts-morph where a tsconfig.json exists',
    })
    .option('output', { alias: 'o', type: 'string', describe: 'Write to this file (atomically) instead of stdout' })
    .option('max-file-size', {
      type: 'string',
      describe: 'Files larger than this are not parsed, only searched for v1 addresses (default 2mb)',
    });
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <paths..>',
  describe: 'List every site v2 affects, without changing anything (text, json, markdown, sarif, html)',
  builder: (yargs: Argv<object>) =>
    scanOptions(yargs)
      .option('format', {
        alias: 'f',
        choices: REPORT_FORMATS,
        describe:
          'Output format. Default: text, coloured on a terminal and plain when piped (the default never switches ' +
          'to json: scripts should ask for json or sarif)',
      })
      .example('$0 report src', 'Summary tables and every site')
      .example('$0 report src --format json > report.json', 'One JSON document (schemas/report.schema.json)')
      .example('$0 report src --format sarif -o sc-migrate.sarif', 'For GitHub code scanning')
      .example('$0 report src --format markdown | pbcopy', 'A plan to paste into a ticket')
      .example('$0 report src --format html -o report.html', 'One self-contained page with diffs') as unknown as Argv<ReportArgs>,
  handler: async (argv) => {
    process.exitCode = await runReport(argv);
  },
};
