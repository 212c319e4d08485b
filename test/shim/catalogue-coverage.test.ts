import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, catalogue, V2_MONTH, type Change, type JsonPath, type Rule } from '../../catalogue';
import type { Operation, ResourceName } from '../../catalogue/api';
import { shimTransforms, transformRequest, transformResponse, SHIM_RULE_KINDS } from '../../shim/transforms';
import { configFor, LogSink, request, startProxy, V1_AUDIENCE, V2_AUDIENCE } from './helpers';
import { sendJson, startUpstream, type Upstream } from './upstream';

/**
 * Lists the catalogue's shim transforms and exercises each one through a running proxy, with an upstream
 * that answers what each rule needs. A new rule in the catalogue shows up here without a code change.
 */

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let upstream: Upstream;
let reply: Reply = { status: 200, body: {} };
let proxyUrl: string;
let logs: LogSink;
let closeProxy: () => Promise<unknown>;

beforeAll(async () => {
  upstream = await startUpstream((_req, res) => sendJson(res, reply.status, reply.body, reply.headers));
  const p = await startProxy(configFor(upstream.url));
  proxyUrl = p.url;
  logs = p.logs;
  closeProxy = () => p.proxy.close(500);
});
afterAll(async () => {
  await closeProxy();
  await upstream.close();
});

/** A pin that gets the change's down-migration: v1 for the v2 month, else the month before the change. */
function pinFor(change: Change): string {
  if (change.month === V2_MONTH || change.month === null) return 'v1';
  const [y, m] = change.month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** An object with `value` at `path` (`*` makes a one-item list). */
function build(path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...tail] = path;
  return head === '*' ? [build(tail, value)] : { [head!]: build(tail, value) };
}
/** An object with the parents of `path` but not its last key. */
const parents = (path: JsonPath): unknown => (path.length <= 1 ? {} : build(path.slice(0, -1), {}));
function at(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const seg of path) {
    if (seg === '*') node = (node as unknown[])[0];
    else if (node && typeof node === 'object' && Object.hasOwn(node, seg)) node = (node as Record<string, unknown>)[seg];
    else return undefined;
  }
  return node;
}
const hasPath = (root: unknown, path: JsonPath) => at(root, path) !== undefined;

/** A mode value no rule renames or removes. */
const plainMode = 'some-mode';

/** Method, path and extra body that make a request of `operation` on `resource`. */
function requestFor(resource: ResourceName, operation: Operation): { method: string; path: string; body: Record<string, unknown> } {
  const seg = api.resources[resource].segment;
  switch (operation) {
    case 'create':
      return { method: 'POST', path: `/api/${seg}/`, body: {} };
    case 'update':
    case 'answer':
      return { method: 'PUT', path: `/api/${seg}/tok/`, body: {} };
    case 'mode-update':
      return { method: 'PUT', path: `/api/${seg}/tok/`, body: { [api.modeField]: plainMode } };
    case 'list':
      return { method: 'GET', path: `/api/${seg}/`, body: {} };
    case 'read':
      return { method: 'GET', path: `/api/${seg}/tok/`, body: {} };
  }
}

async function call(pin: string, method: string, path: string, body?: Record<string, unknown>) {
  upstream.seen.length = 0;
  logs.lines.length = 0;
  const r = await request(proxyUrl, method, path, {
    headers: { 'sc-legacy-version': pin },
    ...(method === 'GET' ? {} : { body: body ?? {} }),
  });
  const log = logs.records.find((l) => l.msg === 'request');
  return { ...r, forwarded: upstream.seen[0] ? (JSON.parse(upstream.seen[0].body || 'null') as unknown) : undefined, applied: (log?.changesApplied ?? []) as string[] };
}

const transforms = shimTransforms();

describe('catalogue shim transforms', () => {
  it('lists a transform for every change whose shim summary says it does something', () => {
    const ids = new Set(transforms.map((t) => t.change.id));
    for (const change of catalogue) {
      const acts = change.rules.some((r) => (SHIM_RULE_KINDS as readonly string[]).includes(r.kind) && !(r.kind === 'request-field-removed' && !r.strip));
      expect(ids.has(change.id), change.id).toBe(acts);
    }
    expect(transforms.length).toBeGreaterThanOrEqual(20);
  });

  it.each(transforms.map((t, i) => [`${i} ${t.change.id} ${t.rule.kind}`, t] as const))('%s', async (_name, { change, rule }) => {
    const pin = pinFor(change);
    const r = rule as Rule;
    switch (r.kind) {
      case 'request-field-removed': {
        for (const op of r.operations) {
          const { method, path, body } = requestFor(r.resource, op);
          reply = { status: 200, body: {} };
          const res = await call(pin, method, path, { ...body, ...(build(r.path, 'legacy value') as object) });
          expect(res.status).toBeLessThan(300);
          expect(hasPath(res.forwarded, r.path), `${op}: forwarded ${JSON.stringify(res.forwarded)}`).toBe(false);
          expect(res.applied).toContain(change.id);
        }
        break;
      }
      case 'response-field-removed': {
        reply = { status: 200, body: parents(r.path) };
        const res = await call(pin, 'GET', `/api/${api.resources[r.resource].segment}/tok/`);
        expect(at(res.json, r.path)).toEqual(r.default);
        expect(res.applied).toContain(change.id);
        break;
      }
      case 'response-field-added': {
        reply = { status: 200, body: build(r.path, 'added in v2') };
        const res = await call(pin, 'GET', `/api/${api.resources[r.resource].segment}/tok/`);
        expect(hasPath(res.json, r.path)).toBe(false);
        expect(res.applied).toContain(change.id);
        // a client pinned after the change keeps the field
        const now = await call('v1', 'GET', `/api/${api.resources[r.resource].segment}/tok/`);
        expect(at(now.json, r.path)).toBe('added in v2');
        break;
      }
      case 'response-field-moved': {
        for (const op of r.operations ?? ['read']) {
          const { method, path, body } = requestFor(r.resource, op);
          const value = { moved: op };
          // the parents of `from` and the value at `to` (the two paths may share a parent)
          const merged = structuredClone(parents(r.from)) as Record<string, unknown>;
          let node = merged;
          r.to.forEach((seg, i) => {
            if (i === r.to.length - 1) node[seg] = value;
            else node = (node[seg] ??= {}) as Record<string, unknown>;
          });
          reply = { status: 200, body: merged };
          const res = await call(pin, method, path, body);
          expect(at(res.json, r.from), `${op}`).toEqual(value);
          expect(res.applied).toContain(change.id);
        }
        break;
      }
      case 'value-renamed': {
        const seg = api.resources[r.resource].segment;
        reply = { status: 200, body: { [r.field]: r.to } };
        const res = await call(pin, 'PUT', `/api/${seg}/tok/`, { [r.field]: r.from });
        expect((res.forwarded as Record<string, unknown>)[r.field]).toBe(r.to);
        expect(res.json[r.field]).toBe(r.from);
        expect(res.applied).toContain(change.id);
        break;
      }
      case 'value-removed': {
        for (const value of r.values) {
          const res = await call(pin, 'PUT', `/api/${api.resources[r.resource].segment}/tok/`, { [r.field]: value });
          expect(res.status).toBe(400);
          expect(res.json.error.message).toBe(r.message);
          expect(upstream.seen).toHaveLength(0);
        }
        break;
      }
      case 'status-changed': {
        const { method, path, body } = requestFor(r.resource, r.operation);
        reply = { status: r.to, body: { [api.linksField]: {} } };
        const res = await call(pin, method, path, body);
        expect(r.applies({ method, operation: r.operation, requestBody: body, responseBody: reply.body })).toBe(true);
        expect(res.status).toBe(r.from);
        expect(res.applied).toContain(change.id);
        const now = await call('v1', method, path, body);
        expect(now.status).toBe(r.to);
        break;
      }
      case 'base-url': {
        const link = `${upstream.url}/symptom-checker/v2/questions/q1/`;
        reply = { status: 201, body: { [api.linksField]: { self: link, list: [link] } }, headers: { location: link } };
        const res = await call(pin, 'POST', `/api/${api.resources.complaint.segment}/`, {});
        const facade = `${proxyUrl}/api/questions/q1/`;
        expect(res.json[api.linksField]).toEqual({ self: facade, list: [facade] });
        expect(res.headers.location).toBe(facade);
        expect(upstream.seen[0]!.url).toBe(`/symptom-checker/v2/${api.resources.complaint.segment}/`);
        expect(res.applied).toContain(change.id);
        break;
      }
      case 'token-audience': {
        reply = { status: 200, body: { access_token: 'a' } };
        const res = await call(pin, 'POST', '/oauth/token', { [api.tokenRequest.audienceField]: V1_AUDIENCE });
        expect((res.forwarded as Record<string, unknown>)[api.tokenRequest.audienceField]).toBe(V2_AUDIENCE);
        expect(res.applied).toContain(change.id);
        break;
      }
      default:
        throw new Error(`no exercise for rule kind ${r.kind}: the shim lists a transform this test does not know`);
    }
  });
});

describe('the interpreter is generic', () => {
  it('applies a rule it was never written for, from a change it is given', () => {
    const invented: Change = {
      id: 'invented-change',
      month: '2030-01',
      title: 't',
      spec: [],
      codemod: { fix: 'none', summary: '' },
      shim: { summary: '' },
      rules: [
        { kind: 'request-field-removed', resource: 'result', operations: ['create'], path: ['gadget'], codemod: 'auto', message: '', strip: true },
        { kind: 'response-field-removed', resource: 'result', path: ['gizmo'], default: 7, message: '' },
      ],
    };
    const body = { gadget: 1, kept: 2 };
    const out = transformRequest(body, { resource: 'result', operation: 'create', changes: [invented] });
    expect(out).toMatchObject({ refused: false, body: { kept: 2 } });
    const res = transformResponse({
      resource: 'result',
      operation: 'read',
      changes: [invented],
      method: 'GET',
      status: 200,
      requestBody: undefined,
      body: {},
      defaults: new Map(),
    });
    expect(res.body).toEqual({ gizmo: 7 });
    expect([...res.applied]).toEqual(['invented-change']);
  });
});
