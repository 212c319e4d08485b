/**
 * The `traffic` report: what every output format shows, and exactly the `--format json` document
 * (schemas/traffic.schema.json; bump `schemaVersion` on a breaking change). Formatters are pure functions of it.
 */
import type { InputSummary } from './record';
import type { ClientSource } from './analyze';

export interface ChangeRow {
  change: string;
  title: string;
  /** Requests that touched the change. */
  requests: number;
  /** Client rows (client, app, version) among them. */
  clients: number;
  firstSeen: string | null;
  lastSeen: string | null;
  /** What in the recorded exchanges showed the change (field paths, statuses, mode names; no values), most frequent first. */
  evidence: { text: string; count: number }[];
  /** The first requests that touched it: `file#entry` or `file:line`, and the endpoint. */
  examples: { place: string; endpoint: string }[];
}

export interface ClientRow {
  client: string;
  /** Where the client id came from. */
  source: ClientSource;
  app: string;
  appVersion: string;
  /** API requests of this client (v1 and v2). */
  requests: number;
  /** Requests that still use v1 (a v1 address or audience, or a field, mode or status v2 changed). */
  v1Requests: number;
  /** Share of all API requests in the input, 0–1. */
  share: number;
  firstSeen: string | null;
  lastSeen: string | null;
  lastV1Seen: string | null;
  /** Change id → requests. */
  changes: Record<string, number>;
  /** Endpoint → requests. */
  endpoints: Record<string, number>;
}

export interface EndpointRow {
  /** `PUT /interviews/{id}/`. */
  endpoint: string;
  resource: string | null;
  operation: string | null;
  requests: number;
  v1Requests: number;
  changes: Record<string, number>;
}

export interface TrafficSummary {
  /** Exchanges read (entries and lines that were requests). */
  records: number;
  /** Requests to this API (v1 or v2 base, or the token route). */
  apiRequests: number;
  /** Requests that still use v1. */
  v1Requests: number;
  /** Requests to v2 that use nothing of v1. */
  v2Requests: number;
  /** Exchanges with other hosts (a browser's pages, scripts, images). */
  otherRequests: number;
  /** Client rows with v1 requests. */
  clients: number;
  firstSeen: string | null;
  lastSeen: string | null;
  byChange: Record<string, number>;
  /** Entries and lines left out (malformed), over all inputs. */
  skipped: number;
  /** Inputs that could not be read at all. */
  unreadable: number;
}

export interface TrafficReport {
  schemaVersion: 1;
  kind: 'traffic';
  tool: { name: string; version: string };
  inputs: InputSummary[];
  summary: TrafficSummary;
  changes: ChangeRow[];
  clients: ClientRow[];
  endpoints: EndpointRow[];
}

/** `--fail-on`: `none`, `v1` (any v1 use), or change ids. */
export type FailOn = { kind: 'none' } | { kind: 'v1' } | { kind: 'changes'; ids: string[] };

/** Whether the gate passes: no request touched what `failOn` names, and every input was read. */
export function gatePasses(report: TrafficReport, failOn: FailOn): boolean {
  if (failOn.kind === 'none') return true;
  if (report.summary.unreadable > 0) return false;
  if (failOn.kind === 'v1') return report.summary.v1Requests === 0;
  return failOn.ids.every((id) => (report.summary.byChange[id] ?? 0) === 0);
}
