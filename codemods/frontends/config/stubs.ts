import { parseTree, type Node } from 'jsonc-parser';
import { api, getChange, type Change } from '../../../catalogue';
import type { Config } from '../../../config';
import { parseBase } from '../../../config/urls';
import { decodeString, jsonProps, pathTie, propSites, refineTie, relativePath, statusSites, type Body, type Tie } from './calls';
import type { Site } from './model';
import { answerSites } from './samples';

/**
 * Stubs of the API kept as JSON, whatever the tool: WireMock mappings (`request` with `url`/`urlPath`/`urlPattern`,
 * `bodyPatterns[].equalToJson`; `response` with `status` and `jsonBody` or `body`), MockServer expectations
 * (`httpRequest` with `path` and `body.json`; `httpResponse` with `statusCode` and `body`), Pact interactions
 * (`request`/`response` with `path`, `body`, `status`) and Hoverfly pairs (matchers as `[{ "matcher", "value" }]`,
 * bodies as JSON text). A stub whose request path is the v1 path of the API's base followed by one of its resources
 * (`/api/interviews/anonymous/`), or a v1 address, is a stub of the API: its path, the request body it expects
 * (removed fields, renamed or removed modes), the status it answers (one v2 changed for that operation) and the
 * answer it gives (fields v2 no longer returns) are sites for a person (reports only: JSON has no comments). Another
 * API's stub (`/helpdesk/api/tickets/`) names no resource of this one and is left alone.
 */

const REQUEST_KEYS = ['request', 'httpRequest'];
const RESPONSE_KEYS = ['response', 'httpResponse'];
const PATH_KEYS = ['url', 'urlPath', 'urlPattern', 'urlPathPattern', 'urlPathTemplate', 'path'];
const STATUS_KEYS = ['status', 'statusCode'];

export function stubSites(source: string, root: Node, changes: readonly Change[], config: Config): Site[] {
  const out: Site[] = [];
  const prefixes = [...new Set(Object.values(config.environments).map((e) => parseBase(e.v1.baseUrl).path).filter((p) => p && p !== '/'))];
  const visit = (n: Node): void => {
    if (n.type === 'object') {
      const req = firstOf(n, REQUEST_KEYS);
      const res = firstOf(n, RESPONSE_KEYS);
      if (req?.type === 'object' && res?.type === 'object') out.push(...stub(source, req, res, changes, config, prefixes));
    }
    for (const c of n.children ?? []) visit(c);
  };
  visit(root);
  return out;
}

function stub(source: string, req: Node, res: Node, changes: readonly Change[], config: Config, prefixes: readonly string[]): Site[] {
  const url = matcherString(firstOf(req, PATH_KEYS));
  if (!url || url.type !== 'string') return [];
  const text = String(url.value);
  // A v1 address, or the v1 path of the base on the stub server's own host.
  const full = relativePath(config, text, () => false);
  const prefix = full === null && !otherHost(req, config) ? prefixes.find((p) => text.startsWith(`${p}/`)) : undefined;
  const rel = full ?? (prefix ? text.slice(prefix.length) : null);
  const method = matcherString(firstOf(req, ['method']));
  const methodText = method?.type === 'string' ? String(method.value) : 'GET';
  const base = rel !== null ? pathTie(methodText.replace(/\W/g, '') || 'GET', rel.replace(/\\/g, '')) : null;
  if (!base) return [];
  const out: Site[] = [];
  const baseUrl = getChange('base-url');
  if (prefix && changes.some((c) => c.id === baseUrl.id)) {
    out.push({ change: baseUrl.id, start: url.offset + 1, end: url.offset + url.length - 1, message: `this stub serves the API under the v1 path ${prefix}; v2 serves it under ${api.v2BasePath} (on its own host): stub the v2 path, as the client under test will call it.` });
  }
  // The request body the stub expects: WireMock's `bodyPatterns[].equalToJson`, MockServer's `body.json`, Pact's and Hoverfly's `body`.
  const bodies: Body[] = [];
  for (const b of [...(firstOf(req, ['bodyPatterns'])?.children ?? []).map((p) => firstOf(p, ['equalToJson'])), firstOf(req, ['body'])]) bodies.push(...asBodies(source, b));
  const props = bodies.map((b) => jsonProps(b));
  const tie: Tie = props.reduce((t, p) => refineTie(t, p), base);
  for (const p of props) out.push(...propSites(p, tie, changes));
  // The status it answers, and its answer.
  const status = firstOf(res, STATUS_KEYS);
  if (status?.type === 'number') out.push(...statusSites(Number(status.value), tie, changes, { start: status.offset, end: status.offset + status.length }));
  for (const b of asBodies(source, firstOf(res, ['jsonBody', 'body']))) {
    const tree = parseTree(b.text);
    if (!tree || tree.type !== 'object') continue;
    for (const s of answerSites(tree, tie.resource, changes, true)) {
      const start = b.map[s.start]!;
      const end = b.map[s.end - 1]! + 1;
      const message = s.message.replace('this sample of a v1', 'this stub answers with a v1');
      // A rewrite only where the characters are written as they read (no escapes inside a JSON text).
      out.push(s.text !== undefined && end - start === s.end - s.start ? { ...s, start, end, message } : { change: s.change, start, end, message, subject: s.subject });
    }
  }
  return out;
}

/** A stub that names its host (Hoverfly's `destination`, MockServer's `Host` header) and names another one than the API's. */
function otherHost(req: Node, config: Config): boolean {
  const dest = matcherString(firstOf(req, ['destination']) ?? firstOf(firstOf(req, ['headers']), ['Host', 'host']));
  const host = dest?.type === 'string' ? String(dest.value).toLowerCase() : dest?.type === 'array' ? String(dest.children?.[0]?.value ?? '').toLowerCase() : null;
  if (!host) return false;
  return !Object.values(config.environments).some((e) => [e.v1.baseUrl, e.v2.baseUrl].some((u) => parseBase(u).host === host));
}

/** A JSON value as a body: an object in place, JSON text in a string, MockServer's `{ "type": "JSON", "json": … }`, Hoverfly's matchers. */
function asBodies(source: string, n: Node | undefined): Body[] {
  if (!n) return [];
  if (n.type === 'array') return (n.children ?? []).flatMap((c) => asBodies(source, firstOf(c, ['value']) ?? undefined));
  if (n.type === 'object') {
    const json = firstOf(n, ['json']);
    if (json && firstOf(n, ['type'])) return asBodies(source, json);
    return [{ text: source.slice(n.offset, n.offset + n.length), map: Array.from({ length: n.length }, (_, i) => n.offset + i) }];
  }
  if (n.type === 'string' && /^\s*\{/.test(String(n.value))) return [decodeString(source, n)];
  return [];
}

/** A value as Hoverfly writes it too: `[{ "matcher": "exact", "value": "PUT" }]` (its first matcher). */
function matcherString(n: Node | undefined): Node | undefined {
  if (n?.type === 'array') return firstOf(n.children?.[0], ['value']);
  return n;
}

function firstOf(n: Node | undefined, keys: readonly string[]): Node | undefined {
  if (n?.type !== 'object') return undefined;
  for (const k of keys) {
    const p = (n.children ?? []).find((c) => c.children?.[0]?.value === k);
    if (p?.children?.[1]) return p.children[1];
  }
  return undefined;
}
