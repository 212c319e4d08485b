#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { commands } from './commands';
import { EXIT_USAGE } from './exit';

/** Build the CLI parser; exported so tests can drive it without spawning a process. */
export function buildCli(argv: string[]) {
  let cli = yargs(argv)
    .scriptName('sc-migrate')
    .usage('$0 <command> [options]\n\nMigrate Symptom Checker API v1 clients to v2.')
    .strict()
    .demandCommand(1, 'Name a command.')
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(110, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`sc-migrate: ${msg}\nRun 'sc-migrate --help' for usage.\n`);
      process.exit(EXIT_USAGE);
    });
  for (const command of commands) cli = cli.command(command);
  return cli;
}

if (require.main === module) {
  buildCli(hideBin(process.argv))
    .parseAsync()
    .catch((err: unknown) => {
      const e = err as Error & { exitCode?: number };
      process.stderr.write(`sc-migrate: ${e.message}\n`);
      process.exit(e.exitCode ?? EXIT_USAGE);
    });
}
