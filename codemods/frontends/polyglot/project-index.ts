import * as path from 'node:path';
import { api, type ResourceName } from '../../../catalogue';
import { holderOf } from './file';
import { words } from '../../engine/words';
import { nounTie } from '../../engine/ties/names';
import { resolveEndpoints, withImportedPaths } from './endpoints';
import { resolveModels } from './models';
import { modelTie, modeOwnerTie, saysMode } from './ties';
import { fillsFromAnswer } from './fill-methods';
import { rowKeysIndex } from './row-keys';
import { modeForwarded } from './own-routes';
import { heldModels } from './held';
import { modeSetters, updates } from './mode-functions';

/**
 * The run's index for the polyglot languages: every file's facts (project.ts fileFacts) joined, one index per
 * language family, so a view model that calls `repository.changeMode(…)` knows it updates an interview and that the
 * `ResultDto` it reads is a result.
 */
import { familiesOf } from './families';
import { norm } from './vocabulary';
import { type CarriedProp } from './carried-props';
import type { PresentedProp } from './presented-props';
export type { PolyFacts, PolyFunction, Endpoint, ModelFacts, LangIndex, PolyIndex } from './project-types';
import type { PolyFacts, ModelFacts, LangIndex, PolyIndex } from './project-types';

/** The run's index from every file's facts, one per language family. */
export function buildIndex(all: readonly PolyFacts[]): PolyIndex {
  const family = familiesOf(all);
  const byFamily = new Map<string, PolyFacts[]>();
  for (const f of all) byFamily.set(family(f.lang), [...(byFamily.get(family(f.lang)) ?? []), f]);
  const indexes = new Map([...byFamily].map(([fam, list]) => [fam, buildLangIndex(list)]));
  const none = buildLangIndex([]);
  const language = (lang: string) => indexes.get(family(lang)) ?? none;
  const routes = ownRoutes([...indexes.values()], all);
  const rendered = new Map<string, Set<string>>();
  for (const r of all.flatMap((f) => f.rendered ?? [])) rendered.set(r.template, (rendered.get(r.template) ?? new Set()).add(r.name));
  return {
    language,
    concerns: (f) => {
      const i = language(f.lang);
      if (readsModeOfOtherType(f, i)) return true;
      // A C++ header read by its tokens whose source file talks to the API (lexical.ts): one unit.
      if (f.lang === 'lexical-c' && language('cpp').tiedPackage(f.pkg)) return true;
      // `.complaint` of a mode type whose case is named by its renamed value (mode-members.ts).
      if (i.nameValued.size > 0 && f.uses.some((u) => u.startsWith('.') && i.nameValued.has(u.slice(1)))) return true;
      // A status constant read as a type's member (`Constants.StatusCode.modeUpdateAccepted`).
      if (f.uses.some((u) => u.startsWith('.') && i.statusConstant(u.slice(1)) !== null)) return true;
      // A status constant of its own that another file compares with the status of an operation (status-constants.ts).
      if (f.statusConstants?.some((c) => i.statusCompared(c.name).length > 0)) return true;
      // A mode posted to a route of the app whose handler passes it on (own-routes.ts).
      if (f.modePairs && i.modeForwarded) return true;
      // A PHP view's form fields, where a route of the app passes a removed field on (php-view-modes.ts phpViewFields).
      if (f.postsFields && routes && routes.fields.length > 0) return true;
      // A property another file sends for a removed field, declared here (carried-props.ts).
      if (i.carriedProps && (f.types.some((t) => t.fields.some((x) => i.carriedProps!.has(x.name))) || f.boundNames?.some((n) => i.carriedProps!.has(n)))) return true;
      // A class whose member another analysis found set from a removed field's read (presented-props.ts).
      if (i.presentedProps && f.types.some((t) => i.presentedProps!.has(t.name))) return true;
      // A call of a model's method that fills it from the API's answer (context.ts modelMethodArgument).
      if (i.fillMethods && f.uses.some((u) => i.fillMethods!.has(u))) return true;
      // A call of a function that answers with rows carrying removed fields (row-keys.ts).
      if (i.rowBuilders?.size && f.uses.some((u) => i.rowBuilders!.has(u))) return true;
      // A read of a field whose model sits elsewhere than its name says (LangIndex.fieldType).
      if (f.uses.some((u) => u.startsWith('.') && i.retyped.has(u.slice(1)))) return true;
      // Stub paths under the path a stub server of the run serves the API at (stub-mounts.ts).
      if (f.mountedPrefixes?.some((p) => i.mounts.has(p))) return true;
      // A call of a function that presents one of the API's resources, given a literal there (presented.ts).
      if (i.presenters?.size && f.uses.some((u) => i.presenters!.has(u))) return true;
      return f.uses.some((u) => i.names.has(u) || i.modeGroup(u) || (saysMode(u) && i.removedModeNames.has(u)) || i.statusConstant(u) !== null || i.statusCompared(u).length > 0 || (u.startsWith('.') && (!!i.heldModel(u.slice(1)) || i.derivedNames.has(u.slice(1))))) || i.tiedPackage(f.pkg) || (!!f.audience && f.functions.some((fn) => i.tiedCallee(fn.name)));
    },
    empty: [...indexes.values()].every((i) => i.names.size === 0 && i.undeclared.size === 0 && i.mounts.size === 0),
    ownRoutes: routes,
    ...(rendered.size > 0 ? { rendered } : {}),
    forTemplates: !!routes || rendered.size > 0 || [...indexes.values()].some((i) => i.derivedNames.size > 0 || !!i.presentedProps),
  };
}

/** PolyIndex.ownRoutes: every language's handlers together (a Rails view posts to a Ruby controller). */
function ownRoutes(indexes: readonly LangIndex[], all: readonly PolyFacts[]): PolyIndex['ownRoutes'] {
  const mode = indexes.some((i) => !!i.modeForwarded);
  const seen = new Map<string, { field: string; change: string }>();
  for (const f of all.flatMap((x) => x.forwardedFields ?? [])) seen.set(`${f.field}\u0000${f.change}`, f);
  return mode || seen.size > 0 ? { mode, fields: [...seen.values()] } : undefined;
}

/**
 * A file that reads a `.mode` and uses a type another file of its language declares that is no model of this API
 * (a test of the helpdesk's `HelpdeskService` asserting `ticket.mode`): whose mode it reads depends on the types
 * the run declares (foreign.ts), so it is analysed again with the run's index.
 */
function readsModeOfOtherType(f: PolyFacts, i: LangIndex): boolean {
  if (!f.uses.includes(`.${api.modeField}`)) return false;
  const own = new Set(f.types.map((t) => t.name));
  return f.uses.some((u) => /^[A-Z]/.test(u) && !own.has(u) && i.declares(u) && !i.model(u) && !saysMode(u));
}

/** Types of the languages' libraries an endpoint may return (a body as text, bytes or a map): no model of the API. */
const PLATFORM_TYPES = new Set(['String', 'Object', 'Unit', 'Void', 'Boolean', 'Integer', 'Long', 'Double', 'Float', 'Data', 'Dictionary', 'HashMap', 'JsonNode', 'JsonObject', 'JsonElement', 'JObject', 'Bytes', 'Uint8List', 'ResponseBody', 'HttpResponseMessage', 'IActionResult', 'Dynamic']);

/** One language's index. A name defined twice with different meanings is left out. */
export function buildLangIndex(all: readonly PolyFacts[]): LangIndex {
  const paths = new Map<string, { resource: ResourceName; rest: string; holders?: string[] } | null>();
  for (const p of all.flatMap((f) => f.paths ?? [])) {
    const prev = paths.get(p.name);
    const holders = [...(prev?.holders ?? []), ...(p.holders ?? [])];
    paths.set(p.name, prev === undefined || (prev && prev.resource === p.resource && prev.rest === p.rest) ? { resource: p.resource, rest: p.rest, ...(holders.length > 0 ? { holders } : {}) } : null);
  }
  const known = new Map([...paths].filter((e): e is [string, { resource: ResourceName; rest: string; holders?: string[] }] => e[1] !== null));
  // Go: a function knows its package's name, which a call from another package qualifies it with.
  const endpoints = resolveEndpoints(all.flatMap((f) => f.functions.map((fn) => ({ ...withImportedPaths(fn, known), ...(f.pkg ? { pkg: path.basename(f.pkg) } : {}) }))));
  const sent = new Map<string, ResourceName>();
  for (const fn of all.flatMap((f) => f.functions)) {
    const e = fn.sends ? endpoints.get(fn.name) : null;
    if (e) for (const t of fn.sends!) sent.set(t, e.resource);
  }
  const unlike = new Set<string>();
  const models = resolveModels(all, endpoints, sent, unlike);
  const renamed = new Map<string, string[]>();
  for (const m of models.values()) for (const [field, key] of m?.keys ?? []) if (key !== field) renamed.set(field, [...(renamed.get(field) ?? []), key]);
  // A renamed field's one model of the API (`ipRace` of `InterviewProfile`): a read of it by an accessor function (`ipRace p`).
  const renamedIn = new Map<string, ModelFacts | null>();
  for (const m of models.values()) {
    if (!m?.strong) continue;
    for (const [field, key] of m.keys) {
      if (key === field) continue;
      const prev = renamedIn.get(field);
      renamedIn.set(field, prev === undefined || (prev && prev.resource === m.resource && prev.path.join('.') === m.path.join('.')) ? m : null);
    }
  }
  const held = heldModels(all, models);
  const derived = new Set([...models.values()].flatMap((m) => (m?.strong ? [...(m.derived?.keys() ?? [])] : [])));
  const tiedUses = new Set(all.filter((f) => f.tied).flatMap((f) => f.uses));
  // Functions tied files call and do not define, defined by one file of the run (a token helper, not a name two services share).
  const calledByTied = new Set(all.filter((f) => f.tied).flatMap((f) => f.uses.filter((u) => !f.functions.some((fn) => fn.name === u))));
  const definers = new Map<string, number>();
  for (const f of all) for (const n of new Set(f.functions.map((fn) => fn.name))) definers.set(n, (definers.get(n) ?? 0) + 1);
  // Types named for modes, and namespaces of constants so named (C++'s `namespace InterviewMode { … }`, group-modes.ts).
  const modeGroups = new Set(all.flatMap((f) => [...f.types.map((t) => t.name), ...(f.groupModes ?? []).map((m) => m.group)]).filter((n) => saysMode(n) && tiedUses.has(n)));
  const hosts = new Set(all.flatMap((f) => f.hosts));
  const foreign = new Set(all.flatMap((f) => f.foreign ?? []));
  const otherHolders = new Set(all.flatMap((f) => f.otherHolders ?? []));
  const packages = new Set(all.filter((f) => f.tied && f.pkg).map((f) => f.pkg!));
  const names = new Set<string>(hosts);
  // Every type the files declare, with the keys of its fields (a model of this API or anything else's).
  const declared = new Map(all.flatMap((f) => f.types.map((t) => [t.name, new Set(t.fields.map((x) => norm(x.key)))] as const)));
  for (const n of known.keys()) names.add(holderOf(n));
  for (const n of all.flatMap((f) => f.addresses ?? [])) names.add(n);
  // Not among `names`: a file that uses one is analysed again (PolyIndex.concerns) but not tied to the API by it.
  // With the constants of the mode groups a file that talks to the API uses (`Modes::SAFE` beside `module Modes`).
  const grouped = all.flatMap((f) => (f.groupModes ?? []).filter((m) => modeGroups.has(m.group)));
  const removedModes = new Map([...grouped, ...all.flatMap((f) => f.removedModes ?? [])].map((m) => [m.name, m.value]));
  const renamedMembers = new Map(all.flatMap((f) => f.renamedMembers ?? []).map((m) => [m.name, m.at]));
  const statusCodes = new Map<string, Set<number>>();
  for (const c of all.flatMap((f) => f.statusConstants ?? [])) statusCodes.set(c.name, (statusCodes.get(c.name) ?? new Set()).add(c.code));
  const compared = new Map<string, string[]>();
  for (const c of all.flatMap((f) => f.statusCompared ?? [])) compared.set(c.name, [...(compared.get(c.name) ?? []), c.change]);
  for (const [n, e] of endpoints) if (e) names.add(n);
  // A class whose methods are endpoints only by its name (`ComplaintService.create`, or a `result` a controller's action
  // also defines, so that the bare name resolves to nothing): a file that calls it by its name or
  // an instance's (`question_service.answer(…)`) calls them. Not a name two classes of the run share (`Client`).
  const classes = new Map<string, number>();
  for (const t of all.flatMap((f) => f.types)) classes.set(t.name, (classes.get(t.name) ?? 0) + 1);
  for (const fn of all.flatMap((f) => f.functions)) {
    if (!fn.owner || endpoints.get(fn.name) || classes.get(fn.owner) !== 1 || !endpoints.get(`${fn.owner}.${fn.name}`)) continue;
    names.add(fn.owner).add(words(fn.owner).join('_'));
  }
  // Functions that take a mode and pass it to an endpoint updating the interview (`advance(token, mode)`): their callers send one.
  for (const n of modeSetters(all, endpoints)) names.add(n);
  // Functions taking a value of this API's mode type (`func switchMode(to: InterviewMode)`): their callers pass one.
  for (const fn of all.flatMap((f) => f.functions)) if (fn.modeType && modeOwnerTie(fn.modeType)) names.add(fn.name);
  // Nested models (`Name`, `Data`) are too common a word to link files by.
  for (const [n, m] of models) if (m?.strong && m.pinned) names.add(n);
  // The bodies the endpoints are sent: the file that declares one (`record InterviewModeUpdate(…)`) is read too.
  for (const n of sent.keys()) names.add(n);
  // The model an endpoint returns brings in the file that declares it and the files that read it (the name
  // alone ties nothing: once that file is read, the model is the index's). Built last: every name above links too.
  const links = new Set(names);
  // Lua's (whose calls name their module): functions of files that talk to the API taking a parameter named for a
  // resource bring in the files that call them (a spec's sample given to a presenter, presented.ts).
  const presenters = new Set(all.filter((f) => f.module && (f.tied || f.uses.some((u) => names.has(u)))).flatMap((f) => f.functions.filter((fn) => fn.params?.some((p) => nounTie(p))).map((fn) => fn.name)));
  for (const n of presenters) links.add(n);
  // A C++ source that calls what the run's tied files define (`m_client->getResult(t)`) ties its unit too (its header).
  const units = new Set(all.filter((f) => f.lang === 'cpp' && f.pkg && f.uses.some((u) => names.has(u))).map((f) => f.pkg!));
  for (const e of endpoints.values()) if (e?.returns && /^[A-Z]\w{3,}$/.test(e.returns) && !PLATFORM_TYPES.has(e.returns)) links.add(e.returns);
  // A constant holding a removed mode, by a name that says mode, brings in the files that use it (without tying them).
  for (const n of removedModes.keys()) if (saysMode(n)) links.add(n);
  // A constant other files compare with the status of an operation brings in the file that defines it.
  for (const n of compared.keys()) links.add(n);
  // An enum case's endpoint (`.openVisit`) brings in the files that call the case (`send(.openVisit(body))`).
  for (const [n, e] of endpoints) if (e && n.startsWith('.')) links.add(n.slice(1));
  // A file that uses a name of the run's client talks to the API as much as one that holds its address.
  const rows = rowKeysIndex(all, (f) => f.tied || f.uses.some((u) => names.has(u)));
  // A property other files send for a removed field brings in the files that declare or bind it (carried-props.ts).
  const carried = new Map<string, CarriedProp[]>();
  for (const c of all.flatMap((f) => f.carriedProps ?? [])) carried.set(c.prop, [...(carried.get(c.prop) ?? []), c]);
  for (const n of carried.keys()) links.add(n);
  // A view model's member set from a removed field's read (presented-props.ts): its class's file reports the declaration.
  const presented = new Map<string, PresentedProp[]>();
  for (const p of all.flatMap((f) => f.presentedProps ?? [])) presented.set(p.owner, [...(presented.get(p.owner) ?? []), p]);
  // A method a model of a resource fills itself with from the API's answer brings in the files that call it (a test's
  // `$interview->loadFromApi([…])`, context.ts modelMethodArgument).
  const fills = new Set(all.flatMap((f) => f.functions).filter((fn) => fn.owner && fillsFromAnswer(fn.name) && modelTie(fn.owner)?.path.length === 0).map((fn) => fn.name));
  for (const n of fills) links.add(n);
  return {
    model: (name) => models.get(name) ?? null,
    unlike: (name) => unlike.has(name),
    endpoint: (name) => endpoints.get(name) ?? null,
    host: (name) => hosts.has(name),
    foreignAddress: (name) => foreign.has(name),
    otherApiFunction: (name) => {
      const files = all.filter((f) => f.functions.some((fn) => fn.name === name));
      return files.length > 0 && files.every((f) => f.apiFree && (f.otherAddress || f.uses.some((u) => otherHolders.has(u.replace(/^\./, '')))));
    },
    // A directory, or the name code qualifies a package's members with (its directory's last segment).
    tiedPackage: (pkg) => pkg !== null && (packages.has(pkg) || units.has(pkg) || (!/[\\/]/.test(pkg) && [...packages].some((p) => path.basename(p) === pkg))),
    hasEndpoints: [...endpoints.values()].some(Boolean),
    definedIn: (name) =>
      all.flatMap((f) => f.functions.filter((fn) => fn.name === name).map((fn) => ({ module: f.module ?? null, tied: f.tied || f.uses.some((u) => names.has(u)), params: fn.params ?? [] }))),
    modulesOf: (name) => new Set(all.filter((f) => f.module && f.functions.some((fn) => fn.name === name)).map((f) => f.module!)),
    params: (name) => {
      const lists = all.flatMap((f) => f.functions).filter((fn) => fn.name === name).map((fn) => (fn.params ?? []).join(','));
      return lists.length > 0 && lists[0] && lists.every((l) => l === lists[0]) ? lists[0].split(',') : null;
    },
    factoryParams: (owner, name) => {
      // The one method of that name of the class that builds the class itself (`static Complaint create(…) { return new Complaint(…); }`).
      const defs = all.flatMap((f) => f.functions).filter((fn) => fn.owner === owner && fn.name === name && fn.callees.includes(owner));
      return defs.length === 1 && defs[0]!.params ? defs[0]!.params : null;
    },
    methodOwner: (name) => {
      const owners = new Set(all.flatMap((f) => f.functions).filter((fn) => fn.name === name).map((fn) => fn.owner ?? ''));
      return owners.size === 1 ? [...owners][0]! || null : null;
    },
    modeType: (name) => {
      const types = new Set(all.flatMap((f) => f.functions).filter((fn) => fn.name === name).map((fn) => fn.modeType ?? ''));
      return types.size === 1 ? [...types][0]! || null : null;
    },
    updates: (name, resource) => updates(all, endpoints, name, resource),
    keysOf: (field) => renamed.get(field) ?? [],
    renamedField: (field) => renamedIn.get(field) ?? null,
    heldModel: (field) => held.get(field) ?? null,
    heldFields: new Set(held.keys()),
    ...(carried.size > 0 ? { carriedProps: carried } : {}),
    ...(presented.size > 0 ? { presentedProps: presented } : {}),
    ...(fills.size > 0 ? { fillMethods: fills } : {}),
    derivedNames: derived,
    rowKeys: rows,
    modeForwarded: modeForwarded(all, endpoints),
    // Lua's (whose calls name their module): functions of files that talk to the API taking a parameter named for a resource.
    presenters,
    rowBuilders: new Set([...new Set(all.flatMap((f) => f.functions.map((fn) => fn.name)))].filter((n) => rows(n))),
    modelsWith: (method) => [...models.values()].filter((m): m is ModelFacts => !!m?.derived?.has(method)),
    modeGroup: (name) => modeGroups.has(name),
    names,
    links,
    declares: (name) => declared.has(name),
    declaredKeys: (name) => declared.get(name) ?? null,
    nameValued: new Set(all.flatMap((f) => [...(f.nameValued ?? []), ...(all.some((x) => x.enumPolicy) ? f.policyValued ?? [] : [])])),
    nameValuedIn: new Set(all.flatMap((f) => f.nameValuedIn ?? [])),
    styledIn: new Set(all.flatMap((f) => f.styledIn ?? [])),
    enumPolicy: all.some((f) => f.enumPolicy),
    undeclared: new Set([
      ...all.filter((f) => f.tied && f.uses.includes(`.${api.modeField}`)).flatMap((f) => f.uses.filter((u) => /^[A-Z]\w{3,}$/.test(u) && !declared.has(u) && !saysMode(u))),
      // The type a model's field holds where no analysed file declares it (`Profile *Profile` of a generated Interview).
      ...[...models.values()].flatMap((m) => (m?.strong ? [...m.types.values()] : [])).filter((t) => /^[A-Z]\w{3,}$/.test(t) && !declared.has(t)),
    ]),
    removedMode: (name) => removedModes.get(name) ?? null,
    removedModeNames: new Set(removedModes.keys()),
    renamedMember: (name) => renamedMembers.get(name) ?? null,
    statusConstant: (name) => { const codes = statusCodes.get(name); return codes?.size === 1 ? [...codes][0]! : null; },
    statusCompared: (name) => compared.get(name) ?? [],
    tiedCallee: (name) => name.length > 3 && calledByTied.has(name) && definers.get(name) === 1,
    paths: known,
    mounts: new Set(all.flatMap((f) => f.mounts ?? [])),
    ...fieldTypes(models),
  };
}

/**
 * LangIndex.fieldType: the model a field holds in the API's models of one place of a resource, where all that declare
 * it agree (`potential_conditions` → `PotentialCondition` of a Ruby `Result` struct filled by `PotentialCondition.from_hash`);
 * retyped: the fields whose model sits elsewhere than their own name says (a file that reads one is analysed again).
 */
function fieldTypes(models: ReadonlyMap<string, ModelFacts | null>): Pick<LangIndex, 'fieldType' | 'retyped'> {
  const types = new Map<string, string | null>();
  const retyped = new Set<string>();
  for (const m of models.values()) {
    if (!m?.strong) continue;
    for (const [field, type] of m.types) {
      const key = `${m.resource}\u0000${m.path.join('.')}\u0000${field}`;
      types.set(key, types.has(key) && types.get(key) !== type ? null : type);
      const held = models.get(type);
      if (held && held.resource === m.resource && held.path.length > 0 && held.path[held.path.length - 1] !== norm(m.keys.get(field) ?? field)) retyped.add(field);
    }
  }
  return { fieldType: (resource, at, field) => types.get(`${resource}\u0000${at.join('.')}\u0000${field}`) ?? null, retyped };
}
