import { api, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import type { Lit } from './lang';
import { jsonKeys } from './json';
import type { Tok } from './lexical-tokens';
import { modelTie } from './ties';
import { norm, type Vocabulary } from './vocabulary';

/**
 * A stub of the API in a language read by its tokens (a Spock spec's WireMock `stubFor(put(urlEqualTo("/interviews/iv-1/"))
 * .willReturn(aResponse().withStatus(202).withBody('{"mode":"triage", …}')))`, a Scala test's route): the nearest path of
 * one of the API's resources before a site, in the same statement, and the method it is routed by. Its answer's status
 * (`withStatus(202)`) and the JSON of its body are then read for that resource and operation.
 */
export interface StubRoute {
  resource: ResourceName;
  /** The path after the resource's segment (`anonymous/`, `iv-1/`). */
  rest: string;
  /** The HTTP method the stub is routed by (`post(…)`, `put(…)`), upper case, or null when none is written. */
  method: string | null;
  /** Where in the resource the JSON sits (a condition's fixture), when not at its root. */
  path?: string[];
}

/**
 * A JSON document given to a name that says whose it is (a test's fixture: `let resultJson = """{ … }"""`,
 * `interview_json <- '{…}'`, `$conditionFixture = '{…}'`): read as that resource's answer. `ticketJson` is another thing's.
 */
export function namedJson(toks: readonly Tok[], k: number): StubRoute | null {
  let j = k - 1;
  if (toks[j]?.text === '-' && toks[j - 1]?.text === '<') j--;
  else if (toks[j]?.text !== '=' && toks[j]?.text !== ':=' && toks[j]?.text !== ':') return null;
  const name = toks[j - 1];
  const tie = name?.kind === 'id' ? modelTie(name.text.replace(/^\$/, '')) : null;
  return tie ? { resource: tie.resource, rest: '', method: null, ...(tie.path.length > 0 ? { path: tie.path } : {}) } : null;
}

/** How many lines back a stub's path may stand from its status or body (a builder chain over a few lines). */
const ROUTE_LINES = 8;
const METHOD = /^(get|post|put|patch|delete)$/i;

/**
 * The route of the stub whose chain holds token `k`: the nearest string before it that is a path of one of the API's
 * resources, within a few lines and not past the end of a block (`}`) or a statement (`;`), and the method call it is an
 * argument of (`post(urlEqualTo("…"))`, `put("…")`).
 */
export function stubRouteBefore(toks: readonly Tok[], k: number, source: string, resourcePath: RegExp, vocab: Vocabulary): StubRoute | null {
  const from = toks[k]!.start;
  for (let j = k - 1; j >= 0; j--) {
    const t = toks[j]!;
    if (t.kind === 'punct' && (t.text === '}' || t.text === ';')) return null;
    if (lineCount(source, t.start, from) > ROUTE_LINES) return null;
    if (t.kind !== 'str') continue;
    const m = resourcePath.exec(t.text);
    if (!m) continue;
    const resource = vocab.segments.get(m[1]!);
    if (!resource) return null;
    const rest = t.text.slice(t.text.indexOf(m[1]!) + m[1]!.length).replace(/^\//, '');
    // The method call the path is an argument of, through a matcher (`urlEqualTo(…)`, `urlPathEqualTo(…)`).
    let method: string | null = null;
    for (let i = j - 1; i >= Math.max(0, j - 5); i--) {
      const x = toks[i]!;
      if (x.kind === 'id' && METHOD.test(x.text) && toks[i + 1]?.text === '(') {
        method = x.text.toUpperCase();
        break;
      }
      if (x.kind !== 'id' && x.text !== '(') break;
    }
    return { resource, rest, method };
  }
  return null;
}

function lineCount(source: string, a: number, b: number): number {
  let n = 0;
  for (let i = source.indexOf('\n', a); i >= 0 && i < b; i = source.indexOf('\n', i + 1)) n++;
  return n;
}

/** The operation a stub's route stands for: its method's, or (no method) the interview's create path or one interview's update. */
export function routeOperation(route: StubRoute, vocab: Vocabulary): string | null {
  const create = route.rest.startsWith(api.createInterviewPath.replace(/^\//, '').replace(/\/$/, ''));
  const op = route.method ? api.methodOperations[route.method] : route.resource === vocab.modeResource ? (create ? 'create' : 'update') : null;
  if (!op) return null;
  if (route.resource === vocab.modeResource && (op === 'create') !== create) return null;
  return op;
}

/**
 * A status given to a stub's answer by a call or key named for it (`withStatus(400)`, `status(202)`, `status: 202`),
 * or as a later argument of a call named for answering (an Apex `HttpCalloutMock`'s `respondApi('interviews/anonymous/',
 * 400, null)`, `reply(path, 202)`).
 */
export function stubStatusAt(toks: readonly Tok[], k: number): boolean {
  const prev = toks[k - 1]?.text;
  const named = toks[k - 2];
  if (prev === ',' && (toks[k + 1]?.text === ',' || toks[k + 1]?.text === ')')) return answeringCall(toks, k);
  if (!named || named.kind !== 'id' || !words(named.text).some((w) => w === 'status' || w === 'code')) return false;
  return (prev === '(' && toks[k + 1]?.text === ')') || prev === ':' || prev === '=';
}

/** Words of a test double's method that answers a request with what it is given. */
const ANSWERING = new Set(['respond', 'reply', 'stub', 'answer']);

/** Whether token `k` is an argument of a call (on its line or the few before) whose name is one of a stub's answers. */
function answeringCall(toks: readonly Tok[], k: number): boolean {
  let depth = 0;
  for (let j = k - 1; j >= Math.max(0, k - 40); j--) {
    const t = toks[j]!.text;
    if (t === ')' || t === ']') depth++;
    else if (t === '[' || t === '{' || t === '}' || t === ';') return false;
    else if (t === '(' && depth-- === 0) {
      const callee = toks[j - 1];
      return !!callee && callee.kind === 'id' && words(callee.text).some((w) => ANSWERING.has(w));
    }
  }
  return false;
}

export interface JsonSite {
  change: string;
  message: string;
  /** Offset of the key in the source. */
  at: number;
  name: string;
}

/**
 * The JSON a string holds (a stub's body), read as the route's resource says: its keys a change removed or moved, and
 * the mode it gives when it is the resource whose mode changed. Keys of another resource's shape say nothing.
 */
export function jsonBodySites(tok: Tok, source: string, route: StubRoute, vocab: Vocabulary): JsonSite[] {
  const keys = jsonKeys({ text: tok.text } as Lit);
  if (!keys) return [];
  const out: JsonSite[] = [];
  const text = source.slice(tok.start, tok.end);
  for (const k of keys) {
    const hits = [...text.matchAll(new RegExp(`\\\\?"(${k.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\\\?"\\s*:`, 'g'))];
    const hit = hits[k.nth] ?? hits[0];
    const at = tok.start + (hit ? hit.index + hit[0].indexOf(k.name) : 0);
    const p = [...(route.path ?? []), ...k.path];
    const site = vocab.fields(route.resource, p, 'response')[0] ?? vocab.fields(route.resource, p, 'request')[0];
    if (site) out.push({ change: site.change.id, message: site.message, at, name: k.name });
    const modeKey = p.length === 1 && p[0] === norm(vocab.modeField) && route.resource === vocab.modeResource;
    const mode = modeKey && typeof k.value === 'string' ? vocab.modes.get(k.value) : undefined;
    if (mode) out.push({ change: mode.change.id, message: mode.message, at, name: k.value as string });
  }
  return out;
}
