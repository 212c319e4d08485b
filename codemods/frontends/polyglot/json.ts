import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import { helperNameTie, nounTie } from '../../engine/ties/names';
import { encloses, type Ctx } from './context';
import { escapeRe } from './file';
import { HOLE, sameNode, span, type Call, type Lit } from './lang';
import { norm, type FieldSite } from './vocabulary';
import { endpointOfCall } from './case-endpoints';
import { foreignCall } from './project';
import { namesForeignAddress } from './foreign-addresses';
import { cannedAnswer } from './canned-answers';

/**
 * JSON written in a string (`"""{"msg": "Mode updated"}"""` in a mocked response, `"\"interview_mode\":true"` in
 * an assertion, a fixture constant): the string is read as JSON when it looks like it, and its keys that a change
 * removed or moved are reported, for the resource the code around it works on (the one resource whose URLs and
 * endpoints the function uses, or the name of the constant that holds it). Never rewritten: the text is data.
 */
export function jsonRules(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  const joined = concatenated(ctx);
  const inJoined = (l: Lit) => joined.some((j) => j.start <= l.start && l.end <= j.end);
  for (const lit of [...file.lits.filter((l) => !inJoined(l)), ...joined]) {
    const keys = jsonKeys(lit);
    if (!keys || !keys.some((k) => vocab.fieldNames.has(k.path[k.path.length - 1]!) || k.path.includes(norm(vocab.modeField)))) continue;
    const resource = resourceAround(ctx, lit) ?? cannedAnswer(ctx, lit.node, ctx.file.scopeOf(lit.node))?.resource ?? (ctx.tied && !otherServiceAround(ctx, lit) ? resourceOfKeys(ctx, keys) : null);
    if (!resource) continue;
    for (const k of keys) {
      const site: FieldSite | undefined = vocab.fields(resource, k.path, 'request')[0] ?? vocab.fields(resource, k.path, 'response')[0];
      const at = keyOffset(file.source, lit, k.name, k.nth);
      if (site && out.has(site.change.id)) out.manual(site.change.id, at, at + k.name.length, site.message, { anchor: lit.start, subject: k.name });
      const mode = k.path.length === 1 && k.path[0] === norm(vocab.modeField) && resource === vocab.modeResource && typeof k.value === 'string' ? vocab.modes.get(k.value) : undefined;
      if (mode && out.has(mode.change.id)) out.manual(mode.change.id, at, at + k.name.length, mode.message, { anchor: lit.start, subject: k.value as string });
    }
  }
}

/**
 * JSON written across string literals joined with `+` (`"[{\"token\": \"q-1\", " + "\"options\": […]}]"`, a stub too long
 * for one line) or PHP's `.`: the literals read as one, when every operand of the join is a literal and the whole parses only so.
 */
const JOIN = new Set(['+', '.']);

function concatenated(ctx: Ctx): Lit[] {
  const { file } = ctx;
  const out: Lit[] = [];
  for (const n of file.within(file.root, ['binary_expression', 'additive_expression'])) {
    const parent = n.parent();
    if (parent && /binary_expression|additive_expression|parenthesized_expression/.test(parent.kind() as string)) continue;
    const leaves: Lit[] = [];
    const flat = (x: SgNode): boolean => {
      const l = file.lit(x);
      if (l) return leaves.push(l) > 0;
      const kind = x.kind() as string;
      if (kind === 'parenthesized_expression') return x.children().filter((c) => c.isNamed()).every(flat);
      if (!/binary_expression|additive_expression/.test(kind) || !x.children().some((c) => JOIN.has(c.kind() as string))) return false;
      return x.children().filter((c) => c.isNamed()).every(flat);
    };
    if (!flat(n) || leaves.length < 2 || !leaves.some((l) => /^\s*[{[]/.test(l.text))) continue;
    const at = span(n);
    out.push({ node: n, start: at.start, end: at.end, text: leaves.map((l) => l.text).join(''), parts: [], simple: false });
  }
  return out.filter((j) => jsonKeys(j) && !out.some((o) => o !== j && o.start <= j.start && j.end <= o.end));
}

interface JsonKey {
  name: string;
  /** Normalised path from the root, list items left out. */
  path: string[];
  value: unknown;
  /** Which occurrence of `"name"` in the text this key is. */
  nth: number;
}

/** The keys of a string's content read as JSON (an object, an array, or `"k": v` pairs without their braces). */
export function jsonKeys(lit: Lit): JsonKey[] | null {
  const raw = lit.text.trim();
  // `"k": v` pairs: quoted plainly, escaped (`\"k\"`) or doubled in a verbatim string (C#'s `@"""interview_mode"":true"`).
  if (!/^[{[]/.test(raw) && !/^(?:\\?"|"")[\w-]+(?:\\?"|"")\s*:/.test(raw)) return null;
  // As written (a raw string), else with the host language's escapes undone (`"\"interview_mode\":true"`, a
  // verbatim string's doubled quotes: C#'s `@"{ ""mode"": ""triage"" }"`).
  const text = raw.split(HOLE).join('0');
  const unescaped = text.replace(/\\(["\\/])/g, '$1');
  const undoubled = text.replace(/""/g, '"');
  // A margin string (Scala's `"""{…\n  |  "mode": …}""".stripMargin`, Kotlin's `.trimMargin()`): each line's `|` and what precedes it dropped.
  const unmargined = /\n[ \t]*\|/.test(text) ? text.replace(/^[ \t]*\|/gm, '') : text;
  let value: unknown;
  for (const candidate of [text, `{${text}}`, unescaped, `{${unescaped}}`, undoubled, `{${undoubled}}`, unmargined]) {
    try {
      value = JSON.parse(candidate);
      break;
    } catch {
      value = undefined;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const out: JsonKey[] = [];
  const seen = new Map<string, number>();
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, path));
    if (!v || typeof v !== 'object') return;
    for (const [name, x] of Object.entries(v as Record<string, unknown>)) {
      const nth = seen.get(name) ?? 0;
      seen.set(name, nth + 1);
      out.push({ name, path: [...path, norm(name)], value: x, nth });
      walk(x, [...path, norm(name)]);
    }
  };
  walk(value, []);
  return out;
}

/**
 * The resource a JSON text's own keys say it is, in a file that talks to the API, when the code around it does not
 * (a table-driven test whose rows stub what the API answers a route of the app's own): two or more of one resource's
 * removed or moved fields, one of them nested as in its answers (`profile.bmi`, `options.preselected`) or a name only
 * this API uses, and no other resource's. A ticket's `{"mode": …}` or a reply's `{"advice": …, "test": …}` says nothing.
 */
function resourceOfKeys(ctx: Ctx, keys: JsonKey[]): ResourceName | null {
  const { vocab } = ctx;
  const fits: ResourceName[] = [];
  for (const resource of new Set(vocab.segments.values())) {
    const paths = new Set(keys.filter((k) => vocab.fields(resource, k.path, 'request').length > 0 || vocab.fields(resource, k.path, 'response').length > 0).map((k) => k.path.join('.')));
    const telling = [...paths].some((p) => p.includes('.') || p.split('.').some((seg) => vocab.distinctive.has(seg)));
    if (paths.size >= 2 && telling) fits.push(resource);
  }
  return fits.length === 1 ? fits[0]! : null;
}

/** Where the nth `"name"` key stands in the literal (escaped quotes or not). */
function keyOffset(source: string, lit: Lit, name: string, nth: number): number {
  const re = new RegExp(`[\\\\"]?"(${escapeRe(name)})[\\\\"]?"\\s*:`, 'g');
  const text = source.slice(lit.start, lit.end);
  const hits = [...text.matchAll(re)];
  const m = hits[nth] ?? hits[0];
  return m ? lit.start + m.index + m[0].indexOf(name) : lit.start;
}

/**
 * The one resource the code around a node works on: the URLs and the API's endpoints used in the innermost
 * function that uses any (a test that calls `repository.changeMode(…)`, one that builds a resource's model), or in a file that talks to the API,
 * helpers named after a resource and the name of the constant holding the text (`RESULT_JSON = '{…}'`).
 */
/** A bean getter's name (`getNextQuestion`, `isPreselected`). */
const GETTER = /^(?:get|is)[A-Z]/;

function onReceiver(c: Call): boolean {
  const text = c.node.text();
  const open = text.lastIndexOf('(');
  const at = text.lastIndexOf(c.callee, open < 0 ? text.length : open);
  return at > 0 && /[.>]\s*$/.test(text.slice(0, at));
}

/** The function around a literal names another service's address and none of this API's paths: its keys are not read by name. */
export function otherServiceAround(ctx: Ctx, lit: Lit | { node: SgNode }): boolean {
  const scope = ctx.file.scopeOf(lit.node);
  return scope !== ctx.file.root && ctx.file.resourcesIn(scope).length === 0 && namesForeignAddress(ctx.file, scope);
}

export function resourceAround(ctx: Ctx, lit: Lit): ResourceName | null {
  const { file } = ctx;
  const call = file.x.calls.find((c) => c.args.some((a) => sameNode(a, lit.node) || encloses(a, lit.node)));
  const told = call ? resourceOfCall(ctx, call, lit) : null;
  if (told) return told;
  // The stub or request the text is given to names one resource (`stubFor(put(urlEqualTo("/api/interviews/t/"))
  // .willReturn(json(200, """{…}""")))`, a verified request's body): that one, whatever else the function names.
  const around = file.x.calls.filter((c) => encloses(c.node, lit.node) && !sameNode(c.node, lit.node)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start));
  for (const c of around) {
    const named = new Set(file.resourcesIn(c.node).filter((u) => u.start < lit.start || u.end > lit.end).map((u) => u.resource));
    if (named.size === 1) return [...named][0]!;
    if (named.size > 1) break;
  }
  // A script's top-level statement (`val r = basicRequest.put(uri"…interviews/$t/").body("""{"mode": …}""")`) is its own scope.
  const scopes = file.scopesOf(lit.node);
  const holder: SgNode | undefined = file.x.decls.find((d) => d.init && encloses(d.init, lit.node))?.nameNode;
  const byName = holder && ctx.tied ? nounTie(holder.text()) : null;
  // A fixture constant outside any function (`val InterviewJson = """{…}"""` in a stub server's object): its name
  // says its resource better than the whole object or class around it, which serves them all.
  if (scopes.length === 0 && byName && byName.path.length === 0) return byName.resource;
  const statement = scopes.length === 0 ? lit.node.ancestors().find((a) => sameNode(a.parent(), file.root)) : undefined;
  for (const scope of statement ? [statement] : scopes) {
    const found = new Set<ResourceName>(file.resourcesIn(scope).map((r) => r.resource));
    // A helper's name says nothing where the code names another service's address and no path of this API's (a
    // helpdesk test's `client.SubmitComplaint(…)` beside `HelpdeskUrl + "tickets/"`).
    const byName = ctx.tied && (found.size > 0 || !namesForeignAddress(file, scope));
    for (const c of file.x.calls) {
      if (!encloses(scope, c.node)) continue;
      // An endpoint, a helper named for a resource, or a model of one built here (`new InterviewModeUpdate(…)` written as JSON).
      // A constructor (`InterviewModeUpdate(…)`, `new Intent(…)`), not a capitalised method on a receiver (C#'s `client.SubmitComplaint(…)`).
      const model = /^[A-Z]/.test(c.callee) && !onReceiver(c) ? ctx.ties.model(c.callee) : null;
      // A getter read off an object (`response.get().getNextQuestion()`) holds what came back; it calls nothing by its name.
      const getter = c.args.length === 0 && GETTER.test(c.callee) && onReceiver(c);
      const r = endpointOfCall(ctx.index, c)?.resource ?? (byName && !getter && !foreignCall(ctx.index, c) ? helperNameTie(c.callee)?.resource : undefined) ?? (model && model.path.length === 0 ? model.resource : undefined);
      if (r) found.add(r);
    }
    if (found.size > 0) return found.size === 1 ? [...found][0]! : null;
  }
  return byName && byName.path.length === 0 ? byName.resource : null;
}

/**
 * What the call a JSON text is handed to says it is: the type it is read into (`JsonUtility.FromJson<InterviewUpdateResponse>(…)`,
 * `mapper.readValue(json, Result.class)`, `typeof(Result)`, `Result::class.java`), or, for an assertion on text, the one
 * resource the other argument was built from (`StringAssert.Contains("\"extra\":…", complaint)` after `complaint =
 * JsonUtility.ToJson(new ComplaintRequest { … })`). A model of another thing says nothing.
 */
function resourceOfCall(ctx: Ctx, call: Call, lit: Lit): ResourceName | null {
  const { file } = ctx;
  const text = call.node.text();
  const head = text.slice(0, text.indexOf('(') < 0 ? text.length : text.indexOf('('));
  const generic = /<\s*([A-Z]\w*)\s*>\s*$/.exec(head)?.[1];
  const named = generic ?? call.args.map((a) => /^(?:typeof\s*\(\s*([A-Z]\w*)\s*\)|([A-Z]\w*)(?:\.class|::class(?:\.java)?))$/.exec(a.text().trim())).find(Boolean)?.slice(1).find(Boolean);
  if (named) {
    const tie = ctx.ties.model(named);
    return tie && tie.path.length === 0 ? tie.resource : null;
  }
  if (!ctx.tied) return null;
  const scope = file.scopeOf(lit.node);
  const found = new Set<ResourceName>();
  for (const a of call.args) {
    if (sameNode(a, lit.node) || !/^[A-Za-z_]\w*$/.test(a.text().trim())) continue;
    const decl = file.x.decls.find((d) => d.name === a.text().trim() && d.init && encloses(scope, d.node) && span(d.node).end <= span(a).start);
    if (!decl?.init) continue;
    for (const c of file.x.calls) {
      if (!encloses(decl.init, c.node) && !sameNode(decl.init, c.node)) continue;
      const model = /^[A-Z]/.test(c.callee) && !onReceiver(c) ? ctx.ties.model(c.callee) : null;
      const r = endpointOfCall(ctx.index, c)?.resource ?? (model && model.path.length === 0 ? model.resource : undefined);
      if (r) found.add(r);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}
