export interface Endpoint {
  baseUrl: string;
  audience: string;
}

export interface Environment {
  v1: Endpoint;
  v2: Endpoint;
  /** Base address of the token service; token requests go to `<authUrl>/oauth/token`. */
  authUrl: string;
}

export interface Config {
  environments: Record<string, Environment>;
  /** Settings of `sc-migrate proxy` and `sc-migrate mock-v2` (docs/shim.md). */
  shim?: ShimConfig;
}

/** A JSON value (a default the shim puts back into a legacy response). */
export type ShimJsonValue = null | boolean | number | string | ShimJsonValue[] | { [key: string]: ShimJsonValue };

/** Resource names as the catalogue spells them (catalogue/api.ts `ResourceName`). */
export type ShimResourceName = 'interview' | 'complaint' | 'intent' | 'question' | 'result';

export interface ShimConfig {
  /** Default legacy pin: `v1` (v1 as it was when v2 shipped) or a month `YYYY-MM`. `--legacy-version` wins. */
  legacyVersion?: string;
  /**
   * Values put back for fields v2 no longer returns, instead of the catalogue's defaults (null). Keys are a
   * change id (every removed field of that change) or `<resource>.<path>` with `*` for list items
   * (`interview.profile.race`, `question.options.*.preselected`); the path form wins.
   */
  defaults?: Record<string, ShimJsonValue>;
  /** First path segment → resource, replacing the catalogue's segments (catalogue/api.ts). */
  resources?: Record<string, ShimResourceName>;
  /** Address legacy clients use to reach the proxy (links are rewritten to it); default: from the Host header. */
  publicUrl?: string;
  /** RFC 8594 / Deprecation header value on facade responses: `true`, or a date. */
  deprecation?: boolean | string;
  /** RFC 8594 `Sunset` date on facade responses (an HTTP-date or an ISO date). */
  sunset?: string;
  /** A `Link` with rel="deprecation" (and rel="sunset" when `sunset` is set) on facade responses. */
  link?: string;
  /** Largest body the proxy buffers to transform (`1mb`, `512kb`, bytes). `--max-body` wins. */
  maxBody?: string | number;
  /** Time allowed for the upstream to answer, and longest pause in its response body (`30s`, `500ms`). `--upstream-timeout` wins. */
  upstreamTimeout?: string | number;
  /** Time a client has to send a whole request, headers and body (`30s`). `--request-timeout` wins. */
  requestTimeout?: string | number;
  /** Longest pause in a client's request body (`10s`). `--client-idle-timeout` wins. */
  clientIdleTimeout?: string | number;
  /** Open client connections at most (per worker); more are answered 503. `--max-connections` wins. */
  maxConnections?: number;
  /** Host values (`host` or `host:port`) links may be built from when no `publicUrl` is set. `--allowed-hosts` wins. */
  allowedHosts?: string[];
  /** Log level: fatal, error, warn, info, debug, trace, silent. `--log-level`, then `LOG_LEVEL`, win. */
  logLevel?: string;
  /** `json` or `pretty` (default: pretty on a terminal, else json). `--log-format` wins. */
  logFormat?: 'json' | 'pretty';
  /** Share of info-level access lines written, 0–1 (warnings and errors always are). `--log-sample` wins. */
  logSample?: number;
  /** Worker processes (node:cluster); 0 = one per core, 1 = no cluster. `--workers` wins. */
  workers?: number;
  /** Attribution of legacy traffic to clients (`/legacy-clients`, `sc_migrate_proxy_legacy_requests_total`). */
  legacyClients?: LegacyClientsConfig;
}

export interface LegacyClientsConfig {
  /** Distinct values kept per label (client, app, app version); the rest count as `other`. Default 50. */
  maxValues?: number;
  /** A request header carrying the app version (`X-App-Version`), read before the User-Agent. */
  appVersionHeader?: string;
  /** Bearer-token claims naming the client, first present wins. Default `azp`, `client_id`. */
  tokenClaims?: string[];
}

export interface LoadedConfig {
  config: Config;
  /** The file it came from, or null for the built-in defaults. */
  source: string | null;
}
