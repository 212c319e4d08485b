/**
 * What one recorded exchange was, judged from what was recorded: whether it addressed this API (a v1 or v2 base
 * of a configured environment, or the token route), its endpoint (resource and operation, ids replaced by
 * `{id}`), and the catalogue changes it touches, each with a short piece of evidence that names field paths,
 * statuses and mode names, never a recorded value. Every fact comes from the catalogue's rules and the config.
 */
import { api, catalogue, rulesOfKind, type JsonPath, type Rule } from '../catalogue';
import type { Operation, ResourceName } from '../catalogue/api';
import type { Config } from '../config';
import { parseBase } from '../config/urls';
import { resolveResources } from '../shim/options';
import { isObject, operationOf } from '../shim/transforms';
import type { TrafficRecord } from './record';

export type ApiVersion = 'v1' | 'v2';

export interface Classified {
  /** v1: sent to a v1 base, or a token request for a v1 audience; v2: a v2 base or a v2 audience. */
  version: ApiVersion | 'unknown';
  route: 'api' | 'token';
  env: string | null;
  resource: ResourceName | null;
  operation: Operation | null;
  /** `PUT /interviews/{id}/`, relative to the base. */
  endpoint: string;
  /** Change id → evidence, in catalogue order. */
  changes: Map<string, string>;
}

interface Base {
  env: string;
  version: ApiVersion;
  host: string;
  path: string;
}

const TOKEN_PATH = `/${api.tokenRequest.path}`;
const BASE_URL = rulesOfKind('base-url')[0]!.change.id;
const TOKEN_AUDIENCE = rulesOfKind('token-audience')[0]!.change.id;

function norm(url: string): string {
  return url.trim().replace(/\/+$/, '').toLowerCase().replace(/^http:/, 'https:');
}

/** `a.b`, `options[].preselected`. */
export function pathText(path: JsonPath): string {
  return path.map((s, i) => (s === '*' ? '[]' : i === 0 ? s : `.${s}`)).join('').replace(/\.\[\]/g, '[]');
}

/** Whether a JSON value has something at `path` (`*` for any list item). */
export function hasPath(root: unknown, path: JsonPath): boolean {
  if (path.length === 0) return true;
  const [head, ...tail] = path;
  if (head === '*') return Array.isArray(root) && root.some((item) => hasPath(item, tail));
  return isObject(root) && Object.hasOwn(root, head!) && hasPath(root[head!], tail);
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const seg of path) node = isObject(node) ? node[seg] : undefined;
  return node;
}

const ID_LIKE = /^(?=.*\d)[0-9A-Za-z_-]{6,}$|^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/** Path segments after the base as an endpoint template: ids become `{id}`, query values are dropped (names kept). */
export function endpointTemplate(method: string, segments: readonly string[], query: string): string {
  const keep = new Set([api.createInterviewPath.replace(/\/+$/, '')]);
  // The segment after the resource is its id (`anonymous/` aside); later ones are ids only when they look like one (`explain` is not).
  const parts = segments.map((s, i) => (i === 0 || keep.has(s) || (i > 1 && !ID_LIKE.test(s) && /^[a-z_-]{1,24}$/.test(s)) ? s : '{id}'));
  const names = query
    ? [...new Set(query.split('&').map((p) => p.split('=')[0]!).filter((n) => /^[\w.-]{1,40}$/.test(n)))].map((n) => `${n}=…`)
    : [];
  return `${method.toUpperCase()} /${parts.join('/')}${parts.length ? '/' : ''}${names.length ? `?${names.join('&')}` : ''}`;
}

export class Classifier {
  private readonly bases: Base[];
  private readonly authHosts: Set<string>;
  private readonly audiences: { env: string; version: ApiVersion; value: string }[];
  private readonly resources: Map<string, ResourceName>;

  constructor(config: Config) {
    this.bases = [];
    this.authHosts = new Set();
    this.audiences = [];
    for (const [env, e] of Object.entries(config.environments)) {
      for (const version of ['v1', 'v2'] as const) {
        const { host, path } = parseBase(e[version].baseUrl);
        this.bases.push({ env, version, host, path });
        this.audiences.push({ env, version, value: norm(e[version].audience) });
      }
      this.authHosts.add(parseBase(e.authUrl).host);
    }
    // Longest paths first, so that a v2 path under a shared host wins over a shorter one.
    this.bases.sort((a, b) => b.path.length - a.path.length);
    this.resources = resolveResources(config.shim?.resources);
  }

  /** The v1 base paths (`/api`), for logs that record paths only. */
  v1Paths(): string[] {
    return [...new Set(this.bases.filter((b) => b.version === 'v1').map((b) => b.path))];
  }

  classify(r: TrafficRecord): Classified | null {
    let host: string | null = null;
    let path: string;
    let query = '';
    try {
      if (/^https?:\/\//i.test(r.url)) {
        const u = new URL(r.url);
        host = u.host.toLowerCase();
        path = u.pathname;
        query = u.search.slice(1);
      } else {
        const q = r.url.indexOf('?');
        path = q === -1 ? r.url : r.url.slice(0, q);
        query = q === -1 ? '' : r.url.slice(q + 1);
      }
    } catch {
      return null;
    }
    const method = r.method.toUpperCase();
    if (path.replace(/\/+$/, '').endsWith(TOKEN_PATH) && (r.proxy?.route === 'token' || host === null || this.authHosts.has(host) || this.audienceOf(r.requestBody) !== null)) {
      return this.token(r, method);
    }
    const base = this.bases.find(
      (b) => (host === null || b.host === host) && (path === b.path || path.startsWith(`${b.path}/`)),
    );
    if (!base) return null;
    const segments = path.slice(base.path.length).split('/').filter(Boolean);
    const resource = r.proxy ? r.proxy.resource : (this.resources.get(segments[0] ?? '') ?? null);
    const operation = r.proxy ? r.proxy.operation : operationOf(method, resource, segments, r.requestBody);
    // A log without hosts cannot tell sandbox from production: the environment is the first with that path.
    const changes = new Map<string, string>();
    const out: Classified = {
      version: base.version,
      route: 'api',
      env: host === null ? null : base.env,
      resource,
      operation,
      endpoint: endpointTemplate(method, segments, query),
      changes,
    };
    judge(r, out);
    return out;
  }

  private audienceOf(body: unknown): { env: string; version: ApiVersion } | null {
    const value = isObject(body) ? body[api.tokenRequest.audienceField] : undefined;
    if (typeof value !== 'string') return null;
    const hit = this.audiences.find((a) => a.value === norm(value));
    return hit ? { env: hit.env, version: hit.version } : null;
  }

  private token(r: TrafficRecord, method: string): Classified {
    const aud = this.audienceOf(r.requestBody);
    const viaProxy = r.proxy?.route === 'token';
    const out: Classified = {
      version: viaProxy ? 'v1' : (aud?.version ?? 'unknown'),
      route: 'token',
      env: aud?.env ?? null,
      resource: null,
      operation: null,
      endpoint: `${method} ${TOKEN_PATH}`,
      changes: new Map(),
    };
    if (viaProxy) {
      for (const id of r.proxy!.changesApplied) out.changes.set(id, 'the proxy applied it');
    } else if (aud?.version === 'v1') {
      out.changes.set(TOKEN_AUDIENCE, `token request for the v1 audience of ${aud.env}`);
    }
    return out;
  }
}

type RuleRef = { id: string; rule: Rule };

/** The rules that can touch a request of this resource and operation (selected once per pair). */
const ruleCache = new Map<string, RuleRef[]>();
function rulesFor(resource: ResourceName, operation: Operation | null): RuleRef[] {
  const key = `${resource}:${operation}`;
  let hit = ruleCache.get(key);
  if (hit) return hit;
  hit = [];
  for (const change of catalogue) {
    for (const rule of change.rules) {
      if (!('resource' in rule) || rule.resource !== resource) continue;
      if (rule.kind === 'request-field-removed' && (operation === null || !rule.operations.includes(operation))) continue;
      if (rule.kind === 'status-changed' && rule.operation !== operation) continue;
      if (rule.kind === 'response-field-moved' && rule.operations && (operation === null || !rule.operations.includes(operation))) continue;
      hit.push({ id: change.id, rule });
    }
  }
  ruleCache.set(key, hit);
  return hit;
}

const ORDER = new Map(catalogue.map((c, i) => [c.id, i]));

/**
 * The changes a request touches, from the catalogue's rules and what was recorded (sets `c.changes`, in
 * catalogue order). A line of the proxy's log brings its own list: the changes the proxy applied.
 */
function judge(r: TrafficRecord, c: Classified): void {
  const found = new Map<string, string>();
  const add = (id: string, evidence: string) => {
    if (!found.has(id)) found.set(id, evidence);
  };
  if (r.proxy) {
    for (const id of r.proxy.changesApplied) add(id, 'the proxy applied it');
  } else {
    if (c.version === 'v1') add(BASE_URL, `sent to a v1 base address${c.env ? ` (${c.env})` : ''}`);
    if (c.resource !== null) judgeRules(r, c, add);
  }
  const ids = [...found.keys()].sort((a, b) => (ORDER.get(a) ?? Infinity) - (ORDER.get(b) ?? Infinity));
  for (const id of ids) c.changes.set(id, found.get(id)!);
}

function judgeRules(r: TrafficRecord, c: Classified, add: (id: string, evidence: string) => void): void {
  const { operation } = c;
  const req = r.requestBody;
  const res = r.responseBody;
  const ok = r.status !== null && r.status >= 200 && r.status < 300;
  const items: unknown[] = Array.isArray(res) ? res : [res];
  for (const { id, rule } of rulesFor(c.resource!, operation)) {
    switch (rule.kind) {
      case 'request-field-removed':
        if (hasPath(req, rule.path)) add(id, `request body sets \`${pathText(rule.path)}\``);
        break;
      case 'value-renamed':
        if (isObject(req) && req[rule.field] === rule.from) add(id, `request sets ${rule.field} '${rule.from}' (v2: '${rule.to}')`);
        else if (ok && items.some((i) => isObject(i) && i[rule.field] === rule.from)) add(id, `response has ${rule.field} '${rule.from}' (v2: '${rule.to}')`);
        break;
      case 'value-removed': {
        const v = isObject(req) ? req[rule.field] : undefined;
        if (typeof v === 'string' && rule.values.includes(v)) add(id, `request sets ${rule.field} '${v}' (removed)`);
        break;
      }
      case 'range-constraint': {
        const v = valueAt(req, rule.path);
        if (typeof v === 'number' && (v < rule.min || v > rule.max)) add(id, `request sets \`${pathText(rule.path)}\` outside ${rule.min}–${rule.max}`);
        break;
      }
      case 'status-changed':
        if (r.status === rule.from && rule.applies({ method: r.method, operation: operation!, requestBody: req, responseBody: res })) {
          add(id, `response status ${rule.from} (v2: ${rule.to})`);
        }
        break;
      case 'response-field-removed':
        if (ok && items.some((i) => hasPath(i, rule.path))) add(id, `response body has \`${pathText(rule.path)}\``);
        break;
      case 'response-field-moved':
        if (ok && items.some((i) => hasPath(i, rule.from))) add(id, `response body has \`${pathText(rule.from)}\` (v2: \`${pathText(rule.to)}\`)`);
        break;
      default:
        break;
    }
  }
}
