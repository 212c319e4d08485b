#!/usr/bin/env node
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { printable } from '../report';
import { commands as allCommands } from './commands';
import { EXIT_USAGE, exitWhenFlushed, ONE_SHOT_COMMANDS } from './exit';
import { helpEpilogue, helpWidth } from './help';

/**
 * Build the CLI parser; exported so tests can drive it without spawning a process (and, with `commands`, parse
 * command lines against the real options with handlers of their own).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function buildCli(argv: string[], commands: readonly CommandModule<any, any>[] = allCommands) {
  const width = helpWidth();
  let cli = yargs(argv)
    .scriptName('sc-migrate')
    .usage('$0 <command> [options]\n\nMigrate Symptom Checker API v1 clients to v2.')
    .strict()
    .demandCommand(1, 'Name a command.')
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(width)
    .epilogue(
      helpEpilogue(
        {
          examples: [
            ['$ sc-migrate run --dry src', 'What the codemods would change'],
            ['$ sc-migrate report src --format markdown', 'A migration plan'],
            ['$ sc-migrate check src', 'CI gate: fails while v1 usage remains'],
            ['$ sc-migrate proxy --env production', 'Serve v1 clients in front of v2'],
          ],
          exitCodes: [
            [0, 'success'],
            [1, 'run: a file failed; check: v1 usage remains'],
            [2, 'usage or config error'],
            [3, 'check: no file was scanned'],
          ],
          notes: ["Run 'sc-migrate <command> --help' for a command's options, examples and exit codes."],
        },
        width,
      ),
    )
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`sc-migrate: ${printable(msg, { keepLineBreaks: true })}\nRun 'sc-migrate --help' for usage.\n`);
      process.exit(EXIT_USAGE);
    });
  for (const command of commands) cli = cli.command(command);
  return cli;
}

if (require.main === module) {
  buildCli(hideBin(process.argv))
    .parseAsync()
    .then(async (argv) => {
      if (ONE_SHOT_COMMANDS.has(String(argv._[0]))) await exitWhenFlushed();
    })
    .catch((err: unknown) => {
      const e = err as Error & { exitCode?: number };
      process.stderr.write(`sc-migrate: ${printable(e.message, { keepLineBreaks: true })}\n`);
      process.exit(e.exitCode ?? EXIT_USAGE);
    });
}
