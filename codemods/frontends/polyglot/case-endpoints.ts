import type { SgNode } from '@ast-grep/napi';
import { api, type Operation } from '../../../catalogue';
import type { PolyFile } from './file';
import { encloses } from './context';
import { calleeName, type Endpoint, type PolyFunction } from './project';
import type { Call } from './lang';
import { ownerEndpoint } from './owner-endpoints';
import { passedMethods } from './function-facts';

/**
 * Endpoints written as the cases of an enum (Swift's `enum Endpoint { case createInterview(Body) … var path: String {
 * switch self { case .createInterview: return "interviews/anonymous/" … } } }`, Kotlin's `when (this)`): each case
 * whose entries of a `switch self` hold one resource's path is an endpoint named `.case`, with the operation the
 * HTTP method its entries name says (`case .updateInterview, .answerQuestion: return "PUT"`). A client's
 * `send(.createInterview(body))` or `Endpoint.createInterview(body)` calls it (see caseCallees).
 */
export function caseEndpoints(file: PolyFile, operationOf: (text: string) => Operation | null): PolyFunction[] {
  const out = new Map<string, { resources: PolyFunction['resources']; ops: Set<Operation | null> }>();
  for (const type of file.x.types) {
    if (type.cases.length === 0) continue;
    const names = new Set(type.cases.map((c) => c.name));
    const perCase = new Map<string, { texts: string[]; entries: SgNode[] }>();
    const bodies = [type.node, ...extensionsOf(file, type.name)];
    for (const cmp of file.x.compares) {
      const [subject, pattern] = cmp.sides;
      if (!subject || !pattern || !SELF.test(subject.text().trim()) || !bodies.some((b) => encloses(b, cmp.node))) continue;
      const name = PATTERN.exec(pattern.text().trim())?.[1];
      const entry = entryOf(cmp.node);
      if (!name || !names.has(name) || !entry) continue;
      const c = perCase.get(name) ?? { texts: [], entries: [] };
      c.texts.push(entry.text());
      c.entries.push(entry);
      perCase.set(name, c);
    }
    for (const [name, c] of perCase) {
      const refs = c.entries.flatMap((e) => file.resourcesIn(e));
      if (refs.length === 0 || new Set(refs.map((r) => r.resource)).size !== 1) continue;
      const create = refs.some((r) => r.resource === file.vocab.modeResource && r.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, '')));
      const ops = new Set(c.texts.map((t) => operationOf(t)).filter((o) => o !== null));
      const op: Operation | null = create ? 'create' : ops.size === 1 ? [...ops][0]! : null;
      out.set(`.${name}`, { resources: [{ resource: refs[0]!.resource, op }], ops });
    }
  }
  return [...out].map(([name, e]) => ({ name, resources: e.resources, callees: [], returns: null }));
}

/** The names under which a call may address an enum case's endpoint: `.createInterview(body)`, `Endpoint.readResult(token: t)`. */
export function caseCallees(file: PolyFile): Map<SgNode, string> {
  const out = new Map<SgNode, string>();
  for (const call of file.x.calls) {
    if (CASE_CALL.test(call.node.text().trim())) out.set(call.node, `.${call.callee}`);
  }
  return out;
}

/**
 * The endpoint of the enum case whose arm of a `switch self` holds a node (`case let .createComplaint(i, t, extra):
 * return ["interview": i, "extra": extra]` in a router's `parameters`), with the arm's pattern.
 */
export function caseArm(file: PolyFile, index: { endpoint(name: string): Endpoint | null }, n: SgNode): { endpoint: Endpoint; pattern: SgNode; entry: SgNode } | null {
  for (const cmp of file.x.compares) {
    const [subject, pattern] = cmp.sides;
    if (!subject || !pattern || !SELF.test(subject.text().trim())) continue;
    const entry = entryOf(cmp.node);
    if (!entry || !encloses(entry, n)) continue;
    const name = PATTERN.exec(pattern.text().trim().replace(/^(?:let|var)\s+/, ''))?.[1];
    const endpoint = name ? index.endpoint(`.${name}`) : null;
    if (endpoint) return { endpoint, pattern, entry };
  }
  return null;
}

/**
 * A Swift type's extensions in the same file (`extension Api: TargetType { var path: String { switch self { … } } }`,
 * Moya's shape): their `switch self` gives the enum's cases their paths as the enum's own body would.
 */
function extensionsOf(file: PolyFile, name: string): SgNode[] {
  if (file.spec.id !== 'swift') return [];
  return file.root
    .findAll({ rule: { kind: 'class_declaration' } })
    .filter((n) => n.children()[0]?.text() === 'extension' && n.children().find((c) => c.kind() === 'user_type')?.text() === name);
}

/** `self` (Swift), `this` (Kotlin). */
const SELF = /^(?:self|this)$/;
/** `.createIntent(let t, _)`, `is ReadResult`, `Endpoint.ReadResult`: the case's name. */
const PATTERN = /^(?:is\s+)?(?:[A-Z]\w*)?\.?([A-Za-z_]\w*)/;

/** The entry of a switch a pattern belongs to: the pattern with its body. */
function entryOf(n: SgNode): SgNode | null {
  for (let p: SgNode | null = n, i = 0; p && i < 3; p = p.parent(), i++) if (/^(switch_entry|when_entry|switch_rule|switch_block_statement_group)$/.test(p.kind() as string)) return p;
  return null;
}

/**
 * The endpoint a call addresses: a function of the run by its name, an enum case's endpoint (`.updateInterview(token: t,
 * body: b)`), or the one endpoint it is handed to run (`call(request.buoy.add_intent, t, detail=d)`, `deferToThread(…)`).
 */
export function endpointOfCall(index: { endpoint(name: string): Endpoint | null }, call: Call): Endpoint | null {
  const own = index.endpoint(calleeName(call)) ?? ownerEndpoint(index, call);
  if (own) return own;
  const text = call.node.text().trim();
  if (CASE_CALL.test(text)) return index.endpoint(`.${call.callee}`);
  const run = passedMethods(call.args).map((n) => index.endpoint(n)).filter((e): e is Endpoint => !!e);
  return run.length === 1 ? run[0]! : null;
}

/** `.createInterview(…)`, `Endpoint.readResult(…)`. */
const CASE_CALL = /^(?:[A-Z]\w*)?\.[A-Za-z_]\w*\s*\(/;
