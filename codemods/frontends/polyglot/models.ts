import type { ResourceName } from '../../../catalogue';
import type { Endpoint, ModelFacts, PolyFacts } from './project';
import { modelTie } from './ties';
import { norm } from './vocabulary';

/**
 * Model types: those whose name designates a resource, those an endpoint returns, then, over a few rounds, the
 * types a model's fields hold (`triage_explanation: Explanation` makes Explanation a result's explanation).
 * Strong when declared in a file that talks to the API or beside a type one of its endpoints returns.
 */
export function resolveModels(all: readonly PolyFacts[], endpoints: Map<string, Endpoint | null>, sent: ReadonlyMap<string, ResourceName>): Map<string, ModelFacts | null> {
  const returned = new Map<string, ResourceName>(sent);
  for (const e of endpoints.values()) if (e?.returns) returned.set(e.returns, e.resource);
  const declared = new Map<string, Declared | null>();
  // Types a file that talks to the API names (`Router.createComplaint(ComplaintRequest)`, `-> AnyPublisher<Complaint, …>`),
  // or one that calls its endpoints (a view model's `api.createComplaint(…)` beside `parse(response, Complaint.class)`).
  const calls = (f: PolyFacts) => f.functions.some((fn) => fn.callees.some((c) => !!endpoints.get(c)));
  const namedByTied = new Set(all.filter((f) => f.tied || calls(f)).flatMap((f) => f.uses));
  for (const f of all) {
    const strongFile = f.tied || f.types.some((x) => returned.has(x.name));
    for (const t of f.types) {
      // A type named after a resource that a file talking to the API uses is that resource's model, wherever it is declared.
      const strong = strongFile || (namedByTied.has(t.name) && !!modelTie(t.name));
      const d: Declared = { keys: new Map(t.fields.map((x) => [x.name, x.key])), types: new Map(t.fields.filter((x) => x.type).map((x) => [x.name, x.type!])), strong, ...(t.order ? { order: t.order } : {}), ...(t.derived ? { derived: new Map(t.derived.map((x) => [x.name, x.paths])) } : {}) };
      const prev = declared.get(t.name);
      // Declared twice (a Kotlin and a Java model of one API, a nested class): one model while no field maps to two keys.
      declared.set(t.name, prev === undefined ? d : prev && compatible(prev, d) ? merged(prev, d) : null);
    }
  }
  const models = new Map<string, ModelFacts | null>();
  const pinned = new Set<string>();
  for (const [name, d] of declared) {
    const byName = modelTie(name);
    const resource = returned.get(name) ?? byName?.resource;
    if (!d || !resource) continue;
    pinned.add(name);
    models.set(name, { resource, path: byName && byName.resource === resource ? byName.path : [], ...d, pinned: true });
  }
  for (let round = 0; round < 3; round++) {
    for (const m of [...models.values()]) {
      for (const [field, type] of m?.types ?? []) {
        const d = declared.get(type);
        if (!m || !d) continue;
        // A model held by a field of a model the API returns or is sent is the API's too (`InterviewResponse.profile: ProfileDto`).
        const held = pinned.has(type) ? models.get(type) : null;
        if (held && m.strong && !held.strong && held.resource === m.resource) models.set(type, { ...held, strong: true });
        if (pinned.has(type)) continue;
        const path = [...m.path, norm(m.keys.get(field) ?? field)];
        const prev = models.get(type);
        if (prev === undefined) models.set(type, { resource: m.resource, path, ...d, strong: m.strong, pinned: false });
        else if (prev && (prev.resource !== m.resource || prev.path.join('.') !== path.join('.'))) models.set(type, null);
      }
    }
  }
  return models;
}

type Declared = { keys: Map<string, string>; types: Map<string, string>; strong: boolean; order?: string[]; derived?: Map<string, string[][]> };

function compatible(a: Declared, b: Declared): boolean {
  return [...a.keys].every(([k, v]) => !b.keys.has(k) || b.keys.get(k) === v);
}

/** Both declarations' keys; a field's type where they agree on it (`int` and `Int` tell nothing apart). */
function merged(a: Declared, b: Declared): Declared {
  const types = new Map([...a.types, ...b.types]);
  for (const [k, v] of a.types) if (b.types.has(k) && b.types.get(k) !== v) types.delete(k);
  // Two headers that disagree say nothing of which argument is which.
  const order = a.order && b.order && a.order.join() !== b.order.join() ? undefined : a.order ?? b.order;
  const derived = a.derived || b.derived ? new Map([...(a.derived ?? []), ...(b.derived ?? [])]) : undefined;
  return { keys: new Map([...a.keys, ...b.keys]), types, strong: a.strong || b.strong, ...(order ? { order } : {}), ...(derived ? { derived } : {}) };
}
