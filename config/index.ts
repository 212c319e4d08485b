import Ajv, { type ErrorObject } from 'ajv';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultConfig } from './defaults';
import { configSchema } from './schema';
import type { Config, LoadedConfig } from './types';

export * from './types';
export { defaultConfig, defaultTokenClaims } from './defaults';
export { configSchema } from './schema';

export const CONFIG_FILE = 'sc-migrate.config.json';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(configSchema);

function keyOf(e: ErrorObject): string {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return base ? `${base}.${extra}` : extra;
  }
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  return base || '(root)';
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return 'is not a known key';
    case 'required':
      return 'is missing';
    case 'pattern':
      return 'must be an http(s) URL';
    case 'minProperties':
      return 'must name at least one environment';
    default:
      return e.message ?? 'is invalid';
  }
}

/** Validate a parsed config; throws a ConfigError naming every bad key. */
export function parseConfig(value: unknown, source = CONFIG_FILE): Config {
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${keyOf(e)} ${describe(e)}`);
    throw new ConfigError(`${source}: ${[...new Set(problems)].join('; ')}`);
  }
  return value as unknown as Config;
}

export function readConfigFile(file: string): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ConfigError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  return parseConfig(value, file);
}

/**
 * Find the config: an explicit `--config` file, else `sc-migrate.config.json` in the current directory,
 * else in the first scanned root; else the built-in defaults. A file replaces the defaults whole.
 */
export function loadConfig(opts: { configPath?: string; cwd?: string; roots?: readonly string[] } = {}): LoadedConfig {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.configPath) {
    const file = path.resolve(cwd, opts.configPath);
    return { config: readConfigFile(file), source: file };
  }
  const candidates = [path.join(cwd, CONFIG_FILE)];
  for (const root of opts.roots ?? []) {
    const abs = path.resolve(cwd, root);
    const dir = fs.existsSync(abs) && fs.statSync(abs).isFile() ? path.dirname(abs) : abs;
    candidates.push(path.join(dir, CONFIG_FILE));
  }
  for (const file of candidates) {
    if (fs.existsSync(file)) return { config: readConfigFile(file), source: file };
  }
  return { config: defaultConfig, source: null };
}
