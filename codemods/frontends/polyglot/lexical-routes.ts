import { rulesOfKind, type Change } from '../../../catalogue';
import { statusOfSpelling } from '../../http-status';
import { matching } from './lexical-facts';
import { routeOperation, type StubRoute } from './lexical-stubs';
import type { Tok } from './lexical-tokens';
import { norm, type Vocabulary } from './vocabulary';

/**
 * A fake of the API served by the test itself, in a language read by its tokens: a Groovy (Spock) spec's embedded
 * controller whose methods are routed by annotations (Micronaut's `@Post("/api/interviews/anonymous/")`, Spring's
 * `@PutMapping("/api/interviews/{token}/")`, JAX-RS's `@Path`), under a class prefix when it has one
 * (`@Controller("/api")`). Such a route is the v1 path the fake serves (a v1 base path before one of the API's
 * resources), so a site of the address change; what its method answers is read for that resource and operation:
 * the keys of the maps it returns by their path (`[triage_explanation: [potential_condition: [triage: …]]]`), and
 * the statuses it answers by name (`HttpResponse.accepted()`, `HttpResponse.status(HttpStatus.BAD_REQUEST)`,
 * `ResponseEntity.badRequest()`). Only in a test's source (a fake), and only for the v1 path's shape: an app's own
 * controller is its own API.
 */

const ROUTE = /^(?:get|post|put|patch|delete|head)(?:mapping)?$|^(?:requestmapping|path|uri)$/i;
const PREFIX = /^(?:controller|restcontroller|requestmapping|path)$/i;
/** A test's source: its folder (`src/test/groovy/…`, `src/integrationTest/…`) or its name (`…Spec.groovy`, `FakeApi.groovy`). */
export const TEST_SOURCE = /[\\/]src[\\/](?:test|it|[a-z]*-?test)[\\/]|(?:Spec|Tests?|Stub|Fake|Mock)\.\w+$|[\\/](?:Fake|Stub|Mock)\w*\.\w+$/i;

export interface RoutedMethod {
  /** The route's string token (index). */
  at: number;
  route: StubRoute;
  /** Token range of the method's body. */
  from: number;
  to: number;
}

export interface Report {
  (change: string, t: { start: number; end: number }, message: string, subject?: string): void;
}

/** The string an annotation at `k` (`@`) is given (`@Post("/x")`, `@GetMapping(value = "/x")`, `@Get(uri = "/x")`): its index. */
function annotationPath(toks: readonly Tok[], k: number): number | null {
  if (toks[k + 2]?.text !== '(') return null;
  const first = toks[k + 3];
  if (first?.kind === 'str') return k + 3;
  for (let j = k + 3; j < Math.min(toks.length, k + 24) && toks[j]!.text !== ')'; j++) {
    if (toks[j]!.kind === 'id' && /^(?:value|uri|path)$/.test(toks[j]!.text) && toks[j + 1]?.text === '=' && toks[j + 2]?.kind === 'str') return j + 2;
  }
  return null;
}

/** The methods of a test's fake of the API, routed by annotations to a v1 path of one of its resources. */
export function routedMethods(toks: readonly Tok[], filePath: string, resourcePath: RegExp, bases: readonly string[], vocab: Vocabulary): RoutedMethod[] {
  if (!TEST_SOURCE.test(filePath) || bases.length === 0) return [];
  const match = matching(toks);
  const out: RoutedMethod[] = [];
  // Each class's route prefix (`@Controller("/api") class Fake {`), by the index of its `class` word.
  const prefixes = new Map<number, string>();
  let inClass = -1;
  for (let k = 0; k < toks.length - 3; k++) {
    if (toks[k]!.text === 'class' && toks[k - 1]?.text !== '.') inClass = k;
    const name = toks[k + 1]!;
    if (toks[k]!.text !== '@' || name.kind !== 'id' || toks[k]!.end !== name.start) continue;
    const s = annotationPath(toks, k);
    if (s === null) continue;
    // What the annotation stands on: a class (a prefix of its routes) or a method (its body is the next block).
    let open = -1;
    let classAt = -1;
    for (let j = (match.get(k + 2) ?? s) + 1; j < toks.length; j++) {
      const x = toks[j]!;
      if (x.text === 'class' || x.text === 'interface') classAt = j;
      if (x.text === '{') { open = j; break; }
      if (x.text === ';' || x.text === '}' || x.text === '=') break;
    }
    if (classAt >= 0) {
      if (PREFIX.test(name.text)) prefixes.set(classAt, toks[s]!.text.replace(/\/$/, ''));
      continue;
    }
    if (!ROUTE.test(name.text) || open < 0) continue;
    const raw = toks[s]!.text;
    const prefix = prefixes.get(inClass) ?? '';
    const full = prefix ? `${prefix}/${raw.replace(/^\//, '')}` : raw;
    const base = bases.find((b) => full.startsWith(`${b}/`));
    const m = base ? resourcePath.exec(full.slice(base.length + 1)) : null;
    if (!m || !full.slice(base!.length + 1).startsWith(m[1]!)) continue;
    const resource = vocab.segments.get(m[1]!);
    if (!resource) continue;
    const rest = full.slice(base!.length + 1 + m[1]!.length).replace(/^\//, '');
    const verb = /^(get|post|put|patch|delete)/i.exec(name.text)?.[1]?.toUpperCase() ?? methodAttribute(toks, k);
    out.push({ at: s, route: { resource, rest, method: verb }, from: open, to: match.get(open) ?? toks.length });
  }
  return out;
}

/** `@RequestMapping(value = "…", method = RequestMethod.PUT)`: the method it names, or null. */
function methodAttribute(toks: readonly Tok[], k: number): string | null {
  for (let j = k + 3; j < Math.min(toks.length, k + 24) && toks[j]!.text !== ')'; j++) {
    const m = /^(GET|POST|PUT|PATCH|DELETE)$/.exec(toks[j]!.text);
    if (m && toks[j - 1]?.text === '.') return m[1]!;
  }
  return null;
}

/** The path of keys a map literal's key stands at (`[triage_explanation: [potential_condition: [triage: …]]]` → all three). */
export function mapKeyPath(toks: readonly Tok[], k: number, match: Map<number, number>, opener: Map<number, number>): string[] | null {
  const keyName = (t: Tok) => (t.kind === 'id' || t.kind === 'str' ? t.text : null);
  const first = keyName(toks[k]!);
  if (first === null || toks[k + 1]?.text !== ':') return null;
  const path = [first];
  let o = enclosing(toks, k, match, opener);
  if (o < 0 || toks[o]!.text !== '[') return null;
  for (;;) {
    const before = toks[o - 1];
    if (before?.text === ':' && toks[o - 2] && keyName(toks[o - 2]!) !== null) {
      path.unshift(keyName(toks[o - 2]!)!);
      o = enclosing(toks, o - 2, match, opener);
    } else if (before?.text === '[' || before?.text === ',') {
      // An element of a list (`options: [[token: …], […]]`): the list's key, if any, is the element's.
      o = enclosing(toks, o, match, opener);
    } else break;
    if (o < 0 || toks[o]!.text !== '[') break;
  }
  return path.map(norm);
}

/** The bracket that encloses token `k`, skipping balanced ones before it. */
function enclosing(toks: readonly Tok[], k: number, match: Map<number, number>, opener: Map<number, number>): number {
  for (let j = k - 1; j >= 0; j--) {
    const t = toks[j]!.text;
    if (t === ')' || t === ']' || t === '}') {
      const o = opener.get(j);
      if (o === undefined) return -1;
      j = o;
      continue;
    }
    if (t === '(' || t === '[' || t === '{') return match.has(j) ? j : -1;
  }
  return -1;
}

/** What a fake's routed methods answer, and their routes: sites of the API's changes. */
export function routedSites(toks: readonly Tok[], methods: readonly RoutedMethod[], vocab: Vocabulary, changes: readonly Change[], report: Report, baseChange: Change | undefined, baseMessage: string): void {
  if (methods.length === 0) return;
  const match = matching(toks);
  const opener = new Map<number, number>();
  for (const [o, c] of match) opener.set(c, o);
  const statusRules = rulesOfKind('status-changed', changes);
  for (const m of methods) {
    if (baseChange) report(baseChange.id, toks[m.at]!, baseMessage, toks[m.at]!.text);
    const op = routeOperation(m.route, vocab);
    for (let k = m.from + 1; k < m.to; k++) {
      const t = toks[k]!;
      // A key of a map it answers, by its path from the answer's top.
      if ((t.kind === 'id' || t.kind === 'str') && toks[k + 1]?.text === ':' && toks[k + 2]?.text !== ':') {
        const p = mapKeyPath(toks, k, match, opener);
        if (p) for (const s of vocab.fields(m.route.resource, p, 'response')) report(s.change.id, t, s.message, t.text);
      }
      // A status it answers by name (`HttpStatus.BAD_REQUEST`, `HttpResponse.accepted()`).
      if (t.kind === 'id' && toks[k - 1]?.text === '.' && toks[k - 2]?.kind === 'id' && op) {
        const code = statusOfSpelling(`${toks[k - 2]!.text}.${t.text}`);
        for (const { change, rule } of statusRules) {
          if (code !== rule.from || rule.resource !== m.route.resource) continue;
          if (op === rule.operation || (rule.operation === 'mode-update' && op === 'update')) report(change.id, t, rule.message, t.text);
        }
      }
    }
  }
}

