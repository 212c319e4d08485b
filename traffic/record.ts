/**
 * One recorded exchange, whatever it was read from (a HAR entry, a line of the proxy's access log, a line of a
 * generic access log). Readers fill what their source holds; the analysis never needs more. Headers and bodies
 * live only as long as the record: nothing here is written to any output (traffic/analyze.ts keeps counts,
 * labels and field paths, never values).
 */
import type { Operation, ResourceName } from '../catalogue/api';

/** Where a record came from: the file and the entry (HAR) or line (logs), 1-based. */
export interface Place {
  file: string;
  entry?: number;
  line?: number;
}

export interface TrafficRecord {
  place: Place;
  /** Milliseconds since the epoch, or null when the source has no usable time. */
  time: number | null;
  method: string;
  /** An absolute URL, or a path (`/api/interviews/…`) when the source has no host. */
  url: string;
  /** The status the client got; 0 for no response (cut, blocked), null when the source does not say. */
  status: number | null;
  /** Request headers, names in lower case; null when the source has none. */
  headers: Record<string, string> | null;
  /** Parsed JSON request body, a form as an object, or undefined. */
  requestBody?: unknown;
  /** The request body as sent (HAR only: `replay` sends it again). */
  requestText?: string;
  /** Response headers, names in lower case (HAR only). */
  responseHeaders?: Record<string, string>;
  /** Parsed JSON response body, or undefined. */
  responseBody?: unknown;
  /** The OAuth client the source names itself (a log's client id field). */
  clientId?: string;
  /** What the proxy's access log already decided about the request. */
  proxy?: ProxyFacts;
}

export interface ProxyFacts {
  route: 'api' | 'token';
  resource: ResourceName | null;
  operation: Operation | null;
  changesApplied: string[];
  client?: string;
  app?: string;
  appVersion?: string;
}

/** A record a reader could not turn into an exchange, with what was wrong (never the line's text). */
export interface ReadProblem {
  place: Place;
  message: string;
}

/** A deviation from HAR 1.2 a reader put up with, counted per file. */
export interface Tolerated {
  id: string;
  description: string;
  count: number;
}

export type InputFormat = 'har' | 'proxy-log' | 'ndjson';

/** What one input file gave. */
export interface InputSummary {
  file: string;
  format: InputFormat;
  /** The HAR's `log.creator` (`Charles Proxy 4.6.4`), when there is one. */
  creator?: string;
  /** Entries or lines read (blank lines aside). */
  records: number;
  bytes: number;
  tolerated: Tolerated[];
  /** Entries or lines left out, with the first few reasons. */
  skipped: number;
  problems: ReadProblem[];
  /** Set when the file could not be read at all. */
  error?: string;
}

/** At most this many problems are kept per file (the count goes on). */
export const MAX_PROBLEMS = 20;

export function addProblem(summary: InputSummary, place: Place, message: string): void {
  summary.skipped++;
  if (summary.problems.length < MAX_PROBLEMS) summary.problems.push({ place, message });
}

/** `file:line` or `file#entry`. */
export function placeText(p: Place): string {
  if (p.line !== undefined) return `${p.file}:${p.line}`;
  if (p.entry !== undefined) return `${p.file}#${p.entry}`;
  return p.file;
}

/** Header list (`[{ name, value }]`) → lower-case map; repeated names joined with `, `. */
export function headerMap(list: readonly { name?: unknown; value?: unknown }[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of list ?? []) {
    if (typeof h?.name !== 'string' || h.value === undefined || h.value === null) continue;
    const name = h.name.toLowerCase();
    const value = String(h.value);
    out[name] = out[name] !== undefined ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** A time from an ISO string, or from epoch seconds or milliseconds. */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string' || value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return parseTime(Number(value));
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

const MAX_BODY = 1024 * 1024;

/**
 * A body as recorded (JSON text, a JSON value a log embedded, form text, base64) → its JSON value, or undefined
 * when it is not JSON or a form. Bodies over 1 MB are not parsed.
 */
export function parseBody(value: unknown, opts: { base64?: boolean; mimeType?: string } = {}): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return value;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_BODY) return undefined;
  let text = value;
  if (opts.base64) {
    try {
      text = Buffer.from(value, 'base64').toString('utf8');
    } catch {
      return undefined;
    }
  }
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  if (opts.mimeType !== undefined && /^application\/x-www-form-urlencoded/i.test(opts.mimeType)) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return undefined;
}
