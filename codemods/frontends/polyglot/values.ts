import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { looksGenerated } from '../../../lib/read';
import { words } from '../../engine/words';
import { apiWords } from '../config/vocab';
import { containerTie, encloses, type Ctx } from './context';
import { span, typeName, type Call, type Lit } from './lang';
import { functionName } from './file-support';
import { foreignAddressIn, foreignName, foreignOwner, inAnotherThingsScope, otherRouteIn, ourModeType, ownAddressIn, prefixedLikeForeignAddress } from './foreign';
import { positionalField } from './positional';
import { heldCollection } from './collections';
import { constantOf, memberOfEachCase } from './group-modes';
import { builderField } from './builders';
import { annotatedSetting, declaredDefault, keyedSetting, tableKey } from './mode-defaults';
import { jsonPathMode } from './dot-paths';
import { modeParameter } from './mode-functions';
import { modeLiteralType } from './mode-literal-types';
import { subscriptMode } from './subscript-writes';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import { armToMode, caseCompared, holdsMode, removedModeMembers, renamedMember, setsMode } from './mode-members';
import { armOfMode, modeKeyDefault, modelEnumValue, parsedArm, readDefault } from './mode-arms';
import { chainSegments, dataSegments, modeOwnerTie, saysMode } from './ties';
import { norm } from './vocabulary';
import { enumPolicy } from './enum-policy';
import { expectedSentBody } from './sent-reads';
import { EQUALITY_ASSERT, statuses } from './status-values';
import { ruleModes } from './rule-modes';

/**
 * Values: interview modes that were renamed or removed, where the literal is a mode (the value of a `mode`
 * key, a constant or enum case whose name says mode, a comparison with a `.mode` read, an argument of a
 * call whose name says mode) and tied to this API (sent to the interviews resource, a model type, a value
 * tied to an interview, or a file that talks to the API); status codes that changed, where they are compared
 * in a function that performs the operation.
 */
export function valueRules(ctx: Ctx): void {
  modes(ctx);
  ruleModes(ctx);
  removedModeMembers(ctx);
  statuses(ctx);
}

/** Where a mode is set up rather than sent (mode-defaults.ts), matched in a stub (dot-paths.ts) or against stored rows (pandas' `isin`): reported, not rewritten. */
const SET_UP = new Set(['setting', 'isin', 'table-key', 'default', 'json-path', 'list', 'map-key', 'asserted']);

function modes(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const lit of file.lits) {
    const value = vocab.modes.get(lit.text);
    if (!value || !out.has(value.change.id)) continue;
    const ctxKind = modeContext(ctx, lit);
    if (!ctxKind) continue;
    // A generated client's constant of a renamed mode (oapi-codegen's `InterviewModeComplaint InterviewMode = "complaint"`)
    // is not rewritten: regenerated, it is named for the new value, and every use of it is a site too.
    if (ctxKind === 'constant' && (value.to === null || looksGenerated(file.source))) {
      // Its uses elsewhere are uses of the removed mode (mode-constant-uses.ts).
      const decl = constantOf(file, lit);
      // A parameter's default (`mode: String = "safe"`) is that function's own: its name says nothing in other files.
      const local = !!decl && file.spec.functionKinds.includes(file.scopeOf(decl.node).kind() as string);
      // A member each case of a sealed type declares (`val wire = "safe"`): not one constant.
      if (decl && !memberOfEachCase(file, decl.name)) (ctx.removedModes ??= []).push({ name: decl.name, value: lit.text, ...(local ? { local } : {}) });
    }
    if (ctxKind === 'map' && value.to === null) {
      // An entry of a map of modes (`MODES = { triage: "triage" }`): its lookups are uses (mode-constant-uses.ts).
      const pair = file.x.pairs.find((p) => p.value && span(p.value).start === lit.start);
      const holder = pair && file.x.decls.find((d) => d.init && encloses(d.init, pair.container));
      // Named with the type it is declared in, if any (`InterviewService::MODES[triage]`).
      const owner = holder && file.x.types.filter((t) => encloses(t.node, holder.node)).sort((a, b) => span(b.node).start - span(a.node).start)[0];
      if (pair && holder && /^\w+$/.test(pair.key)) (ctx.removedModes ??= []).push({ name: `${owner ? `${owner.name}::` : ''}${holder.name}[${pair.key}]`, value: lit.text });
    }
    if (value.to !== null && lit.simple && lit.parts.length === 1 && !SET_UP.has(ctxKind)) {
      // The member of a mode type this literal gives its wire value: its uses are noted (mode-members.ts).
      const member = renamedMember(ctx, lit, ctxKind);
      if (member) (ctx.renamedMembers ??= []).push({ name: member, line: out.lines.lineCol(lit.start).line });
      const p = lit.parts[0]!;
      if (file.spec.symbolKinds?.includes(lit.node.kind() as string)) {
        out.manual(value.change.id, lit.start, lit.end, value.message, { anchor: lit.start });
        continue;
      }
      out.fix(value.change.id, p.start, p.end, value.to, value.message);
    } else {
      // An enum case's wire value written in an annotation above it (`@JsonValue('safe')` over `safe,`): the site runs to the case.
      const member = ctxKind === 'enum' ? file.x.types.flatMap((t) => t.cases).find((c) => c.values.includes(lit)) : undefined;
      const end = member && span(member.nameNode).start > lit.end ? span(member.nameNode).end : lit.end;
      out.manual(value.change.id, lit.start, end, value.message, { anchor: lit.start });
    }
  }
  // Enum cases whose value is their name (`case complaint` in a String enum), in the case a serializer's naming policy
  // gives it (C#'s `Complaint` under `JsonStringEnumConverter(JsonNamingPolicy.CamelCase)`).
  for (const type of file.x.types) {
    if (!saysMode(type.name) || !ourModeType(ctx, type.name)) continue;
    for (const c of type.cases) {
      const value = vocab.modes.get(c.name) ?? (enumPolicy(ctx) ? vocab.modes.get(norm(c.name)) : undefined);
      if (!value || c.values.length > 0 || !out.has(value.change.id)) continue;
      out.manual(value.change.id, span(c.nameNode).start, span(c.nameNode).end, value.to !== null ? `${value.message} This case's raw value is its name.` : value.message, { anchor: span(c.node).start });
    }
  }
}

/** Why a literal is an interview mode, or null when nothing says so. */
function modeContext(ctx: Ctx, lit: Lit): string | null {
  const { file } = ctx;
  // A case of a mode type, whatever gives it its value (`@Json(name = "safe") SAFE`, `case safe = "safe"`).
  const type = file.x.types.find((t) => t.cases.some((c) => c.values.includes(lit)));
  if (type && saysMode(type.name)) return ourModeType(ctx, type.name) ? 'enum' : null;
  // A settings class's attribute (`class Config: BUOY_START_MODE = "complaint"`; Python's class attributes read as
  // cases): a constant whose own name says mode, in a class named for no other thing; read as one below.
  if (type && !(type.cases.find((c) => c.values.includes(lit)) && saysMode(type.cases.find((c) => c.values.includes(lit))!.name) && !headNamesAnotherThing(type.name))) return null;
  // The value of a `mode` key, or of an entry whose key names a mode type (`[InterviewMode.Safe] = "safe"`).
  const pair = file.x.pairs.find((p) => p.value && encloses(p.value, lit.node) && span(p.value).start === lit.start);
  // The value of another field of the API that says mode (a removed `interview_mode` flag) is no mode.
  if (pair && norm(pair.key) !== norm(api.modeField) && saysMode(pair.key) && ctx.vocab.fieldNames.has(norm(pair.key))) return null;
  if (pair && saysMode(pair.key + ' ' + pair.keyNode.text())) {
    const tie = containerTie(ctx, pair.container);
    const strong = expectedSentBody(ctx, pair.container) === ctx.vocab.modeResource || !!tie && tie.resource === ctx.vocab.modeResource || /[A-Z]\w*\.\w+/.test(pair.keyNode.text()) && !!modeOwnerTie(pair.keyNode.text().split('.')[0]!.replace(/\W/g, ''));
    if (strong) return 'key';
    if (norm(pair.key) !== norm(api.modeField) && ctx.tied && !foreignName(ctx, pair.key) && !foreignAddressIn(ctx, pair.container)) return 'key';
    return null;
  }
  if (pair && declaredDefault(ctx, lit, pair)) return 'default';
  // `enum mode: { complaint: "complaint" }` on a model of the interview: the values the column stores (reported).
  if (pair && modelEnumValue(ctx, lit, pair.key)) return 'setting';
  if (!pair && getterDefault(ctx, lit)) return 'default';
  if (!pair && subscriptMode(ctx, lit)) return 'key';
  // `MODE_LABELS = {"complaint": "Chief complaint"}`: a key of a table held by a name that says mode.
  if (!pair && modeTableKey(ctx, lit)) return 'map-key';
  if (pair) {
    // A map of modes: `MODES = { complaint: "complaint" }`.
    const holder = file.x.decls.find((d) => d.init && encloses(d.init, pair.container));
    // A named argument (`mode = models.CharField(default="complaint")`) is a setting of the call, not a map of modes.
    if (holder && !pair.named && saysMode(holder.name) && ctx.tied && !foreignName(ctx, holder.name)) return 'map';
    return null;
  }
  const decl = file.x.decls.find((d) => d.init && encloses(d.init, lit.node) && span(d.init).end - span(d.init).start <= lit.end - lit.start + 2) ?? constantOf(file, lit);
  if (decl) {
    // `cfg.Helpdesk.TicketMode = "complaint"`: the names the value is stored under.
    const target = file.source.slice(span(decl.node).start, span(decl.nameNode).end);
    const foreign = [...target.matchAll(/[A-Za-z_]\w*/g)].some((m) => foreignName(ctx, m[0])) || prefixedLikeForeignAddress(ctx, decl.name);
    // `TicketModeComplaint TicketMode = "complaint"`: a constant of another thing's mode type.
    const type = typeName(decl.type);
    if (type && saysMode(type) && !ourModeType(ctx, type)) return null;
    // `def feedback(self, subject, body, mode="complaint")`: a parameter's default in a function named for another
    // thing (a helpdesk route, a ticket builder) is that thing's mode.
    const fn = /parameter/.test(decl.node.kind() as string) ? file.scopeOf(decl.node) : null;
    const fnName = fn && fn !== file.root ? functionName(file.spec, fn) : null;
    if (fnName && headNamesAnotherThing(fnName)) return null;
    // `const string DryRunMode = "safe"` in a settings class whose BaseUrl is another service's: that service's mode.
    const owner = file.x.types.filter((t) => encloses(t.node, decl.node)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start))[0];
    // `const string ComplaintMode = "complaint"` in a helpdesk's `class FeedbackTicket` with a `Mode` of its own: the ticket's.
    if (owner && headNamesAnotherThing(owner.name) && owner.fields.some((f) => norm(f.key ?? f.name) === norm(api.modeField))) return null;
    // Unless the class holds this API's addresses too (`AppSettings` of both): then the names say whose (`FeedbackMode`, `foreign`).
    if (saysMode(decl.name) && ctx.tied && !foreign && !(owner && foreignAddressIn(ctx, owner.node) && !ownAddressIn(ctx, owner.node))) return 'constant';
    // `const SAFE = 'safe'` in `class InterviewMode` (PHP, Java, Ruby, Python constant groups): a member of a mode type.
    return modeGroupOf(ctx, decl.node) ? 'constant' : null;
  }
  // `MODE_CHOICES = ["complaint", "safe"]`: an element of a list of modes held by a name that says mode.
  if (listOfModes(ctx, lit) || modeLiteralType(ctx, lit)) return 'list';
  if (isinModes(ctx, lit)) return 'isin';
  // The literal is a side itself: one inside a side (`set_mode(t, "complaint") == "ok"`) is read by what holds it.
  const cmp = file.x.compares.find((c) => c.sides.some((s) => file.lit(s) === lit));
  if (cmp) {
    const other = cmp.sides.find((s) => !encloses(s, lit.node));
    return other && (holdsMode(ctx, other) || caseCompared(ctx, cmp.sides, lit)) ? 'comparison' : armToMode(ctx, lit) || (parsedArm(file.source, lit) && armOfMode(ctx, lit)) ? 'arm' : null;
  }
  const call = file.x.calls.find((c) => c.args.some((a) => span(a).start === lit.start && span(a).end === lit.end));
  // `mode_from_string("complaint") == InterviewMode::Complaint`: the call's value compared with the case of its name.
  const converted = call ? file.x.compares.find((c) => c.sides.some((s) => span(s).start === span(call.node).start && span(s).end === span(call.node).end)) : undefined;
  if (converted && call!.args.length === 1 && caseCompared(ctx, converted.sides, lit)) return 'comparison';
  // `assertSame('safe', $this->last_body()['mode'])`: an equality assertion against a read of the mode.
  // Rewritten when the value read is tied to the interview; only reported when the file alone ties it (a desk's
  // `XCTAssertEqual(ticket.mode, "complaint")` in a test file of the API's client).
  // Or chained on what it checks (TestEZ's and chai's `expect(http:lastBody().mode).to.equal("triage")`).
  const expected = call && call.args.length === 1 && EQUALITY_ASSERT.test(call.callee) ? expectedOf(ctx, call) : null;
  if (call && (EQUALITY_ASSERT.test(call.callee) || call.callee === 'assertSame') && (call.args.length >= 2 || expected)) {
    const asserted = assertedMode(ctx, expected ? { ...call, args: [...expected.args, ...call.args] } : call, lit);
    return asserted === 'tied' ? 'comparison' : asserted === 'file' ? 'asserted' : null;
  }
  // `InterviewRequest.builder().mode("complaint")`: the mode field of a builder of the interviews resource's model
  // (a builder of another type, `TicketBody.builder().mode(…)`, sets that type's mode).
  const built = call && call.args.length === 1 ? builderField(ctx, call.node, call.callee) : null;
  if (built) return built.key === norm(api.modeField) && built.tie?.resource === ctx.vocab.modeResource ? 'builder' : null;
  if (call && (setsMode(ctx, call) || modeParameter(ctx, call, lit))) return 'argument';
  if (call && (keyedSetting(ctx, lit, call) || readDefault(ctx, call, lit))) return 'setting';
  if (jsonPathMode(ctx, lit)) return 'json-path';
  if (tableKey(ctx, lit)) return 'table-key';
  if (declaredDefault(ctx, lit, undefined)) return 'default';
  if (annotatedSetting(ctx, lit)) return 'setting';
  // `new ModeChange("complaint")` on `record ModeChange(String mode)` of the interviews resource.
  const field = positionalField(ctx, lit.node);
  if (field) return field.key === norm(api.modeField) && field.tie.resource === ctx.vocab.modeResource && !foreignName(ctx, field.type) ? 'positional' : null;
  return armOfMode(ctx, lit) ? 'arm' : null;
}

/**
 * The default of a getter that reads the mode (`Keyword.get(opts, :mode, "complaint")`, `opts.get("mode", "complaint")`)
 * given as the `mode` of a body sent to the interviews: the mode sent when the caller names none. Reported, as the
 * getter's key may hold another thing's mode elsewhere.
 */
function getterDefault(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const call = file.x.calls.find((c) => modeKeyDefault(ctx, c, lit));
  if (!call) return false;
  const pair = file.x.pairs.find((p) => p.value && span(p.value).start === span(call.node).start && span(p.value).end === span(call.node).end);
  if (!pair || norm(pair.key) !== norm(api.modeField)) return false;
  return containerTie(ctx, pair.container)?.resource === ctx.vocab.modeResource;
}

/** The type around a declaration, when its name says it holds this API's modes (`final class InterviewMode { const SAFE = 'safe'; }`). */
function modeGroupOf(ctx: Ctx, decl: SgNode): boolean {
  const owner = ctx.file.x.types.filter((t) => encloses(t.node, decl)).pop();
  if (owner && saysMode(owner.name) && ourModeType(ctx, owner.name)) return !inAnotherThingsScope(ctx, owner.node);
  // `module Modes; SAFE = "safe"; end`: the innermost namespace of constants around it, inside that type.
  const kinds = ctx.file.spec.groupKinds ?? [];
  for (let p = decl.parent(); p && (!owner || encloses(owner.node, p)); p = p.parent()) {
    if (!kinds.includes(p.kind() as string)) continue;
    const name = p.children().find((c) => c.isNamed())?.text().split(/::|\./).pop() ?? '';
    return saysMode(name) && ourModeType(ctx, name) && !inAnotherThingsScope(ctx, p);
  }
  return false;
}

/**
 * pandas' `df[df["mode"].isin(["complaint", "safe"])]`: the modes a mode column is matched against, where the frame is
 * tied to the API (a warehouse table of a resource, an answer) and the list names two or more of its modes.
 */
function isinModes(ctx: Ctx, lit: Lit): boolean {
  const call = ctx.file.x.calls.find((c) => c.callee === 'isin' && c.args.length === 1 && encloses(c.args[0]!, lit.node));
  const fn = call?.node.child(0);
  const receiver = fn && /attribute|member/.test(fn.kind() as string) ? fn.child(0) : null;
  if (!call || !receiver || !modeValuesOnly(ctx, call.args[0]!)) return false;
  const segs = dataSegments(chainSegments(receiver.text(), span(receiver).start));
  const last = segs[segs.length - 1];
  if (!last || !saysMode(last.name) || foreignOwner(ctx, receiver)) return false;
  return segs.length > 1 && !!ctx.ties.ofChain(segs.slice(0, -1), receiver);
}

function listOfModes(ctx: Ctx, lit: Lit): boolean {
  const held = heldCollection(ctx, lit);
  // Named for this API's mode type (`InterviewMode = Types::String.enum(…)`), it is the interview's in any file.
  return !!held && saysMode(held.name) && (ctx.tied || !!modeOwnerTie(held.name)) && !foreignName(ctx, held.name) && modeValuesOnly(ctx, held.collection);
}

/**
 * The collection names two or more of the API's changed modes (`["complaint", "protocol", "safe"]`): a list of its
 * modes, not a list that happens to hold one word of them (another thing's `["complaint", "question"]`).
 */
function modeValuesOnly(ctx: Ctx, collection: SgNode): boolean {
  const at = span(collection);
  return twoModes(ctx, ctx.file.lits.filter((l) => l.start >= at.start && l.end <= at.end).map((l) => l.text));
}

function twoModes(ctx: Ctx, values: string[]): boolean {
  return new Set(values.filter((v) => ctx.vocab.modes.has(v))).size >= 2;
}

/** A key of a literal table held by a name that says mode, whose keys are all modes of the API. */
function modeTableKey(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const pair = file.x.pairs.find((p) => span(p.keyNode).start === lit.start && span(p.keyNode).end === lit.end);
  if (!pair || pair.named) return false;
  const holder = file.x.decls.find((d) => d.init && span(d.init).start === span(pair.container).start);
  // `LABELS = {"complaint" => …}` inside `module Modes`: a table of the group's modes.
  const named = !!holder && saysMode(holder.name) && ctx.tied && !foreignName(ctx, holder.name);
  if (!holder || (!named && !modeGroupOf(ctx, holder.node))) return false;
  const keys = file.x.pairs.filter((p) => p.container === pair.container || span(p.container).start === span(pair.container).start).map((p) => p.key);
  return twoModes(ctx, keys);
}

/**
 * Whether an equality assertion compares a mode literal with a read of the mode field (`self::assertSame('safe',
 * $body['mode'])`, `assertEquals("triage", sent.mode)`): in a file that talks to the API, or on a value tied to the
 * interview; not a read of another thing's mode (a ticket's), nor a read of a name that only says mode.
 */
function assertedMode(ctx: Ctx, call: Call, lit: Lit): 'tied' | 'file' | null {
  const others = call.args.filter((a) => !encloses(a, lit.node) && !ctx.file.lit(a));
  if (others.length !== 1) return null;
  const other = others[0]!;
  // `try sent()["mode"] as? String`: the read without the `try` before it and the cast after it.
  const raw = other.text();
  const lead = /^(?:(?:try[?!]?|await)\s+)*/.exec(raw)![0].length;
  const cast = /\s+as[?!]?\s+[\w.]+[?!]?\s*$/.exec(raw);
  const text = raw.slice(lead, cast ? cast.index : undefined);
  const start = span(other).start + lead;
  // `assertSame('safe', buoy_pick_mode(12))`, `assertEquals("triage", modeFor(age))`: what a function of the app named
  // for the mode answers, in a file that talks to the API (a `ticket_mode(…)` is another thing's).
  const fn = /^([A-Za-z_]\w*)\s*\([^()]*\)$/.exec(text.trim())?.[1];
  if (fn) {
    // The API's name as the app's prefix (`buoy_pick_mode`) qualifies nothing.
    const { prefixes } = apiWords(ctx.file.config);
    const named = words(fn).filter((w) => !PICKS.has(w) && !(w.length >= 4 && prefixes.some((p) => p.startsWith(w))));
    return named.includes(norm(api.modeField)) && ourModeType(ctx, named.join('_')) && ctx.tied ? 'file' : null;
  }
  const segs = dataSegments(chainSegments(text, start));
  const last = segs[segs.length - 1];
  if (!last || segs.length < 2 || norm(last.name) !== norm(api.modeField) || foreignOwner(ctx, other)) return null;
  const reach = last.call ? last.end : last.through ?? last.end;
  if (reach - start < text.trimEnd().length - 2) return null;
  const tie = ctx.ties.ofChain(segs.slice(0, -1), other);
  if (tie && tie.resource === ctx.vocab.modeResource) return 'tied';
  // A test that stubs another host (`new MockHttpClient([$r], 'https://help.example.com/api/')`) and no address
  // of this API asserts that service's mode, even in a file the API's names tie.
  const scope = ctx.file.scopeOf(call.node);
  // So does a test that only requests the app's own routes that address none of the API's resources (`/feedback`).
  if (scope !== ctx.file.root && (foreignAddressIn(ctx, scope) || otherRouteIn(ctx, scope)) && !ownAddressIn(ctx, scope)) return null;
  return ctx.tied ? 'file' : null;
}

/** Verbs and prepositions of a function that answers a mode (`pick_mode`, `modeFor`, `resolveModeFromAge`). */
const PICKS = new Set(['pick', 'choose', 'select', 'get', 'resolve', 'compute', 'determine', 'decide', 'for', 'from', 'by', 'of', 'to', 'age']);

/** The `expect(x)` a matcher is chained on (`expect(x).to.equal(…)`), starting where the matcher's call starts. */
function expectedOf(ctx: Ctx, call: Call): Call | null {
  const at = span(call.node);
  return ctx.file.x.calls.find((c) => c.callee === 'expect' && c.args.length === 1 && span(c.node).start === at.start && span(c.node).end < at.end) ?? null;
}

