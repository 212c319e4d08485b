import type { Argv, CommandModule } from 'yargs';
import { toolInfo } from '../../report';
import { readInputs } from '../../traffic/read';
import type { TrafficRecord } from '../../traffic/record';
import type { ReplayReport } from '../../traffic/replay/format';
import { checkPin } from '../../shim/options';
import { CliError, EXIT_EMPTY, EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from '../exit';
import { loadCliConfig } from '../load-config';
import { coloursFor, processIo, type Io } from '../output';
import { emit, parseFormat } from './report';
import { renderAs, TRAFFIC_FORMATS, type Formatters, type TrafficFormat } from './traffic';

export interface ReplayArgs {
  har: string;
  through?: string;
  upstream?: string;
  authUrl?: string;
  env?: string;
  legacyVersion?: string;
  strict?: boolean;
  format?: string;
  output?: string;
  config?: string;
  timeout?: number;
}

function checkUrl(value: string, what: string): string {
  try {
    const u = new URL(value);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) throw new Error();
    return value;
  } catch {
    throw new CliError(`${what} '${value}' is not an http(s) address without credentials (credentials come from the environment only)`, EXIT_USAGE);
  }
}


/**
 * `sc-migrate replay`: the contract test before cutover. Exit 0 when every replayed request was equivalent,
 * 1 when any differs beyond the rules or failed, 2 on usage errors, 3 when the HAR holds no v1 request to replay.
 */
export async function runReplay(args: ReplayArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat<TrafficFormat>(args.format, TRAFFIC_FORMATS, 'text');
  const through = args.through ?? 'in-process';
  const upstream = args.upstream ?? 'mock-v2';
  if (through !== 'in-process') checkUrl(through, '--through');
  if (upstream !== 'mock-v2') checkUrl(upstream, '--upstream');
  if (args.authUrl) checkUrl(args.authUrl, '--auth-url');
  if (through !== 'in-process' && args.upstream !== undefined) throw new CliError('--upstream is the running proxy\'s own setting when --through names one; leave it out', EXIT_USAGE);
  let legacyVersion: string;
  try {
    legacyVersion = checkPin(args.legacyVersion ?? 'v1', '--legacy-version');
  } catch (err) {
    throw new CliError((err as Error).message, EXIT_USAGE);
  }
  const { config } = loadCliConfig({ config: args.config, paths: [args.har] }, cwd);
  // The replay (the proxy, the stand-in, their logging and metrics) is loaded when the command runs, not with every command.
  const [{ replay }, { formatReplayHtml, formatReplayJson, formatReplayMarkdown, formatReplayText, replayReport }] = await Promise.all([
    import('../../traffic/replay/run'),
    import('../../traffic/replay/format'),
  ]);
  const formatters: Formatters<ReplayReport> = { text: formatReplayText, json: formatReplayJson, markdown: formatReplayMarkdown, html: formatReplayHtml };
  const records: TrafficRecord[] = [];
  const [input] = await readInputs([args.har], { cwd, format: 'har' }, (r) => records.push(r));
  if (input!.error !== undefined) throw new CliError(`${args.har}: ${input!.error}`, EXIT_USAGE);
  let run;
  try {
    run = await replay(records, { config, through, upstream, authUrl: args.authUrl, env: args.env, legacyVersion, strict: args.strict, timeoutMs: args.timeout, processEnv: io.env ?? process.env });
  } catch (err) {
    throw new CliError((err as Error).message, EXIT_USAGE);
  }
  const report = replayReport(run, { tool: toolInfo(), input: args.har, through, upstream, legacyVersion });
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  await emit(renderAs(format, report, color, formatters), { paths: [], output: args.output }, io, cwd);
  if (report.summary.steps === 0) {
    io.stderr.write(`sc-migrate replay: ${args.har} holds no v1 request with a recorded response; nothing was replayed.\n`);
    return EXIT_EMPTY;
  }
  return report.summary.differs + report.summary.failed === 0 ? EXIT_OK : EXIT_FAILURES;
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <har>',
  describe: 'Contract test before cutover: replay recorded v1 requests through the shim to v2 and compare the answers',
  builder: (yargs: Argv<object>) =>
    yargs
      .positional('har', { type: 'string', demandOption: true, describe: 'A HAR file of a recorded v1 session' })
      .option('through', { type: 'string', describe: 'in-process (default: a proxy started here) or the address of a running proxy' })
      .option('upstream', { type: 'string', describe: 'mock-v2 (default: the bundled stand-in) or a v2 base address (a sandbox)' })
      .option('auth-url', { type: 'string', describe: "Token service of a real upstream (default: the environment's authUrl)" })
      .option('env', { type: 'string', describe: 'Environment of the config the recording was made against (default: told by its addresses)' })
      .option('legacy-version', { type: 'string', describe: "Pin of the recorded client: 'v1' (default) or the month it was built against, YYYY-MM" })
      .option('strict', { type: 'boolean', default: false, describe: 'Count what the catalogue says cannot be restored, and fields v2 adds, as differences' })
      .option('format', { alias: 'f', choices: TRAFFIC_FORMATS, describe: 'Output format (default text)' })
      .option('output', { alias: 'o', type: 'string', describe: 'Write to this file (atomically) instead of stdout' })
      .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json, else built-in hosts)' })
      .option('timeout', { type: 'number', describe: 'Milliseconds each request may take (default 30000)' })
      .epilogue(
        `Credentials: recorded ones are sent to the bundled stand-in only; for any other upstream, token requests carry SC_REPLAY_CLIENT_ID and SC_REPLAY_CLIENT_SECRET from the environment. ` +
          'Exit codes: 0 every request equivalent; 1 some differ beyond the rules or failed; 2 usage error; 3 nothing to replay.',
      )
      .example('$0 replay session.har', 'Through a proxy started here to the bundled v2 stand-in')
      .example('$0 replay session.har --upstream https://api.sandbox.example.com/symptom-checker/v2/', 'To a real v2 sandbox') as unknown as Argv<ReplayArgs>,
  handler: async (argv) => {
    process.exitCode = await runReplay(argv);
  },
};

