import type { Argv, CommandModule } from 'yargs';
import { isChangeId } from '../../catalogue';
import { toolInfo } from '../../report';
import { gatePasses, type FailOn, type TrafficReport } from '../../traffic/model';
import { fieldMap } from '../../traffic/ndjson';
import { INPUT_FORMATS, readInputs, type InputFormatOption } from '../../traffic/read';
import { CliError, EXIT_EMPTY, EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from '../exit';
import { loadCliConfig } from '../load-config';
import { coloursFor, processIo, progressBar, type Io } from '../output';
import { emit, parseFormat } from './report';

export const TRAFFIC_FORMATS = ['text', 'json', 'markdown', 'html'] as const;
export type TrafficFormat = (typeof TRAFFIC_FORMATS)[number];

export interface TrafficArgs {
  files: string[];
  format?: string;
  output?: string;
  config?: string;
  failOn?: string;
  allowEmpty?: boolean;
  inputFormat?: string;
  field?: string[] | string;
  maxClients?: number;
}

/** `--fail-on none|v1|<change id>[,<change id>…]`. */
export function parseFailOn(value: string | undefined): FailOn {
  const v = (value ?? 'none').trim();
  if (v === 'none') return { kind: 'none' };
  if (v === 'v1') return { kind: 'v1' };
  const ids = v.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !isChangeId(id));
  if (ids.length === 0 || unknown.length) {
    throw new CliError(`--fail-on: '${unknown.join(', ') || v}' is neither none, v1 nor a change id (sc-migrate docs lists them)`, EXIT_USAGE);
  }
  return { kind: 'changes', ids };
}

/** The four formatters of a report of `traffic` or `replay`. */
export interface Formatters<R> {
  text(r: R, opts: { color?: boolean }): string;
  json(r: R): string;
  markdown(r: R): string;
  html(r: R): string;
}

export function renderAs<R>(format: TrafficFormat, r: R, color: boolean, f: Formatters<R>): string {
  return format === 'text' ? f.text(r, { color }) : f[format](r);
}


/** Read the inputs (progress on a terminal only) and build the report. */
export async function trafficReport(args: TrafficArgs, io: Io, cwd: string): Promise<TrafficReport> {
  if (!args.files || args.files.length === 0) throw new CliError('name at least one HAR or log file', EXIT_USAGE);
  const { config } = loadCliConfig({ config: args.config, paths: args.files }, cwd);
  let fields;
  try {
    fields = fieldMap(args.field === undefined ? [] : Array.isArray(args.field) ? args.field : [args.field]);
  } catch (err) {
    throw new CliError((err as Error).message, EXIT_USAGE);
  }
  const format = parseFormat<InputFormatOption>(args.inputFormat, INPUT_FORMATS, 'auto');
  // The analysis is loaded when the command runs, not with every command.
  const { TrafficAnalysis } = await import('../../traffic/analyze');
  const analysis = new TrafficAnalysis({ config, maxClients: args.maxClients });
  const bar = progressBar(io.stderr, true, 'MB');
  const mb = (n: number) => Math.round(n / 1e6);
  try {
    const inputs = await readInputs(
      args.files,
      { cwd, format, fields, appVersionHeader: config.shim?.legacyClients?.appVersionHeader?.toLowerCase() ?? null, onProgress: (done, total) => bar.update(mb(done), mb(total)) },
      (r) => analysis.add(r),
    );
    return analysis.report(inputs, toolInfo());
  } finally {
    bar.stop();
  }
}

/**
 * `sc-migrate traffic`: who still calls v1, how, and how often, from recorded traffic. Exit 0, or with
 * `--fail-on` a gate: 1 while the traffic touches what it names (or an input could not be read), 3 when no API
 * request was read at all (a gate that read nothing checked nothing; `--allow-empty`), 2 on usage errors.
 */
export async function runTraffic(args: TrafficArgs, io: Io = processIo, cwd: string = process.cwd()): Promise<number> {
  const format = parseFormat<TrafficFormat>(args.format, TRAFFIC_FORMATS, 'text');
  const failOn = parseFailOn(args.failOn);
  const report = await trafficReport(args, io, cwd);
  const color = args.output === undefined && coloursFor(io.stdout, io.env ?? process.env).isColorSupported;
  const [{ formatTrafficJson, formatTrafficMarkdown, formatTrafficText }, { formatTrafficHtml }] = await Promise.all([import('../../traffic/format'), import('../../traffic/html')]);
  const formatters: Formatters<TrafficReport> = { text: formatTrafficText, json: formatTrafficJson, markdown: formatTrafficMarkdown, html: formatTrafficHtml };
  await emit(renderAs(format, report, color, formatters), { paths: [], output: args.output }, io, cwd);
  if (failOn.kind === 'none') return EXIT_OK;
  if (report.summary.apiRequests === 0 && !args.allowEmpty) {
    io.stderr.write(`sc-migrate traffic: no request to this API was read from ${args.files.join(', ')}; nothing was checked (--allow-empty to pass).\n`);
    return EXIT_EMPTY;
  }
  const pass = gatePasses(report, failOn);
  if (!pass) {
    const why = report.summary.unreadable ? `${report.summary.unreadable} input(s) could not be read` : `the traffic still uses ${failOn.kind === 'v1' ? 'v1' : failOn.ids.join(', ')}`;
    io.stderr.write(`sc-migrate traffic: failed: ${why}\n`);
  }
  return pass ? EXIT_OK : EXIT_FAILURES;
}

export const trafficCommand: CommandModule<object, TrafficArgs> = {
  command: 'traffic <files..>',
  describe: 'Who still calls v1, how and how often: from HAR files and access logs (text, json, markdown, html)',
  builder: (yargs: Argv<object>) =>
    yargs
      .positional('files', { type: 'string', array: true, demandOption: true, describe: 'HAR files, proxy access logs or NDJSON access logs (gzip too)' })
      .option('format', { alias: 'f', choices: TRAFFIC_FORMATS, describe: 'Output format (default text, coloured on a terminal)' })
      .option('output', { alias: 'o', type: 'string', describe: 'Write to this file (atomically) instead of stdout' })
      .option('config', { type: 'string', describe: 'Config file: the v1 and v2 addresses to recognise (default: sc-migrate.config.json, else built-in hosts)' })
      .option('fail-on', { type: 'string', describe: 'Gate: none (default), v1 (any v1 use), or change ids (comma-separated)' })
      .option('allow-empty', { type: 'boolean', default: false, describe: 'With --fail-on: pass when no API request was read (default: exit 3)' })
      .option('input-format', { choices: INPUT_FORMATS, describe: 'Format of every input (default auto: told by the content)' })
      .option('field', { type: 'string', array: true, describe: 'Generic logs: NAME=KEY[,KEY…] reads NAME from these keys (docs/traffic.md)' })
      .option('max-clients', { type: 'number', describe: 'Client rows kept (default 1000); later clients count as other' })
      .epilogue('Exit codes: 0 done (or the gate passed); 1 --fail-on matched or an input could not be read; 2 usage error; 3 --fail-on and no API request read.')
      .example('$0 traffic session.har', 'Every v1 call of a recorded session, by client and change')
      .example('$0 traffic proxy.log.gz --fail-on v1', 'Gate over a day of the proxy access log')
      .example('$0 traffic gateway.ndjson --field url=req.path --format markdown', 'A migration plan from a gateway log') as unknown as Argv<TrafficArgs>,
  handler: async (argv) => {
    process.exitCode = await runTraffic(argv);
  },
};
