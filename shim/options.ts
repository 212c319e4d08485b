import { api, parsePin, rulesOfKind, type JsonValue, type LegacyPin } from '../catalogue';
import type { ResourceName } from '../catalogue/api';
import { defaultTokenClaims, type Config, type Environment, type ShimConfig } from '../config';
import { parseBase } from '../config/urls';
import { availableParallelism } from 'node:os';

/** Everything the proxy needs, resolved from the config file, the environment and the command line. */
export interface ProxyOptions {
  env: string;
  environment: Environment;
  /** Pin for requests without an `SC-Legacy-Version` header. */
  legacyVersion: LegacyPin;
  /** Largest body buffered for a transform, in bytes. */
  maxBody: number;
  /** Time the upstream has to answer, and the longest pause in its response body, in milliseconds. */
  upstreamTimeout: number;
  /** Time a client has to send a whole request (headers and body), in milliseconds. */
  requestTimeout: number;
  /** Longest pause in a client's request body, in milliseconds. */
  clientIdleTimeout: number;
  /** Open client connections at most; null: no limit. */
  maxConnections: number | null;
  /** Host values links may be built from when `publicUrl` is null (lower case); empty: none. */
  allowedHosts: string[];
  log: LogOptions;
  /** Worker processes: 1 = none (this process serves). */
  workers: number;
  legacyClients: { maxValues: number; appVersionHeader: string | null; tokenClaims: readonly string[] };
  /** Time a SIGTERM waits for in-flight requests, in milliseconds. */
  drainTimeout: number;
  /** Path segment → resource. */
  resources: Map<string, ResourceName>;
  /** `<resource>.<path>` → value put back for a removed response field. */
  defaults: Map<string, JsonValue>;
  /** Public address of the proxy (no trailing slash), or null: the listen address (loopback) or an allowed Host. */
  publicUrl: string | null;
  headers: { deprecation?: string; sunset?: string; link?: string };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogOptions {
  level: LogLevel;
  format: 'json' | 'pretty';
  /** Share of info-level access lines written (0–1); warnings and errors are always written. */
  sample: number;
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

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i;
const MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30s`, `500ms`, `2m`, `14d`, `1500` (ms) → milliseconds. */
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
  requestTimeout?: string | number;
  clientIdleTimeout?: string | number;
  maxConnections?: string | number;
  publicUrl?: string;
  /** Comma-separated or a list. */
  allowedHosts?: string | string[];
  logLevel?: string;
  logFormat?: string;
  logSample?: string | number;
  workers?: string | number;
  /** The process environment (`LOG_LEVEL`) and whether stdout is a terminal (pretty logs by default). */
  processEnv?: NodeJS.ProcessEnv;
  tty?: boolean;
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
    requestTimeout: parseDuration(flags.requestTimeout ?? shim.requestTimeout ?? '30s', 'request timeout'),
    clientIdleTimeout: parseDuration(flags.clientIdleTimeout ?? shim.clientIdleTimeout ?? '10s', 'client idle timeout'),
    maxConnections: positiveInt(flags.maxConnections ?? shim.maxConnections, 'max connections'),
    publicUrl: publicUrl(flags.publicUrl ?? shim.publicUrl),
    allowedHosts: allowedHosts(flags.allowedHosts ?? shim.allowedHosts ?? []),
    log: {
      level: logLevel(flags.logLevel ?? (flags.processEnv?.['LOG_LEVEL'] || undefined) ?? shim.logLevel ?? 'info'),
      format: logFormat(flags.logFormat ?? shim.logFormat ?? (flags.tty ? 'pretty' : 'json')),
      sample: share(flags.logSample ?? shim.logSample ?? 1),
    },
    workers: workers(flags.workers ?? shim.workers ?? 1),
    legacyClients: {
      maxValues: positiveInt(shim.legacyClients?.maxValues, 'shim.legacyClients.maxValues') ?? 50,
      appVersionHeader: shim.legacyClients?.appVersionHeader?.toLowerCase() ?? null,
      tokenClaims: shim.legacyClients?.tokenClaims ?? defaultTokenClaims,
    },
    headers,
  };
}

function positiveInt(value: string | number | undefined, what: string): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new OptionsError(`${what} '${value}' must be a whole number of at least 1`);
  return n;
}

function publicUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new OptionsError(`public URL '${value}' is not an http(s) URL`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || u.search || u.hash) {
    throw new OptionsError(`public URL '${value}' must be http(s)://host[:port][/path], without credentials, query or fragment`);
  }
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

function allowedHosts(value: string | string[]): string[] {
  const list = (Array.isArray(value) ? value : value.split(',')).map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of list) {
    if (!isPlainHost(h)) throw new OptionsError(`allowed host '${h}' is not a plain host or host:port`);
  }
  return list;
}

function logLevel(value: string): LogLevel {
  const v = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(v)) throw new OptionsError(`log level '${value}' is not one of ${LOG_LEVELS.join(', ')}`);
  return v as LogLevel;
}

function logFormat(value: string): 'json' | 'pretty' {
  if (value !== 'json' && value !== 'pretty') throw new OptionsError(`log format '${value}' is neither json nor pretty`);
  return value;
}

function share(value: string | number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new OptionsError(`log sample '${value}' is not a share between 0 and 1`);
  return n;
}

function workers(value: string | number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new OptionsError(`workers '${value}' is not a whole number (0: one per core)`);
  return n === 0 ? Math.max(1, availableParallelism()) : n;
}

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const PLAIN_HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::(\\d{1,5}))?$`);

/** Whether a Host value is a plain `host[:port]`: a DNS name, IPv4 or [IPv6], and a port up to 65535. */
export function isPlainHost(value: string): boolean {
  const m = PLAIN_HOST.exec(value);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
}

/** Whether a listen address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

/**
 * Bound to anything but loopback, the proxy cannot take its own address from the Host header (any client
 * could name any host there): it needs `publicUrl`, or a list of Host values it may use.
 */
export function checkBinding(host: string, options: Pick<ProxyOptions, 'publicUrl' | 'allowedHosts'>): void {
  if (isLoopback(host) || options.publicUrl !== null || options.allowedHosts.length > 0) return;
  throw new OptionsError(
    `listening on ${host} (not loopback), the proxy needs its public address for links and Location headers: ` +
      `set --public-url (shim.publicUrl) or the Host values clients use, --allowed-hosts (shim.allowedHosts)`,
  );
}
