/**
 * The streaming half of `sc-migrate traffic`: each record is classified, attributed to a client and folded
 * into counters, then dropped. What is kept is bounded whatever the size of the input: at most `maxClients`
 * client rows and `maxEndpoints` endpoint rows (later ones count as `other`), a few examples per change, and a
 * bounded map from hashes of access tokens to the client they were issued to. No header, token or body value
 * is kept: only labels, endpoint templates, field paths and counts.
 */
import { createHash } from 'node:crypto';
import { api, catalogue } from '../catalogue';
import { defaultTokenClaims, type Config } from '../config';
import { appOfRequest, clientOfBearer, clientOfTokenRequest, labelValue, OTHER, UNKNOWN } from '../shim/attribution';
import { isObject } from '../shim/transforms';
import { Classifier, type Classified } from './classify';
import { placeText, type InputSummary, type TrafficRecord } from './record';
import type { ClientRow, ChangeRow, EndpointRow, TrafficReport } from './model';

export interface AnalyzeOptions {
  config: Config;
  maxClients?: number;
  maxEndpoints?: number;
  /** Called with every API request after it is classified (tests list the v1 uses with it). */
  onRequest?: (r: TrafficRecord, c: Classified, client: ClientKey) => void;
}

export type ClientSource = 'proxy' | 'log-field' | 'token-request' | 'token-claim' | 'issued-token' | 'none';

export interface ClientKey {
  client: string;
  source: ClientSource;
  app: string;
  appVersion: string;
}

interface Span {
  first: number | null;
  last: number | null;
}

function widen(s: Span, t: number | null): void {
  if (t === null) return;
  if (s.first === null || t < s.first) s.first = t;
  if (s.last === null || t > s.last) s.last = t;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

function bump(m: Map<string, number>, key: string, n = 1): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

const TOKEN_CACHE = 10_000;
const EXAMPLES = 3;
const EVIDENCE = 8;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

export class TrafficAnalysis {
  private readonly classifier: Classifier;
  private readonly claims: readonly string[];
  private readonly versionHeader: string | null;
  private readonly maxClients: number;
  private readonly maxEndpoints: number;
  private readonly issued = new Map<string, string>();
  private readonly clients = new Map<string, { key: ClientKey; span: Span; v1: Span; requests: number; v1Requests: number; changes: Map<string, number>; endpoints: Map<string, number> }>();
  private readonly changes = new Map<string, { span: Span; requests: number; clients: Set<string>; evidence: Map<string, number>; examples: { place: string; endpoint: string }[] }>();
  private readonly endpoints = new Map<string, { endpoint: string; resource: string | null; operation: string | null; requests: number; v1Requests: number; changes: Map<string, number> }>();
  private readonly span: Span = { first: null, last: null };
  private records = 0;
  private apiRequests = 0;
  private v1Requests = 0;
  private v2Requests = 0;

  constructor(private readonly opts: AnalyzeOptions) {
    this.classifier = new Classifier(opts.config);
    const lc = opts.config.shim?.legacyClients;
    this.claims = lc?.tokenClaims ?? defaultTokenClaims;
    this.versionHeader = lc?.appVersionHeader?.toLowerCase() ?? null;
    this.maxClients = opts.maxClients ?? 1000;
    this.maxEndpoints = opts.maxEndpoints ?? 500;
  }

  get classifierPaths(): string[] {
    return this.classifier.v1Paths();
  }

  add(r: TrafficRecord): void {
    this.records++;
    const c = this.classifier.classify(r);
    if (!c) return;
    this.apiRequests++;
    const key = this.clientOf(r, c);
    const v1 = c.changes.size > 0;
    if (v1) this.v1Requests++;
    else if (c.version === 'v2') this.v2Requests++;
    widen(this.span, r.time);
    this.opts.onRequest?.(r, c, key);

    const ck = `${key.client}\u0000${key.app}\u0000${key.appVersion}`;
    let row = this.clients.get(ck);
    if (!row) {
      const k = this.clients.size < this.maxClients ? key : { client: OTHER, source: 'none' as const, app: OTHER, appVersion: OTHER };
      const kk = `${k.client}\u0000${k.app}\u0000${k.appVersion}`;
      row = this.clients.get(kk);
      if (!row) this.clients.set(kk, (row = { key: k, span: { first: null, last: null }, v1: { first: null, last: null }, requests: 0, v1Requests: 0, changes: new Map(), endpoints: new Map() }));
    }
    row.requests++;
    widen(row.span, r.time);
    const ep = this.endpointRow(c);
    ep.requests++;
    if (row.endpoints.size < this.maxEndpoints || row.endpoints.has(ep.endpoint)) bump(row.endpoints, ep.endpoint);
    if (!v1) return;
    row.v1Requests++;
    ep.v1Requests++;
    widen(row.v1, r.time);
    for (const [id, evidence] of c.changes) {
      bump(row.changes, id);
      bump(ep.changes, id);
      let ch = this.changes.get(id);
      if (!ch) this.changes.set(id, (ch = { span: { first: null, last: null }, requests: 0, clients: new Set(), evidence: new Map(), examples: [] }));
      ch.requests++;
      widen(ch.span, r.time);
      if (ch.clients.size < this.maxClients) ch.clients.add(`${row.key.client}\u0000${row.key.app}\u0000${row.key.appVersion}`);
      if (ch.evidence.size < EVIDENCE || ch.evidence.has(evidence)) bump(ch.evidence, evidence);
      if (ch.examples.length < EXAMPLES) ch.examples.push({ place: placeText(r.place), endpoint: c.endpoint });
    }
  }

  private endpointRow(c: Classified) {
    let key = `${c.endpoint}\u0000${c.resource}\u0000${c.operation}`;
    if (!this.endpoints.has(key) && this.endpoints.size >= this.maxEndpoints) key = OTHER;
    let ep = this.endpoints.get(key);
    if (!ep) {
      const endpoint = key === OTHER ? OTHER : c.endpoint;
      this.endpoints.set(key, (ep = { endpoint, resource: key === OTHER ? null : c.resource, operation: key === OTHER ? null : c.operation, requests: 0, v1Requests: 0, changes: new Map() }));
    }
    return ep;
  }

  /** Who sent a request: the proxy's labels, a log's client field, a token request, a token's claim, or a token issued earlier in the input. */
  private clientOf(r: TrafficRecord, c: Classified): ClientKey {
    if (r.proxy) {
      return { client: r.proxy.client ?? UNKNOWN, source: r.proxy.client && r.proxy.client !== UNKNOWN ? 'proxy' : 'none', app: r.proxy.app ?? UNKNOWN, appVersion: r.proxy.appVersion ?? UNKNOWN };
    }
    const headers = r.headers ?? {};
    const { app, version } = appOfRequest(headers, this.versionHeader);
    const labels = (client: string | undefined, source: ClientSource): ClientKey => ({
      client: labelValue(client),
      source: client ? source : 'none',
      app: labelValue(app),
      appVersion: labelValue(version, 32),
    });
    if (c.route === 'token') {
      const body = isObject(r.requestBody) ? r.requestBody : null;
      const client = clientOfTokenRequest(body, headers['authorization']);
      const issued = isObject(r.responseBody) ? r.responseBody[api.tokenResponse.accessTokenField] : undefined;
      if (client && typeof issued === 'string' && issued !== '') {
        if (this.issued.size >= TOKEN_CACHE) this.issued.clear();
        this.issued.set(hashOf(issued), client);
      }
      return labels(client ?? r.clientId, client ? 'token-request' : 'log-field');
    }
    if (r.clientId) return labels(r.clientId, 'log-field');
    const auth = headers['authorization'];
    const claim = clientOfBearer(auth, this.claims);
    if (claim) return labels(claim, 'token-claim');
    const bearer = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
    const fromIssued = bearer ? this.issued.get(hashOf(bearer[1]!)) : undefined;
    return labels(fromIssued, 'issued-token');
  }

  report(inputs: InputSummary[], tool: { name: string; version: string }): TrafficReport {
    const order = new Map(catalogue.map((c, i) => [c.id, i]));
    const byOrder = (a: string, b: string) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0);
    const obj = (m: Map<string, number>, sort?: (a: string, b: string) => number) =>
      Object.fromEntries([...m].sort(sort ? ([a], [b]) => sort(a, b) : ([, x], [, y]) => y - x));
    const changes: ChangeRow[] = [...this.changes]
      .sort(([a], [b]) => byOrder(a, b))
      .map(([id, ch]) => ({
        change: id,
        title: catalogue.find((c) => c.id === id)?.title ?? '(not in the catalogue)',
        requests: ch.requests,
        clients: ch.clients.size,
        firstSeen: iso(ch.span.first),
        lastSeen: iso(ch.span.last),
        evidence: [...ch.evidence].sort(([, a], [, b]) => b - a).map(([text, count]) => ({ text, count })),
        examples: ch.examples,
      }));
    const clients: ClientRow[] = [...this.clients.values()]
      .sort((a, b) => b.v1Requests - a.v1Requests || b.requests - a.requests || (a.key.client < b.key.client ? -1 : 1))
      .map((c) => ({
        ...c.key,
        requests: c.requests,
        v1Requests: c.v1Requests,
        share: this.apiRequests ? Math.round((c.requests / this.apiRequests) * 10_000) / 10_000 : 0,
        firstSeen: iso(c.span.first),
        lastSeen: iso(c.span.last),
        lastV1Seen: iso(c.v1.last),
        changes: obj(c.changes, byOrder),
        endpoints: obj(c.endpoints),
      }));
    const endpoints: EndpointRow[] = [...this.endpoints.values()]
      .sort((a, b) => b.v1Requests - a.v1Requests || b.requests - a.requests || (a.endpoint < b.endpoint ? -1 : 1))
      .map((e) => ({ endpoint: e.endpoint, resource: e.resource, operation: e.operation, requests: e.requests, v1Requests: e.v1Requests, changes: obj(e.changes, byOrder) }));
    return {
      schemaVersion: 1,
      kind: 'traffic',
      tool,
      inputs,
      summary: {
        records: this.records,
        apiRequests: this.apiRequests,
        v1Requests: this.v1Requests,
        v2Requests: this.v2Requests,
        otherRequests: this.records - this.apiRequests,
        clients: clients.filter((c) => c.v1Requests > 0).length,
        firstSeen: iso(this.span.first),
        lastSeen: iso(this.span.last),
        byChange: Object.fromEntries(changes.map((c) => [c.change, c.requests])),
        skipped: inputs.reduce((n, i) => n + i.skipped, 0),
        unreadable: inputs.filter((i) => i.error !== undefined).length,
      },
      changes,
      clients,
      endpoints,
    };
  }
}
