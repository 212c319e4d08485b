import type { ErrorObject, ValidateFunction } from 'ajv';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultConfig } from './defaults';
import { configSchema } from './schema';
import type { Config, LoadedConfig } from './types';
import { lazyModule } from '../lib/lazy';
import { displayPath } from '../lib/paths';

export * from './types';
export { defaultConfig, defaultTokenClaims } from './defaults';
export { configSchema } from './schema';

export const CONFIG_FILE = 'sc-migrate.config.json';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ajv = lazyModule<typeof import('ajv')>('ajv');
let compiled: ValidateFunction | undefined;
/** The schema's validator, compiled when a config is first validated (ajv and the compile: 150 ms of every start-up otherwise). */
function validator(): ValidateFunction {
  return (compiled ??= new (ajv().default)({ allErrors: true, strict: false }).compile(configSchema));
}

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
  const validate = validator();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${keyOf(e)} ${describe(e)}`);
    throw new ConfigError(`${source}: ${[...new Set(problems)].join('; ')}`);
  }
  return value as unknown as Config;
}

/** Read and validate a config file; messages name it as `shown` (default: the path as given). */
export function readConfigFile(file: string, shown: string = file): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config ${shown}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  let value: unknown;
  const body = text.replace(/^\uFEFF/, '');
  try {
    value = JSON.parse(body);
  } catch (err) {
    const { line, column, message } = jsonErrorPlace(body, (err as Error).message);
    throw new ConfigError(`${shown}:${line}:${column}: not valid JSON: ${message} (line ${line}, column ${column})`);
  }
  return parseConfig(value, shown);
}

/** Line and column (1-based) of a JSON.parse error, from the offset in its message (or the end of the text). */
export function jsonErrorPlace(text: string, message: string): { line: number; column: number; message: string } {
  const m = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?/.exec(message);
  const offset = m ? Math.min(Number(m[1]), text.length) : text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, message: m ? message.replace(m[0], '') : message };
}

/**
 * Find the config: an explicit `--config` file, else `sc-migrate.config.json` in the current directory,
 * else in the first scanned root; else the built-in defaults. A file replaces the defaults whole.
 */
export function loadConfig(opts: { configPath?: string; cwd?: string; roots?: readonly string[] } = {}): LoadedConfig {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.configPath) {
    const file = path.resolve(cwd, opts.configPath);
    return { config: readConfigFile(file, displayPath(file, cwd)), source: file };
  }
  const candidates = [path.join(cwd, CONFIG_FILE)];
  for (const root of opts.roots ?? []) {
    const abs = path.resolve(cwd, root);
    const dir = fs.existsSync(abs) && fs.statSync(abs).isFile() ? path.dirname(abs) : abs;
    candidates.push(path.join(dir, CONFIG_FILE));
  }
  for (const file of candidates) {
    if (fs.existsSync(file)) return { config: readConfigFile(file, displayPath(file, cwd)), source: file };
  }
  return { config: defaultConfig, source: null };
}
