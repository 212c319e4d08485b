import type { Argv, CommandModule } from 'yargs';
import { CHECK_FORMATS, checkPasses, formatCheckText, formatGithub, skippedText, type CheckFormat } from '../../report';
import { EXIT_EMPTY, EXIT_FAILURES, EXIT_OK } from '../exit';
import { coloursFor, processIo, type Io } from '../output';
import { emit, parseFormat, scanOptions, scanReport, type ScanArgs } from './report';

export interface CheckArgs extends ScanArgs {
  format?: string;
  allowEmpty?: boolean;
  allowParseErrors?: boolean;
}

/**
 * `sc-migrate check`: the CI gate. Exit 1 while any v1 site, any `TODO(sc-migrate/…)` marker or any file
 * that cannot be parsed remains; 0 when clean; 2 on usage errors. Never writes to the scanned tree.
 */
export async function runCheck(args: CheckArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat<CheckFormat>(args.format, CHECK_FORMATS, 'text');
  const report = await scanReport(args, io, cwd);
  if (report.summary.files === 0 && !args.allowEmpty) {
    // A gate that read nothing has checked nothing: say so, and fail with a code of its own.
    io.stderr.write(
      `sc-migrate check: no file was scanned under ${args.paths.join(', ')} (files skipped: ${skippedText(report.summary)}); ` +
        'nothing was checked. Name the folders that hold the code, or pass --allow-empty if an empty path is expected.\n',
    );
    return EXIT_EMPTY;
  }
  const gate = { allowParseErrors: args.allowParseErrors === true };
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  const text = format === 'github' ? formatGithub(report, { cwd, ...gate }) : formatCheckText(report, { color, ...gate });
  await emit(text, args, io, cwd);
  return checkPasses(report, gate) ? EXIT_OK : EXIT_FAILURES;
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check <paths..>',
  describe: 'CI gate: exit 1 while v1 usage or TODO(sc-migrate/…) markers remain, 0 when clean',
  builder: (yargs: Argv<object>) =>
    scanOptions(yargs)
      .option('format', {
        alias: 'f',
        choices: CHECK_FORMATS,
        describe: 'text (default), or github: workflow annotations (::warning file=…,line=…::…) for GitHub Actions',
      })
      .option('allow-empty', { type: 'boolean', default: false, describe: 'Pass when no file was scanned (default: exit 3)' })
      .option('allow-parse-errors', {
        type: 'boolean',
        default: false,
        describe: 'Do not fail on files that cannot be parsed (the v1 addresses found in them still fail the gate)',
      })
      .epilogue(
        'Exit codes: 0 clean; 1 v1 sites, open markers or unparseable files remain; 2 usage or config error; ' +
          '3 no file was scanned (see --allow-empty).',
      )
      .example('$0 check src', 'Fail while anything is left to migrate')
      .example('$0 check src --format github', 'Annotate the pull request in GitHub Actions') as unknown as Argv<CheckArgs>,
  handler: async (argv) => {
    process.exitCode = await runCheck(argv);
  },
};
