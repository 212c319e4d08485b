import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { api } from '../catalogue';
import type { ClientLabels } from './attribution';
import { LabelledHistogram } from './histogram';
import { BatchedDestination } from './log-destination';
import type { LogOptions } from './options';
import { shimTransforms } from './transforms';

/**
 * Log paths pino censors, built from the catalogue's list of secrets. The proxy never logs headers or bodies:
 * its lines are flat objects built from an allowlist of fields (route, method, path with query values
 * redacted, statuses, timings, change ids, client labels) and fixed error texts, serialised by
 * shim/access-log.ts with a fixed set of keys. Redaction is the second line of defence for every other line:
 * secret fields at the top level and one level down (`body.client_secret`), and the same for a `headers` object. Two levels down (`*.*.client_secret`) guards nesting no line has and costs a tree walk
 * per line (docs/PERFORMANCE.md).
 */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of api.secrets.bodyFields) paths.push(field, `*.${field}`);
  for (const header of api.secrets.headers) paths.push(`headers["${header}"]`, `*.headers["${header}"]`);
  return paths;
}

/**
 * The proxy's logger: secrets redacted, at `level`. JSON lines go out asynchronously in batches (a synchronous
 * write per request costs more than the request's translation; see jsonDestination); shim/run.ts flushes them
 * when the proxy stops, and the destination writes what is left when the process exits. `pretty` formats the
 * same records with pino-pretty (pino's own tool), for a terminal.
 */
export function createLogger(destination?: DestinationStream, log: Partial<LogOptions> = {}): Logger {
  const format = log.format ?? 'json';
  const dest =
    destination ?? (format === 'pretty' ? pretty({ colorize: process.stdout.isTTY === true, destination: 1, sync: true }) : jsonDestination());
  return pino(
    {
      level: log.level ?? 'info',
      base: { name: 'sc-migrate-proxy' },
      redact: { paths: redactPaths(), censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    dest,
  );
}

/**
 * stdout, written asynchronously in batches of at least 64 KB, and at least every 200 ms: one write system call
 * per 150 or so access lines instead of one per line (shim/log-destination.ts). Flushed when the proxy stops and
 * when the process exits.
 */
function jsonDestination(): DestinationStream {
  return new BatchedDestination(1);
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The proxy's Prometheus metrics, on a registry of its own (several proxies can share a process). */
export class ProxyMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'legacy_version' | 'status'>;
  readonly changesApplied: Counter<'change'>;
  readonly legacyRequests: Counter<'client' | 'app' | 'app_version' | 'change'>;
  readonly duration: LabelledHistogram<'route'>;
  readonly upstreamDuration: LabelledHistogram<'route'>;
  readonly upstreamErrors: Counter<'kind'>;
  readonly clientTimeouts: Counter;
  readonly connectionsRefused: Counter;
  /** Requests in flight and open client connections: plain numbers, read by their gauges when scraped. */
  inFlightRequests = 0;
  openConnections = 0;
  /** Counts since the last scrape, by request labels, change, and legacy label set and change: a Map increment
   * per request instead of a label hash per counter call; added to the counters when they are collected. */
  private readonly pendingRequests = new Map<string, Map<string, Map<number, { labels: { route: string; legacy_version: string; status: string }; n: number }>>>();
  private readonly pendingChanges = new Map<string, number>();
  private readonly pendingLegacy = new Map<string, Map<string, { labels: { client: string; app: string; app_version: string; change: string }; n: number }>>();

  /** By route, pin and status in nested maps: no key string is built and hashed per request. */
  countRequest(route: string, legacyVersion: string, status: number): void {
    let byPin = this.pendingRequests.get(route);
    if (!byPin) this.pendingRequests.set(route, (byPin = new Map()));
    let byStatus = byPin.get(legacyVersion);
    if (!byStatus) byPin.set(legacyVersion, (byStatus = new Map()));
    const hit = byStatus.get(status);
    if (hit) hit.n++;
    else byStatus.set(status, { labels: { route, legacy_version: legacyVersion, status: String(status) }, n: 1 });
  }

  countChange(change: string): void {
    this.pendingChanges.set(change, (this.pendingChanges.get(change) ?? 0) + 1);
  }

  /** `key` names the label set (LegacyClients.record's key). */
  countLegacy(key: string, labels: ClientLabels, change: string): void {
    let byChange = this.pendingLegacy.get(key);
    if (!byChange) this.pendingLegacy.set(key, (byChange = new Map()));
    const hit = byChange.get(change);
    if (hit) hit.n++;
    else byChange.set(change, { labels: { client: labels.client, app: labels.app, app_version: labels.appVersion, change }, n: 1 });
  }

  /** Labels of the two histograms, one object per route. */
  private readonly routeLabels = new Map<string, { route: string }>();
  routeLabel(route: string): { route: string } {
    let l = this.routeLabels.get(route);
    if (!l) this.routeLabels.set(route, (l = { route }));
    return l;
  }

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    const pendingRequests = this.pendingRequests;
    this.requests = new Counter({
      name: 'sc_migrate_proxy_requests_total',
      help: 'Requests answered by the proxy, by route, legacy version and status sent to the client (0: connection cut)',
      labelNames: ['route', 'legacy_version', 'status'],
      registers,
      collect() {
        for (const byPin of pendingRequests.values()) for (const byStatus of byPin.values()) for (const { labels, n } of byStatus.values()) this.inc(labels, n);
        pendingRequests.clear();
      },
    });
    const pendingChanges = this.pendingChanges;
    const pendingLegacy = this.pendingLegacy;
    this.changesApplied = new Counter({
      name: 'sc_migrate_proxy_changes_applied_total',
      help: 'Requests on which the down-migration of a catalogue change was applied, by change id',
      labelNames: ['change'],
      registers,
      collect() {
        for (const [change, n] of pendingChanges) this.inc({ change }, n);
        pendingChanges.clear();
      },
    });
    // Every change the shim can apply starts at zero, so a dashboard sees it fall to (and stay at) zero.
    for (const id of new Set(shimTransforms().map((t) => t.change.id))) this.changesApplied.inc({ change: id }, 0);
    this.legacyRequests = new Counter({
      name: 'sc_migrate_proxy_legacy_requests_total',
      help: 'Legacy requests by OAuth client, app, app version and catalogue change they needed (a request counts once per change)',
      labelNames: ['client', 'app', 'app_version', 'change'],
      registers,
      collect() {
        for (const byChange of pendingLegacy.values()) for (const { labels, n } of byChange.values()) this.inc(labels, n);
        pendingLegacy.clear();
      },
    });
    this.duration = new LabelledHistogram('sc_migrate_proxy_request_duration_seconds', 'Time from request to the end of the response, by route', 'route', BUCKETS, this.registry);
    this.upstreamDuration = new LabelledHistogram(
      'sc_migrate_proxy_upstream_duration_seconds',
      'Time from forwarding to the upstream response headers, by route',
      'route',
      BUCKETS,
      this.registry,
    );
    this.upstreamErrors = new Counter({
      name: 'sc_migrate_proxy_upstream_errors_total',
      help: 'Upstream failures, by kind (unreachable, timeout, cut, too-large, malformed)',
      labelNames: ['kind'],
      registers,
    });
    this.clientTimeouts = new Counter({
      name: 'sc_migrate_proxy_client_timeouts_total',
      help: 'Requests answered 408 because the client was too slow sending headers or body',
      registers,
    });
    this.connectionsRefused = new Counter({
      name: 'sc_migrate_proxy_connections_refused_total',
      help: 'Connections answered 503 because --max-connections were open',
      registers,
    });
    const read = { inFlight: () => this.inFlightRequests, connections: () => this.openConnections };
    new Gauge({
      name: 'sc_migrate_proxy_in_flight_requests',
      help: 'Requests in flight',
      registers,
      collect() {
        this.set(read.inFlight());
      },
    });
    new Gauge({
      name: 'sc_migrate_proxy_open_connections',
      help: 'Open client connections',
      registers,
      collect() {
        this.set(read.connections());
      },
    });
    if (opts.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
