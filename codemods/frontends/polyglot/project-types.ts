import type { CarriedProp } from './carried-props';
import type { PresentedProp } from './presented-props';
import type { Operation, ResourceName } from '../../../catalogue';
import type { Derived } from './derived';
import type { RowKeys } from './row-keys';

/** The facts each polyglot file reports and the run's index of them (project.ts builds both). */

export interface PolyFacts {
  kind: 'polyglot';
  /** The language id: files share names within a language (Kotlin and Java together). */
  lang: string;
  /** The file talks to this API: a v1 address, a resource path, the token service, a key only this API uses. */
  tied: boolean;
  /** Go: the package (folder) whose files share their names. */
  pkg: string | null;
  /** Lua: the module the file is required as (`client` of `kong/plugins/x/client.lua`, a folder's `init.lua` by the folder). */
  module?: string;
  /** Kotlin Multiplatform: the Gradle module of a shared source set (`shared` of `shared/src/commonMain/kotlin/…`), whose
   * classes Swift code sees by importing the module's framework (`import shared`). Swift: the modules the file imports. */
  kmp?: { module?: string; imports?: string[] };
  /** Model types: each field's name, the JSON key it is read from, and the type it holds (unwrapped). */
  types: { name: string; fields: { name: string; key: string; type: string | null }[]; order?: string[]; derived?: Derived[]; selfMapped?: string[] }[];
  functions: PolyFunction[];
  /** Names it renders a template with, each given a read of the field of that name (rendered-names.ts). */
  rendered?: { template: string; name: string }[];
  /** Fields of a model it constructs from the key of the same name (self-mapped.ts: `ModeUpdate(msg=data.get("msg"))`). */
  constructedMapped?: { type: string; field: string }[];
  /** Constants holding a bare v1 host (`SC_HOST = "sandbox.buoyhealth.com"`). */
  hosts: string[];
  /** Capitalised constants holding a whole v1 address (`SandboxBase`, `PROD_API`). */
  addresses?: string[];
  /** Capitalised constants holding an absolute address on another host (`ZENDESK_API = "https://…zendesk.com/api/v2/"`). */
  foreign?: string[];
  /** Paths a base setting of the API is given on a stub server (stub-mounts.ts), and the first segments of its path literals before a resource's. */
  mounts?: string[];
  mountedPrefixes?: string[];
  /** Names holding a resource path (`PATH_COMPLAINTS = "complaints/"`), with what follows the resource's segment. */
  paths: { name: string; resource: ResourceName; rest: string; holders?: string[] }[];
  /** The file holds nothing of this API's: no v1 address or host, no resource path. */
  apiFree?: boolean;
  /** The file holds an absolute address on another service's host. */
  otherAddress?: boolean;
  /** Names the file gives another service's address, any case (`helpdeskBaseUrl`): a file that uses one talks to it. */
  otherHolders?: string[];
  /** Names the file uses that other files may define (callees, capitalised identifiers). */
  uses: string[];
  /** Constants of this API's modes that hold a removed mode (`InterviewModeSafe InterviewMode = "safe"`), set by the analysis. */
  removedModes?: { name: string; value: string }[];
  /**
   * Members of this API's mode types (`InterviewMode.COMPLAINT`, as `Type.Member`) whose wire value, written here as a
   * literal (the case's value, a constant's, an arm that maps the member), is a renamed mode's old one; set by the analysis.
   */
  renamedMembers?: { name: string; at: string }[];
  /** Renamed modes a mode type of the file declares as cases named by their value (`case complaint` in `enum InterviewMode: String`). */
  nameValued?: string[];
  /** The file sets a serializer to write enum members by name in a naming policy's case (enum-policy.ts). */
  enumPolicy?: boolean;
  /** Renamed modes a mode type of the file declares as members whose name in that case is their value (`Complaint`). */
  policyValued?: string[];
  /** nameValued and policyValued qualified by the type that declares them (`InterviewMode.complaint`). */
  nameValuedIn?: string[];
  /** Cases whose type's serializer attribute gives their wire value in a case, by the name as written (`InterviewMode.Complaint`). */
  styledIn?: string[];
  /** Constants of a group named for modes that hold a removed mode, whatever the file ties (group-modes.ts). */
  groupModes?: { group: string; name: string; value: string }[];
  /** The file names a token audience (audienceFromBase in addresses.ts may find one taken from the base). */
  audience?: true;
  /** Constants holding a status a change of the catalogue changed (`MODE_UPDATE_PENDING = 202`). */
  statusConstants?: { name: string; code: number }[];
  /** Other files' constants this file compares with the status of a rule's operation, set by the analysis (status-constants.ts). */
  statusCompared?: { name: string; change: string }[];
  /** Functions it passes its request's mode parameter to (own-routes.ts). */
  modeParamCallees?: string[];
  /** It writes a changed mode as the value of a key named mode (own-routes.ts). */
  modePairs?: true;
  /** A PHP view whose forms post named fields (php-view-modes.ts postsFormFields). */
  postsFields?: true;
  /** Removed request fields its request handlers take from the request and send to the API (own-routes.ts), set by the analysis. */
  forwardedFields?: { field: string; change: string }[];
  /** Properties of other objects its sites send for removed request fields (carried-props.ts), set by the analysis. */
  carriedProps?: CarriedProp[];
  /** Names its form builders bind to a model's properties (carried-props.ts boundNames). */
  boundNames?: string[];
  /** Members of its classes set from reads of removed response fields (presented-props.ts), set by the analysis. */
  presentedProps?: PresentedProp[];
}

export interface PolyFunction {
  name: string;
  /** The resources whose URL literals are in its body (with the operation its HTTP method says, if one). */
  resources: { resource: ResourceName; op: Operation | null }[];
  callees: string[];
  /** The type it returns, unwrapped (`Response<Interview>` → Interview). */
  returns: string | null;
  /** It answers with a collection it builds itself (own-shape.ts): what it returns is not the API's answer. */
  ownShape?: boolean;
  /** The keys of the rows it builds whose values read a changed field (row-keys.ts): key → [part, field]. */
  rowKeys?: RowKeys;
  /** The types of its parameters marked as the request body (`@RequestBody CreateRequest r`, `@Body b: ModeChange`). */
  sends?: string[];
  /** Its parameters' names, in order (a method's receiver, `self` and `cls` left out). */
  params?: string[];
  /** The declared type of its one parameter whose type's name says mode (`func switchMode(to mode: InterviewMode)`). */
  modeType?: string;
  /** Names it uses that this file does not declare (a path constant imported from another file), and the operation its HTTP method says. */
  refs?: string[];
  op?: Operation | null;
  /** Go: the name of its package (its folder's), which calls from other packages qualify it with. */
  pkg?: string;
  /** The class it is a method of (`ComplaintService` for its `create`): a call on that class or on a name of it qualifies it. */
  owner?: string;
  /** Declared without a body and without a URL (an interface's method): its implementations of the same name resolve it. */
  declaration?: boolean;
}

export interface Endpoint {
  resource: ResourceName;
  op: Operation | null;
  returns: string | null;
  /** What it returns is its own structure (every definition's), not the API's answer. */
  ownShape?: boolean;
}

export interface ModelFacts {
  resource: ResourceName;
  path: string[];
  /** Field or parameter name → the JSON key its annotation gives it. */
  keys: Map<string, string>;
  /** Field name → the type it holds (`explanation` → `Explanation`). */
  types: Map<string, string>;
  /** Declared in a file that talks to this API, or returned by one of its endpoints. */
  strong: boolean;
  /** Found by its own name or as an endpoint's return type, not only as the type of another model's field. */
  pinned: boolean;
  /** The JSON keys of a record's or data class's header, in order: what positional constructor arguments fill. */
  order?: string[];
  /** Its methods that read changed fields (derived.ts): method name → key paths they may read. */
  derived?: Map<string, string[][]>;
  /** Fields it fills itself from a key read in its own body (self-mapped.ts): a moved key changes there, not in the field. */
  selfMapped?: Set<string>;
}

/** What the files of one language (or of the JVM's two) define. */
export interface LangIndex {
  model(name: string): ModelFacts | null;
  /** A type named like a subject's model whose fields say it is the app's own record (no model, whatever its name). */
  unlike(name: string): boolean;
  endpoint(name: string): Endpoint | null;
  host(name: string): boolean;
  /** The JSON keys a field of that name is read from, in the models that rename it. */
  keysOf(field: string): string[];
  /** The one model of the API that declares a field of that name under another key (`ipRace` → the interview's profile). */
  renamedField?(field: string): ModelFacts | null;
  /**
   * The model a field of that name holds in the types that are no model of the API (a job's outcome with
   * `interview: Optional[Interview]`), when every such type that declares it agrees.
   */
  heldModel(field: string): string | null;
  /** The names of those fields. */
  heldFields: ReadonlySet<string>;
  /** Properties other files send for removed request fields, by name (carried-props.ts). */
  carriedProps?: ReadonlyMap<string, readonly CarriedProp[]>;
  /** Members of classes set from reads of removed response fields, by the class (presented-props.ts). */
  presentedProps?: ReadonlyMap<string, readonly PresentedProp[]>;
  /** Methods by which a model of a resource fills itself from the API's answer (`loadFromApi`, context.ts). */
  fillMethods?: ReadonlySet<string>;
  /** Names of the models' methods that read changed fields (ModelFacts.derived). */
  derivedNames: ReadonlySet<string>;
  /** The row keys a function of that name answers with (row-keys.ts): its own, or those of the one row builder it calls. */
  rowKeys?(name: string): RowKeys | null;
  /** The names of those functions. */
  rowBuilders?: ReadonlySet<string>;
  /** Functions of files that talk to the API taking a parameter named for a resource (presented.ts), where calls name their module (Lua). */
  presenters?: ReadonlySet<string>;
  /** A request handler of the run passes its request's mode on to the API (own-routes.ts). */
  modeForwarded?: boolean;
  /** The models that declare a derived reader of that name. */
  modelsWith(method: string): ModelFacts[];
  /**
   * Whether a type whose name says mode (`SC_Modes`, `ModeNames`) is used by a file that talks to the API: a
   * group of its modes, though the file that declares it names nothing else of the API.
   */
  modeGroup(name: string): boolean;
  /** The parameter names of a function of that name, when its definitions agree on them. */
  params(name: string): string[] | null;
  /** The modules (PolyFacts.module) of the files that define a function of that name. */
  modulesOf?(name: string): ReadonlySet<string>;
  /** Each definition of a function of that name: its file's module, whether that file talks to the API, its parameters. */
  definedIn?(name: string): { module: string | null; tied: boolean; params: readonly string[] }[];
  /** The parameters of a class's one method of that name that builds the class (a record's `static Complaint create(…)`). */
  factoryParams(owner: string, name: string): string[] | null;
  /** The one class whose methods of that name the run declares (PolyFunction.owner), or null. */
  methodOwner?(name: string): string | null;
  /** The mode type every function of that name declares one parameter with (PolyFunction.modeType). */
  modeType(name: string): string | null;
  /** Whether every function of that name calls an endpoint that updates the resource (a flow's `advance(token, mode)`). */
  updates(name: string, resource: ResourceName): boolean;
  /** Whether any function of this language is known to call the API. */
  hasEndpoints: boolean;
  /** A Go package one of whose files talks to the API (its files share names): its directory, or its name. */
  tiedPackage(pkg: string | null): boolean;
  /** Every name the index knows, for a cheap test of whether a file uses any. */
  names: ReadonlySet<string>;
  /** Names that bring a file into the run: those, and the types the endpoints return. */
  links: ReadonlySet<string>;
  /** Whether a file of this language declares a type of that name (a model of this API or anything else). */
  declares(name: string): boolean;
  /** The keys of the fields a type of that name declares (merged over its declarations), or null if none is declared. */
  declaredKeys?(name: string): ReadonlySet<string> | null;
  /**
   * Capitalised names that files talking to the API use beside a read of a `.mode`, and that no analysed file
   * declares (a test's `DeskService` whose `Ticket` has a mode of its own): the file that declares one is read
   * too, so that whose mode it is can be told (foreign.ts).
   */
  undeclared: ReadonlySet<string>;
  /** PolyFacts.nameValued of every file: a use of such a case (`.complaint`) goes with the case when it is renamed. */
  nameValued: ReadonlySet<string>;
  /** PolyFacts.nameValuedIn of every file (`Type.case`). */
  nameValuedIn: ReadonlySet<string>;
  /** PolyFacts.styledIn of every file. */
  styledIn: ReadonlySet<string>;
  /** A file of the run sets such a naming policy for enums (PolyFacts.enumPolicy). */
  enumPolicy: boolean;
  /** The removed mode a constant of that name holds (PolyFacts.removedModes). */
  removedMode(name: string): string | null;
  /** The names of those constants. */
  removedModeNames: ReadonlySet<string>;
  /** Where (`path:line`) a file gives that member of a mode type (`InterviewMode.COMPLAINT`) a renamed mode's old value (PolyFacts.renamedMembers). */
  renamedMember(name: string): string | null;
  /** Whether a file that talks to the API calls a function of that name (the client's token helper `get_access_token`). */
  tiedCallee(name: string): boolean;
  /** The status a constant of that name holds (PolyFacts.statusConstants), when its definitions agree. */
  statusConstant(name: string): number | null;
  /** The changes whose operation's status other files compare a constant of that name with (PolyFacts.statusCompared). */
  statusCompared(name: string): string[];
  /** A constant of this language's files that holds another service's address. */
  foreignAddress(name: string): boolean;
  /**
   * Whether every function of that name is declared in a file that talks only to another service: it holds nothing of
   * this API's, and that service's address or a name another file gives it (`baseUrl: Env.helpdeskBaseUrl`).
   */
  otherApiFunction(name: string): boolean;
  /** The model a field holds in the API's models of that place of the resource, where all that declare it agree. */
  fieldType(resource: ResourceName, at: readonly string[], field: string): string | null;
  /** Fields of those models whose model's place is not their own name's (`potential_conditions` of `triage_explanation.potential_condition`). */
  retyped: ReadonlySet<string>;
  /** Where the run's stub servers serve the API (PolyFacts.mounts). */
  mounts: ReadonlySet<string>;
  /** Names the files declare with a resource path as their value (one meaning each). */
  paths: ReadonlyMap<string, { resource: ResourceName; rest: string; holders?: string[] }>;
}

/** The run's index, per language. */
export interface PolyIndex {
  language(lang: string): LangIndex;
  /** Whether what a file reported uses a name its language's index knows (its analysis may change with the index). */
  concerns(facts: PolyFacts): boolean;
  empty: boolean;
  /**
   * What the app's own routes pass on to the API (own-routes.ts), for the templates whose forms post to them
   * (components/posted-fields.ts): whether a handler forwards its request's mode, and the removed request fields
   * handlers forward.
   */
  ownRoutes?: { mode: boolean; fields: readonly { field: string; change: string }[] };
  /** Per template file name (`triage/question.html`), the names it is rendered with that hold a field of that name (rendered-names.ts). */
  rendered?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The index knows something server templates read (ownRoutes, the models' derived readers, rendered names): they are analysed again. */
  forTemplates?: boolean;
}
