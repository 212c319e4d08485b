import type { CommandModule } from 'yargs';
import { loadConfig } from '../../config';
import { CliError } from '../exit';
import { helpEpilogue } from '../help';
import { checkBinding, resolveProxyOptions } from '../../shim/options';

interface ProxyArgs {
  config?: string;
  env: string;
  port: number;
  host: string;
  'legacy-version'?: string;
  'max-body'?: string;
  'upstream-timeout'?: string;
  'drain-timeout'?: string;
  'request-timeout'?: string;
  'client-idle-timeout'?: string;
  'max-connections'?: string;
  'public-url'?: string;
  'allowed-hosts'?: string;
  'log-level'?: string;
  'log-format'?: string;
  'log-sample'?: string;
  workers?: string;
}

export const proxyCommand: CommandModule<object, ProxyArgs> = {
  command: 'proxy',
  describe: 'Serve v1 clients: a compatibility proxy in front of the v2 API (docs/shim.md)',
  builder: (y) =>
    y
      .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json, else built-in hosts)' })
      .option('env', { type: 'string', demandOption: true, describe: 'Environment of the config to serve (sandbox, production)' })
      .option('port', { type: 'number', default: 8080, describe: 'Port to listen on' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on (0.0.0.0 in a container: then --public-url or --allowed-hosts is required)' })
      .option('public-url', { type: 'string', describe: 'Address legacy clients use to reach the proxy; links and Location point there' })
      .option('allowed-hosts', { type: 'string', describe: 'Host values links may be built from, comma-separated (when no --public-url)' })
      .option('legacy-version', { type: 'string', describe: "Pin of the legacy clients: 'v1' (default) or a month YYYY-MM" })
      .option('max-body', { type: 'string', describe: 'Largest body buffered for a transform (default 1mb)' })
      .option('upstream-timeout', { type: 'string', describe: 'Time the upstream has to answer, and longest pause in its body (default 30s)' })
      .option('request-timeout', { type: 'string', describe: 'Time a client has to send a whole request (default 30s)' })
      .option('client-idle-timeout', { type: 'string', describe: "Longest pause in a client's request body (default 10s)" })
      .option('max-connections', { type: 'string', describe: 'Open client connections at most, per worker (default: no limit)' })
      .option('drain-timeout', { type: 'string', describe: 'Time SIGTERM waits for in-flight requests (default 30s)' })
      .option('log-level', { type: 'string', describe: 'fatal, error, warn, info (default), debug, trace or silent; wins over LOG_LEVEL' })
      .option('log-format', { type: 'string', describe: 'json, or pretty (pino-pretty); default: pretty on a terminal, else json' })
      .option('log-sample', { type: 'string', describe: 'Share of info-level access lines written, 0–1 (default 1); warnings and errors always' })
      .option('workers', { type: 'string', describe: 'Worker processes (node:cluster): --workers alone or 0 = one per core; without the flag, one process' })
      .epilogue(
        helpEpilogue({
          examples: [
            ['$ sc-migrate proxy --env sandbox', 'v1 clients on 127.0.0.1:8080, forwarded to the sandbox v2 API'],
            ['$ sc-migrate proxy --env production --host 0.0.0.0 --port 8080 --public-url "$PUBLIC_URL" --workers', 'In a container: every core, links built on the public address'],
            ['$ sc-migrate proxy --env staging --config sc-migrate.config.json --legacy-version 2020-07', 'Clients pinned to a month, hosts from the config file'],
          ],
          exitCodes: [
            [0, 'stopped by SIGTERM or SIGINT after every in-flight request ended'],
            [1, 'stopped with requests still in flight after --drain-timeout'],
            [2, 'usage or config error, or the address cannot be listened on'],
          ],
          notes: ['docs/shim.md and docs/shim-operations.md: routes, translations, limits, logs and metrics.'],
        }),
      ),
  handler: async (argv) => {
    let options;
    try {
      const { config } = loadConfig({ configPath: argv.config });
      options = resolveProxyOptions(config, {
        env: argv.env,
        legacyVersion: argv['legacy-version'],
        maxBody: argv['max-body'],
        upstreamTimeout: argv['upstream-timeout'],
        drainTimeout: argv['drain-timeout'],
        requestTimeout: argv['request-timeout'],
        clientIdleTimeout: argv['client-idle-timeout'],
        maxConnections: argv['max-connections'],
        publicUrl: argv['public-url'],
        allowedHosts: argv['allowed-hosts'],
        logLevel: argv['log-level'],
        logFormat: argv['log-format'],
        logSample: argv['log-sample'],
        workers: argv.workers,
        processEnv: process.env,
        tty: process.stdout.isTTY === true,
      });
      checkBinding(argv.host, options);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw new CliError(`--port ${argv.port} is not a port`);
    // The proxy (server, cluster, metrics, logging: 150 ms) is loaded when the command runs, not with every command.
    const { runProxyProcess } = await import('../../shim/run');
    try {
      await runProxyProcess(options, { port: argv.port, host: argv.host });
    } catch (err) {
      throw new CliError(`cannot listen on ${argv.host}:${argv.port}: ${(err as Error).message}`);
    }
  },
};
