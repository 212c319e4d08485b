import type { SgNode } from '@ast-grep/napi';
import { catalogue, type ResourceName } from '../../../catalogue';
import { endpointOfCall } from './case-endpoints';
import { encloses, type Ctx } from './context';
import { escapeRe } from './file';
import { span } from './lang';
import { norm } from './vocabulary';

/**
 * What a test reads back from the request its client sent (`json.loads(route.calls.last.request.content)["extra"]`,
 * `json.loads(mocked.calls[-1].request.body)["extra"]`, `$this->requests[1]['body']['extra']`, a test case's helper
 * `$this->requestBody(1)['extra']`), directly or through a variable that holds it (`body = json.loads(…)` then
 * `body["detail"]`): a removed request field read there is one the client still sends. The resource is the one the
 * function works on: the URL its stub is given or the endpoint functions of the run it calls (exactly one resource);
 * a function that stubs another host, or two resources, tells nothing.
 */
const SENT = /\brequests?\b(?:\s*\[[^\]]*\])?\s*(?:\.|->|\[\s*['"])\s*(?:content|body|data|json)\b['"]?\s*\]?(?:\s*\(\s*\))?\s*\)?\s*(?:\[\s*['"]|\.\s*)(\w+)/g;
/**
 * A test helper that answers the body sent (`requestBody(1)`, `lastBody()`), then a key of it. One given a method
 * or URL (`sent_json(stub, "POST", DESK + "tickets/")`) says which request it means: NAMED_HELPER reads it.
 */
const HELPER = /\b(?:last|sent|request|recorded|captured)_?(?:request_?)?(?:body|json|payload)\s*\([^()'"]*\)\s*\[\s*['"](\w+)/gi;
/**
 * The body a stub recorded, as the stub libraries give it: Symfony's `$response->getRequestOptions()['body']`,
 * OkHttp's `server.takeRequest().body.readUtf8()` (Java's `getBody().readUtf8()`).
 */
const RECORDED = String.raw`(?:\bget)?RequestOptions\s*\(\s*\)\s*\[\s*['"]body['"]\s*\]|\btakeRequest\s*\([^()]*\)\s*!?!?\.\s*(?:body|getBody\s*\(\s*\))\s*\.\s*(?:readUtf8|utf8)\s*\(\s*\)`;
/**
 * A helper that answers the last request recorded, then its body (`$this->last_request()['body']`,
 * `lastRequest().body`, `recorded_request(1)->json`, a unittest case's `self.sent().data`), then a key of it.
 */
const REQUEST_THEN_BODY = String.raw`\b(?:(?:last|sent|recorded|captured)_?request|sent|recorded|captured)\s*\([^()'"]*\)\s*(?:\[\s*['"](?:body|json|data|payload)['"]\s*\]|(?:\.|->)\s*(?:body|json|data|payload)\b(?:\s*\(\s*\))?)`;
const REQUEST_BODY_KEY = new RegExp(`${REQUEST_THEN_BODY}(?:\\s*,\\s*(?:true|associative\\s*:\\s*true))?\\s*\\)?\\s*(?:\\[\\s*['"]|\\.\\s*|->\\s*)(\\w+)`, 'gi');
/** The whole sent body, as a variable's value: the same reads without a key after them. */
const WHOLE = new RegExp(String.raw`(?:${REQUEST_THEN_BODY}\s*\)?|\brequests?\b(?:\s*\[[^\]]*\])?\s*(?:\.|->|\[\s*['"])\s*(?:content|body|data|json)\b['"]?\s*\]?(?:\s*\(\s*\))?\s*\)?|\b(?:last|sent|request|recorded|captured)_?(?:request_?)?(?:body|json|payload)\s*\([^()'"]*\)|(?:${RECORDED})\s*(?:,\s*(?:true|associative\s*:\s*true)\s*)?\)?)\s*$`, 'i');
/**
 * In a test file, the request a stub library recorded, as PSR-7 and Yii give it: Guzzle's history
 * (`$this->history[0]['request']->getBody()`, or `$request->getBody()` of a variable holding it), a test's own list of
 * the requests sent (`$this->sent[1]->getData()`), optionally decoded (`json_decode((string) …, true)`). Outside tests
 * `$request->getBody()` is the app's own incoming request: never read there.
 */
const RECORDED_PSR = String.raw`\b(?:requests?|history|sent|recorded|captured)\b(?:\s*\[[^\]]*\])*\s*(?:\.|->)\s*get(?:Body|Data|Content|Json)\s*\(\s*\)(?:\s*,\s*(?:true|associative\s*:\s*true))?\s*\)?`;
const PSR_KEY = new RegExp(`${RECORDED_PSR}\\s*\\[\\s*['"](\\w+)`, 'g');
const PSR_WHOLE = new RegExp(`${RECORDED_PSR}\\s*$`);
/**
 * Lua: a test's own list of the requests its stub captured (`calls[1].body.extra`, `requests[#requests].body.detail`)
 * and a helper answering the body sent (`http:lastBody().extra`) or the request recorded last (`stub.last().body.extra`),
 * a key read with a dot.
 */
const LUA_SENT = /\b(?:calls|requests?|sent|captured|recorded)\s*\[[^\]]*\]\s*\.\s*body\s*\.\s*(\w+)|\b(?:last|sent|recorded|captured)_?(?:request_?)?(?:body|json|payload)\s*\(\s*\)\s*\.\s*(?!\w+\s*\()(\w+)|\b(?:last|sent|recorded|captured)(?:_?request)?\s*\(\s*\)\s*\.\s*body\s*\.\s*(\w+)/gi;
/** A test's file: its folder or its name says so (`tests/`, `FooTest.php`, `foo_test.go`, `foo.spec.ts`). */
const TEST_FILE = /(?:^|[\\/])(?:tests?|spec|__tests__)[\\/]|(?:Test|Tests|Spec)\.\w+$|[._-](?:test|spec)\.\w+$/;
const inTest = (ctx: Ctx) => !!ctx.filePath && TEST_FILE.test(ctx.filePath);
/** A Lua spec's whole captured body (`calls[1].body`, `stub.last().body`). */
const LUA_WHOLE = /\b(?:calls|requests?|sent|captured|recorded)\s*\[[^\]]*\]\s*\.\s*body\s*$|\b(?:last|sent|recorded|captured)(?:_?request)?\s*\(\s*\)\s*\.\s*body\s*$/i;
/** The whole sent body, in this file: `WHOLE`, and in a test the recorded PSR-7/Yii request's (a Lua spec's captured one). */
const whole = (ctx: Ctx, text: string) => WHOLE.test(text) || (inTest(ctx) && (PSR_WHOLE.test(text) || (ctx.file.spec.id === 'lua' && LUA_WHOLE.test(text))));

/** A sent body read somewhere in an expression (`server.takeRequest().body.readUtf8() shouldContain "…"`). */
const RECORDED_IN = new RegExp(RECORDED, 'i');

/** The same helpers given the method and URL of the request they answer (`sent_json(mocked, "POST", url)`), then a key. */
const NAMED_HELPER = /\b((?:last|sent|request|recorded|captured)_?(?:request_?)?(?:body|json|payload))\s*\([^()]*\)\s*\[\s*['"](\w+)/gi;

/**
 * The one resource a helper's arguments name: a URL literal of it among them, or a variable of the function that
 * holds one (`url = BASE + "complaints/"`); null for another host's URL, or none.
 */
function namedRequest(ctx: Ctx, args: SgNode[]): ResourceName | null {
  const { file } = ctx;
  const out = new Set<ResourceName>();
  for (const a of args) {
    // A variable: the value it was last given before the call (each test function has its own `url`).
    const d = /^\w+$/.test(a.text()) ? file.declsOf(a.text(), a).filter((x) => x.init && span(x.node).end <= span(a).start).pop() : undefined;
    for (const r of file.resourcesIn(d?.init ?? a)) out.add(r.resource);
  }
  return out.size === 1 ? [...out][0]! : null;
}

const sameSpan = (a: SgNode, b: SgNode) => span(a).start === span(b).start && span(a).end === span(b).end;

export function sentReads(ctx: Ctx): void {
  const { file } = ctx;
  const kinds = new Set(file.spec.chainKinds);
  for (const node of file.within(file.root, file.spec.chainKinds)) {
    const parent = node.parent();
    if (parent && kinds.has(parent.kind() as string) && span(parent).start === span(node).start) continue;
    const text = node.text();
    const psr = inTest(ctx) ? [...text.matchAll(PSR_KEY)] : [];
    for (const m of [...text.matchAll(SENT), ...text.matchAll(HELPER), ...text.matchAll(REQUEST_BODY_KEY), ...psr]) report(ctx, node, span(node).start + m.index! + m[0].length - m[1]!.length, m[1]!);
    for (const m of file.spec.id === 'lua' && inTest(ctx) ? text.matchAll(LUA_SENT) : []) {
      const key = (m[1] ?? m[2] ?? m[3])!;
      report(ctx, node, span(node).start + m.index! + m[0].length - key.length, key);
    }
    // `sent_json(mocked, "POST", url)["extra"]`: the request its arguments name, when they name one of the API's resources.
    for (const m of text.matchAll(NAMED_HELPER)) {
      const call = file.x.calls.find((c) => span(c.node).start === span(node).start + m.index! && c.callee === m[1]);
      const resource = call ? namedRequest(ctx, call.args) : null;
      if (resource) report(ctx, node, span(node).start + m.index! + m[0].length - m[2]!.length, m[2]!, file.scopeOf(node), resource);
    }
  }
  // `takeRequest().body.readUtf8() shouldContain "\"extra\":\"x\""`: JSON text of a key, matched against the body sent.
  for (const lit of file.lits) {
    if (!/\\?"\w+\\?"\s*:/.test(lit.text)) continue;
    let n: SgNode | null = lit.node;
    for (let i = 0; n && i < 4 && !RECORDED_IN.test(n.text()); i++) n = n.parent();
    if (!n || n.text().includes('\n') || !RECORDED_IN.test(n.text())) continue;
    const raw = file.source.slice(lit.start, lit.end);
    for (const m of raw.matchAll(/\\?"(\w+)\\?"\s*:/g)) report(ctx, lit.node, lit.start + m.index! + m[0].indexOf(m[1]!), m[1]!, file.scopeOf(lit.node), undefined, true);
  }
  // `body = json.loads(route.calls.last.request.content)`, then `body["detail"]` in the same function.
  for (const d of file.x.decls) {
    if (!d.init || !whole(ctx, d.init.text()) || !/^\$?\w+$/.test(d.name)) continue;
    const scope = file.scopeOf(d.node);
    if (scope === file.root) continue;
    const at = span(scope);
    const body = file.source.slice(span(d.node).end, at.end);
    // PHP's `$body['extra']`: the variable's `$` before its name.
    const read = new RegExp(`(?<![\\w$])\\$?${escapeRe(d.name.replace(/^\$/, ''))}\\s*\\[\\s*['"](\\w+)['"]\\s*\\]`, 'g');
    // Lua's `body.detail` as well.
    const dotted = file.spec.id === 'lua' ? [...body.matchAll(new RegExp(`(?<![\\w.:])${escapeRe(d.name)}\\s*\\.\\s*(\\w+)\\b(?!\\s*[(=])`, 'g'))] : [];
    for (const m of dotted) report(ctx, d.node, span(d.node).end + m.index! + m[0].length - m[1]!.length, m[1]!, scope);
    for (const m of body.matchAll(read)) {
      const start = span(d.node).end + m.index! + m[0].indexOf(m[1]!, m[0].indexOf('['));
      report(ctx, d.node, start, m[1]!, scope);
    }
  }
}

/**
 * `named`: the resource a helper's arguments name. `byKey`: a key written out in JSON text, in a function that may
 * work on several resources (a test that creates a complaint, then an intent): the one resource whose request has
 * that field removed.
 */
function report(ctx: Ctx, node: SgNode, start: number, key: string, scope = ctx.file.scopeOf(node), named?: ResourceName, byKey = false): void {
  const { file, vocab, out } = ctx;
  const k = norm(key);
  if (!vocab.fieldNames.has(k) || (scope === file.root && !named)) return;
  let resources = [...(named ? new Set([named]) : resourcesOf(ctx, scope))].filter((r) => !byKey || vocab.fields(r, [k], 'request').length > 0);
  // The last request's body (`$this->last_request()['body']`, `body = lastRequest().json`): the request of the last
  // endpoint the function called before reading it, in a test that performs several.
  if (resources.length > 1 && !named && LAST.test(file.source.slice(span(node).start, start))) {
    const last = lastEndpointBefore(ctx, scope, span(node).start);
    resources = last ? [last] : resources;
  }
  // A test that performs several requests (a complaint, then an intent): the one whose request has that field at all,
  // when the catalogue names the field for none of the others (an answer's `extra` stays in v2).
  if (resources.length > 1) {
    const having = resources.filter((r) => vocab.fields(r, [k], 'request').length > 0);
    if (having.length === 1 && !resources.some((r) => r !== having[0] && namesField(r, k))) resources = having;
  }
  if (resources.length !== 1) return;
  const site = vocab.fields(resources[0]!, [k], 'request')[0];
  if (!site || !out.has(site.change.id)) return;
  out.manual(site.change.id, start, start + key.length, site.message, { anchor: start, subject: key });
}

/** Whether a rule of the catalogue names a field of a resource (`field-relaxed` on a question's answer `extra` too). */
function namesField(resource: ResourceName, field: string): boolean {
  return catalogue.some((c) => c.rules.some((r) => 'resource' in r && r.resource === resource && JSON.stringify(r).includes(`"${field}"`)));
}

/** A read of the last request sent (`last_request()`, `lastRequest`, `requests.last`). */
const LAST = /\blast_?request|\brequests?\s*(?:\.|->)\s*last\b/i;

/** The resource of the last call of one of the run's endpoints in a function before an offset. */
function lastEndpointBefore(ctx: Ctx, scope: SgNode, before: number): ResourceName | null {
  let best: { at: number; resource: ResourceName } | null = null;
  for (const c of ctx.file.x.calls) {
    const at = span(c.node).start;
    if (!encloses(scope, c.node) || span(c.node).end > before || (best && at < best.at)) continue;
    const e = endpointOfCall(ctx.index, c);
    if (e) best = { at, resource: e.resource };
  }
  return best?.resource ?? null;
}

/** The resources a function works on: its URLs, and the endpoints of the run's index it calls. */
function resourcesOf(ctx: Ctx, scope: SgNode): Set<ResourceName> {
  const { file, index } = ctx;
  const out = new Set(file.resourcesIn(scope).map((r) => r.resource));
  for (const c of file.x.calls) {
    if (!encloses(scope, c.node)) continue;
    const e = endpointOfCall(index, c);
    if (e) out.add(e.resource);
  }
  return out;
}

/**
 * The resource a literal is the expected body of (`assert json.loads(route.calls.last.request.content) == {"mode":
 * "safe"}`, `$this->assertSame(['mode' => 'triage'], $this->requestBody(1))`): compared with the whole body the client
 * sent, in a function that works on one resource.
 */
export function expectedSentBody(ctx: Ctx, literal: SgNode): ResourceName | null {
  const { file } = ctx;
  const at = span(literal);
  const same = (n: SgNode) => span(n).start === at.start && span(n).end === at.end;
  const sent = (n: SgNode) => whole(ctx, n.text()) && !n.text().includes('\n');
  // `sent_json(mocked, "PUT", url) == {"mode": "triage"}`: the request the helper's arguments name.
  const named = (n: SgNode) => {
    const c = file.x.calls.find((x) => sameSpan(x.node, n) && new RegExp(`^${NAMED_HELPER.source}$`, 'i').test(`${x.node.text()}["_`));
    return c ? namedRequest(ctx, c.args) : null;
  };
  const cmp = file.x.compares.find((c) => c.sides.length === 2 && c.sides.some(same) && c.sides.some((s) => !same(s) && (sent(s) || named(s))));
  const call = cmp ? null : file.x.calls.find((c) => ASSERT.test(c.callee) && c.args.some(same) && c.args.some((a) => !same(a) && (sent(a) || named(a))));
  if (!cmp && !call) return null;
  const byArgs = [...(cmp?.sides ?? call!.args)].filter((n) => !same(n)).map(named).find((r) => r);
  if (byArgs) return byArgs;
  const scope = file.scopeOf(literal);
  const resources = scope === file.root ? new Set<ResourceName>() : resourcesOf(ctx, scope);
  return resources.size === 1 ? [...resources][0]! : null;
}

/** Equality assertions of the test frameworks (`assertSame`, `assertEquals`, `assertEqual`, `XCTAssertEqual`, busted's `assert.same`). */
const ASSERT = /^(?:assert_?(?:same|equals?|equal)|XCTAssertEqual|Equal|AreEqual|same)$/i;
