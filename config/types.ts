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
  /** Settings of `sc-migrate proxy` (see shim/config). */
  shim?: Record<string, unknown>;
}

export interface LoadedConfig {
  config: Config;
  /** The file it came from, or null for the built-in defaults. */
  source: string | null;
}
