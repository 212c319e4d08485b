import type { SgNode } from '@ast-grep/napi';
import * as path from 'node:path';
import { api, type Operation } from '../../../catalogue';
import { findV1Urls, UrlMapper } from '../../../config/urls';
import { within, type PolyFile } from './file';
import { statusConstantFacts } from './status-constants';
import { span, type Call } from './lang';
import { norm } from './vocabulary';
import { nameValuedFacts } from './enum-policy';
import { words } from '../../engine/words';
import { goQualifiedUses } from './go-uses';
import { namesApi } from './names-api';
import { postsFormFields, postsModeField } from './php-view-modes';
import { derivedReaders } from './derived';
import { rowKeys, withRowKeys } from './row-keys';
import { modeParamCallees } from './own-routes';
import { caseCallees, caseEndpoints } from './case-endpoints';
import { returnsOwnShape } from './own-shape';
import { mappedAtConstruction, selfMapped } from './self-mapped';
import { mountedPrefixes, stubMounts } from './stub-mounts';
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
import { kmpFacts } from './families';
import { withoutProse } from './comments';
import { boundNames } from './carried-props';
export type { PolyFacts, PolyFunction, Endpoint, ModelFacts, LangIndex, PolyIndex } from './project-types';
import type { PolyFacts, PolyFunction, LangIndex } from './project-types';

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
    ...mountFacts(file),
    uses: [...uses].filter((u) => u.length > 1),
  };
}

/** The module a file is required as: its name without the extension (`client.lua`), a folder's `init.lua` by the folder. */
function moduleName(filePath: string): string {
  const base = path.basename(filePath).replace(/\.[^.]+$/, '');
  return base === 'init' ? path.basename(path.dirname(filePath)) : base;
}

/** A C++ file's extension: what a header and its source differ by. */
const CPP_UNIT = /\.(?:h|hh|hpp|hxx|cpp|cc|cxx|c\+\+)$/i;

/** The unit of a C++ header or source (its path without the extension): `src/Client` of `src/Client.h` and `src/Client.cpp`. */
export function cppUnit(filePath: string): string {
  return filePath.replace(CPP_UNIT, '');
}

/** A call whose receiver chain starts at a capitalised name (a class or module: `ERB.new(…)`, `File::read`, `Json->x`). */
const ON_CLASS = /^[A-Z][A-Za-z0-9_]*\s*(?:\.|::|->)/;

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

/** PolyFacts.mounts and mountedPrefixes (stub-mounts.ts). */
function mountFacts(file: PolyFile): Pick<PolyFacts, 'mounts' | 'mountedPrefixes'> {
  const mounts = stubMounts(file);
  const prefixes = mountedPrefixes(file);
  return { ...(mounts.length > 0 ? { mounts } : {}), ...(prefixes.length > 0 ? { mountedPrefixes: prefixes } : {}) };
}

function withBound(names: string[]): Pick<PolyFacts, 'boundNames'> {
  return names.length > 0 ? { boundNames: names } : {};
}
