import type { Argv, CommandModule } from 'yargs';
import { checkPasses, renderReport, skippedText } from '../../report';
import { EXIT_EMPTY, EXIT_FAILURES, EXIT_OK } from '../exit';
import { helpEpilogue } from '../help';
import { coloursFor, processIo, type Io } from '../output';
import { emit, parseFormat, scanOptions, scanReport, type ScanArgs } from './report';

export interface CheckArgs extends ScanArgs {
  allowEmpty?: boolean;
  allowParseErrors?: boolean;
}

/**
 * `sc-migrate check`: the CI gate. Exit 1 while any v1 site, any `TODO(sc-migrate/…)` marker or any file
 * that cannot be parsed remains; 0 when clean; 2 on usage errors; 3 when no file was scanned. Never writes to
 * the scanned tree. Every format of `report` is available; text and github list one line per thing to do.
 */
export async function runCheck(args: CheckArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat(args.format);
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
  await emit(renderReport(format, report, { cwd, color, command: 'check', gate }), args, io, cwd);
  return checkPasses(report, gate) ? EXIT_OK : EXIT_FAILURES;
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check <paths..>',
  describe: 'CI gate: exit 1 while v1 usage or TODO(sc-migrate/…) markers remain, 0 when clean',
  builder: (yargs: Argv<object>) =>
    scanOptions(yargs, 'Check')
      .option('allow-empty', { type: 'boolean', default: false, describe: 'Pass when no file was scanned (default: exit 3)' })
      .option('allow-parse-errors', {
        type: 'boolean',
        default: false,
        describe: 'Do not fail on files that cannot be parsed (the v1 addresses found in them still fail the gate)',
      })
      .epilogue(
        helpEpilogue({
          examples: [
            ['$ sc-migrate check src', 'Fail while anything is left to migrate: one line per thing to do'],
            ['$ sc-migrate check src --format github', 'Annotate the pull request in GitHub Actions'],
            ['$ sc-migrate check src --format sarif -o sc-migrate.sarif', 'Gate, and keep the findings for code scanning'],
          ],
          exitCodes: [
            [0, 'clean: no v1 usage, no open marker, every file parsed'],
            [1, 'v1 sites, open markers or unparseable files remain'],
            [2, 'usage or config error, or the output cannot be written'],
            [3, 'no file was scanned (see --allow-empty)'],
          ],
        }),
      ) as unknown as Argv<CheckArgs>,
  handler: async (argv) => {
    process.exitCode = await runCheck(argv);
  },
};
