import type { CommandModule } from 'yargs';
import { loadConfig } from '../../config';
import { CliError } from '../exit';
import { resolveProxyOptions } from '../../shim/options';
import { runProxy } from '../../shim/run';

interface ProxyArgs {
  config?: string;
  env: string;
  port: number;
  host: string;
  'legacy-version'?: string;
  'max-body'?: string;
  'upstream-timeout'?: string;
  'drain-timeout'?: string;
}

export const proxyCommand: CommandModule<object, ProxyArgs> = {
  command: 'proxy',
  describe: 'Serve v1 clients: a compatibility proxy in front of the v2 API (docs/shim.md)',
  builder: (y) =>
    y
      .option('config', { type: 'string', describe: 'Config file (default: sc-migrate.config.json, else built-in hosts)' })
      .option('env', { type: 'string', demandOption: true, describe: 'Environment of the config to serve (sandbox, production)' })
      .option('port', { type: 'number', default: 8080, describe: 'Port to listen on' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on (0.0.0.0 in a container)' })
      .option('legacy-version', { type: 'string', describe: "Pin of the legacy clients: 'v1' (default) or a month YYYY-MM" })
      .option('max-body', { type: 'string', describe: 'Largest body buffered for a transform (default 1mb)' })
      .option('upstream-timeout', { type: 'string', describe: 'Time the upstream has to answer (default 30s)' })
      .option('drain-timeout', { type: 'string', describe: 'Time SIGTERM waits for in-flight requests (default 30s)' }),
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
      });
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw new CliError(`--port ${argv.port} is not a port`);
    try {
      await runProxy(options, { port: argv.port, host: argv.host });
    } catch (err) {
      throw new CliError(`cannot listen on ${argv.host}:${argv.port}: ${(err as Error).message}`);
    }
  },
};
