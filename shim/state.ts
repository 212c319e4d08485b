import type * as http from 'node:http';
import type { Logger } from 'pino';
import type { Change } from '../catalogue';
import type { Operation, ResourceName } from '../catalogue/api';
import type { LegacyClients } from './attribution';
import type { LinkRewriter } from './links';
import type { ProxyOptions } from './options';
import type { TransformPlans } from './plan';
import type { ProxyMetrics } from './telemetry';

export type Route = 'api' | 'token' | 'healthz' | 'readyz' | 'metrics' | 'legacy-clients' | 'not-found' | 'refused';

/** Everything known about one request while it is served; logged once when it ends. */
export interface RequestState {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  route: Route;
  method: string;
  /** The request target with query values redacted (for the log). */
  logPath: string;
  pin: string | null;
  resource: ResourceName | null;
  operation: Operation | null;
  changes: readonly Change[];
  requestBody: unknown;
  applied: Set<string>;
  /** Where rewritten links point (the proxy's public address); null until the Host was checked. */
  publicBase: string;
  started: number;
  forwardedAt?: number;
  upstreamHeadersAt?: number;
  upstreamStatus?: number;
  /** Upstream deadline (headers), and the client body's idle timer. */
  timer?: NodeJS.Timeout;
  clientTimer?: NodeJS.Timeout;
  proxyReq?: http.ClientRequest;
  proxyRes?: http.IncomingMessage;
  /** Why the request did not end as a plain success: an error code of the proxy or a kind of cut. */
  reason?: string;
  /** The OAuth client named by the token request body (token route). */
  client?: string;
  finished: boolean;
}

/** What the request handlers share with the server. */
export interface ProxyContext {
  readonly options: ProxyOptions;
  readonly logger: Logger;
  readonly metrics: ProxyMetrics;
  readonly links: LinkRewriter;
  readonly plans: TransformPlans;
  readonly legacy: LegacyClients;
  readonly draining: boolean;
}
