import type { SgNode } from '@ast-grep/napi';
import * as path from 'node:path';
import { api, type Operation, type ResourceName } from '../../../catalogue';
import { findV1Urls, UrlMapper } from '../../../config/urls';
import { holderOf, within, type PolyFile } from './file';
import { statusConstantFacts } from './status-constants';
import { span, type Call } from './lang';
import { norm } from './vocabulary';
import { nameValuedFacts } from './enum-policy';
import { words } from '../../engine/words';
import { nounTie } from '../../engine/ties/names';
import { goQualifiedUses } from './go-uses';
import { namesApi } from './names-api';
import { resolveEndpoints, withImportedPaths } from './endpoints';
import { resolveModels } from './models';
import { modelTie, modeOwnerTie, saysMode } from './ties';
import { fillsFromAnswer } from './fill-methods';
import { postsFormFields, postsModeField } from './php-view-modes';
import { derivedReaders } from './derived';
import { rowKeys, rowKeysIndex, withRowKeys } from './row-keys';
import { modeForwarded, modeParamCallees } from './own-routes';
import { heldModels } from './held';
import { modeSetters, updates } from './mode-functions';
import { caseCallees, caseEndpoints } from './case-endpoints';
import { returnsOwnShape } from './own-shape';
import { mappedAtConstruction, selfMapped } from './self-mapped';
import { renderedNames } from './rendered-names';
import { foreignAddresses, namesForeignAddress } from './foreign-addresses';
import { bodyTypes, fieldType, foreignRefs, functionKey, headerOrder, modeTypedDecls, paramsOf, returnType, passedMethods } from './function-facts';

/**
 * What the files of one run tell each other, for the polyglot languages (the JS engine's counterpart is
 * codemods/engine/ties/project.ts, and both travel through lib/project.ts): the model types each file declares
 * (with the JSON key of each field), the functions that call one resource of the API (their URL in their body,
 * or a call to one such function: `@GET("results/{t}/") fun result(…): ResultDto`, a repository method that
 * wraps it), and the constants that hold a v1 host. Each file reports its own; the run's index joins them, so
 * a view model that calls `repository.changeMode(…)` knows it updates an interview and that the `ResultDto` it
 * reads is a result.
 */
import { familiesOf, kmpFacts } from './families';
import { withoutProse } from './comments';
import { boundNames, type CarriedProp } from './carried-props';
import type { PresentedProp } from './presented-props';
export type { PolyFacts, PolyFunction, Endpoint, ModelFacts, LangIndex, PolyIndex } from './project-types';
import type { PolyFacts, PolyFunction, ModelFacts, LangIndex, PolyIndex } from './project-types';

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
      // A call of a function that presents one of the API's resources, given a literal there (presented.ts).
      if (i.presenters?.size && f.uses.some((u) => i.presenters!.has(u))) return true;
      return f.uses.some((u) => i.names.has(u) || i.modeGroup(u) || (saysMode(u) && i.removedModeNames.has(u)) || i.statusConstant(u) !== null || i.statusCompared(u).length > 0 || (u.startsWith('.') && (!!i.heldModel(u.slice(1)) || i.derivedNames.has(u.slice(1))))) || i.tiedPackage(f.pkg) || (!!f.audience && f.functions.some((fn) => i.tiedCallee(fn.name)));
    },
    empty: [...indexes.values()].every((i) => i.names.size === 0 && i.undeclared.size === 0),
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

/** HTTP method words in a function's text: annotations and string arguments, then client calls (`http.put(`). */
const METHOD = /@(GET|POST|PUT|PATCH)\b|\bHttp(Get|Post|Put|Patch)\b|["'](GET|POST|PUT|PATCH)["']|::(Get|Post|Put|Patch)\b/g;
const METHOD_CALL = /\.(get|post|put|patch)(?:Async)?[(<\s]/gi;

/** The operation a function's HTTP method says, when it says one (a `.get(` beside a `.put(` reads a dict). */
function operationOf(text: string): Operation | null {
  const one = (set: Set<string>) => (set.size === 1 ? api.methodOperations[[...set][0]!] ?? null : null);
  const explicit = new Set([...text.matchAll(METHOD)].map((m) => (m.slice(1).find(Boolean) ?? '').toUpperCase()));
  if (explicit.size > 0) return one(explicit);
  const calls = new Set([...text.matchAll(METHOD_CALL)].map((m) => m[1]!.toUpperCase()));
  if (calls.size > 1) calls.delete('GET');
  return one(calls);
}

/** A function's body, in the grammars of the front-ends (a C# expression body `=> …` too). */
const BODY = /body|block|statements|arrow_expression_clause/;

export function fileFacts(file: PolyFile, filePath: string): PolyFacts {
  const { spec, vocab } = file;
  const functions: PolyFunction[] = [];
  const calls = file.callSpans();
  const viaCase = caseCallees(file);
  const modeDecls = modeTypedDecls(file);
  const rowFns: [PolyFunction, SgNode][] = [];
  for (const fn of file.functions()) {
    if (!fn.name) continue;
    const method = operationOf(fn.node.text());
    const resources = file.resourcesIn(fn.node).map((r) => {
      const create = r.resource === vocab.modeResource && r.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
      return { resource: r.resource, op: create ? ('create' as const) : method };
    });
    const callees = [...new Set(calls.filter((c) => c.start >= fn.start && c.end <= fn.end).flatMap((c) => [calleeName(c.call), ...(viaCase.has(c.call.node) ? [viaCase.get(c.call.node)!] : []), ...passedMethods(c.call.args)]))];
    const sends = bodyTypes(file, fn.node);
    // An interface's or abstract method's declaration (`Task<Complaint> CreateComplaintAsync(string text, string? extra);`):
    // no body, so no URL of its own; the implementations of its name say what it calls (see resolveEndpoints).
    const declaration = resources.length === 0 && !fn.node.children().some((c) => BODY.test(c.kind() as string));
    // Where calls name the module they call into (Lua), every function's: a presenter's that calls nothing (presented.ts).
    const params = resources.length > 0 || callees.length > 0 || declaration || spec.calledModule ? paramsOf(file, fn.node) : [];
    const refs = resources.length === 0 ? foreignRefs(file, fn.node) : [];
    const modeTypes = modeDecls.get(functionKey(fn.node.kind() as string, fn.start, fn.end)) ?? [];
    const modeType = modeTypes.length === 1 ? { modeType: modeTypes[0]! } : {};
    const owner = file.x.types.filter((t) => within(fn.node, t.node)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start))[0]?.name;
    functions.push({ name: fn.name, ...(owner ? { owner } : {}), resources, callees, returns: returnType(file, fn.node) ?? spec.builtReturn?.(fn.node) ?? null, ...(sends.length > 0 ? { sends } : {}), ...(params.length > 0 ? { params } : {}), ...(refs.length > 0 ? { refs, op: method } : {}), ...modeType, ...(returnsOwnShape(file, fn.node) ? { ownShape: true } : {}), ...(declaration ? { declaration } : {}), ...withRowKeys(rowKeys(file, fn.node)) });
    if (functions[functions.length - 1]!.rowKeys) rowFns.push([functions[functions.length - 1]!, fn.node]);
  }
  functions.push(...caseEndpoints(file, operationOf));
  const hostLits = file.lits.filter((l) => findV1Urls(file.config, l.text).some((o) => o.kind === 'host'));
  const hosts = file.x.decls
    .filter((d) => d.init && hostLits.some((l) => l.start >= span(d.init!).start && l.end <= span(d.init!).end))
    .map((d) => d.name);
  // Constants holding a whole v1 address (`SandboxBase = "https://sandbox…/api/"`): a file that uses one talks to the API.
  // With the v2 ones a first run wrote in their place: a second run must find the same ties.
  const mapper = UrlMapper.of(file.config);
  const v1Lits = file.lits.filter((l) => findV1Urls(file.config, l.text).length > 0 || mapper.hasV2Address(l.text));
  const addresses = file.x.decls
    .filter((d) => d.init && /^[A-Z]/.test(d.name) && d.name.length > 3 && v1Lits.some((l) => l.start === span(d.init!).start && l.end === span(d.init!).end))
    .map((d) => d.name);
  addresses.push(...derivedAddresses(file, v1Lits, addresses), ...memberAddresses(file, v1Lits));
  const { lits: foreignLits, names: foreign } = foreignAddresses(file);
  // A row built in a function that names another API's address (a helpdesk's `ticket_row`) carries that API's fields.
  for (const [fn, node] of rowFns) if (namesForeignAddress(file, node, false)) delete fn.rowKeys;
  const distinctive = [...file.lits.map((l) => l.text), ...file.x.pairs.map((p) => p.key), ...file.x.types.flatMap((t) => t.fields.map((f) => f.key ?? f.name))].some((k) => vocab.distinctive.has(norm(k)));
  // Names in prose (`"Result looks wrong"`, a message) are words, not uses of a model or constant by that name.
  const code = withoutProse(file);
  const statusConstants = statusConstantFacts(file);
  let uses = spec.id === 'go' ? goQualifiedUses(file.source) : null;
  if (!uses) {
    // A method named by one word called on a class (`ERB.new(text).result`, `JSON.parse(s)`) is a library's, not a function
    // of the run's client by that name (`def result(token)`).
    uses = new Set<string>(file.x.calls.filter((c) => words(c.callee).length > 1 || !ON_CLASS.test(c.node.text())).map((c) => c.callee));
    // `InterviewMode`, `SC_HOST`, and PHP's `SC_Modes`.
    for (const m of code.matchAll(/\b[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\b|\b[A-Z][A-Z0-9_]{2,}\b|\b[A-Z][A-Za-z0-9]*_\w*[a-z]\w*\b/g)) uses.add(m[0]);
  }
  // Members read (`.interview`, `->result`, `.advice_text`): a field another file's type declares as holding a model
  // (LangIndex.heldModel), a model's derived reader (LangIndex.derivedNames).
  for (const m of code.matchAll(/(?:\.|->)([a-z_]\w{2,})\b(?!\s*\()/g)) uses.add(`.${m[1]}`);
  return {
    kind: 'polyglot',
    lang: spec.id,
    tied: file.tied || distinctive || namesApi(file, file.config),
    // A C++ header and its source file are one unit (`InterviewController.h`'s inline getters, `InterviewController.cpp`'s calls).
    pkg: spec.id === 'go' ? path.dirname(filePath) : spec.id === 'cpp' ? cppUnit(filePath) : null,
    ...(spec.calledModule ? { module: moduleName(filePath) } : {}),
    ...kmpFacts(spec.id, filePath, file.source),
    types: file.x.types.map((t) => {
      const derived = derivedReaders(file, t, (fn) => paramsOf(file, fn));
      const mapped = selfMapped(file, t);
      return { name: t.name, fields: t.fields.map((f) => ({ name: f.name, key: f.key ?? f.name, type: fieldType(file, f) })), ...headerOrder(t, spec.id), ...(derived.length > 0 ? { derived } : {}), ...(mapped.length > 0 ? { selfMapped: mapped } : {}) };
    }),
    functions,
    ...constructedFacts(file),
    hosts,
    addresses,
    foreign,
    ...otherApiFacts(file, foreignLits, v1Lits.length + hostLits.length),
    paths: file.localPaths().filter((p) => p.name.length > 3),
    ...(statusConstants.length > 0 ? { statusConstants } : {}),
    ...(/audience/i.test(file.source) ? { audience: true as const } : {}),
    ...nameValuedFacts(file),
    ...ownRouteFacts(file, vocab.modes),
    ...withBound(boundNames(file)),
    uses: [...uses].filter((u) => u.length > 1),
  };
}

/** Types of the languages' libraries an endpoint may return (a body as text, bytes or a map): no model of the API. */
const PLATFORM_TYPES = new Set(['String', 'Object', 'Unit', 'Void', 'Boolean', 'Integer', 'Long', 'Double', 'Float', 'Data', 'Dictionary', 'HashMap', 'JsonNode', 'JsonObject', 'JsonElement', 'JObject', 'Bytes', 'Uint8List', 'ResponseBody', 'HttpResponseMessage', 'IActionResult', 'Dynamic']);

/** A call whose receiver chain starts at a capitalised name (a class or module: `ERB.new(…)`, `File::read`, `Json->x`). */
const ON_CLASS = /^[A-Z][A-Za-z0-9_]*\s*(?:\.|::|->)/;

/** The module a file is required as: its name without the extension (`client.lua`), a folder's `init.lua` by the folder. */
function moduleName(filePath: string): string {
  const base = path.basename(filePath).replace(/\.[^.]+$/, '');
  return base === 'init' ? path.basename(path.dirname(filePath)) : base;
}

/** One language's index. A name defined twice with different meanings is left out. */
/** A C++ file's extension: what a header and its source differ by. */
const CPP_UNIT = /\.(?:h|hh|hpp|hxx|cpp|cc|cxx|c\+\+)$/i;

/** The unit of a C++ header or source (its path without the extension): `src/Client` of `src/Client.h` and `src/Client.cpp`. */
export function cppUnit(filePath: string): string {
  return filePath.replace(CPP_UNIT, '');
}

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
  };
}

/**
 * Members that hold a whole v1 address, by the member read other files write (`.sandboxBaseURL` of `Constants.API
 * .sandboxBaseURL`, `.apiBaseUrl` of a getter that returns one per flavour): a constant of three words or more, or a
 * function or getter whose every return is such a literal. A file that reads one talks to the API.
 */
function memberAddresses(file: PolyFile, v1Lits: { start: number; end: number }[]): string[] {
  const exact = (n: SgNode | null | undefined) => !!n && v1Lits.some((l) => l.start === span(n).start && l.end === span(n).end);
  // Three words at least: a bare `.baseURL` is every client's (a helpdesk's own `self.baseURL`).
  const named = (name: string) => /^[a-z_]/.test(name) && words(name).length >= 3;
  const out = file.x.decls.filter((d) => named(d.name) && exact(d.init)).map((d) => `.${d.name}`);
  for (const fn of file.functions()) {
    if (!fn.name || !named(fn.name)) continue;
    const returns = file.within(fn.node, file.spec.returnKinds);
    const values = returns.map((r) => file.lits.find((l) => l.start >= span(r).start && l.end <= span(r).end && r.text().trim().replace(/^return\s+/, '').replace(/;$/, '').trim().length <= l.end - l.start + 2));
    if (returns.length > 0 && values.every((l) => !!l && v1Lits.some((v) => v.start === l.start && v.end === l.end))) out.push(`.${fn.name}`);
  }
  return [...new Set(out)];
}

/**
 * Constants set from a value that holds a v1 address (`BASE_URL = env("BASE_URL", default=ENVIRONMENTS[env]["base"])`
 * where `ENVIRONMENTS` holds the v1 bases): they hold it too, so a file that uses one talks to the API.
 */
function derivedAddresses(file: PolyFile, v1Lits: { start: number; end: number }[], addresses: string[]): string[] {
  const holders = new Set(file.x.decls.filter((d) => d.init && v1Lits.some((l) => l.start >= span(d.init!).start && l.end <= span(d.init!).end)).map((d) => d.name));
  if (holders.size === 0) return [];
  const out: string[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of file.x.decls) {
      if (!d.init || holders.has(d.name)) continue;
      if ((d.init.text().match(/[A-Za-z_]\w*/g) ?? []).some((w) => holders.has(w))) {
        holders.add(d.name);
        grew = true;
        if (/^[A-Z]/.test(d.name) && d.name.length > 3 && !addresses.includes(d.name)) out.push(d.name);
      }
    }
  }
  return out;
}

/** PolyFacts.apiFree, otherAddress and otherHolders: whether a file holds nothing of this API's, and what it holds of another service's. */
function otherApiFacts(file: PolyFile, foreignLits: { start: number; end: number }[], apiLits: number): Pick<PolyFacts, 'apiFree' | 'otherAddress' | 'otherHolders'> {
  const holders = file.x.decls.filter((d) => d.init && foreignLits.some((l) => l.start >= span(d.init!).start && l.end <= span(d.init!).end)).map((d) => d.name);
  // A settings file that holds both services' addresses (`Env`) names the other's, though its own functions are not the other's.
  const apiFree = apiLits === 0 && file.resourcesIn(file.root).length === 0;
  return { ...(apiFree ? { apiFree } : {}), ...(apiFree && foreignLits.length > 0 ? { otherAddress: true } : {}), ...(holders.length > 0 ? { otherHolders: holders } : {}) };
}

/** A call's callee as the index knows it: Go's `gin.SetMode` qualified by its package, so that no method of the run's answers it. */
export function calleeName(call: Call): string {
  return call.pkg ? `${call.pkg}.${call.callee}` : call.callee;
}

/** A Go call into an imported package none of whose files talks to the API (`gin.SetMode(gin.TestMode)`): its name says nothing of the API. */
export function foreignCall(index: LangIndex, call: Call): boolean {
  return !!call.pkg && !index.tiedPackage(call.pkg);
}


/** PolyFacts.modeParamCallees and modePairs (own-routes.ts). */
function ownRouteFacts(file: PolyFile, modes: ReadonlyMap<string, unknown>): Pick<PolyFacts, 'modeParamCallees' | 'modePairs' | 'postsFields'> {
  const callees = modeParamCallees(file);
  const pairs = file.x.pairs.some((p) => norm(p.key) === norm(api.modeField) && !!p.value && modes.has(p.value.text().trim().replace(/^:/, '').replace(/^(["'])(.*)\1$/, '$2')));
  // A PHP view's form field that posts a mode (php-view-modes.ts) is such a pair.
  const posted = pairs || postsModeField(file);
  return { ...(callees.length > 0 ? { modeParamCallees: callees } : {}), ...(posted ? { modePairs: true as const } : {}), ...(postsFormFields(file) ? { postsFields: true as const } : {}) };
}

function constructedFacts(file: PolyFile): Pick<PolyFacts, 'constructedMapped' | 'rendered'> {
  const mapped = mappedAtConstruction(file);
  const rendered = renderedNames(file);
  return { ...(mapped.length > 0 ? { constructedMapped: mapped } : {}), ...(rendered.length > 0 ? { rendered } : {}) };
}

function withBound(names: string[]): Pick<PolyFacts, 'boundNames'> {
  return names.length > 0 ? { boundNames: names } : {};
}
