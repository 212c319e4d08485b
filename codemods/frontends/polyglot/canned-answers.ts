import type { SgNode } from '@ast-grep/napi';
import { namedKids, sameNode, span, type Call } from './lang';
import type { PolyFile } from './file';
import { encloses, type ContainerTie, type Ctx } from './context';
import { endpointOfCall } from './case-endpoints';

/**
 * The bodies of canned answers a test gives its client, tied to the resource of the client's endpoint functions the
 * same test then calls. Valid: `fake_response({"token": "c1", "extra": "dry"})` then `client.create_complaint(…)`;
 * `new Response(201, [...], json_encode(['interview_mode' => true]))` (Guzzle's MockHandler) then
 * `$client->createInterview(…)`; `$this->json(201, ['advice' => …])` where the test class's own `json()` returns a
 * `new Response(…)`. Invalid: an answer followed by endpoints of two resources (whose answer it is is unknown), or a
 * literal given to a call that builds no response (`$this->post('/feedback', ['mode' => …])`). Each answer goes with the
 * endpoints called before the test's next answer.
 */

/**
 * A call named for the canned answer it builds (`fake_response`, `mockResponse`, `json_response`, `new Response`), or
 * a stub told to answer it (`http:respond(201, { … })` of a Lua spec's double).
 */
export const CANNED = /(?:^|_|[a-z])response$|^respond$/i;

/** A serialiser whose first argument is a response's body (`json_encode([…])`, `json.dumps({…})`, `JSON.stringify`). */
const SERIALISE = /^(?:json_encode|jsonencode|encode|dumps|stringify|to_json|tojson|writevalueasstring|serialize)$/i;

/** A helper of the file that builds a canned answer (`private function json(int $status, array $body): Response { return new Response(…); }`). */
export function answerBuilders(file: PolyFile): Set<string> {
  let names = memo.get(file);
  if (names) return names;
  names = new Set<string>();
  memo.set(file, names);
  const calls = file.callSpans();
  for (const fn of file.functions()) {
    if (!fn.name || CANNED.test(fn.name)) continue;
    if (calls.some((c) => c.start >= fn.start && c.end <= fn.end && CANNED.test(c.call.callee))) names.add(fn.name);
  }
  return names;
}
const memo = new WeakMap<PolyFile, Set<string>>();

/**
 * A body written after its status in a pair (`(201, {"extra": …})`, `[200, '{"advice": …}']`): the pair is the canned
 * answer, whatever the call it is handed to is named (`make_client((202, {…}))`, `FakeHTTP(…)`).
 */
function statusPair(container: SgNode): SgNode | null {
  const pair = container.parent();
  return pair && pairStatus(pair) && namedKids(pair).slice(1).some((i) => sameNode(i, container)) ? pair : null;
}

/** The status of a (status, body) pair: its first item, a three-digit number followed by at least one more. */
export function pairStatus(pair: SgNode): SgNode | null {
  if (!/^(?:tuple|list|array)$/.test(pair.kind() as string)) return null;
  const items = namedKids(pair);
  return items.length >= 2 && /^[1-5]\d\d$/.test(items[0]!.text()) ? items[0]! : null;
}

/** The canned answer's call whose argument (or whose argument's serialiser's first argument) is the literal. */
function holderOf(file: PolyFile, container: SgNode): Call | null {
  const pair = statusPair(container);
  for (const c of file.x.calls) {
    if (c.args.length === 0) continue;
    if (pair && c.args.some((a) => sameNode(a, pair))) return c;
    const given = c.args.some((a) => sameNode(a, container) || serialised(file, a, container));
    if (!given) continue;
    if (CANNED.test(c.callee)) return c;
    if (answerBuilders(file).has(c.callee)) return c;
  }
  return null;
}

function serialised(file: PolyFile, arg: SgNode, container: SgNode): boolean {
  if (!encloses(arg, container)) return false;
  const s = file.x.calls.find((c) => sameNode(c.node, arg) || (encloses(arg, c.node) && span(c.node).start === span(arg).start && span(c.node).end === span(arg).end));
  return !!s && SERIALISE.test(s.callee) && s.args.length > 0 && sameNode(s.args[0]!, container);
}

/**
 * The body of a canned answer, in a test function that then calls the run's endpoint functions of exactly one
 * resource, whose answer it is.
 */
export function cannedAnswer(ctx: Ctx, container: SgNode, scope: SgNode): ContainerTie | null {
  const { file } = ctx;
  if (scope === file.root) return null;
  const holder = holderOf(file, container);
  if (!holder || !encloses(scope, holder.node)) return null;
  const after = span(holder.node).end;
  // The test's next answer: the endpoints called before it are the ones this answer is for
  // (`append(json(201, …)); createInterview(…); append(json(200, …)); getResult(…)`).
  const next = file.x.calls.find((c) => (CANNED.test(c.callee) || answerBuilders(file).has(c.callee)) && encloses(scope, c.node) && span(c.node).start >= after);
  const until = next ? span(next.node).start : Infinity;
  const of = (from: number, to: number) => {
    const resources = new Set<string>();
    let first: ContainerTie | null = null;
    for (const c of file.x.calls) {
      const at = span(c.node).start;
      if (!encloses(scope, c.node) || at < from || at >= to) continue;
      const e = endpointOfCall(ctx.index, c);
      if (!e) continue;
      resources.add(e.resource);
      first ??= { resource: e.resource, path: [], via: 'index', sent: false, stub: true };
    }
    return { resources, first };
  };
  const own = of(after, until);
  // Answers queued one after another, then the calls: only when every call after them is of one resource.
  const seen = own.resources.size > 0 ? own : of(after, Infinity);
  return seen.resources.size === 1 ? seen.first : queuedInOrder(ctx, holder, scope);
}

/**
 * Answers queued together, then as many endpoint calls of the run (`new MockHandler([new Response(201, …), new
 * Response(201, …)])`, then `createComplaint(…)` and `createIntent(…)`): the k-th answer is the k-th call's. Any other
 * count tells nothing.
 */
function queuedInOrder(ctx: Ctx, holder: Call, scope: SgNode): ContainerTie | null {
  const { file } = ctx;
  const builds = (c: Call) => CANNED.test(c.callee) || answerBuilders(file).has(c.callee);
  const inScope = file.x.calls.filter((c) => encloses(scope, c.node));
  // The innermost (`makeClient([$this->response(…), …])` holds two answers, not one).
  const answers = inScope.filter((c) => builds(c) && !inScope.some((o) => o !== c && builds(o) && encloses(c.node, o.node) && !sameNode(o.node, c.node)));
  const events: { at: number; call: Call; resource?: string }[] = answers.map((c) => ({ at: span(c.node).start, call: c }));
  for (const c of inScope) {
    const e = endpointOfCall(ctx.index, c);
    if (e) events.push({ at: span(c.node).start, call: c, resource: e.resource });
  }
  events.sort((a, b) => a.at - b.at);
  const i = events.findIndex((e) => sameNode(e.call.node, holder.node));
  if (i < 0) return null;
  let from = i;
  while (from > 0 && !events[from - 1]!.resource) from--;
  let to = i;
  while (to + 1 < events.length && !events[to + 1]!.resource) to++;
  const calls: string[] = [];
  for (let j = to + 1; j < events.length && events[j]!.resource; j++) calls.push(events[j]!.resource!);
  const run = to - from + 1;
  if (run < 2 || calls.length !== run) return null;
  return { resource: calls[i - from]! as ContainerTie['resource'], path: [], via: 'index', sent: false, stub: true };
}
