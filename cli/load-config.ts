import { ConfigError, loadConfig, type LoadedConfig } from '../config';
import { CliError, EXIT_USAGE } from './exit';

/** The config for a command: `--config`, else found beside the cwd or the first path; a bad one is a usage error. */
export function loadCliConfig(args: { config?: string; paths: readonly string[] }, cwd: string): LoadedConfig {
  try {
    return loadConfig({ configPath: args.config, cwd, roots: args.paths });
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, EXIT_USAGE);
    throw err;
  }
}
