import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { helperNameTie } from '../../engine/ties/names';
import { words } from '../../engine/words';
import { apiWords } from '../config/vocab';
import { containerTie, encloses, type Ctx } from './context';
import { escapeRe, functionName } from './file';
import { span, typeName, type Call, type Lit } from './lang';
import { foreignAddressIn, foreignName, foreignOwner, ourModeType, ownAddressIn, prefixedLikeForeignAddress } from './foreign';
import { positionalField } from './positional';
import { endpointOfCall } from './case-endpoints';
import { foreignCall } from './project';
import { heldCollection } from './collections';
import { scriptScopes } from './script-scopes';
import { constantOf } from './group-modes';
import { builderField } from './builders';
import { annotatedSetting, declaredDefault, keyedSetting, tableKey } from './mode-defaults';
import { jsonPathMode } from './dot-paths';
import { modeParameter } from './mode-functions';
import { returnsOwnResponse } from './own-response';
import { modeLiteralType } from './mode-literal-types';
import { subscriptMode } from './subscript-writes';
import { armToMode, caseCompared, holdsMode, removedModeMembers, renamedMember, setsMode } from './mode-members';
import { armOfMode, modeKeyDefault, modelEnumValue, parsedArm, readDefault } from './mode-arms';
import { chainSegments, dataSegments, modeOwnerTie, saysMode } from './ties';
import { statusOfSpelling } from '../../http-status';
import { norm, type StatusSite } from './vocabulary';
import { enumPolicy } from './enum-policy';
import { expectedSentBody } from './sent-reads';
import { raisedStatuses } from './raised-statuses';
import { keywordStubStatuses, methodRoute, queuedStubStatuses, routedStubStatuses } from './stub-statuses';
import { comparedStatusConstants, constantStatus, constantsComparedElsewhere, CONSTANT_NAME, STATIC_CONSTANT } from './status-constants';

/**
 * Values: interview modes that were renamed or removed, where the literal is a mode (the value of a `mode`
 * key, a constant or enum case whose name says mode, a comparison with a `.mode` read, an argument of a
 * call whose name says mode) and tied to this API (sent to the interviews resource, a model type, a value
 * tied to an interview, or a file that talks to the API); status codes that changed, where they are compared
 * in a function that performs the operation.
 */
export function valueRules(ctx: Ctx): void {
  modes(ctx);
  removedModeMembers(ctx);
  statuses(ctx);
}

/** Where a mode is set up rather than sent (mode-defaults.ts), or matched in a stub (dot-paths.ts): reported, not rewritten. */
const SET_UP = new Set(['setting', 'table-key', 'default', 'json-path', 'list', 'map-key', 'asserted']);

function modes(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const lit of file.lits) {
    const value = vocab.modes.get(lit.text);
    if (!value || !out.has(value.change.id)) continue;
    const ctxKind = modeContext(ctx, lit);
    if (!ctxKind) continue;
    if (ctxKind === 'constant' && value.to === null) {
      // Its uses elsewhere are uses of the removed mode (mode-constant-uses.ts).
      const decl = constantOf(file, lit);
      // A parameter's default (`mode: String = "safe"`) is that function's own: its name says nothing in other files.
      const local = !!decl && file.spec.functionKinds.includes(file.scopeOf(decl.node).kind() as string);
      if (decl) (ctx.removedModes ??= []).push({ name: decl.name, value: lit.text, ...(local ? { local } : {}) });
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
  if (type) return saysMode(type.name) && ourModeType(ctx, type.name) ? 'enum' : null;
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
    // `const string DryRunMode = "safe"` in a settings class whose BaseUrl is another service's: that service's mode.
    const owner = file.x.types.filter((t) => encloses(t.node, decl.node)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start))[0];
    if (saysMode(decl.name) && ctx.tied && !foreign && !(owner && foreignAddressIn(ctx, owner.node))) return 'constant';
    // `const SAFE = 'safe'` in `class InterviewMode` (PHP, Java, Ruby, Python constant groups): a member of a mode type.
    return modeGroupOf(ctx, decl.node) ? 'constant' : null;
  }
  // `MODE_CHOICES = ["complaint", "safe"]`: an element of a list of modes held by a name that says mode.
  if (listOfModes(ctx, lit) || modeLiteralType(ctx, lit)) return 'list';
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
  if (call && (EQUALITY_ASSERT.test(call.callee) || call.callee === 'assertSame') && call.args.length >= 2) {
    const asserted = assertedMode(ctx, call, lit);
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
  if (owner && saysMode(owner.name) && ourModeType(ctx, owner.name)) return true;
  // `module Modes; SAFE = "safe"; end`: the innermost namespace of constants around it, inside that type.
  const kinds = ctx.file.spec.groupKinds ?? [];
  for (let p = decl.parent(); p && (!owner || encloses(owner.node, p)); p = p.parent()) {
    if (!kinds.includes(p.kind() as string)) continue;
    const name = p.children().find((c) => c.isNamed())?.text().split(/::|\./).pop() ?? '';
    return saysMode(name) && ourModeType(ctx, name);
  }
  return false;
}

function listOfModes(ctx: Ctx, lit: Lit): boolean {
  const held = heldCollection(ctx, lit);
  return !!held && saysMode(held.name) && ctx.tied && !foreignName(ctx, held.name) && modeValuesOnly(ctx, held.collection);
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

/** A status a node names: an integer literal, or a constant named after the code's reason phrase. */
export function statusOf(ctx: Ctx, n: SgNode): number | null {
  const t = n.text().trim();
  if (/^\d{3}$/.test(t)) return Number(t);
  return statusOfSpelling(t);
}

function statuses(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (vocab.statuses.length === 0) return;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  // Constants holding a code: `STATUS_NO_OUTPUT = 202`.
  const constants = new Map<string, { decl: SgNode; code: number }>();
  for (const d of file.x.decls) {
    const code = d.init ? constantStatus(d.init.text()) : null;
    if (code !== null && codes.has(code) && (CONSTANT_NAME.test(d.name) || STATIC_CONSTANT.test(d.node.text()))) constants.set(d.name, { decl: d.node, code });
  }
  const report = (site: StatusSite, n: SgNode) => {
    if (out.has(site.change.id)) out.manual(site.change.id, span(n).start, span(n).end, site.rule.message, { anchor: span(n).start });
  };
  // `near`: the example's own block must perform the operation, not the describe block around it.
  // `outer`: a stub's answer, the operation performed by the code around the callback, not by the callback itself.
  const mentions: { node: SgNode; code: number; constant?: SgNode; near?: boolean; outer?: boolean }[] = [];
  for (const cmp of file.x.compares) {
    for (const side of cmp.sides) {
      const code = statusOf(ctx, side);
      if (code !== null && codes.has(code)) mentions.push({ node: side, code });
      const name = dataSegments(chainSegments(side.text().trim(), 0)).pop()?.name;
      const c = name ? constants.get(name) : undefined;
      if (c && side.text().trim().endsWith(name!)) mentions.push({ node: side, code: c.code, constant: c.decl });
      // Ruby's Net::HTTP answers the code as text: `res.code == '202'`.
      const text = ctx.file.lit(side)?.text;
      const other = cmp.sides.find((o) => o !== side);
      if (text && /^\d{3}$/.test(text) && codes.has(Number(text)) && other && /(?:\.|->)\s*(?:code|status)(?:\(\s*\))?$/.test(other.text().trim())) mentions.push({ node: side, code: Number(text) });
    }
  }
  // `status=400` in a mocked response, `setResponseCode(202)`.
  for (const p of file.x.pairs) {
    if (!p.value || !words(p.key).some((w) => w === 'status' || w === 'code') || ownAnswer(ctx, p.container)) continue;
    // The answer of a stub chained to its method and path (`stub_request(:post, url).to_return(status: 202)`): keywordStubStatuses judges it.
    const holder = file.x.calls.find((c) => span(c.node).start === span(p.container).start && span(c.node).end === span(p.container).end);
    if (holder && methodRoute(ctx, holder)) continue;
    const code = statusOf(ctx, p.value);
    if (code !== null && codes.has(code)) mentions.push({ node: p.value, code });
  }
  // A table row's status by position (Go's `{"nothing produced", ModeSafe, http.StatusAccepted, …}`): a named status.
  for (const n of file.within(file.root, ['literal_element'])) {
    const code = /[A-Za-z]/.test(n.text()) ? statusOf(ctx, n) : null;
    if (code !== null && codes.has(code)) mentions.push({ node: n, code });
  }
  const lambdas = new Set(file.spec.lambdas?.kinds ?? []);
  for (const call of file.x.calls) {
    // A stub's answer: a named status given to a call in a callback (`api { json("{}", HttpStatusCode.Accepted) }`,
    // `func(w http.ResponseWriter, …) { w.WriteHeader(http.StatusAccepted) }`).
    if (lambdas.has(file.scopeOf(call.node).kind() as string)) {
      for (const a of call.args) if (/[A-Za-z]/.test(a.text()) && codes.has(statusOf(ctx, a) ?? -1)) mentions.push({ node: a, code: statusOf(ctx, a)!, outer: true });
    }
    // A stub given the resource's path and the status it answers by position (`$this->respond('interviews/anonymous/', 400, …)`,
    // `fake.on(HttpMethod::Put, kBase + "interviews/" + kToken + "/", 202, "")`).
    // The path a literal, or built from literals and names (`kBase + "interviews/" + kToken + "/"`), calling nothing.
    if (call.args.some((a) => file.resourcesIn(a).length > 0 && (!!file.lit(a) || !file.x.calls.some((c) => encloses(a, c.node))))) {
      for (const a of call.args) if (/^\d{3}$/.test(a.text().trim()) && codes.has(Number(a.text().trim()))) mentions.push({ node: a, code: Number(a.text().trim()) });
    }
    // An equality assertion on a response's status (`assertEquals(202, response.code())`, `assert.Equal(t, 202, resp.StatusCode)`).
    if (EQUALITY_ASSERT.test(call.callee) && call.args.length >= 2) {
      const read = call.args.some((a) => statusOf(ctx, a) === null && words(a.text().replace(/\W+/g, ' ')).some((w) => w === 'status' || w === 'code'));
      const lit = read ? call.args.find((a) => codes.has(statusOf(ctx, a) ?? -1)) : undefined;
      if (lit) mentions.push({ node: lit, code: statusOf(ctx, lit)! });
      continue;
    }
    // RSpec's `expect(response.code).to eq(202)`: a matcher on a read of the response's code.
    if (/^(eq|eql|equal)$/.test(call.callee) && call.args.length === 1 && codes.has(statusOf(ctx, call.args[0]!) ?? -1)) {
      const before = file.source.slice(file.source.lastIndexOf('\n', span(call.node).start - 1) + 1, span(call.node).start);
      if (/\bexpect\s*\([^()]*(?:\.|->)\s*(?:code|status|status_code)\s*\)\s*\.\s*(?:to|not_to|to_not)\s*\(?\s*$/.test(before)) mentions.push({ node: call.args[0]!, code: statusOf(ctx, call.args[0]!)!, near: true });
      continue;
    }
    if (!words(call.callee).some((w) => w === 'status' || w === 'code') || call.args.length !== 1 || returnsOwnResponse(file, call)) continue;
    const code = statusOf(ctx, call.args[0]!);
    if (code !== null && codes.has(code)) mentions.push({ node: call.args[0]!, code });
  }
  // Another file's constant compared here, this file's constants compared in another (status-constants.ts).
  comparedStatusConstants(ctx, constants, (n, site) => file.scopesOf(n).some((scope) => performs(ctx, scope, site)), report);
  constantsComparedElsewhere(ctx, constants, report);
  raisedStatuses(ctx, (n) => statusOf(ctx, n), (scope, site) => performs(ctx, scope, site), report);
  routedStubStatuses(ctx, report);
  keywordStubStatuses(ctx, report);
  queuedStubStatuses(ctx, (n) => statusOf(ctx, n), (scope, site) => performs(ctx, scope, site), report);
  for (const m of mentions) {
    // The check may sit in a callback (`.sink { … }`, `.then { … }`) of the function that performs the operation.
    const all = file.scopesOf(m.node);
    const scopes = all.length === 0 && !m.outer ? scriptScopes(file, m.node) : all.slice(m.outer ? 1 : 0, m.near ? 1 : undefined);
    for (const site of vocab.statuses) {
      if (site.rule.from !== m.code || !scopes.some((scope) => performs(ctx, scope, site))) continue;
      // A callback that performs the operation itself answers with its own status (an app's route handler).
      if (m.outer && performs(ctx, all[0]!, site)) continue;
      report(site, m.node);
      if (m.constant) report(site, m.constant);
    }
  }
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
  if (scope !== ctx.file.root && foreignAddressIn(ctx, scope) && !ownAddressIn(ctx, scope)) return null;
  return ctx.tied ? 'file' : null;
}

/** Verbs and prepositions of a function that answers a mode (`pick_mode`, `modeFor`, `resolveModeFromAge`). */
const PICKS = new Set(['pick', 'choose', 'select', 'get', 'resolve', 'compute', 'determine', 'decide', 'for', 'from', 'by', 'of', 'to', 'age']);

/** Test frameworks' equality assertions: JUnit, unittest, minitest, XCTest, testify, xUnit/NUnit. */
const EQUALITY_ASSERT = /^(assert_?equals?|assert_eq|assertEqual|XCTAssertEqual|Equal|AreEqual|(?:EXPECT|ASSERT)_(?:EQ|STREQ)|QCOMPARE|BOOST_(?:CHECK|REQUIRE)_EQUAL)$/i;

/** Verbs of a function that changes a mode (`setMode`, `update_mode`, `switchMode`). */
const MODE_VERB = /^_*(set|update|change|put|patch|switch|advance)/i;

/** Whether a node is in a function named for setting the mode (`set_mode`, `switchMode`). */
function modeSetterAround(ctx: Ctx, n: SgNode): boolean {
  return ctx.file.scopesOf(n).some((s) => {
    const name = functionName(ctx.file.spec, s);
    return !!name && saysMode(name) && MODE_VERB.test(name);
  });
}

/**
 * An error the code raises or answers with itself (`raise HTTPException(status_code=400)`, `abort(400)`,
 * `new ResponseStatusException(…)`): its status is what this app answers, not what the API answered.
 */
function ownAnswer(ctx: Ctx, container: SgNode): boolean {
  const at = span(container);
  const call = ctx.file.callSpans().find((c) => c.start === at.start && c.end === at.end)?.call;
  return !!call && words(call.callee).some((w) => w === 'exception' || w === 'error' || w === 'abort');
}

/**
 * Whether a function performs the status rule's operation on its resource: its URL in the function (with a mode
 * key, or the create path), a call to one of the API's endpoints for it (the run's index: `api.updateInterview(t,
 * InterviewUpdate(mode))`, a repository's `startInterview`), or, in a file that talks to the API, a helper whose
 * name says so (`setMode`, `createInterview`).
 */
function performs(ctx: Ctx, scope: SgNode, site: StatusSite): boolean {
  const { file, vocab } = ctx;
  const urls = file.resourcesIn(scope).filter((u) => u.resource === site.rule.resource);
  const calls = file.x.calls.filter((c) => encloses(scope, c.node));
  const endpoints = calls.map((c) => ({ c, e: endpointOfCall(ctx.index, c) })).filter((x) => x.e?.resource === site.rule.resource);
  // A generated client's response reader of the operation (go-swagger's `func (o *UpdateInterviewReader) ReadResponse`).
  const read = ctx.tied ? readerOperation(scope) : null;
  if (read?.resource === site.rule.resource && read.op === (site.rule.operation === 'mode-update' ? 'update' : site.rule.operation)) return true;
  if (site.rule.operation === 'mode-update') {
    // Or a body written as JSON text (`.body("""{"mode": "complaint"}""")`).
    const jsonKey = new RegExp(`^\\s*\\{[^]*"${escapeRe(vocab.modeField)}"\\s*:`);
    const modeKey = file.x.pairs.some((p) => encloses(scope, p.node) && norm(p.key) === norm(vocab.modeField)) || file.lits.some((l) => encloses(scope, l.node) && jsonKey.test(l.text));
    if (urls.length > 0 && modeKey) return true;
    // The function that sends to the resource is itself named for setting the mode (`updateMode(token, mode)`).
    const own = scope === file.root ? null : functionName(file.spec, scope);
    if (urls.length > 0 && own && saysMode(own) && MODE_VERB.test(own)) return true;
    // Its URL built by one of the resource's path functions (`_dio.put(ApiPaths.interview(t), data: {'mode': …})`):
    // a call to an endpoint of the resource that neither creates nor reads, with a mode key or in a mode setter.
    const updates = endpoints.some(({ e }) => e!.op !== 'create' && e!.op !== 'read');
    if (updates && (modeKey || (own && saysMode(own) && MODE_VERB.test(own)))) return true;
    const setsMode = (c: Call) => saysMode(c.callee) || saysMode(c.args.map((a) => a.text()).join(' '));
    if (endpoints.some(({ c, e }) => e!.op !== 'create' && e!.op !== 'read' && setsMode(c))) return true;
    // A general update of the resource (`update_interview(token, attrs)`) that the file's mode setter calls with a mode.
    const callers = own && urls.length > 0 ? file.x.calls.filter((c) => c.callee === own && !encloses(scope, c.node)) : [];
    if (callers.some((c) => setsMode(c) || modeSetterAround(ctx, c.node))) return true;
    // A mode setter (`setMode(token, mode)`) that calls a helper named for updating the resource (`updateInterview`),
    // as the first analysis of a file sees it, before the run's index knows that helper as an endpoint.
    const update = (c: Call) => helperNameTie(c.callee)?.resource === site.rule.resource && helperNameTie(c.callee)?.op === 'update' && !foreignCall(ctx.index, c);
    if (ctx.tied && own && saysMode(own) && MODE_VERB.test(own) && calls.some(update)) return true;
    return ctx.tied && calls.some((c) => saysMode(c.callee) && MODE_VERB.test(c.callee) && !foreignCall(ctx.index, c));
  }
  if (site.rule.operation === 'create') {
    if (urls.some((u) => u.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, '')))) return true;
    if (endpoints.some(({ e }) => e!.op === 'create')) return true;
    return ctx.tied && calls.some((c) => {
      const h = helperNameTie(c.callee);
      return !!h && h.resource === site.rule.resource && h.op === 'create';
    });
  }
  return urls.length > 0;
}

/** The operation a Go method's receiver reads the answers of (`(o *CreateInterviewReader)`, `(r *UpdateInterviewResponseReader)`). */
function readerOperation(scope: SgNode): ReturnType<typeof helperNameTie> {
  if (scope.kind() !== 'method_declaration') return null;
  const receiver = scope.children().find((c) => c.kind() === 'parameter_list')?.text() ?? '';
  const m = /^\(\s*\w*\s*\*?\s*([A-Z]\w*?)(?:Response)?Reader\s*\)$/.exec(receiver);
  return m ? helperNameTie(m[1]!) : null;
}
