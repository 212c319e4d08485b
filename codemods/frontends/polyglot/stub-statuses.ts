import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { encloses, type Ctx } from './context';
import { keyedStub } from './keyed-answers';
import { answerBuilders, pairStatus } from './canned-answers';
import { span, type Call } from './lang';
import type { StatusSite } from './vocabulary';

/**
 * Test doubles routed by method and path that answer a status (respx's `api.put(f"/interviews/{t}/").respond(202)`,
 * `mock.onPut('/interviews/t-1/').reply(202)`, WireMock's `put(urlEqualTo(…)).willReturn(aResponse().withStatus(202))`): the method
 * and the resource's path say the operation, so the old status of a rule of that operation is a site (the stub
 * answers what v2 no longer answers there). A stub on another resource, or by another method, stays.
 */
export function routedStubStatuses(ctx: Ctx, report: (site: StatusSite, n: SgNode) => void): void {
  const { file, vocab } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  for (const call of file.x.calls) {
    const routed = routedBy(ctx, call, codes) ?? methodArgs(ctx, call, codes) ?? keyedBy(ctx, call, codes);
    if (!routed) continue;
    const { code, method, path, first } = routed;
    const refs = file.resourcesIn(path);
    if (refs.length !== 1) continue;
    const { resource, rest } = refs[0]!;
    // Interviews are created at their create path; a PUT or PATCH of one interview updates it (its mode).
    const create = rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
    // Keyed by its URL alone (no method): the interview's create path is its creation, one interview's its update.
    const op = method ? api.methodOperations[method] : resource === vocab.modeResource ? (create ? 'create' : 'update') : null;
    if (!op) continue;
    if (resource === vocab.modeResource && (op === 'create') !== create) continue;
    for (const site of vocab.statuses) {
      const same = site.rule.operation === op || (site.rule.operation === 'mode-update' && op === 'update');
      if (site.rule.from === code && site.rule.resource === resource && same) report(site, first);
    }
  }
}

interface Routed {
  code: number;
  /** Null for a stub keyed by its URL alone. */
  method: string | null;
  path: SgNode;
  /** The status argument. */
  first: SgNode;
}

/**
 * A canned answer keyed by the URL it answers (Laravel's `Http::fake(['…/interviews/int-1/' => Http::response([…], 202)])`):
 * the status given to the response helper after its body, the key its path.
 */
function keyedBy(ctx: Ctx, call: Call, codes: Set<number>): Routed | null {
  const first = call.args.slice(1).find((a) => /^\d{3}$/.test(a.text().trim()));
  if (!first || !codes.has(Number(first.text().trim())) || !call.args[0]) return null;
  const key = keyedStub(ctx, call.args[0]);
  return key ? { code: Number(first.text().trim()), method: null, path: key.node, first } : null;
}

/** `api.put(path).respond(202)`: the status its answer gives, the method and path of the route it is chained to. */
function routedBy(ctx: Ctx, call: Call, codes: Set<number>): Routed | null {
  const first = call.args[0];
  if (!first || !/^\d{3}$/.test(first.text().trim()) || !codes.has(Number(first.text().trim()))) return null;
  const route = routeOf(ctx, call);
  if (!route || route.args.length === 0) return null;
  return { code: Number(first.text().trim()), method: ROUTE.exec(route.callee)![1]!.toUpperCase(), path: route.args[0]!, first };
}

/**
 * A test helper given the method, the path and the status in one call (`$this->route('PUT', self::BASE .
 * 'interviews/int-1/', 202, [])`, `stub("POST", url, 400, body)`, `fake_response(:put, path, 202)`): the method
 * written as its name first, the path next, the status a bare number after them.
 */
function methodArgs(ctx: Ctx, call: Call, codes: Set<number>): Routed | null {
  // The stub server may come first (Bypass's `expect_once(bypass, "PUT", path, fn conn -> … end)`).
  const at = call.args.findIndex((a, i) => i < 2 && /^:?["'`]?(?:post|put|patch)["'`]?$/i.test(a.text().trim()));
  const [m, path, ...rest] = at < 0 ? [] : call.args.slice(at);
  const method = m ? /^:?["'`]?(post|put|patch)["'`]?$/i.exec(m.text().trim())?.[1] : undefined;
  if (!method || !path) return null;
  const first = rest.find((a) => /^\d{3}$/.test(a.text().trim())) ?? answeredStatus(ctx, rest);
  if (!first || !codes.has(Number(first.text().trim()))) return null;
  return { code: Number(first.text().trim()), method: method.toUpperCase(), path, first };
}

/**
 * The status a stub's callback answers with (`fn conn -> Plug.Conn.resp(conn, 202, body) end`): a bare status
 * given to a call inside a lambda among the arguments.
 */
function answeredStatus(ctx: Ctx, args: SgNode[]): SgNode | undefined {
  const lambdas = ctx.file.spec.lambdas?.kinds ?? [];
  for (const fn of args.filter((a) => lambdas.includes(a.kind() as string))) {
    const inner = ctx.file.x.calls.filter((c) => encloses(fn, c.node));
    for (const c of inner) {
      const code = c.args.find((a) => /^\d{3}$/.test(a.text().trim()));
      if (code) return code;
    }
  }
  return undefined;
}

/**
 * The route a stub's answer is chained to: a call by an HTTP method's name that starts the chain the answer is in
 * (`api.put(path)` in `api.put(path).respond(…)`, WireMock's `put(urlEqualTo(path))` in
 * `put(urlEqualTo(path)).willReturn(aResponse().withStatus(…))`); the nearest one.
 */
function routeOf(ctx: Ctx, call: Call): Call | undefined {
  const { calls } = ctx.file.x;
  const first = span(call.args[0]!).start;
  const chainOf = (r: Call) => calls.filter((c) => span(c.node).start === span(r.node).start).reduce((a, b) => (span(b.node).end > span(a.node).end ? b : a), r);
  return calls
    .filter((r) => r !== call && ROUTE.test(r.callee) && span(r.node).end < first && span(r.node).start <= span(call.node).start && encloses(chainOf(r).node, call.node))
    .sort((a, b) => span(b.node).start - span(a.node).start)[0];
}

/** Route calls named for an HTTP method: `put`, `onPut`, `stubPut`, `mock_put`. */
const ROUTE = /^(?:on|stub|mock|when|expect)?_?(post|put|patch)$/i;

/**
 * Responses queued for the client under test (Guzzle's `$mock->append(new Response(400))`, a helper's
 * `$this->queue(202, 'fixture.json')`, `httpx.Response(202)`, wiremock-rs's `ResponseTemplate::new(202)`, a fake
 * handler's `Respond(HttpStatusCode.BadRequest, …)` with the status named, a `(202, {…})` pair) in a function that itself performs the rule's
 * operation (`$this->client()->createInterview(…)`): the old status answers that operation. Only the function's own
 * body counts: another test of the file may perform it.
 */
export function queuedStubStatuses(ctx: Ctx, statusOf: (n: SgNode) => number | null, performsHere: (scope: SgNode, site: StatusSite) => boolean, report: (site: StatusSite, n: SgNode) => void): void {
  const { file, vocab } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  const lambdas = new Set(file.spec.lambdas?.kinds ?? []);
  for (const call of file.x.calls) {
    const first = call.args[0];
    // Or the test's own helper that builds one (`$this->json(400, [...])` returning `new Response(…)`: canned-answers.ts).
    let code = first && (QUEUED.test(call.callee) || BUILT.test(call.node.text()) || answerBuilders(file).has(call.callee)) ? statusOf(first) : null;
    let arg: SgNode | undefined = first;
    // A test helper building the double's answer or error with the status after other arguments
    // (`fake_response(None, 202)`, `http_error(400, body)`, urllib's `HTTPError(url, 400, msg, hdrs, fp)`).
    // Only given to a double: its answer (`urlopen.return_value = …`, `thenThrow(…)`, a `thenAnswer` callback), not
    // the app's own error answer (`wp_send_json_error($data, 400)`).
    if (code === null && HELPER.test(call.callee) && givenToDouble(ctx, call.node)) {
      arg = call.args.find((a) => /^\d{3}$/.test(a.text().trim()));
      code = arg ? Number(arg.text().trim()) : null;
    }
    // A (status, body) pair handed to the double (`make_client((202, {"msg": …}))`, `FakeHTTP((400, {…}))`).
    const paired = code === null ? call.args.map(pairStatus).find(Boolean) : undefined;
    if (paired) {
      arg = paired;
      code = Number(paired.text());
    }
    if (code === null || !codes.has(code) || !arg) continue;
    // The answer given from a callback (`thenAnswer((_) async => _response(400))`, `side_effect=lambda *a: …`)
    // answers the test around it.
    let scope = file.scopeOf(call.node);
    while (scope !== file.root && lambdas.has(scope.kind() as string) && answering(ctx, scope)) scope = file.scopeOf(scope);
    // A routed stub's answer is its route's (routedStubStatuses).
    if (scope === file.root || routeOf(ctx, call)) continue;
    for (const site of vocab.statuses) if (site.rule.from === code && performsHere(scope, site)) report(site, arg);
  }
}

/** A double's answer given by assignment or keyword: `side_effect`, `return_value`, `mock_return`, `returnValue`. */
const DOUBLE_SLOT = /(?:side_?effect|return_?value)\s*=\s*(?:lambda\b[^:\n]*:\s*)?$/i;

/** Whether a built answer is given to a test double: assigned to its answer, an argument of its answering call, or returned by an answering callback. */
function givenToDouble(ctx: Ctx, node: SgNode): boolean {
  const { file } = ctx;
  const at = span(node);
  if (DOUBLE_SLOT.test(file.source.slice(file.source.lastIndexOf('\n', at.start - 1) + 1, at.start))) return true;
  const scope = file.scopeOf(node);
  if (scope !== file.root && file.spec.lambdas?.kinds.includes(scope.kind() as string) && answering(ctx, scope)) return true;
  return answering(ctx, node);
}

/** Whether a node is given to a double's answering call (`thenAnswer(…)`, `thenReturn(…)`, `thenThrow(…)`, `answers { … }`, `doAnswer(…)`). */
function answering(ctx: Ctx, fn: SgNode): boolean {
  const at = span(fn);
  const size = (c: Call) => Math.min(...c.args.filter((a) => span(a).start <= at.start && at.end <= span(a).end).map((a) => span(a).end - span(a).start));
  // The innermost call given it (`thenAnswer`), not the test around it.
  const holder = ctx.file.x.calls.filter((c) => size(c) < Infinity).sort((a, b) => size(a) - size(b))[0];
  return !!holder && /answers?$|returns?$|throws?$|^then\w*|side_?effect|^mock(?:Resolved|Rejected|Return)\w*|^(?:will|and)(?:Return|Throw)\w*/i.test(holder.callee);
}

/** A test helper named for the canned answer or error it builds: `fake_response`, `mockResponse`, `http_error`, `HTTPError`. */
const HELPER = /(?:^|_|[a-z])(?:response|error)$/i;

/** Calls that queue or build a canned response: `queue`, `append`, `push`, `respond`, `reply`, `Response`, `mockResponse`. */
const QUEUED = /^(?:en)?queue\w*$|^(?:append|push|respond|reply)$|Response$/i;

/** A canned response built by its type's constructor function: `ResponseTemplate::new(202)`, `Response.of(400)`. */
const BUILT = /^(?:[A-Z]\w*)?Response\w*\s*(?:::|\.)\s*(?:new|of|with_?status)\s*\(/;

/**
 * Test doubles given the method, the path and the status as arguments of one call (`responses.add(responses.PUT,
 * url, status=202)`, aioresponses' `mocked.put(url, status=202)`, requests-mock's `m.put(url, status_code=202)`,
 * httpretty's `register_uri(httpretty.PUT, url, status=202)`, WebMock's `stub_request(:put, url).to_return(status: 202)`
 * with the method and path in the call the answer is chained to): the method and the resource's path say the operation,
 * so the old status of a rule of that operation is a site. A stub of another host's path or by another method stays.
 */
export function keywordStubStatuses(ctx: Ctx, report: (site: StatusSite, n: SgNode) => void): void {
  const { file, vocab, out } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  for (const pair of file.x.pairs) {
    if (!pair.named || !pair.value || !/^status(?:_?code)?$/i.test(pair.key)) continue;
    const code = Number(pair.value.text().trim());
    if (!/^\d{3}$/.test(pair.value.text().trim()) || !codes.has(code)) continue;
    const call = file.x.calls.find((c) => span(c.node).start === span(pair.container).start && span(c.node).end === span(pair.container).end);
    if (!call) continue;
    // WebMock's `stub_request(:put, url).to_return(status: 202)`: the method and path of the call the answer is chained to.
    const route = methodRoute(ctx, call);
    const positional = (route?.args.slice(1) ?? call.args).filter((a) => !file.x.pairs.some((p) => p.named && span(p.node).start === span(a).start));
    const method = route ? METHOD_ARG.exec(route.args[0]!.text().trim())![1] : (ROUTE.exec(call.callee)?.[1] ?? positional.map((a) => METHOD_ARG.exec(a.text().trim())?.[1]).find(Boolean));
    if (!method) continue;
    const refs = positional.flatMap((a) => file.resourcesIn(a));
    if (refs.length !== 1) continue;
    const { resource, rest } = refs[0]!;
    const op = api.methodOperations[method.toUpperCase()];
    const create = rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
    if (resource === vocab.modeResource && (op === 'create') !== create) continue;
    for (const site of vocab.statuses) {
      const same = site.rule.operation === op || (site.rule.operation === 'mode-update' && op === 'update');
      if (site.rule.from === code && site.rule.resource === resource && same && !out.hasSiteOn(site.change.id, span(pair.value).start)) report(site, pair.value);
    }
  }
}

/**
 * The call a stub's answer is chained to that names the method first and the path next (WebMock's
 * `stub_request(:put, url)` in `stub_request(:put, url).to_return(status: 202)`).
 */
export function methodRoute(ctx: Ctx, call: Call): Call | undefined {
  const first = call.args[0];
  if (!first) return undefined;
  return ctx.file.x.calls.find((r) => r !== call && span(r.node).start === span(call.node).start && span(r.node).end <= span(first).start && r.args.length >= 2 && /^:?["']?(?:get|post|put|patch|delete|any)["']?$/i.test(r.args[0]!.text().trim()));
}

/** A method given as an argument: `responses.PUT`, `httpretty.PUT`, `"PUT"`, `:put`. */
const METHOD_ARG = /^(?:\w+\.)?["':]?(put|patch|post|PUT|PATCH|POST)["']?$/;


/** A routing DSL's path directive (Akka HTTP's `path("interviews" / Segment / "")`, `pathPrefix(…)`). */
const PATH_DIRECTIVE = /^path(?:Prefix)?$/;
/** A method directive under it: `put { … }`, `post(…)`. */
const METHOD_DIRECTIVE = /^(post|put|patch)$/;
/** A test's file: a stub server answers the client under test there (an app's own routes live elsewhere). */
const TEST_FILE = /(?:^|[\\/])(?:tests?|spec|specs|__tests__)[\\/]|(?:Spec|Test|Stub|Fake|Mock)\w*\.\w+$/;

/**
 * A stub server's routes in a routing DSL, in a test (Akka HTTP's `path("interviews" / Segment / "") { _ => put {
 * complete(StatusCodes.Accepted) } }`, `path("interviews" / "anonymous" / "")(post(json(body, StatusCodes.BadRequest)))`):
 * the path directive's segments joined (a matcher such as `Segment` for one segment) say the resource, the method
 * directive inside it the operation, and a status among the arguments of a call under that directive its answer. The old
 * status of a rule of that operation is a site; another resource's route, or another method, stays.
 */
export function dslRouteStatuses(ctx: Ctx, statusOf: (n: SgNode) => number | null, report: (site: StatusSite, n: SgNode) => void): void {
  const { file, vocab } = ctx;
  if (!ctx.filePath || !TEST_FILE.test(ctx.filePath)) return;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  const { calls } = file.x;
  const routes = calls.filter((c) => PATH_DIRECTIVE.test(c.callee) && c.args.length === 1);
  // A directive applied to its inner route (`path(…) { … }`, `path(…)(…)`): the longest call that starts where it starts.
  const applied = (r: Call) => calls.filter((c) => span(c.node).start === span(r.node).start).reduce((a, b) => (span(b.node).end > span(a.node).end ? b : a), r);
  for (const route of routes) {
    const parts = route.args[0]!.text().split(/\s+\/\s+/).map((p) => /^"([^"\\]*)"$/.exec(p.trim())?.[1] ?? (/^[A-Z]\w*$/.test(p.trim()) ? 'x' : null));
    if (parts.some((p) => p === null)) continue;
    const hit = file.addressedResource(parts.join('/'));
    if (!hit) continue;
    const whole = applied(route).node;
    // The nearest path directive around a method directive is its route.
    const inner = routes.filter((r) => r !== route && encloses(whole, r.node));
    for (const m of calls) {
      const method = METHOD_DIRECTIVE.exec(m.callee)?.[1];
      if (!method || !encloses(whole, m.node) || inner.some((r) => encloses(applied(r).node, m.node))) continue;
      const op = api.methodOperations[method.toUpperCase()];
      const create = hit.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
      if (hit.resource === vocab.modeResource && (op === 'create') !== create) continue;
      const within = applied(m).node;
      for (const c of calls) {
        if (c === m || !encloses(within, c.node)) continue;
        for (const a of c.args) {
          const code = statusOf(a);
          if (code === null || !codes.has(code)) continue;
          for (const site of vocab.statuses) {
            const same = site.rule.operation === op || (site.rule.operation === 'mode-update' && op === 'update');
            if (site.rule.from === code && site.rule.resource === hit.resource && same) report(site, a);
          }
        }
      }
    }
  }
}
