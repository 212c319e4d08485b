import type { CommandModule } from 'yargs';
import { runCommand } from './run';

// Each command lives in its own module; register it here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [runCommand];
