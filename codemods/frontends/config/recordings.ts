import { findNodeAtLocation, parseTree, type Node, type ParseError as JsonError } from 'jsonc-parser';
import { catalogue, type Change, type Rule } from '../../../catalogue';
import type { Config } from '../../../config';
import { Classifier } from '../../../traffic/classify';
import type { Site } from './model';
import type { TNode } from './openapi';
import { reach } from './samples';

/**
 * Recorded HTTP exchanges kept beside a client's tests: VCR and Betamax cassettes (`http_interactions`), vcrpy and
 * go-vcr cassettes (`interactions`), HAR files and Polly recordings (`log.entries`). Each exchange is a map with a
 * `request` (method, `uri`/`url`, a body as text) and a `response` (a status, a body as text). An exchange sent to the API
 * (a v1 base, or a v2 base `run` wrote there) is judged as the traffic command judges recorded traffic (resource and operation from the method and
 * the URL, traffic/classify.ts), and what v2 no longer sends or answers is a site for a person, at the key or value
 * inside the recorded body text: the recording must be made again against v2 (never rewritten: it is what the server
 * said). The base address itself is the readers' (a value like any other).
 */

interface Text {
  text: string;
  /** The scalar's range in the file (quotes included). */
  start: number;
  end: number;
  /** Where a marker may go: the key that holds the text. */
  anchor: number;
}

interface Exchange {
  method: string;
  url: string;
  status: number | null;
  statusAt?: { start: number; end: number; anchor: number };
  request?: Text;
  response?: Text;
}

const get = (n: TNode | undefined, key: string) => n?.entries?.find((e) => e.key === key);

/** The text under one of these paths (`body.string`, `postData.text`, `body`). */
function textAt(n: TNode | undefined, paths: readonly (readonly string[])[]): Text | undefined {
  for (const p of paths) {
    let cur = n;
    let keyStart = n?.start ?? 0;
    for (const k of p) {
      const e = get(cur, k);
      cur = e?.value;
      if (e) keyStart = e.keyStart;
    }
    if (cur?.kind === 'scalar' && typeof cur.value === 'string' && cur.end !== undefined) return { text: cur.value, start: cur.start, end: cur.end, anchor: keyStart };
  }
  return undefined;
}

const BODY_PATHS = [['body', 'string'], ['body'], ['postData', 'text'], ['content', 'text']] as const;

function exchangeOf(n: TNode): Exchange | null {
  const req = get(n, 'request')?.value;
  const res = get(n, 'response')?.value;
  if (req?.kind !== 'map' || res?.kind !== 'map') return null;
  const method = get(req, 'method')?.value.value;
  const url = (get(req, 'uri') ?? get(req, 'url'))?.value.value;
  if (typeof method !== 'string' || typeof url !== 'string') return null;
  // `status: 201` (HAR, Polly), `status: {code: 201}` (VCR, vcrpy, Betamax), `code: 201` (go-vcr).
  const s = get(res, 'status');
  const code = s?.value.kind === 'map' ? get(s.value, 'code') : s?.value.kind === 'scalar' && typeof s.value.value === 'number' ? s : get(res, 'code');
  const status = code && typeof code.value.value === 'number' ? code.value.value : null;
  return {
    method,
    url,
    status,
    statusAt: code && status !== null ? { start: code.value.start, end: code.value.end ?? code.value.start, anchor: code.keyStart } : undefined,
    request: textAt(req, BODY_PATHS),
    response: textAt(res, BODY_PATHS),
  };
}

/** The exchanges of a recording: maps with a request and a response, at any depth up to a few levels. */
function exchanges(root: TNode): Exchange[] {
  const out: Exchange[] = [];
  const walk = (n: TNode | undefined, depth: number) => {
    if (!n || depth > 5) return;
    const x = n.kind === 'map' ? exchangeOf(n) : null;
    if (x) out.push(x);
    else for (const c of n.kind === 'map' ? (n.entries ?? []).map((e) => e.value) : (n.items ?? [])) walk(c, depth + 1);
  };
  walk(root, 0);
  return out;
}

const classifiers = new WeakMap<Config, Classifier>();

/** A recorded body's JSON, or null. */
function parse(t: Text | undefined): Node | null {
  if (!t || !/^\s*[[{]/.test(t.text)) return null;
  const errors: JsonError[] = [];
  const root = parseTree(t.text, errors);
  return errors.length === 0 && root ? root : null;
}

const plain = (n: Node | undefined): unknown => {
  if (!n) return undefined;
  if (n.type === 'object') return Object.fromEntries((n.children ?? []).map((p) => [String(p.children?.[0]?.value), plain(p.children?.[1])]));
  if (n.type === 'array') return (n.children ?? []).map(plain);
  return n.value;
};

const property = (n: Node | null, key: string): Node | undefined =>
  n?.type === 'object' ? n.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1] : undefined;

/**
 * Where a token of the decoded text (`"advice"` at its offset) is in the file: its n-th occurrence in the text is its
 * n-th occurrence in the scalar as written, whatever the quoting does to its quotes (`\"advice\"` in a JSON string or a
 * double-quoted YAML scalar).
 */
function locate(source: string, t: Text, node: Node): { start: number; end: number } {
  const token = t.text.slice(node.offset, node.offset + node.length);
  let nth = 0;
  for (let i = t.text.indexOf(token); i >= 0 && i < node.offset; i = t.text.indexOf(token, i + token.length)) nth++;
  const re = new RegExp(token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"/g, '\\\\*"'), 'g');
  const raw = source.slice(t.start, t.end);
  let m: RegExpExecArray | null;
  for (let i = 0; (m = re.exec(raw)); i++) if (i === nth) return { start: t.start + m.index, end: t.start + m.index + m[0].length };
  return { start: t.start, end: t.start };
}

/** The sites of a document that records exchanges with the API; none when it records none sent to a v1 address. */
export function recordingSites(root: TNode, source: string, ctx: { config: Config; changes: readonly Change[] }): Site[] {
  const out: Site[] = [];
  const only = new Set(ctx.changes.map((c) => c.id));
  let classifier = classifiers.get(ctx.config);
  if (!classifier) classifiers.set(ctx.config, (classifier = new Classifier(ctx.config)));
  for (const x of exchanges(root)) {
    const req = parse(x.request);
    const res = parse(x.response);
    const c = classifier.classify({ place: { file: '' }, time: null, method: x.method, url: x.url, status: x.status, headers: null, requestBody: plain(req ?? undefined) });
    // A v2 address too: `run` rewrites a v1 recording's base address, its bodies and statuses stay v1's (what v2 no longer
    // sends cannot be in a real v2 recording).
    if (!c || c.version === 'unknown' || c.route !== 'api' || !c.resource) continue;
    const ok = x.status === null || (x.status >= 200 && x.status < 300);
    const add = (change: string, t: Text, node: Node, message: string, subject?: string) =>
      out.push({ change, ...locate(source, t, node), anchor: t.anchor, message: `${message}: record this exchange again against v2`, subject });
    const sent = `the recorded ${c.resource} request sends`;
    const answered = `the recorded ${c.resource} answer has`;
    const items = res?.type === 'array' ? (res.children ?? []) : res ? [res] : [];
    for (const change of catalogue) {
      if (!only.has(change.id)) continue;
      for (const rule of change.rules as readonly Rule[]) {
        if (!('resource' in rule) || rule.resource !== c.resource) continue;
        switch (rule.kind) {
          case 'request-field-removed':
            if (req && c.operation && rule.operations.includes(c.operation)) for (const k of reach(req, rule.path)) add(change.id, x.request!, k, `${sent} \`${rule.path.join('.')}\`, which v2 no longer takes`, rule.path[rule.path.length - 1]);
            break;
          case 'response-field-removed':
            if (ok) {
              const paths = [rule.path, ...(rule.spellings ?? []).map((s) => [...rule.path.slice(0, -1), s])];
              for (const i of items) for (const k of paths.flatMap((p) => reach(i, p))) add(change.id, x.response!, k, `${answered} \`${rule.path.join('.')}\`, which v2 no longer sends`, rule.path[rule.path.length - 1]);
            }
            break;
          case 'response-field-moved':
            if (ok && (!rule.operations || (c.operation && rule.operations.includes(c.operation)))) for (const i of items) for (const k of reach(i, rule.from)) add(change.id, x.response!, k, `${answered} \`${rule.from.join('.')}\`, which v2 sends as \`${rule.to.join('.')}\``, rule.from[rule.from.length - 1]);
            break;
          case 'value-renamed':
          case 'value-removed': {
            const values = rule.kind === 'value-renamed' ? [rule.from] : rule.values;
            const message = (v: string) => (rule.kind === 'value-renamed' ? `${rule.field} '${v}', which is '${rule.to}' in v2` : `${rule.field} '${v}', which v2 no longer has`);
            const v = property(req, rule.field);
            if (v?.type === 'string' && values.includes(String(v.value))) add(change.id, x.request!, v, `${sent} ${message(String(v.value))}`, String(v.value));
            if (ok) for (const i of items) {
              const w = property(i, rule.field);
              if (w?.type === 'string' && values.includes(String(w.value))) add(change.id, x.response!, w, `${answered} ${message(String(w.value))}`, String(w.value));
            }
            break;
          }
          case 'range-constraint': {
            const v = req && !rule.path.includes('*') ? findNodeAtLocation(req, [...rule.path]) : undefined;
            if (v?.type === 'number' && (v.value < rule.min || v.value > rule.max)) add(change.id, x.request!, v, `${sent} \`${rule.path.join('.')}\` ${v.value}, outside the ${rule.min}–${rule.max} v2 accepts`);
            break;
          }
          case 'status-changed':
            if (x.statusAt && x.status === rule.from && rule.operation === c.operation && rule.applies({ method: x.method, operation: c.operation, requestBody: plain(req ?? undefined), responseBody: plain(res ?? undefined) })) {
              out.push({ change: change.id, ...x.statusAt, message: `the recorded ${c.resource} answer has the status ${rule.from}, which v2 answers ${rule.to}: record this exchange again against v2` });
            }
            break;
          default:
            break;
        }
      }
    }
  }
  return out;
}
