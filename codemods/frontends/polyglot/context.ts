import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import { fillsFromAnswer } from './fill-methods';
import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import type { UrlMapper } from '../../../config/urls';
import type { TextFile } from '../text-file';
import { escapeRe, type PolyFile } from './file';
import { namedKids, sameNode, span, typeName, type Pair } from './lang';
import type { LangIndex, PolyFacts } from './project';
import { modelTie, Ties, type ValueTie } from './ties';
import { appliedType } from './applied-types';
import { norm, type Vocabulary } from './vocabulary';
import { itemOf, keyedAnswer } from './keyed-answers';
import { routedHandlerAnswer } from './routed-handlers';
import { helperNameTie, nounTie } from '../../engine/ties/names';
import { caseArm, endpointOfCall } from './case-endpoints';
import { cannedAnswer } from './canned-answers';
import { ownerEndpoint } from './owner-endpoints';
import { fixtureName, sampleFunction } from './sample-functions';
import { serialisedModel } from './serialised-model';
import { presentedArgument } from './presented';

/** What every rule module gets: the parsed file, its ties, the run's index, the edits and findings being collected. */
export interface Ctx {
  file: PolyFile;
  ties: Ties;
  index: LangIndex;
  /** The file talks to the API, or uses what the index knows of it: names may tie here. */
  tied: boolean;
  out: TextFile;
  vocab: Vocabulary;
  mapper: UrlMapper;
  /** Constants of the file found to hold a removed mode (PolyFacts.removedModes). */
  removedModes?: { name: string; value: string; local?: boolean }[];
  /** Members of this API's mode types whose wire value here is a renamed mode's old one, and its line (PolyFacts.renamedMembers). */
  renamedMembers?: { name: string; line: number }[];
  /** The file's path, as the run gives it (notes name where a value is defined relative to it). */
  filePath?: string;
  /** Other files' constants compared with the status of a rule's operation here (PolyFacts.statusCompared). */
  statusCompared?: { name: string; change: string }[];
}

export function makeCtx(file: PolyFile, out: TextFile, vocab: Vocabulary, mapper: UrlMapper, index: LangIndex, facts: PolyFacts): Ctx {
  // A name this file declares itself with another host's address (its own `BASE`) is not the run's name of that spelling.
  const own = new Set(facts.foreign ?? []);
  const tied = facts.tied || facts.uses.some((u) => index.names.has(u) && !own.has(u)) || index.tiedPackage(facts.pkg);
  return { file, ties: new Ties(file, index, tied), index, tied, out, vocab, mapper };
}

/** Where a container literal's data goes: the resource whose URL it is sent to, or what its type or name says. */
export interface ContainerTie extends ValueTie {
  /** Sent, in the same function, in a call whose arguments hold the resource's URL literal. */
  sent: boolean;
  /** The named arguments of a call to one of the API's endpoints (the run's index). */
  endpoint?: boolean;
  /** A canned answer of the resource (a test double's response keyed by its URL): its keys are what it answers. */
  answer?: boolean;
  /** A test double's answer tied by the endpoint the test then calls (canned-answers.ts): what it stubs, either way. */
  stub?: boolean;
}

export function containerTie(ctx: Ctx, container: SgNode, depth = 0): ContainerTie | null {
  if (depth > 4) return null;
  return ownTie(ctx, container, depth) ?? listItemTie(ctx, container, depth);
}

/**
 * An element of a list that is the value of a key (`"options" => [%{…}, %{…}]` in a sample), when nothing else ties
 * it: that key of the literal around, list items left out of the path as in JSON's. (A list sent on its own, under an
 * envelope's key, is tied by where it goes first.)
 */
function listItemTie(ctx: Ctx, container: SgNode, depth: number): ContainerTie | null {
  const up = container.parent();
  if (!up || !/^\[[\s\S]*\]$/.test(up.text())) return null;
  const pair = ctx.file.x.pairs.find((p) => p.value && span(p.value).start === span(up).start && span(p.value).end === span(up).end && encloses(p.container, up));
  const t = pair ? containerTie(ctx, pair.container, depth + 1) : null;
  return t ? { ...t, path: [...t.path, pathKey(ctx, pair!)] } : null;
}

function ownTie(ctx: Ctx, container: SgNode, depth: number): ContainerTie | null {
  const { file } = ctx;
  // The value of a key of another literal: the parent's tie, one level down.
  const parentPair = file.x.pairs.find((p) => p.value && span(p.value).start === span(container).start && !sameNode(p.container, container) && encloses(p.container, container));
  if (parentPair) {
    const t = containerTie(ctx, parentPair.container, depth + 1);
    // A named argument of a call that is no model's constructor (`json=`, `data=`) only passes the body on, and
    // so does the body entry of an options literal sent with the URL (`['json' => […]]`, `{ body: … }`).
    // An endpoint's own named argument (`start_interview(profile=Profile(age=1))`) is the field it names.
    const passes = !t?.endpoint || BODY_OPTIONS.has(normKey(parentPair));
    const transparent = (parentPair.named && passes && !typedContainer(ctx, parentPair.container)) || (!!t && t.sent && t.path.length === 0 && BODY_OPTIONS.has(normKey(parentPair)));
    if (t) return transparent ? t : { ...t, path: [...t.path, pathKey(ctx, parentPair)] };
  }
  const item = itemOf(ctx, container, depth);
  if (item) return item;
  // A value of a type the run declares, named for another thing and no model of the API's (`NewTicket { mode, extra }`
  // of a helpdesk; a library's `JObject` is no such type).
  const built = containerType(ctx, container);
  const declared = !!built && (ctx.index.declares(built) || file.x.types.some((t) => t.name === built));
  if (declared && headNamesAnotherThing(built!) && !ctx.ties.model(built!) && !ctx.index.model(built!)) return null;
  const scope = file.scopeOf(container);
  const at = span(container);
  const call = file.callSpans().find((c) => c.start === at.start && c.end === at.end)?.call;
  // The named arguments of one of the API's endpoints that creates or updates are its fields, before any call around
  // it: a Sinatra route's block (`post '/interviews/:token/intents' do … checker.create_intent(t, i, detail: d) end`)
  // names the app's own path, not the body the endpoint sends.
  const own = call && !call.args.some((a) => file.resourcesIn(a).length > 0) ? endpointOfCall(ctx.index, call) : null;
  // An endpoint whose HTTP method its facts do not say (`call(:post, …)`) by its name (`create_intent`); a read's
  // keywords (`intent(token, detail: true)`) are no field it sends.
  const writes = own && (own.op !== null ? own.op !== 'read' && own.op !== 'list' : /^(?:create|update|mode-update)$/.test(helperNameTie(call!.callee)?.op ?? ''));
  if (own && !writes) return null;
  if (own) return { resource: own.resource, path: [], via: 'index', sent: false, endpoint: true };
  const keyed = keyedAnswer(ctx, container) ?? routedHandlerAnswer(ctx, container);
  if (keyed) return keyed;
  // Sent: an enclosing call (within the function) whose arguments hold a resource literal.
  // Or built in a callback given to that call (a stub server's `expect(server, "POST", "/api/interviews/…", fn conn -> … end)`).
  const sent = sentIn(ctx, container, scope) ?? (callback(ctx, scope) ? answered(sentIn(ctx, container, file.scopeOf(scope))) : null) ?? builtFor(ctx, scope);
  // A part's own constructor (`Profile(age: 1)`) inside a call given the resource's URL (a test's `test('…', () { … })`)
  // builds that part, not the body itself.
  const part = sent ? typedContainer(ctx, container) : null;
  if (part && part.path.length > 0 && part.resource === sent!.resource) return { ...part, sent: false };
  if (sent) return sent;
  // Built in the arm of an enum case's endpoint (`case let .createComplaint(i, t, extra): return ["extra": extra]`).
  const arm = caseArm(file, ctx.index, container);
  if (arm && arm.endpoint.op !== 'read') return { resource: arm.endpoint.resource, path: [], via: 'index', sent: false };
  // A named argument of one of the API's endpoints (`client.create_intent(t, "x", detail="…")`) is a field it sends,
  // whatever the variable its result is assigned to is named (`response = create_interview(age: 0)`).
  // So is one of an enum case's endpoint (`Router.createComplaint(interview: i, extra: x)`).
  const e = call ? endpointOfCall(ctx.index, call) ?? ownerEndpoint(ctx.index, call) : null;
  if (e && e.op !== 'read') return { resource: e.resource, path: [], via: 'index', sent: false, endpoint: true };
  const canned = cannedAnswer(ctx, container, scope);
  if (canned) return canned;
  // Assigned to a variable that is sent, or that a name ties.
  // Not when the literal is given to one of the API's endpoints there (`val c = client.createComplaint(ComplaintRequest(…))`):
  // the variable holds the endpoint's answer, not the literal.
  const decl = file.x.decls.find((d) => d.init && encloses(d.init, container) && span(d.init).start <= span(container).start && !answerOf(ctx, d.init, container));
  if (decl) {
    for (const use of file.usesOf(decl.name)) {
      if (span(use).start === span(decl.nameNode).start || !encloses(scope, use)) continue;
      const s = sentIn(ctx, use, scope);
      if (s) return s;
      const holder = file.x.pairs.find((p) => p.value && encloses(p.value, use) && span(p.value).start === span(use).start);
      if (holder && !sameNode(holder.container, container)) {
        const t = containerTie(ctx, holder.container, depth + 1);
        if (t) return { ...t, path: [...t.path, pathKey(ctx, holder)] };
      }
    }
  }
  // Returned by a helper of this file (`def profile_payload; { race: …, height: … }.compact; end`) whose result is
  // given as a key of a literal (`create_interview(profile: profile_payload)`): that key of the literal's tie.
  const fn = decl ? returnedVariable(ctx, decl.name, scope) : returnedBy(ctx, container, scope);
  for (const use of fn?.name ? file.usesOf(fn.name) : []) {
    if (encloses(fn!.node, use)) continue;
    const called = new RegExp(`^(?:self\\.|this\\.|\\$this->)?${escapeRe(fn!.name!)}(?:\\(\\s*\\))?$`);
    const holder = file.x.pairs.find((p) => p.value && encloses(p.value, use) && called.test(p.value.text().trim()));
    const t = holder ? containerTie(ctx, holder.container, depth + 1) : null;
    if (t) return { ...t, path: [...t.path, pathKey(ctx, holder!)], sent: false };
    // Or passed to an endpoint, itself or through a variable (`profile = profile_from(params)` … `create_interview(profile)`).
    const passed = holder ? null : returnPassed(ctx, use);
    if (passed) return passed;
  }
  const typed = typedContainer(ctx, container);
  if (typed) return { ...typed, sent: false };
  const serialised = serialisedModel(ctx, container, scope);
  if (serialised) return serialised;
  // Passed to one of the API's endpoints that sends a body (`service.startInterview(mapOf("profile" to …))`).
  const passed = endpointArgument(ctx, container) ?? presentedArgument(ctx, container) ?? modelMethodArgument(ctx, container);
  if (passed) return passed;
  // A test's fixture that holds the literal under a name, as a variable would (`let(:question) { {…} }`).
  const fixture = decl ? null : fixtureName(ctx, container, scope, fn) ?? sampleFunction(ctx, container, scope);
  const named = fixture && ctx.ties.tied ? nounTie(fixture) : null;
  if (named) return { resource: named.resource, path: named.path.filter((p) => p !== '*').map(norm), via: 'name', sent: false };
  if (decl) {
    const t = ctx.ties.ofName(decl.name, decl.node);
    if (t && t.via === 'name') return { ...t, sent: false };
    // Built, then passed to one of the API's endpoints (`body = {…}` … `client.create_intent(token, body)`).
    for (const use of file.usesOf(decl.name)) {
      if (span(use).start === span(decl.nameNode).start || !encloses(scope, use)) continue;
      const passedOn = endpointArgument(ctx, use);
      if (passedOn) return passedOn;
    }
  }
  if (!call) return null;
  // `body.put("extra", x)` on `JSONObject body = new JSONObject()`: an entry of the map the receiver holds.
  const receiver = /^([$@]?[A-Za-z_]\w*)\s*(?:\.|->)\s*\w+\s*\(/.exec(container.text())?.[1]?.replace(/^[$@]+/, '');
  const held = receiver ? file.declsOf(receiver, container).filter((d) => d.init && span(d.init).end <= at.start).pop() : undefined;
  if (held?.init) return containerTie(ctx, held.init, depth + 1);
  // Declared empty (`QJsonObject body;`), filled by calls, then sent (`send("POST", ApiPaths::interviews(), body)`).
  for (const use of receiver && !held ? file.usesOf(receiver) : []) {
    if (span(use).start <= at.end || !encloses(scope, use)) continue;
    const t = sentIn(ctx, use, scope) ?? endpointArgument(ctx, use);
    if (t) return t;
  }
  return null;
}

/** Whether a call of one of the API's endpoints inside `init` takes `container` among its arguments. */
function answerOf(ctx: Ctx, init: SgNode, container: SgNode): boolean {
  return ctx.file.x.calls.some((c) => encloses(init, c.node) && c.args.some((a) => encloses(a, container)) && !!endpointOfCall(ctx.index, c));
}

/** A helper's call (`profile_from(params)` at its name) given to an endpoint, or held by a variable that is. */
function returnPassed(ctx: Ctx, name: SgNode): ContainerTie | null {
  const { file } = ctx;
  const call = file.callSpans().find((c) => c.start === span(name).start && c.call.callee === name.text())?.call.node;
  if (!call) return null;
  const direct = endpointArgument(ctx, call);
  if (direct) return direct;
  // Given straight to a request sent to one resource (`.json(&complaint_body(t))` after `.post(url)`): what it sends.
  const sent = sentIn(ctx, call, file.scopeOf(call));
  if (sent) return { ...sent, sent: false };
  const decl = file.x.decls.find((d) => d.init && sameNode(d.init, call));
  const scope = file.scopeOf(call);
  for (const use of decl ? file.usesOf(decl.name) : []) {
    if (span(use).start <= span(decl!.nameNode).start || !encloses(scope, use)) continue;
    const t = endpointArgument(ctx, use);
    if (t) return t;
  }
  return null;
}

/**
 * The function of this file a literal is the value of: its last expression or a `return` (past calls that tidy
 * it, `.compact`, `.freeze`).
 */
function returnedBy(ctx: Ctx, container: SgNode, scope: SgNode): { name: string | null; node: SgNode } | null {
  const { file } = ctx;
  if (scope === file.root) return null;
  const fn = file.functions().find((f) => f.start === span(scope).start && f.end === span(scope).end);
  if (!fn?.name) return null;
  const at = span(container);
  const lineStart = file.source.lastIndexOf('\n', at.start - 1) + 1;
  if (!/^\s*(?:return\s+)?$/.test(file.source.slice(lineStart, at.start))) return null;
  if (!/^(?:\s*\.\s*\w+[!?]?(?:\(\s*\))?)*\s*;?\s*(?:end|\})?\s*$/.test(file.source.slice(at.end, fn.end))) return null;
  return { name: fn.name, node: fn.node };
}

/**
 * The function of this file that returns the variable a literal is built in (`$body = array(…); … return $body;`,
 * `body = {…}` … `return body`), its entries added on the way.
 */
function returnedVariable(ctx: Ctx, name: string, scope: SgNode): { name: string | null; node: SgNode } | null {
  const { file } = ctx;
  if (scope === file.root) return null;
  const fn = file.functions().find((f) => f.start === span(scope).start && f.end === span(scope).end);
  if (!fn?.name) return null;
  const returned = file.usesOf(name).some((use) => {
    const at = span(use);
    if (!encloses(scope, use)) return false;
    const lineStart = file.source.lastIndexOf('\n', at.start - 1) + 1;
    return /^\s*return\s+[$@]?$/.test(file.source.slice(lineStart, at.start)) && /^\s*;?\s*(?:end|\})?\s*$/.test(file.source.slice(at.end, fn.end));
  });
  return returned ? { name: fn.name, node: fn.node } : null;
}

/** Keys of an HTTP client's options that hold the request body (Guzzle, Faraday, HTTParty, requests). */
const BODY_OPTIONS = new Set(['json', 'body', 'data', 'form_params', 'form', 'payload']);

/**
 * A key as a segment of its literal's path: the JSON key a model's field maps to (Go's `PotentialCondition` with
 * its `json:"potential_condition"` tag), its words kept (`TriageExplanation` is `triage_explanation`).
 */
export function pathKey(ctx: Ctx, p: Pair): string {
  const type = p.named ? containerType(ctx, p.container) : null;
  const key = (type && ctx.index.model(type)?.keys.get(p.key)) || p.key;
  return norm(key.replace(/\W+$/, ''));
}

function normKey(p: Pair): string {
  return p.key.replace(/^[:@$]+/, '').replace(/\W+$/, '').toLowerCase();
}

/**
 * A request builder's lambda (Ktor's `http.post(url) { setBody(mapOf(…)) }`): the call the lambda configures,
 * when its own arguments (outside the lambda) hold exactly one resource's URL.
 */
function builtFor(ctx: Ctx, scope: SgNode): ContainerTie | null {
  const { file } = ctx;
  if (!file.spec.lambdas?.kinds.includes(scope.kind() as string)) return null;
  const lam = span(scope);
  const owner = file.callSpans().filter((c) => c.start <= lam.start && lam.end <= c.end && !(c.start === lam.start && c.end === lam.end)).pop();
  if (!owner) return null;
  const urls = file.resourcesIn(owner.call.node).filter((u) => u.end <= lam.start || u.start >= lam.end);
  const resources = new Set(urls.map((u) => u.resource));
  return resources.size === 1 ? { resource: urls[0]!.resource, path: [], via: 'url', sent: true } : null;
}

/** A literal that is itself an argument of a call to one of the API's endpoints (the run's index) that creates or updates. */
function endpointArgument(ctx: Ctx, container: SgNode): ContainerTie | null {
  const at = span(container);
  for (const call of ctx.file.x.calls) {
    const i = call.args.findIndex((a) => span(a).start === at.start && span(a).end === at.end);
    if (i < 0) continue;
    const e = ctx.index.endpoint(call.callee);
    if (!e || e.op === 'read') return null;
    // Given as the parameter that names a part of the resource (`def create_interview(self, profile, …)`): that part.
    const param = ctx.index.params(call.callee)?.[i];
    const part = param ? Object.values(api.subjects).find((s) => s.parent === e.resource && s.path.length === 1 && norm(s.path[0]!) === norm(param)) : undefined;
    return { resource: e.resource, path: part ? [norm(part.path[0]!)] : [], via: 'index', sent: false };
  }
  return null;
}

/** A call around `n`, inside `scope`, whose arguments hold exactly one resource's URL literal. */
/** A lambda given as an argument of a call: what it answers goes with the call. */
function callback(ctx: Ctx, scope: SgNode): boolean {
  const l = ctx.file.spec.lambdas;
  if (!l?.kinds.includes(scope.kind() as string)) return false;
  const args = scope.parent();
  return !!args && /argument/.test(args.kind() as string) && ctx.file.x.calls.some((c) => c.args.some((a) => sameNode(a, scope)));
}

/** What a callback builds is answered to the call, not sent by it: reported, never deleted. */
function answered(t: ContainerTie | null): ContainerTie | null {
  return t && { ...t, sent: false };
}

function sentIn(ctx: Ctx, n: SgNode, scope: SgNode): ContainerTie | null {
  const { file } = ctx;
  let best: ContainerTie | null = null;
  for (const call of file.x.calls) {
    if (!encloses(call.node, n) || !encloses(scope, call.node)) continue;
    // A URL inside the literal itself (a sample's `"_links" => %{"next" => "…/complaints/"}`) is its data, not where it goes.
    const inside = span(n);
    let urls = file.resourcesIn(call.node).filter((u) => sameNode(call.node, n) || u.start < inside.start || u.end > inside.end);
    // Given to a request built for the URL before (`request = NewRequest(Routes.Intent)` … `request.AddJsonBody(body)`).
    if (urls.length === 0 && scope !== file.root) urls = requestBuiltFor(ctx, call.node, scope);
    const resources = new Set(urls.map((u) => u.resource));
    if (resources.size === 1) {
      const t: ContainerTie = { resource: urls[0]!.resource, path: [], via: 'url', sent: true };
      best = t;
    }
  }
  return best;
}

/** The resource references of the value a method's receiver holds, when it is a variable built earlier in the function from them. */
function requestBuiltFor(ctx: Ctx, call: SgNode, scope: SgNode): ReturnType<PolyFile['resourcesIn']> {
  const receiver = /^([A-Za-z_]\w*)\s*\.\s*\w+\s*\(/.exec(call.text())?.[1];
  if (!receiver) return [];
  const decl = ctx.file.declsOf(receiver, call).filter((d) => d.init && encloses(scope, d.node) && span(d.node).end <= span(call).start).pop();
  return decl?.init ? ctx.file.resourcesIn(decl.init) : [];
}

/** A struct literal or constructor call whose type models a resource (`Profile{Age: 1}`, `ComplaintRequest(extra = …)`). */
function typedContainer(ctx: Ctx, container: SgNode): ValueTie | null {
  const name = containerType(ctx, container);
  return name ? ctx.ties.model(name) : null;
}

/**
 * The type a literal or constructor call builds (`Profile(age = 1)`, `&Profile{Age: 1}`, `new Profile { … }`, `pkg.Profile{…}`), or
 * the element type of the typed list or map literal it is an element of (`[]Option{{Preselected: &yes}}`).
 */
export function containerType(ctx: Ctx, container: SgNode): string | null {
  const at = span(container);
  const call = ctx.file.callSpans().find((c) => c.start === at.start && c.end === at.end)?.call;
  // A struct literal may name its type through its package or namespace (`symptoms.Profile{…}`, `new Models.Profile { … }`).
  const qualified = /^(?:new\s+)?&?((?:[A-Za-z_]\w*(?:\.|::))+)([A-Z]\w*)\s*\{/.exec(container.text());
  // A Go package none of whose files talks to the API (`desk.Profile{…}`) holds another service's type of that name.
  const pkg = qualified && ctx.file.spec.id === 'go' ? qualified[1]!.slice(0, -1) : null;
  const other = pkg !== null && !ctx.index.tiedPackage(pkg);
  const name = call?.callee ?? /^(?:new\s+)?&?([A-Z]\w*)\s*[({]/.exec(container.text())?.[1] ?? (qualified && !other ? qualified[2]! : null);
  // Rust's `Self { … }` in an `impl Type` block builds that type.
  if (name === 'Self') return implType(container);
  if (name && !/^[A-Z]/.test(name)) return appliedType(container);
  if (name) return name;
  const list = container.kind() === 'literal_element' ? container.parent()?.parent() : null;
  const type = list?.kind() === 'composite_literal' ? namedKids(list)[0] : null;
  return type && /slice_type|array_type|map_type/.test(type.kind() as string) ? typeName(namedKids(type).slice(-1)[0]?.text()) : null;
}

/** The type of the Rust `impl` block around a node (`impl NewInterview { … }`, `impl Default for NewInterview`). */
function implType(n: SgNode): string | null {
  for (let p = n.parent(); p; p = p.parent()) {
    if (p.kind() !== 'impl_item') continue;
    return typeName(p.field('type')?.text() ?? null);
  }
  return null;
}

export function encloses(outer: SgNode, inner: SgNode): boolean {
  const a = span(outer);
  const b = span(inner);
  return a.start <= b.start && b.end <= a.end;
}

/**
 * A literal given to a method of a model class of one of the API's resources that fills it from the API's answer
 * (`$interview->loadFromApi(['mode' => …, 'marketplace' => …])` in a test, `InterviewResult::fromApi($i, […])`): an answer
 * of that resource, as a canned one is. The method is known by name across the run's files, declared by one class only,
 * whose name designates the resource itself (not a part of it), and named for filling from an answer.
 */
function modelMethodArgument(ctx: Ctx, container: SgNode): ContainerTie | null {
  const { file, index } = ctx;
  const call = file.x.calls.find((c) => c.args.some((a) => sameNode(a, container)));
  if (!call || !index.methodOwner) return null;
  if (!fillsFromAnswer(call.callee)) return null;
  const owner = index.methodOwner(call.callee);
  // The class's name designates the resource (`Interview`), whether or not this file talks to the API (a test of the model).
  const tie = owner ? ctx.ties.model(owner) ?? modelTie(owner) : null;
  if (!tie || tie.path.length > 0) return null;
  return { resource: tie.resource, path: [], via: 'index', sent: false, stub: true };
}
