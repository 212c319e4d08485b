import { api, type ResourceName } from '../../../catalogue';
import type { Endpoint, ModelFacts, PolyFacts } from './project';
import { words } from '../../engine/words';
import { modelTie } from './ties';
import { norm } from './vocabulary';

/**
 * Model types: those whose name designates a resource, those an endpoint returns, then, over a few rounds, the
 * types a model's fields hold (`triage_explanation: Explanation` makes Explanation a result's explanation).
 * Strong when declared in a file that talks to the API or beside a type one of its endpoints returns. Names that
 * only look like a model (ownRecords) go to `unlike`.
 */
export function resolveModels(all: readonly PolyFacts[], endpoints: Map<string, Endpoint | null>, sent: ReadonlyMap<string, ResourceName>, unlike = new Set<string>()): Map<string, ModelFacts | null> {
  const returned = new Map<string, ResourceName>(sent);
  // Every resource whose endpoints return a type: `InterviewUpdateResponse` returned by an interview's update and by a question's answer.
  const returnedBy = new Map<string, Set<ResourceName>>();
  for (const e of endpoints.values()) {
    if (!e?.returns) continue;
    returned.set(e.returns, e.resource);
    returnedBy.set(e.returns, (returnedBy.get(e.returns) ?? new Set()).add(e.resource));
  }
  const declared = new Map<string, Declared | null>();
  // Types a file that talks to the API names (`Router.createComplaint(ComplaintRequest)`, `-> AnyPublisher<Complaint, …>`),
  // or one that calls its endpoints (a view model's `api.createComplaint(…)` beside `parse(response, Complaint.class)`).
  const calls = (f: PolyFacts) => f.functions.some((fn) => fn.callees.some((c) => !!endpoints.get(c)));
  const namedByTied = new Set(all.filter((f) => f.tied || calls(f)).flatMap((f) => f.uses));
  // A Go package's files share their names: a type declared beside a file that talks to the API is that file's.
  const tiedPackages = new Set(all.filter((f) => f.tied && f.pkg).map((f) => f.pkg!));
  for (const f of all) {
    const strongFile = f.tied || f.types.some((x) => returned.has(x.name)) || (!!f.pkg && tiedPackages.has(f.pkg));
    for (const t of f.types) {
      // A type named after a resource that a file talking to the API uses is that resource's model, wherever it is declared.
      const strong = strongFile || (namedByTied.has(t.name) && !!modelTie(t.name));
      const d: Declared = { keys: new Map(t.fields.map((x) => [x.name, x.key])), types: new Map(t.fields.filter((x) => x.type).map((x) => [x.name, x.type!])), strong, ...(t.order ? { order: t.order } : {}), ...(t.derived ? { derived: new Map(t.derived.map((x) => [x.name, x.paths])) } : {}), ...(t.selfMapped ? { selfMapped: new Set(t.selfMapped) } : {}) };
      const prev = declared.get(t.name);
      // Declared twice (a Kotlin and a Java model of one API, a nested class): one model while no field maps to two keys.
      declared.set(t.name, prev === undefined ? d : prev && compatible(prev, d) ? merged(prev, d) : null);
    }
  }
  // A field the model is given from the key of its name where it is built (`ModeUpdate(msg=data.get("msg"))`) maps itself too.
  for (const { type, field } of all.flatMap((f) => f.constructedMapped ?? [])) {
    const d = declared.get(type);
    if (d?.keys.has(field)) d.selfMapped = new Set([...(d.selfMapped ?? []), field]);
  }
  const own = ownRecords(declared, returned);
  const models = new Map<string, ModelFacts | null>();
  const pinned = new Set<string>();
  for (const [name, d] of declared) {
    const byName = modelTie(name);
    // Returned by several resources' endpoints, one of them the resource its name designates: that one.
    const resource = byName && returnedBy.get(name)?.has(byName.resource) ? byName.resource : returned.get(name) ?? byName?.resource;
    if (!d || !resource) continue;
    if (own.has(name)) {
      unlike.add(name);
      continue;
    }
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

/**
 * The subjects the run declares a model of under its own name (`Profile`, `ProfileDto`, `InterviewProfile`): beside
 * one, a type whose name qualifies the subject's noun with words of the app (`MemberHealthProfile`) and lacks a key
 * the docs know the subject by (an `AgeYears`, no `age`) is the app's own record, not a second model of the API.
 */
function ownRecords(declared: ReadonlyMap<string, Declared | null>, returned: ReadonlyMap<string, ResourceName>): Set<string> {
  const subjectOf = (name: string) => {
    const t = modelTie(name);
    const s = t ? Object.values(api.subjects).find((x) => x.parent === t.resource && x.keys && x.path.filter((p) => p !== '*').map(norm).join('.') === t.path.join('.')) : undefined;
    return t && s ? { key: `${t.resource}:${t.path.join('.')}`, subject: s, qualified: qualifiesNoun(name, t.resource, s.nouns) } : null;
  };
  const bare = new Set<string>();
  for (const name of declared.keys()) {
    const s = subjectOf(name);
    if (s && !s.qualified) bare.add(s.key);
  }
  const own = new Set<string>();
  for (const [name, d] of declared) {
    const s = d && !returned.has(name) ? subjectOf(name) : null;
    if (!s || !s.qualified || !bare.has(s.key) || d!.keys.size === 0) continue;
    const have = new Set([...d!.keys].flatMap(([field, key]) => (key ? [norm(field), norm(key)] : [norm(field)])));
    if (s.subject.keys!.some((k) => !have.has(norm(k)))) own.add(name);
  }
  return own;
}

/** Words before the subject's noun other than its resource's (`member_health` in `MemberHealthProfile`; not `Interview` in `InterviewProfile`). */
function qualifiesNoun(name: string, resource: ResourceName, nouns: readonly string[]): boolean {
  const w = words(name);
  const at = w.findIndex((x) => nouns.some((n) => norm(n).split('_')[0] === x));
  const parent = new Set(api.resources[resource].nouns.map(norm));
  return at > 0 && w.slice(0, at).some((x) => !parent.has(x) && !LEADING_WORDS.has(x));
}

/** Verbs and articles a request body's name may start with (`CreateProfile`, `NewProfile`). */
const LEADING_WORDS = new Set(['create', 'update', 'add', 'start', 'open', 'new', 'change', 'set', 'submit', 'post', 'put', 'patch', 'the', 'a', 'api', 'v1', 'v2']);

type Declared = { keys: Map<string, string>; types: Map<string, string>; strong: boolean; order?: string[]; derived?: Map<string, string[][]>; selfMapped?: Set<string> };

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
  const selfMapped = a.selfMapped || b.selfMapped ? new Set([...(a.selfMapped ?? []), ...(b.selfMapped ?? [])]) : undefined;
  return { keys: new Map([...a.keys, ...b.keys]), types, strong: a.strong || b.strong, ...(order ? { order } : {}), ...(derived ? { derived } : {}), ...(selfMapped ? { selfMapped } : {}) };
}
