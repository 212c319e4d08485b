/**
 * Who still speaks v1: every legacy request attributed to an OAuth client, an app and an app version, with
 * bounded cardinality. The client comes from the token request's `client_id` (body or HTTP Basic user) and,
 * for API calls, from a claim of the bearer token (decoded, never verified: the upstream verifies; the token
 * itself is neither kept nor logged). The app and version come from a configured header and the User-Agent.
 */
import type * as http from 'node:http';
import { api } from '../catalogue';

export const UNKNOWN = 'unknown';
export const OTHER = 'other';

export interface ClientLabels {
  client: string;
  app: string;
  appVersion: string;
}

/** A label value: printable, no quotes or spaces, at most `max` characters; empty → unknown. */
export function labelValue(value: string | undefined, max = 64): string {
  if (!value) return UNKNOWN;
  const v = value.trim().slice(0, max).replace(/[^A-Za-z0-9._:@+-]/g, '_');
  return v === '' ? UNKNOWN : v;
}

/** The `client_id` of a token request: its body field, else the user of HTTP Basic authentication. */
export function clientOfTokenRequest(body: Record<string, unknown> | null, authorization: string | undefined): string | undefined {
  const field = body?.[api.tokenRequest.clientIdField];
  if (typeof field === 'string' && field !== '') return field;
  const m = /^Basic\s+([A-Za-z0-9+/=]{1,2048})$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return decodeURIComponent(text.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return text.slice(0, colon);
  }
}

/** The client named by a JWT bearer token's claims (first of `claims` present), decoded without verifying. */
export function clientOfBearer(authorization: string | undefined, claims: readonly string[]): string | undefined {
  if (!authorization || authorization.length > 8192) return undefined;
  const m = /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/i.exec(authorization);
  if (!m) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null) return undefined;
    for (const claim of claims) {
      const v = (payload as Record<string, unknown>)[claim];
      if (typeof v === 'string' && v !== '') return v;
    }
  } catch {
    // not a JWT: an opaque token names no client
  }
  return undefined;
}

const BROWSERS: [string, RegExp][] = [
  ['edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['opera', /\bOPR\/(\d+)/],
  ['samsung', /\bSamsungBrowser\/(\d+)/],
  ['chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['safari', /\bVersion\/(\d+(?:\.\d+)?)\b.*\bSafari\//],
];

/**
 * App and version from a User-Agent: `MyApp/3.2.1 (iOS 17.1)` and iOS's `MyApp/42 CFNetwork/… Darwin/…` give
 * the app's own product token; a bare `okhttp/4.12.0` or `CFNetwork/…` names the HTTP library (an app that
 * sets no User-Agent of its own); browsers give `browser-<name>` and the major version.
 */
export function appOfUserAgent(ua: string | undefined): { app: string; version: string } {
  if (!ua) return { app: UNKNOWN, version: UNKNOWN };
  const text = ua.slice(0, 512);
  if (/^Mozilla\//.test(text)) {
    for (const [name, re] of BROWSERS) {
      const m = re.exec(text);
      if (m) return { app: `browser-${name}`, version: m[1]! };
    }
    return { app: 'browser', version: UNKNOWN };
  }
  const m = /^([^\s/()]+)\/([^\s;()]+)/.exec(text);
  if (m) return { app: m[1]!.toLowerCase() === 'okhttp' ? 'okhttp' : m[1]!, version: m[2]! };
  const bare = /^([^\s/()]+)/.exec(text);
  return { app: bare ? bare[1]! : UNKNOWN, version: UNKNOWN };
}

/** App and version of a request: the configured header (`3.2.1` or `MyApp/3.2.1`) first, then the User-Agent. */
export function appOfRequest(headers: http.IncomingHttpHeaders, versionHeader: string | null): { app: string; version: string } {
  const fromUa = appOfUserAgent(headers['user-agent']);
  const raw = versionHeader ? headers[versionHeader] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return fromUa;
  const m = /^([^\s/]+)\/(\S+)$/.exec(value.trim());
  return m ? { app: m[1]!, version: m[2]! } : { app: fromUa.app, version: value.trim() };
}

/** At most `max` distinct values per label; later new values count as `other`. */
export class BoundedLabel {
  private readonly seen = new Set<string>();
  constructor(readonly max: number) {}
  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return OTHER;
    this.seen.add(value);
    return value;
  }
}

export interface LegacyClientEntry extends ClientLabels {
  firstSeen: string;
  lastSeen: string;
  requests: number;
  /** Catalogue change ids this client's traffic needed, with request counts. */
  changes: Record<string, number>;
}

interface LegacyEntry {
  key: string;
  labels: ClientLabels;
  first: number;
  last: number;
  requests: number;
  changes: Map<string, number>;
}

const LABEL_CACHE = 1000;

/** The table behind `/legacy-clients`: one entry per client, app and version. */
export class LegacyClients {
  private readonly client: BoundedLabel;
  private readonly app: BoundedLabel;
  private readonly version: BoundedLabel;
  private readonly entries = new Map<string, LegacyEntry>();
  private readonly byLabels = new WeakMap<ClientLabels, LegacyEntry>();
  private readonly cache = new Map<string, ClientLabels>();

  constructor(readonly maxValues: number) {
    this.client = new BoundedLabel(maxValues);
    this.app = new BoundedLabel(maxValues);
    this.version = new BoundedLabel(maxValues);
  }

  /** Bounded labels for raw values (the same object for the same values while cached: a value admitted or
   * refused by a bounded label stays so). */
  labels(client: string | undefined, app: string, version: string): ClientLabels {
    const raw = `${client ?? ''}\u0000${app}\u0000${version}`;
    let labels = this.cache.get(raw);
    if (!labels) {
      labels = { client: this.client.of(labelValue(client)), app: this.app.of(labelValue(app)), appVersion: this.version.of(labelValue(version, 32)) };
      if (this.cache.size >= LABEL_CACHE) this.cache.clear();
      this.cache.set(raw, labels);
    }
    return labels;
  }

  /** Count a request of `labels` that needed `changes`; returns the entry's key (client, app and version). */
  record(labels: ClientLabels, changes: Iterable<string>, now = Date.now()): string {
    let e = this.byLabels.get(labels);
    if (!e) {
      const key = `${labels.client}\u0000${labels.app}\u0000${labels.appVersion}`;
      e = this.entries.get(key);
      if (!e) this.entries.set(key, (e = { key, labels, first: now, last: now, requests: 0, changes: new Map() }));
      this.byLabels.set(labels, e);
    }
    e.last = now;
    e.requests++;
    for (const id of changes) e.changes.set(id, (e.changes.get(id) ?? 0) + 1);
    return e.key;
  }

  snapshot(): LegacyClientEntry[] {
    return [...this.entries.values()].map((e) => ({
      client: e.labels.client,
      app: e.labels.app,
      appVersion: e.labels.appVersion,
      firstSeen: new Date(e.first).toISOString(),
      lastSeen: new Date(e.last).toISOString(),
      requests: e.requests,
      changes: Object.fromEntries(e.changes),
    }));
  }
}

/** Entries of several workers as one table (same labels merged), most recently seen first. */
export function mergeLegacyClients(tables: readonly LegacyClientEntry[][]): LegacyClientEntry[] {
  const out = new Map<string, LegacyClientEntry>();
  for (const table of tables) {
    for (const e of table) {
      const key = `${e.client}\u0000${e.app}\u0000${e.appVersion}`;
      const m = out.get(key);
      if (!m) {
        out.set(key, { ...e, changes: { ...e.changes } });
        continue;
      }
      m.firstSeen = e.firstSeen < m.firstSeen ? e.firstSeen : m.firstSeen;
      m.lastSeen = e.lastSeen > m.lastSeen ? e.lastSeen : m.lastSeen;
      m.requests += e.requests;
      for (const [id, n] of Object.entries(e.changes)) m.changes[id] = (m.changes[id] ?? 0) + n;
    }
  }
  return [...out.values()].sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
}

/**
 * The `/legacy-clients` answer: entries seen since `since` (an ISO time; all when null), and per client whether
 * its traffic still needs the shim (any entry of it seen since then).
 */
export function legacyClientsReport(entries: LegacyClientEntry[], since: string | null, now = Date.now()) {
  const recent = since === null ? entries : entries.filter((e) => e.lastSeen >= since);
  const clients = new Map<string, { client: string; lastSeen: string; requests: number; stillNeedsShim: boolean; changes: string[] }>();
  for (const e of entries) {
    const c = clients.get(e.client) ?? { client: e.client, lastSeen: e.lastSeen, requests: 0, stillNeedsShim: false, changes: [] };
    c.lastSeen = e.lastSeen > c.lastSeen ? e.lastSeen : c.lastSeen;
    c.requests += e.requests;
    c.stillNeedsShim ||= since === null || e.lastSeen >= since;
    c.changes = [...new Set([...c.changes, ...Object.keys(e.changes)])].sort();
    clients.set(e.client, c);
  }
  return { generatedAt: new Date(now).toISOString(), since, clients: [...clients.values()], entries: recent };
}
