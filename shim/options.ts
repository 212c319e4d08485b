import { api, parsePin, rulesOfKind, type JsonValue, type LegacyPin } from '../catalogue';
import type { ResourceName } from '../catalogue/api';
import type { Config, Environment, ShimConfig } from '../config';
import { parseBase } from '../config/urls';

/** Everything the proxy needs, resolved from the config file, the environment and the command line. */
export interface ProxyOptions {
  env: string;
  environment: Environment;
  /** Pin for requests without an `SC-Legacy-Version` header. */
  legacyVersion: LegacyPin;
  /** Largest body buffered for a transform, in bytes. */
  maxBody: number;
  /** Time the upstream has to answer, in milliseconds. */
  upstreamTimeout: number;
  /** Time a SIGTERM waits for in-flight requests, in milliseconds. */
  drainTimeout: number;
  /** Path segment → resource. */
  resources: Map<string, ResourceName>;
  /** `<resource>.<path>` → value put back for a removed response field. */
  defaults: Map<string, JsonValue>;
  /** Public address of the proxy (no trailing slash), or null: taken from the request's Host header. */
  publicUrl: string | null;
  headers: { deprecation?: string; sunset?: string; link?: string };
}

export class OptionsError extends Error {
  override name = 'OptionsError';
}

const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `1mb`, `512kb`, `2048` → bytes. */
export function parseSize(value: string | number, what = 'size'): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  const m = SIZE.exec(String(value).trim());
  if (!m) throw new OptionsError(`${what} '${value}' is not a size such as 1mb, 512kb or 2048`);
  const bytes = Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!);
  if (bytes < 1) throw new OptionsError(`${what} '${value}' must be at least one byte`);
  return bytes;
}

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/i;
const MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** `30s`, `500ms`, `2m`, `1500` (ms) → milliseconds. */
export function parseDuration(value: string | number, what = 'duration'): number {
  if (typeof value === 'number' && value > 0) return value;
  const m = DURATION.exec(String(value).trim());
  if (!m) throw new OptionsError(`${what} '${value}' is not a duration such as 30s, 500ms or 2m`);
  const ms = Math.round(Number(m[1]) * MS[(m[2] ?? 'ms').toLowerCase()]!);
  if (ms < 1) throw new OptionsError(`${what} '${value}' must be at least 1ms`);
  return ms;
}

export function checkPin(pin: string, what = 'legacy version'): LegacyPin {
  try {
    return parsePin(pin);
  } catch {
    throw new OptionsError(`${what} '${pin}' is neither 'v1' nor a month YYYY-MM`);
  }
}

/** Key of a removed-field default: `<resource>.<path joined by dots>`. */
export function defaultKey(resource: ResourceName, path: readonly string[]): string {
  return `${resource}.${path.join('.')}`;
}

/**
 * The value put back for each removed response field: the catalogue's default, replaced by `shim.defaults`
 * under the change id, replaced in turn by `shim.defaults` under `<resource>.<path>`. Unknown keys fail.
 */
export function resolveDefaults(overrides: ShimConfig['defaults'] = {}): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  const known = new Set<string>();
  for (const { change, rule } of rulesOfKind('response-field-removed')) {
    const key = defaultKey(rule.resource, rule.path);
    known.add(key).add(change.id);
    let value: JsonValue = rule.default;
    if (Object.hasOwn(overrides, change.id)) value = overrides[change.id] as JsonValue;
    if (Object.hasOwn(overrides, key)) value = overrides[key] as JsonValue;
    out.set(key, value);
  }
  const unknown = Object.keys(overrides).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    throw new OptionsError(
      `shim.defaults: ${unknown.map((k) => `'${k}'`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} neither the id of a change ` +
        `that removes response fields nor a removed field; known: ${[...known].sort().join(', ')}`,
    );
  }
  return out;
}

/** Path segment → resource: the catalogue's segments, or the config's map when it has one. */
export function resolveResources(map?: ShimConfig['resources']): Map<string, ResourceName> {
  if (map && Object.keys(map).length > 0) return new Map(Object.entries(map));
  return new Map(api.resourceNames.map((name) => [api.resources[name].segment, name]));
}

function httpDate(value: string, what: string): string {
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new OptionsError(`${what} '${value}' is not a date`);
  return new Date(t).toUTCString();
}

export interface ProxyFlags {
  env: string;
  legacyVersion?: string;
  maxBody?: string | number;
  upstreamTimeout?: string | number;
  drainTimeout?: string | number;
}

/** Resolve the proxy's options; throws OptionsError naming the bad value. */
export function resolveProxyOptions(config: Config, flags: ProxyFlags): ProxyOptions {
  const environment = config.environments[flags.env];
  if (!environment) {
    throw new OptionsError(
      `environment '${flags.env}' is not in the config; known: ${Object.keys(config.environments).join(', ')}`,
    );
  }
  for (const [what, url] of [
    ['v1.baseUrl', environment.v1.baseUrl],
    ['v2.baseUrl', environment.v2.baseUrl],
    ['authUrl', environment.authUrl],
  ] as const) {
    try {
      parseBase(url);
      new URL(url);
    } catch {
      throw new OptionsError(`environments.${flags.env}.${what} '${url}' is not an http(s) URL`);
    }
  }
  const shim = config.shim ?? {};
  const deprecation = shim.deprecation;
  const headers: ProxyOptions['headers'] = {};
  if (deprecation === true) headers.deprecation = 'true';
  else if (typeof deprecation === 'string') {
    // draft-ietf-httpapi-deprecation-header: `true` or an HTTP-date (older drafts); `@<epoch>` (newer ones).
    headers.deprecation = /^(true|@\d+)$/.test(deprecation) ? deprecation : httpDate(deprecation, 'shim.deprecation');
  }
  if (shim.sunset) headers.sunset = httpDate(shim.sunset, 'shim.sunset');
  if (shim.link) {
    headers.link = [
      `<${shim.link}>; rel="deprecation"`,
      ...(headers.sunset ? [`<${shim.link}>; rel="sunset"`] : []),
    ].join(', ');
  }
  return {
    env: flags.env,
    environment,
    legacyVersion: checkPin(flags.legacyVersion ?? shim.legacyVersion ?? 'v1'),
    maxBody: parseSize(flags.maxBody ?? shim.maxBody ?? '1mb', 'max body'),
    upstreamTimeout: parseDuration(flags.upstreamTimeout ?? shim.upstreamTimeout ?? '30s', 'upstream timeout'),
    drainTimeout: parseDuration(flags.drainTimeout ?? '30s', 'drain timeout'),
    resources: resolveResources(shim.resources),
    defaults: resolveDefaults(shim.defaults),
    publicUrl: shim.publicUrl ? shim.publicUrl.replace(/\/+$/, '') : null,
    headers,
  };
}
