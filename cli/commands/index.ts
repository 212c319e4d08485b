import type { CommandModule } from 'yargs';
import { runCommand } from './run';
import { reportCommand } from './report';
import { checkCommand } from './check';
import { proxyCommand } from './proxy';
import { mockV2Command } from './mock-v2';
import { docsCommand } from './docs';
import { trafficCommand } from './traffic';
import { replayCommand } from './replay';

// Each command lives in its own module; register it here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [runCommand, reportCommand, checkCommand, proxyCommand, mockV2Command, trafficCommand, replayCommand, docsCommand];
