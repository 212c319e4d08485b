import type { CommandModule } from 'yargs';
import { CliError } from '../exit';

export const runCommand: CommandModule = {
  command: 'run <paths..>',
  describe: 'Rewrite v1 client code to v2 (placeholder until the file pipeline lands)',
  handler: () => {
    throw new CliError('run is not built yet');
  },
};
