import type { SgNode } from '@ast-grep/napi';
import { api, type ResourceName } from '../../../catalogue';
import { helperNameTie, nounTie } from '../../engine/ties/names';
import { typeNameTie } from '../../engine/ties/types';
import { words } from '../../engine/words';
import { within, type PolyFile } from './file';
import { lambdaParams, sameNode, span, typeName, type Call } from './lang';
import type { LangIndex } from './project';
import { norm } from './vocabulary';
import { inApiScope } from '../config/vocab';
import { callerParamTie, modelParamTie } from './model-params';
import { chainSegments, dataSegments, matchParen, memberName, type Segment } from './chains';

export { chainSegments, dataSegments, matchParen, memberName, type Segment };

/**
 * What ties a value in a file to one of the API's resources, strongest first: a URL literal of the resource in
 * the expression that produced it (data flow within the file), the run's index (a call to one of the API's
 * endpoints, a model type it returns or its file declares), a declared type that models the resource (the JS
 * engine's typeNameTie), a helper's name (`get_result`), the name of the variable (nounTie). The names are
 * heard only in a file that talks to the API (a v1 address, a resource path, a key of its own, a use of
 * the index): elsewhere `result.test` is another thing's.
 */
export interface ValueTie {
  resource: ResourceName;
  path: string[];
  via: 'url' | 'index' | 'type' | 'helper' | 'name' | 'field';
  /** The model type the value has, when known: its fields map to JSON keys and hold other models. */
  model?: string | null;
}

/** Words that may follow a type's noun in other languages' model names (`ResultOut`, `ProfileIn`, `ProfileSerializer`, `InterviewRow`). */
const DIRECTION_WORDS = new Set(['out', 'in', 'view', 'vo', 'serializer', 'schema', 'row', 'presenter', 'decorator']);

/** Verbs that may start the name of a request body's type (`CreateInterviewRequest`, `AddComplaintBody`). */
export const LEADING_VERBS = new Set(['create', 'update', 'add', 'start', 'open', 'new', 'change', 'set', 'submit', 'post', 'put', 'patch']);

/** The resource a model type's name designates: typeNameTie, also past a trailing direction word. */
export function modelTie(name: string | null): ValueTie | null {
  if (!name) return null;
  let t = typeNameTie(name);
  let w = words(name);
  // `CreateInterviewRequest`, `UpdateModeDto`: a verb before the noun says what is done with the body.
  if (!t && w.length > 2 && LEADING_VERBS.has(w[0]!)) {
    w = w.slice(1);
    t = typeNameTie(w.join('_'));
  }
  if (!t && w.length > 1 && DIRECTION_WORDS.has(w[w.length - 1]!)) t = typeNameTie(w.slice(0, -1).join('_'));
  return t ? { resource: t.resource, path: t.path.filter((p) => p !== '*').map(norm), via: 'type' } : null;
}

/** Nodes of the declarations a case pattern makes (Swift's `case .updated(let r)`, `guard case let .x(r) = v`). */
const CASE_BINDINGS = /^(?:switch_entry|switch_pattern|guard_statement|if_statement)$/;

/** Ties of values in one file. */

/** Parts of an expression that are values it holds: initializer members, keyword and named arguments. */
const HELD_PARTS = /^(initializer_expression|keyword_argument|named_argument)$/
/** A conditional expression's kinds (C#, Java, JS, Dart, PHP, Python). */
const CONDITIONAL = /^(?:conditional_expression|ternary_expression)$/;

export class Ties {
  private readonly memo = new Map<string, ValueTie | null>();
  constructor(
    private readonly file: PolyFile,
    readonly index: LangIndex,
    /** The file talks to the API: names may tie. */
    readonly tied: boolean,
  ) {}

  /** A model type: as the run's index knows it (returned by an endpoint, declared beside them), else by its name. */
  model(name: string | null): ValueTie | null {
    const m = name ? this.index.model(name) : null;
    if (m?.strong) return { resource: m.resource, path: m.path, via: 'index', model: name };
    if (!m && name && this.index.unlike(name)) return null;
    return this.tied ? (m ? { resource: m.resource, path: m.path, via: 'type', model: name } : modelTie(name)) : null;
  }

  /** A member read one level down: through a model, its field's JSON key and the type it holds. */
  step(tie: ValueTie, name: string): ValueTie {
    const m = tie.model ? this.index.model(tie.model) : null;
    // A wrapper of the app's own around the answer (`ModeUpdate.Updated(val response: InterviewUpdateResponse)`, a
    // subtype of what the endpoint returns): the model its field holds, where the model read declares no such field.
    const wrapped = tie.path.length === 0 && !m?.keys.has(name) && !m?.types.has(name) ? this.model(this.index.heldModel(name)) : null;
    if (wrapped && wrapped.resource === tie.resource) return wrapped;
    // A value tied without its model (a parameter named `result`): the model the resource's models agree the field holds.
    const type = m?.types.get(name) ?? (m ? null : this.index.fieldType(tie.resource, tie.path, name));
    // A response's only field holding the resource's model (go-swagger's `GetResultOK{Payload *models.Result}`): that model.
    const only = type && m && m.keys.size === 1 && tie.path.length === 0 ? this.index.model(type) : null;
    if (only && only.resource === tie.resource && only.path.length === 0) return { ...tie, path: [], model: type };
    // oapi-codegen's answer of one status (`resp.JSON200` of `UpdateInterviewResponse`): the answer's body itself.
    if (tie.path.length === 0 && generatedStatus(name) !== null) {
      const body = type ? this.index.model(type) : null;
      return body && (body.resource !== tie.resource || body.path.length > 0) ? { ...tie, path: body.path, resource: body.resource, model: type } : { ...tie, path: [], model: type };
    }
    // A field holding a model named for its own place in the resource (`conditions: List[PotentialCondition]`
    // flattened from `triage_explanation.potential_condition`): that model's path, not the field's name.
    const held = type ? this.index.model(type) : null;
    // A value held as a nested object read for that object under its own wire name (`condition["potential_condition"]`
    // of a `condition` that was the explanation around it): the object itself (none has a field named for itself).
    if (!type && !m?.keys.has(name) && tie.path.length > 0 && norm(name) === tie.path[tie.path.length - 1]) return tie;
    const path = held?.pinned && held.resource === tie.resource && held.path.length > 0 && tie.path.length === 0 ? held.path : [...tie.path, norm(m?.keys.get(name) ?? name)];
    return { ...tie, path, model: type };
  }

  /** What a call returns: an endpoint of the index, else what a helper's name says. */
  ofCall(name: string): ValueTie | null {
    const e = this.index.endpoint(name);
    // A wrapper that answers with its own structure: what its callers read is the wrapper's, not the API's.
    if (e?.ownShape) return null;
    if (e) return { resource: e.resource, path: [], via: 'index', model: e.returns };
    // A method of another service's client (`HelpdeskClient().fileComplaint(…)`) is not this API's by its name.
    return this.tied && !this.index.otherApiFunction(name) ? helperTie(name) : null;
  }

  /** What an expression holds. */
  ofExpr(expr: SgNode | null, depth = 0): ValueTie | null {
    if (!expr || depth > 6 || this.file.lit(expr) || /string|literal_value|composite|dictionary|array|hash|map_literal|content/.test(expr.kind() as string)) return null;
    // A Lua table by the addresses it holds itself (`{ Url = base .. "interviews/" }`), not those of a table it nests
    // (a sample's `_links = { next = ".../complaints/" }` says where to go next, not what the sample is).
    const nested = expr.kind() === 'table_constructor' ? this.file.within(expr, ['table_constructor']).filter((t) => !sameNode(t, expr)) : [];
    const urls = this.file.resourcesIn(expr).filter((u) => !nested.some((t) => span(t).start <= u.start && u.end <= span(t).end));
    const text = expr.text();
    if (urls.length > 0 && new Set(urls.map((u) => u.resource)).size === 1) {
      // Fetched and decoded as a model in one chain (`session.request(url).serializingDecodable(Result.self).value`):
      // the model's keys name what its fields read.
      const decodedType = decodedAs(text);
      const t = decodedType ? this.model(decodedType) : null;
      return t && t.resource === urls[0]!.resource && t.path.length === 0 ? { ...t, via: 'url' } : { resource: urls[0]!.resource, path: [], via: 'url' };
    }
    const decoded = /call|invocation/.test(expr.kind() as string) ? decodedAs(text) : null;
    if (decoded) {
      const t = this.model(decoded);
      if (t) return t;
    }
    // A data frame read from a warehouse table named for the API and one of its resources: its columns are that resource's fields.
    const table = /call/.test(expr.kind() as string) ? warehouseTable(this.file, text) : null;
    if (table) return { resource: table, path: [], via: 'name' };
    const chain = chainSegments(text, span(expr).start);
    const segs = dataSegments(chain);
    const last = segs[segs.length - 1];
    const tail = chain[chain.length - 1];
    // A key read through a getter (`.get("a", {})`) covers its parentheses; a call with arguments stays a call;
    // a transparent call at the end (`$res->getBody()`, left out of segs) is still part of the chain.
    // An adaptor's lambda (`.and_then(|e| e.potential_condition.as_ref())`) is read through to its parentheses' end.
    const reach = (s: Segment) => (s.call && !s.lambda ? s.end : s.through ?? s.end);
    const end = last ? Math.max(reach(last), tail && tail !== last && !tail.call ? reach(tail) : 0) : 0;
    if (last && end - span(expr).start >= text.trimEnd().length - 2) {
      const t = this.ofChain(segs, expr, depth + 1);
      if (t) return t;
      // `outcome.result`: a held model's field whose name is also an unwrapping word.
      const held = chain.length > 1 && tail && !tail.call && !tail.parens ? this.index.heldModel(tail.name) : null;
      if (held) return this.model(held);
    }
    // `fetch_result(token)`: a whole call of one of the API's endpoints gives what it returns.
    if (tail?.call && /call|invocation/.test(expr.kind() as string) && this.index.endpoint(tail.name)) {
      const open = text.indexOf('(', tail.end - span(expr).start);
      if (open >= 0 && matchParen(text, open) === text.trimEnd().length - 1) return this.ofCall(tail.name);
    }
    // A call whose receiver no chain reads (Kotlin's trailing lambda: `api { stub() }.updateMode(t, m)`): the endpoint it calls.
    const whole = /call|invocation/.test(expr.kind() as string) ? this.file.callSpans().find((c) => c.start === span(expr).start && c.end === span(expr).end)?.call : undefined;
    if (whole && !tail?.call && this.index.endpoint(whole.callee)) return this.ofCall(whole.callee);
    // `x or {}`, `x ?? default`, `await x`, `(x)`: the first named part that tells. An object initializer's members
    // and a call's keyword arguments (`new TicketRequest { Mode = Modes.Complaint }`, `Ticket(mode=TicketMode.COMPLAINT)`)
    // are values the object holds, not what it is.
    // A guard's `x and x.y` (`x && x.y`) gives its last part; a conditional, its branches, not its condition
    // (`r.te != null ? r.te.potential_condition : null`; Python's `a if c else b`).
    const parts = expr.children().filter((c) => c.isNamed() && !HELD_PARTS.test(c.kind() as string));
    if (CONDITIONAL.test(expr.kind() as string) && parts.length === 3) parts.splice(this.file.spec.id === 'python' ? 1 : 0, 1);
    const first = parts.slice(0, 3);
    const guarded = expr.children().some((c) => !c.isNamed() && /^(?:and|&&)$/.test(c.text()));
    for (const k of guarded ? first.reverse() : first) {
      const t = this.ofExpr(k, depth + 1);
      if (t) return t;
    }
    return null;
  }

  /** What a chain `root.a.b` holds (the tie of its root, with the path of its segments). */
  ofChain(segs: Segment[], at: SgNode, depth = 0): ValueTie | null {
    if (segs.length === 0) return null;
    // `fetch_result(t).conditions`: a call of one of the API's endpoints gives what it returns, not what its name says.
    let tie = segs[0]!.call && this.index.endpoint(segs[0]!.name) ? this.ofCall(segs[0]!.name) : this.ofName(segs[0]!.name, at, depth);
    if (!tie && (segs[0]!.call || this.index.endpoint(segs[0]!.name))) tie = this.ofCall(segs[0]!.name);
    // `sent_json(mock, "POST", BASE + "complaints/")["extra"]`: a call given one resource's URL.
    if (!tie && segs[0]!.call) {
      const c = this.file.callSpans().find((x) => x.start === segs[0]!.start && x.call.callee === segs[0]!.name);
      const urls = c ? this.file.resourcesIn(c.call.node) : [];
      if (urls.length > 0 && urls.every((u) => u.resource === urls[0]!.resource)) tie = { resource: urls[0]!.resource, path: [], via: 'url' };
    }
    // A value fetched from an address that is none of this API's: nothing read from it is the API's by its name.
    if (!tie && this.file.declsOf(segs[0]!.name, at).some((d) => d.init && this.addressIn(d.init))) return null;
    for (const s of segs.slice(1)) {
      // `.and_then(|e| e.potential_condition.as_ref())`, `?.let { it.potentialCondition }`: what the adaptor's one-parameter
      // lambda reads from the value it is given.
      if (s.lambda) {
        for (const x of s.lambda) tie = tie ? this.step(tie, x) : null;
        continue;
      }
      if (s.call || this.index.endpoint(s.name)) {
        // `client.parse(response, Interview.class).msg`: a helper that decodes by a type token gives that model.
        const decoded = s.call ? decodedAs(this.file.source.slice(s.start, s.through ?? s.end)) : null;
        tie = this.ofCall(s.name) ?? (decoded ? this.model(decoded) : null) ?? tie ?? (s.call ? this.urlTie(s) : null);
        continue;
      }
      // `_.fromJson[Outcome]`, `.as[Outcome]`: the value decoded as a model.
      const typedAs = s.through ? decodedAs(this.file.source.slice(s.start, s.through)) : null;
      const asModel = typedAs ? this.model(typedAs) : null;
      if (asModel) {
        tie = asModel;
        continue;
      }
      const held = tie ? null : this.index.heldModel(memberName(s));
      if (tie) tie = this.step(tie, memberName(s));
      // `outcome.interview.variant`: a field the run's other types declare as holding one of the API's models.
      else if (held) tie = this.model(held);
      else if (this.tied) {
        const byNoun = nounTie(s.name);
        if (byNoun && byNoun.path.length > 0) tie = { resource: byNoun.resource, path: byNoun.path.filter((p) => p !== '*').map(norm), via: 'field' };
      }
    }
    return tie;
  }

  /** A call in a chain given one resource's URL (`ws.url(s"${base}results/$t/").get()`): that resource. */
  private urlTie(s: Segment): ValueTie | null {
    const end = s.through ?? s.end;
    const urls = this.file.resourceLits.filter((r) => r.lit.start >= s.end && r.lit.end <= end);
    return urls.length > 0 && urls.every((u) => u.resource === urls[0]!.resource) ? { resource: urls[0]!.resource, path: [], via: 'url' } : null;
  }

  /** What a name holds at a node: its declaration's type or value, a lambda's subject, else the noun of its name. */
  ofName(name: string, at: SgNode, depth = 0): ValueTie | null {
    const decls = this.file.declsOf(name, at);
    const lambda = this.lambdaOf(name, at);
    // The function around it too: a parameter `h` of two models' `from_hash(h)` is two values.
    const key = `${name}@${decls.map((d) => span(d.node).start).join(',')}@${lambda ? span(lambda).start : ''}@${span(this.file.scopeOf(at)).start}`;
    if (this.memo.has(key)) return this.memo.get(key)!;
    this.memo.set(key, null);
    let tie: ValueTie | null = null;
    let foreign = false;
    // Its declared type, or the model it is built as (`upd := &InterviewUpdate{}`, `var r = new Result()`).
    for (const d of decls) tie ??= this.model(typeName(d.type)) ?? this.model(builtType(d.init));
    if (!tie && lambda && depth < 6) tie = this.subjectOf(lambda, depth + 1);
    for (const d of tie ? [] : decls) {
      if (d.init && depth < 6) {
        tie = this.ofExpr(d.init, depth + 1);
        // A case pattern's binding (`guard case .created(let ticket) = result`) holds a part of what was matched: the
        // noun of the matched value's name (`result`) says nothing of it.
        if (tie?.via === 'name' && CASE_BINDINGS.test(d.node.kind() as string)) tie = null;
        if (!tie && this.addressIn(d.init)) foreign = true;
      }
      if (tie) break;
    }
    if (!tie && !foreign) tie = modelParamTie(this.file, (t) => this.model(t), name, at);
    if (!tie && !foreign && decls.every((d) => !d.init) && depth < 4) tie = callerParamTie(this.file, (n) => this.ofExpr(n, depth + 2), name, at);
    // A method of another service's client called at the head of a chain (`(desk ?? Desk()).fileComplaint(…)`) neither.
    if (!tie && !foreign && this.tied && !this.index.otherApiFunction(name)) {
      const n = nounTie(name);
      if (n) tie = { resource: n.resource, path: n.path.filter((p) => p !== '*').map(norm), via: 'name' };
    }
    // A name reached deep in another's chain (`$condition` ← `$explained` ← `$body`) may find nothing only because the
    // depth ran out: that is no answer for a read of the name itself, so it is not kept.
    if (!tie && depth >= 4) this.memo.delete(key);
    else this.memo.set(key, tie);
    return tie;
  }

  /**
   * Whether an expression holds a path or address literal (one that did not tie it to a resource). A literal's own
   * link to one of the API's resources (a sample's `"_links": {"self": "/interviews/int-1/"}`) is its data, not another's address.
   */
  private addressIn(expr: SgNode): boolean {
    const { start, end } = span(expr);
    const own = new Set(this.file.resourceLits.map((r) => r.lit.start));
    // A sample's nested value (`"marketplace": {"url": "https://care.example.org/"}`) is its data, not where it goes.
    const data = new Set(this.file.x.pairs.filter((p) => p.value && !p.named && within(p.container, expr) && !sameNode(p.container, expr) && this.file.x.pairs.some((q) => q.value && sameNode(q.value, p.container))).map((p) => span(p.value!).start));
    return this.file.lits.some((l) => l.start >= start && l.end <= end && /\/|^https?:/.test(l.text) && !own.has(l.start) && !data.has(l.start));
  }

  /** The lambda whose parameter `name` is at a node (`it`, `$0`, or its only declared parameter), if any. */
  lambdaOf(name: string, at: SgNode): SgNode | null {
    const { file } = this;
    const implicit = file.spec.lambdas?.implicit;
    for (const fn of file.scopesOf(at)) {
      const params = lambdaParams(file.spec, fn);
      if (params === null) return null;
      if ((params.length === 1 && params[0] === name) || (params.length === 0 && name === implicit)) return fn;
      if (params.includes(name)) return null;
    }
    return null;
  }

  /**
   * What a lambda's parameter holds: what the call it is given to works on. `question.options.filter { it… }` and
   * `client.updateMode(t).sink { reply in … }` give it the tie of the chain up to the lambda; a free function
   * (`filter(lambda o: …, q["options"])`, `array_filter($xs, function ($o) {…})`) the tie of its other argument.
   */
  subjectOf(lambda: SgNode, depth: number): ValueTie | null {
    const { file } = this;
    const at = span(lambda).start;
    let call: Call | null = null;
    for (const c of file.x.calls) {
      const s = span(c.node);
      if (s.start < at && span(lambda).end <= s.end && (!call || s.start >= span(call.node).start)) call = c;
    }
    if (!call) return null;
    const head = file.source.slice(span(call.node).start, at);
    const segs = chainSegments(head, span(call.node).start);
    if (segs.length > 1) {
      segs[segs.length - 1]!.call = true;
      // `session.request(…).publishDecodable(type: Interview.self).tryMap { response in … }`: the model the chain decodes.
      const decoded = decodedAs(head.slice(head.indexOf('(')));
      const tie = this.ofChain(dataSegments(segs), call.node, depth) ?? (decoded ? this.model(decoded) : null);
      if (tie || segs[0]!.name !== 'StepVerifier') return tie;
      // Reactor's `StepVerifier.create(client.createComplaint(r)).assertNext(c -> …)`: what the publisher it verifies emits.
      return this.ofExpr(file.x.calls.find((c) => c.callee === 'create' && c.args.length === 1 && span(c.node).start === span(call!.node).start)?.args[0] ?? null, depth + 1);
    }
    const other = call.args.find((a) => !within(a, lambda) && !within(lambda, a));
    return other ? this.ofExpr(other, depth) : null;
  }
}

/**
 * The model a call decodes or fetches by its type token: `json.decodeFromString<Result>(raw)`, `gson.fromJson(text,
 * Result.class)`, `decoder.decode(Result.self, from: data)`, `publishDecodable(type: Result.self)`, `readValue(s, Result::class.java)`, `Deserialize<Result>(s)`.
 */
function decodedAs(text: string): string | null {
  if (text.length > 400) return null;
  // Scala's type arguments: sttp's `.response(asJson[Outcome])`, Play's `.as[Outcome]`, zio-json's `.fromJson[Outcome]`.
  const typed = /^(?:[a-z]\w*\s*\(\s*)?(?:as|asJson|asOpt|fromJson|decode|decodeAs|parseAs|to|convertTo|unmarshal)\s*\[\s*([A-Z]\w*)\s*\]\s*(?:\)\s*)?$/.exec(text.trim());
  if (typed) return typed[1]!;
  const m = /^[^(]*<\s*([A-Z]\w*)\??\s*>\s*\(|[(,]\s*(?:[a-z]\w*\s*:\s*)?\[?([A-Z]\w*)(?:\[\])?\]?(?:\.class|\.self|::class(?:\.java)?)\s*[,)]|typeof\(\s*([A-Z]\w*)\s*\)/.exec(text);
  return m ? m[1] ?? m[2] ?? m[3] ?? null : null;
}

/** The type a value is built as: a struct literal or constructor call of a capitalised type (a holder's: what it holds, `BehaviorRelay<Result?>(value: nil)`). */
function builtType(init: SgNode | null): string | null {
  const text = init?.text().trim() ?? '';
  // A Django model's manager (`Result.objects.get(interview=i)`, `Interview.objects.filter(…).first()`): one row of that model.
  const row = /^([A-Z]\w*)\.objects\.[\s\S]*\.?\b(?:get|create|first|last|latest|earliest)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)$/.exec(text);
  if (row) return row[1]!;
  // Or a Go composite literal of another package's type (`&symptomapi.Complaint{…}`).
  const built = init ? /^&?\s*(?:new\s+)?([A-Z]\w*(?:\s*<[^(){}]*>)?)\s*[({]/.exec(text)?.[1] ?? /^&?\s*[a-z]\w*\.([A-Z]\w*)\s*\{/.exec(text)?.[1] ?? null : null;
  return built ? typeName(built) : null;
}

function helperTie(name: string): ValueTie | null {
  const h = helperNameTie(name);
  return h ? { resource: h.resource, path: [], via: 'helper' } : null;
}

/** Whether a name says it holds an interview mode (`mode`, `InterviewMode`, `MODE_SAFE`, `modes`, `change_mode`). */
export function saysMode(name: string): boolean {
  const field = api.modeField.toLowerCase();
  return words(name.replace(/[^\w$-]+/g, ' ')).some((w) => w === field || w === `${field}s`);
}

/** A type or constant group whose name says it holds the modes of a resource (`InterviewMode`, `InterviewModes`). */
export function modeOwnerTie(name: string): ValueTie | null {
  if (!saysMode(name)) return null;
  const rest = words(name).filter((w) => !saysMode(w));
  return rest.length > 0 ? modelTie(rest.join('_')) : null;
}

/** The status an oapi-codegen answer field is named for: `JSON202`, `ApplicationproblemJSON400`. */
export function generatedStatus(name: string): number | null {
  const m = /^[A-Z]\w*?JSON(\d{3})$|^JSON(\d{3})$/.exec(name);
  return m ? Number(m[1] ?? m[2]) : null;
}

/**
 * The resource a pandas read of a warehouse table holds (`pd.read_sql("SELECT * FROM analytics.symptom_checker_results
 * WHERE …", engine)`, `pd.read_sql_table("symptom_checker_results", engine)`): a table named for the API (its words in
 * the config's API scope) and ending in a resource's noun. A table of another thing (`helpdesk_tickets`) holds none.
 */
function warehouseTable(file: PolyFile, text: string): ResourceName | null {
  const m = /^\s*(?:pd|pandas)\s*\.\s*read_sql(_query|_table)?\s*\(\s*[rRuU]?(["'])([^"'\n]*)\2/.exec(text);
  if (!m) return null;
  const name = m[1] === '_table' ? m[3]!.trim() : /\bfrom\s+([\w.]+)/i.exec(m[3]!)?.[1];
  if (!name || /\bjoin\b/i.test(m[3]!)) return null;
  const last = name.split('.').pop()!;
  const w = words(last);
  const noun = w[w.length - 1]?.replace(/s$/, '');
  if (!noun || !(noun in api.resources) || w.length < 2 || !inApiScope(file.config, [w.slice(0, -1).join('_')])) return null;
  return noun as ResourceName;
}
