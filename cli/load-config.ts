import { ConfigError, loadConfig, type LoadedConfig } from '../config';
import { displayPath } from '../lib/paths';
import { CliError, EXIT_USAGE } from './exit';

/**
 * The config for a command: `--config`, else found beside the cwd or the first path; a bad one is a usage error.
 * `--env a,b` keeps only those environments of it: only their v1 addresses are migrated, reported and checked.
 */
export function loadCliConfig(args: { config?: string; env?: string | string[]; paths: readonly string[] }, cwd: string): LoadedConfig {
  let loaded: LoadedConfig;
  try {
    loaded = loadConfig({ configPath: args.config, cwd, roots: args.paths });
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, EXIT_USAGE);
    throw err;
  }
  if (args.env === undefined) return loaded;
  const names = [args.env].flat().flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  const known = Object.keys(loaded.config.environments);
  const unknown = names.filter((n) => !known.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    const what = names.length === 0 ? 'name at least one environment' : `unknown environment ${unknown.map((u) => `'${u}'`).join(', ')}`;
    throw new CliError(`--env: ${what}; the config${loaded.source ? ` (${displayPath(loaded.source, cwd)})` : ''} has ${known.join(', ')}`, EXIT_USAGE);
  }
  const environments = Object.fromEntries(Object.entries(loaded.config.environments).filter(([name]) => names.includes(name)));
  return { ...loaded, config: { ...loaded.config, environments } };
}
