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
  /** Time allowed for the upstream to answer (`30s`, `500ms`). `--upstream-timeout` wins. */
  upstreamTimeout?: string | number;
}

export interface LoadedConfig {
  config: Config;
  /** The file it came from, or null for the built-in defaults. */
  source: string | null;
}
