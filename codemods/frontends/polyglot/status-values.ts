import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { helperNameTie } from '../../engine/ties/names';
import { headNamesAnotherThing, namesAnotherThing } from '../../engine/ties/mode-types';
import { words } from '../../engine/words';
import { encloses, type Ctx } from './context';
import { escapeRe, functionName } from './file';
import { sameNode, span, type Call } from './lang';
import { endpointOfCall } from './case-endpoints';
import { foreignCall } from './project';
import { scriptScopes } from './script-scopes';
import { checksOwnRoute, returnsOwnResponse } from './own-response';
import { chainSegments, dataSegments, generatedStatus, saysMode } from './ties';
import { importsStatusName, statusOfName, statusOfNumberedName, statusOfSpelling } from '../../http-status';
import { norm, type StatusSite } from './vocabulary';
import { raisedStatuses, raisedWithStatus } from './raised-statuses';
import { routedHandlerStatuses } from './routed-handlers';
import { dslRouteStatuses, keywordStubStatuses, methodRoute, queuedStubStatuses, routedStubStatuses } from './stub-statuses';
import { comparedStatusConstants, constantStatus, constantsComparedElsewhere, CONSTANT_NAME, STATIC_CONSTANT } from './status-constants';
/**
 * Status codes that changed (values.ts's third part): where a code of the catalogue is compared, stubbed or raised in a
 * function that performs the operation it changed for (a mode update's 202, a creation's 400), as a literal, a constant
 * named for the code or a reason phrase; and the equality assertions the mode rules share.
 */

/** A status a node names: an integer literal, or a constant named after the code's reason phrase. */
export function statusOf(ctx: Ctx, n: SgNode): number | null {
  const t = n.text().trim();
  if (/^\d{3}$/.test(t)) return Number(t);
  // A bare name the file imports from a holder of statuses (`import play.api.http.Status._` … `case ACCEPTED =>`).
  if (/^[A-Za-z_]\w*$/.test(t)) return statusOfNumberedName(t) !== null && importsStatusName(ctx.file.source, t) ? statusOfNumberedName(t) : null;
  return statusOfSpelling(t);
}

/** Every compared, stubbed or raised status of a changed rule in the file, where the function around performs its operation. */
export function statuses(ctx: Ctx): void {
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
  // oapi-codegen's answer fields named for their status (`resp.JSON202 != nil`, `response.JSON400 = &dest`,
  // `JSON202 *InterviewUpdate` of `UpdateInterviewResponse`): a mention where used; declared, by the answer type's operation.
  for (const n of file.spec.id === 'go' && /JSON\d{3}\b/.test(file.source) ? file.within(file.root, ['field_identifier']) : []) {
    const code = generatedStatus(n.text());
    if (code === null || !codes.has(code)) continue;
    const owner = n.ancestors().find((a) => a.kind() === 'type_spec');
    const op = owner ? generatedOperation(owner.children().find((c) => c.kind() === 'type_identifier')?.text() ?? '') : null;
    if (!owner) mentions.push({ node: n, code });
    else for (const site of vocab.statuses) if (site.rule.from === code && op && sameOperation(op, site)) report(site, n);
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
    // A code handed to a function named for the operation's answer (`ResponseClassifier.ForModeUpdate(202, null)` in a test).
    if (ctx.tied) {
      for (const a of call.args) {
        const code = /^\d{3}$/.test(a.text().trim()) ? Number(a.text().trim()) : null;
        if (code !== null && codes.has(code)) for (const site of vocab.statuses) if (site.rule.from === code && namedOperation(call.callee, site)) report(site, a);
      }
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
    // A stub's answer named for its status (Spring's `andRespond(withBadRequest())`, `withAccepted()`, `withNoContent()`).
    const named = call.args.length === 0 && STATUS_CREATOR.test(call.callee) ? statusOfName(call.callee.replace(STATUS_CREATOR, '')) : null;
    if (named !== null && codes.has(named) && !returnsOwnResponse(file, call)) mentions.push({ node: call.node, code: named });
    if (!words(call.callee).some((w) => w === 'status' || w === 'code') || call.args.length !== 1 || returnsOwnResponse(file, call) || checksOwnRoute(file, call)) continue;
    const code = statusOf(ctx, call.args[0]!);
    if (code !== null && codes.has(code)) mentions.push({ node: call.args[0]!, code });
  }
  // Another file's constant compared here, this file's constants compared in another (status-constants.ts).
  comparedStatusConstants(ctx, constants, (n, site) => file.scopesOf(n).some((scope) => performs(ctx, scope, site)), report);
  constantsComparedElsewhere(ctx, constants, report);
  raisedStatuses(ctx, (n) => statusOf(ctx, n), (scope, site) => performs(ctx, scope, site), report);
  raisedWithStatus(ctx, (n) => statusOf(ctx, n), (scope, site) => performs(ctx, scope, site), report);
  routedStubStatuses(ctx, report);
  routedHandlerStatuses(ctx, report);
  keywordStubStatuses(ctx, report);
  dslRouteStatuses(ctx, (n) => statusOf(ctx, n), report);
  queuedStubStatuses(ctx, (n) => statusOf(ctx, n), (scope, site) => performs(ctx, scope, site), report);
  for (const m of mentions) {
    // The check may sit in a callback (`.sink { … }`, `.then { … }`) of the function that performs the operation.
    const all = file.scopesOf(m.node);
    const scopes = all.length === 0 && !m.outer ? scriptScopes(file, m.node) : all.slice(m.outer ? 1 : 0, m.near ? 1 : undefined);
    for (const site of vocab.statuses) {
      if (site.rule.from !== m.code) continue;
      if (!scopes.some((scope) => performs(ctx, scope, site))) {
        // Named in the condition (an error decoder's): the constant's value is the one thing to change, else the code compared.
        if (operationInCondition(ctx, m.node, site)) report(site, m.constant ?? m.node);
        continue;
      }
      // A callback that performs the operation itself answers with its own status (an app's route handler).
      if (m.outer && performs(ctx, all[0]!, site)) continue;
      report(site, m.node);
      if (m.constant) report(site, m.constant);
    }
  }
}


/** Test frameworks' equality assertions: JUnit, unittest, minitest, XCTest, testify, xUnit/NUnit. */
export const EQUALITY_ASSERT = /^(assert_?equals?|assert_eq|assertEqual|XCTAssertEqual|Equal|AreEqual|(?:EXPECT|ASSERT)_(?:EQ|STREQ)|QCOMPARE|BOOST_(?:CHECK|REQUIRE)_EQUAL)$/i;

/** A canned answer's creator named `with` and its status (MockRestResponseCreators' `withBadRequest`, `withAccepted`). */
const STATUS_CREATOR = /^with(?=[A-Z])/;

/** Verbs of a function that changes a mode (`setMode`, `update_mode`, `switchMode`). */
const MODE_VERB = /^_*(set|update|change|put|patch|switch|advance)/i;

/** A type named for the mode's update (`ModeUpdate`, `InterviewModeChange`, `ModeUpdateResult`), not another thing's (`TicketModeChange`). */
function modeUpdateType(name: string): boolean {
  const w = words(name);
  const verb = (x: string) => /^(?:update|change|switch)$/.test(x);
  const rest = w.filter((x) => x !== norm(api.modeField) && !verb(x));
  return w.includes(norm(api.modeField)) && w.some(verb) && (rest.length === 0 || !namesAnotherThing(rest.join('_')));
}

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
  // A function named for the operation's answer (`ForModeUpdate(long status, …)`, `classifyCreateInterview(code)`), in a file tied to the API.
  const named = ctx.tied && scope !== file.root ? functionName(file.spec, scope) : null;
  if (named && namedOperation(named, site)) return true;
  const urls = file.resourcesIn(scope).filter((u) => u.resource === site.rule.resource);
  const calls = file.x.calls.filter((c) => encloses(scope, c.node));
  const endpoints = calls.map((c) => ({ c, e: endpointOfCall(ctx.index, c) })).filter((x) => x.e?.resource === site.rule.resource);
  // A generated client's response reader of the operation (go-swagger's `func (o *UpdateInterviewReader) ReadResponse`).
  const read = ctx.tied ? readerOperation(scope) : null;
  if (read && sameOperation(read, site)) return true;
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
    // A method of the mode update's own answer type (`class ModeUpdate { … return $this->status === 202; }`): the
    // status it holds is the answer's to that operation; a ticket's `TicketModeChange` is another thing's.
    const type = scope === file.root ? null : file.x.types.find((t) => !sameNode(t.node, scope) && encloses(t.node, scope));
    if (ctx.tied && type && modeUpdateType(type.name)) return true;
    const setsMode = (c: Call) => saysMode(c.callee) || saysMode(c.args.map((a) => a.text()).join(' '));
    if (endpoints.some(({ c, e }) => e!.op !== 'create' && e!.op !== 'read' && setsMode(c))) return true;
    // A general update of the resource (`update_interview(token, attrs)`) that the file's mode setter calls with a mode.
    const callers = own && urls.length > 0 ? file.x.calls.filter((c) => c.callee === own && !encloses(scope, c.node)) : [];
    if (callers.some((c) => setsMode(c) || modeSetterAround(ctx, c.node))) return true;
    // A mode setter (`setMode(token, mode)`) that calls a helper named for updating the resource (`updateInterview`),
    // as the first analysis of a file sees it, before the run's index knows that helper as an endpoint.
    const update = (c: Call) => helperNameTie(c.callee)?.resource === site.rule.resource && helperNameTie(c.callee)?.op === 'update' && !foreignCall(ctx.index, c);
    if (ctx.tied && own && saysMode(own) && MODE_VERB.test(own) && calls.some(update)) return true;
    return ctx.tied && calls.some((c) => saysMode(c.callee) && MODE_VERB.test(c.callee) && !foreignCall(ctx.index, c) && !onOtherThing(c));
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

/**
 * Whether a function's name says it handles the answer of the status rule's operation, after a word of its own
 * (`ForModeUpdate`, `onModeChanged`, `ForCreateInterview`, `classifyCreateInterview`); `ForCreateTicket` is another thing's.
 */
function namedOperation(name: string, site: StatusSite): boolean {
  const w = words(name);
  let i = 0;
  while (i < w.length && ANSWER_WORDS.test(w[i]!)) i++;
  if (i === 0 || i >= w.length - 1) return false;
  const rest = w.slice(i).map((x) => x[0]!.toUpperCase() + x.slice(1)).join('');
  if (site.rule.operation === 'mode-update') return modeUpdateType(rest);
  const tie = helperNameTie(rest);
  return !!tie?.op && tie.resource === site.rule.resource && tie.op === site.rule.operation;
}

/** Words before an operation's name in a function that reads its answer (`ForModeUpdate`, `onCreateInterview`, `classify…`). */
const ANSWER_WORDS = /^(?:for|on|of|after|handle|classify|interpret|decode|outcome|status|code|check)$/;

/** A setter called on a value named for another thing (`ticket.setMode(…)` of a helpdesk's ticket): that thing's mode. */
function onOtherThing(call: Call): boolean {
  const segs = chainSegments(call.node.text(), 0);
  return segs.length > 1 && headNamesAnotherThing(segs[segs.length - 2]!.name);
}

/**
 * The operation a generated Go client's function reads the answers of: go-swagger's reader method (`(o
 * *CreateInterviewReader)`, `(r *UpdateInterviewResponseReader)`), oapi-codegen's `UpdateInterviewWithResponse` and
 * `ParseUpdateInterviewResponse`.
 */
function readerOperation(scope: SgNode): ReturnType<typeof helperNameTie> {
  if (scope.kind() !== 'method_declaration' && scope.kind() !== 'function_declaration') return null;
  const name = scope.children().find((c) => c.kind() === 'field_identifier' || c.kind() === 'identifier')?.text() ?? '';
  const oapi = /^(?:Parse([A-Z]\w*?)Response|([A-Z]\w*?)(?:WithBody)?WithResponse)$/.exec(name);
  if (oapi) return helperNameTie(oapi[1] ?? oapi[2]!);
  if (scope.kind() !== 'method_declaration') return null;
  const receiver = scope.children().find((c) => c.kind() === 'parameter_list')?.text() ?? '';
  const m = /^\(\s*\w*\s*\*?\s*([A-Z]\w*?)(?:Response)?Reader\s*\)$/.exec(receiver);
  return m ? helperNameTie(m[1]!) : null;
}

/** The operation an oapi-codegen answer type is named for (`UpdateInterviewResponse`). */
function generatedOperation(name: string): ReturnType<typeof helperNameTie> {
  const m = /^([A-Z]\w*?)Response$/.exec(name);
  return m ? helperNameTie(m[1]!) : null;
}

/** Whether a generated operation is the status rule's (a mode update's answers are the resource's update's). */
function sameOperation(op: NonNullable<ReturnType<typeof helperNameTie>>, site: StatusSite): boolean {
  return op.resource === site.rule.resource && op.op === (site.rule.operation === 'mode-update' ? 'update' : site.rule.operation);
}

/**
 * A comparison joined in one condition with a test of the operation's name (a Feign ErrorDecoder's `status ==
 * LOCATION_STATUS && methodKey.contains("createInterview")`, `"BuoyClient#createInterview(…)".equals(methodKey)`): the
 * status is that operation's answer, in a file tied to the API. `"createTicket"` names another thing's.
 */
function operationInCondition(ctx: Ctx, node: SgNode, site: StatusSite): boolean {
  let top: SgNode = node;
  for (let a = node.parent(); a && /binary_expression|parenthesized_expression/.test(a.kind() as string); a = a.parent()) top = a;
  if (top === node) return false;
  return ctx.file.lits.some((l) => {
    if (!encloses(top, l.node)) return false;
    const name = /^(?:[A-Z]\w*#)?([a-z]\w*)(?:\(.*\))?$/.exec(l.text.trim())?.[1];
    if (!name) return false;
    // One of the run's endpoints of the API by its name, or (in a file tied to the API) a name that says the operation.
    const e = ctx.index.endpoint(name);
    const op = e?.op ? { resource: e.resource, op: e.op } : ctx.tied ? helperNameTie(name) : null;
    return !!op && sameOperation(op as NonNullable<ReturnType<typeof helperNameTie>>, site);
  });
}
