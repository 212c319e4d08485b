import type { CommandModule } from 'yargs';
import { api } from '../../catalogue';
import { loadConfig } from '../../config';
import { CliError } from '../exit';
import { helpEpilogue } from '../help';
import type { MockV2 } from '../../shim/mock/server';

interface MockArgs {
  config?: string;
  env: string;
  port: number;
  host: string;
  'require-token': boolean;
  'link-base'?: string;
}

export const mockV2Command: CommandModule<object, MockArgs> = {
  command: 'mock-v2',
  describe: 'Serve a local, strict stand-in of the v2 API and its token route (docs/shim.md)',
  builder: (y) =>
    y
      .option('config', { type: 'string', describe: 'Config file: the v2 base path and audience of --env are served' })
      .option('env', { type: 'string', default: 'sandbox', describe: 'Environment whose v2 paths and audience to serve' })
      .option('port', { type: 'number', default: 8081, describe: 'Port to listen on' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' })
      .option('require-token', { type: 'boolean', default: false, describe: 'Refuse API calls without a Bearer token it issued' })
      .option('link-base', { type: 'string', describe: 'Absolute base of the links it returns (default: from the Host header)' })
      .epilogue(
        helpEpilogue({
          examples: [
            ['$ sc-migrate mock-v2 --port 9090', 'The sandbox v2 API and its token route on 127.0.0.1:9090'],
            ['$ sc-migrate mock-v2 --env production --require-token', 'Refuse API calls without a token it issued'],
          ],
          exitCodes: [
            [0, 'stopped by SIGTERM or SIGINT'],
            [2, 'usage or config error, or the address cannot be listened on'],
          ],
        }),
      ),
  handler: async (argv) => {
    let mock: MockV2;
    // The server is loaded when the command runs, not with every command.
    const { MockV2: Mock } = await import('../../shim/mock/server');
    try {
      const { config } = loadConfig({ configPath: argv.config });
      const env = config.environments[argv.env];
      if (!env) throw new Error(`environment '${argv.env}' is not in the config; known: ${Object.keys(config.environments).join(', ')}`);
      mock = new Mock({
        basePath: new URL(env.v2.baseUrl).pathname,
        tokenPath: `${new URL(env.authUrl).pathname.replace(/\/+$/, '')}/${api.tokenRequest.path}`,
        audience: env.v2.audience,
        requireToken: argv['require-token'],
        linkBase: argv['link-base'],
      });
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    const address = await mock.listen(argv.port, argv.host).catch((err: Error) => {
      throw new CliError(`cannot listen on ${argv.host}:${argv.port}: ${err.message}`);
    });
    process.stdout.write(
      `v2 stand-in on http://${argv.host}:${address.port}${mock.options.basePath} (token route ${mock.options.tokenPath}, audience ${mock.options.audience})\n`,
    );
    const stop = () => void mock.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
};
