import type { Argv, CommandModule } from 'yargs';
import { CHECK_FORMATS, checkPasses, formatCheckText, formatGithub, type CheckFormat } from '../../report';
import { EXIT_FAILURES, EXIT_OK } from '../exit';
import { coloursFor, processIo, type Io } from '../output';
import { emit, parseFormat, scanOptions, scanReport, type ScanArgs } from './report';

export interface CheckArgs extends ScanArgs {
  format?: string;
}

/**
 * `sc-migrate check`: the CI gate. Exit 1 while any v1 site, any `TODO(sc-migrate/…)` marker or any file
 * that cannot be parsed remains; 0 when clean; 2 on usage errors. Never writes to the scanned tree.
 */
export async function runCheck(args: CheckArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat<CheckFormat>(args.format, CHECK_FORMATS, 'text');
  const report = await scanReport(args, io, cwd);
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  const text = format === 'github' ? formatGithub(report, { cwd }) : formatCheckText(report, { color });
  await emit(text, args, io, cwd);
  return checkPasses(report) ? EXIT_OK : EXIT_FAILURES;
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
      .epilogue(
        'Exit codes: 0 clean; 1 v1 sites, open markers or unparseable files remain; 2 usage or config error.',
      )
      .example('$0 check src', 'Fail while anything is left to migrate')
      .example('$0 check src --format github', 'Annotate the pull request in GitHub Actions') as unknown as Argv<CheckArgs>,
  handler: async (argv) => {
    process.exitCode = await runCheck(argv);
  },
};
