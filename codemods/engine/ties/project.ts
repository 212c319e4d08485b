import type { Tie } from './tie';

/**
 * Facts one file of a run learns about the others: the constants other files export (strings, maps of strings,
 * enums), and how other files use the constants this file exports (as an interview mode, a token audience, a
 * URL). The pipeline gathers them in a first pass over the run's JS/TS files and re-runs the few files the
 * facts concern (lib/project.ts); a single-file run (a jscodeshift transform) has none.
 */

/**
 * A constant's static value: a string, or a map/enum of strings by key, or a path builder (a function that returns a
 * path: `(token) => \`interviews/${token}/\``, its parameters `{}`); a map's path builders are its `calls`.
 */
export type ConstValue =
  // `alias`: the string is another constant's (`INITIAL_MODE = MODES.COMPLAINT`), whose name it holds.
  | { kind: 'string'; value: string; alias?: string }
  | { kind: 'map'; entries: Record<string, string>; calls?: Record<string, string> }
  | { kind: 'builder'; value: string }
  // A GraphQL document (``gql`…` ``), its text with interpolations blanked (frontends/graphql/embedded.ts).
  | { kind: 'document'; value: string };

/** What a use of a constant makes of it. */
/** What a use of a constant makes of it: an interview mode, a token audience (direct, or through a variable), a URL. */
export type UseRole = 'mode' | 'mode-key' | 'status' | 'audience' | 'audience-indirect' | 'url';

export interface ExternalUse {
  /** The module specifier the constant is imported from, as written in the using file. */
  specifier: string;
  /** Exported name. */
  name: string;
  /** Key inside a map or enum (`MODES.COMPLAINT` → `COMPLAINT`), or null for the constant itself. */
  key: string | null;
  role: UseRole;
  /** For a status: the operation whose response status it is compared with (`interview:create`). */
  operation?: string;
  /** Where the use is: `path:line`, for messages at the definition. */
  at: string;
}

export interface ProjectFacts {
  /** The exported constant `name` of the module `specifier` imported from `fromFile`, if known. */
  importedConst(fromFile: string, specifier: string, name: string): (ConstValue & { file: string; line: number }) | null;
  /** Uses elsewhere of this file's exported constant `name` (and key). */
  usesOf(file: string, name: string, key: string | null): ExternalUse[];
  /** The parameters the exported function `name` of the module `specifier` sends to the API, if known. */
  importedFunction?(fromFile: string, specifier: string, name: string): { index: number; tie: Tie }[] | null;
  /** The parameters the run's IPC handlers of a channel send to the API (ties/ipc-channels.ts), by the channel's key. */
  ipcHandler?(channel: string): { index: number; tie: Tie }[] | null;
  /** What the run's files dispatch as the payload of actions of this type (`type` as written in `fromFile`). */
  actionPayload?(fromFile: string, type: ActionType): Tie | null;
  /** Whether the module `specifier` imported from `fromFile` talks to another API and never to this one. */
  otherApiModule?(fromFile: string, specifier: string): boolean;
  /** The number, or map of numbers, the module `specifier` imported from `fromFile` exports as `name`, if known. */
  importedNumber?(fromFile: string, specifier: string, name: string): number | Record<string, number> | null;
  /**
   * What the run's other files hand this file's exported function `name` at parameter `index`: null when none calls
   * it; `tie` null when the calls disagree or one hands a value the engine cannot tie (ties/passed-values.ts). With
   * `prop`: what a component of that name is rendered with as that prop (`<ResultSummary result={data} />`).
   */
  calledWith?(file: string, name: string, index: number, prop?: string): { tie: Tie | null } | null;
  /** What the member `name` of the run's Vuex module named `namespace` is (its file's name, or its folder's for `index`). */
  storeMember?(namespace: string, name: string): Tie | null;
  /** The request field the payload key `key` of the action `action` of the run's Vuex module `namespace` is sent as. */
  storeActionKey?(namespace: string, action: string, key: string): Tie | null;
  /** The value of the store the module `specifier` imported from `fromFile` exports as `name`, if tied. */
  importedStore?(fromFile: string, specifier: string, name: string): Tie | null;
  /** The status checks the exported function `name` of the module `specifier` returns as flags (ties/carried-statuses.ts). */
  carriedChecks?(fromFile: string, specifier: string, name: string): CarriedCheck[] | null;
}

/** A status check a function returns under a member: `{ pending: status === 202 }` of a mode update. */
export interface CarriedCheck {
  member: string;
  resource: string;
  op: string;
  status: number;
}

/**
 * No other files: a single-file run. The optional questions are answered as their absence would answer them
 * (`otherApiModule?.()` and `importedFunction?.()` are only ever called that way), so that a first pass and a
 * second one with the run's facts ask the same questions (lib/asked-facts.ts); `actionPayload` stays absent: a
 * reducer checks for it before it looks at its cases.
 */
export const noProject: ProjectFacts = {
  importedConst: () => null,
  usesOf: () => [],
  importedFunction: () => null,
  otherApiModule: () => false,
  importedNumber: () => null,
  calledWith: () => null,
  storeMember: () => null,
  storeActionKey: () => null,
  importedStore: () => null,
  carriedChecks: () => null,
};

/** What one file contributes to the project's facts. */
export interface FileFacts {
  exports: Record<string, ConstValue & { line: number }>;
  uses: ExternalUse[];
  /** Relative specifiers of the modules it imports named constants from. */
  imports: string[];
  /** Exported numbers and maps of numbers (statuses other files compare with). */
  numbers?: Record<string, number | Record<string, number>>;
  /** Exported functions that send a parameter to the API (wrappers), and where it goes. */
  functions?: Record<string, { index: number; tie: Tie }[]>;
  /** The file talks to another API and never to this one (a helpdesk client): what it exports is that API's. */
  otherApiOnly?: boolean;
  /**
   * A server template (ERB, Jinja, Django, …): analysed again with the polyglot index when it knows what templates
   * read (components/posted-fields.ts: what the app's own routes forward; template-reads.ts: the models' derived readers).
   */
  readsPoly?: true;
  /** A classic script: the top-level namespaces whose methods it offers to the page's other scripts (script-globals.ts). */
  scriptGlobals?: string[];
  /** The script globals whose methods it calls. */
  usesScriptGlobals?: string[];
  /** Redux actions it dispatches with a payload tied to the API (ties/actions.ts). */
  actions?: { type: ActionType; tie: Tie }[];
  /** What it hands, argument by argument, to functions it imports from the run's other files. */
  passes?: PassedValue[];
  /** It branches on actions' types (a reducer): it is analysed again when other files dispatch payloads. */
  readsActions?: boolean;
  /** A Vuex module: its state fields and getters that are tied (ties/store-members.ts), for the components that map them. */
  store?: Record<string, Tie>;
  /**
   * Stores it exports whose value is tied (ties/exported-stores.ts: `export const bodyStats = derived(profile, …)`),
   * for the files that import and read them (`$bodyStats.bmi`, `get(stores.bodyStats)`).
   */
  storeValues?: Record<string, Tie>;
  /** A Vuex module's actions whose payload keys carry request fields (ties/store-members.ts `storeActions`). */
  storeActions?: Record<string, Record<string, Tie>>;
  /** It maps a namespaced Vuex module's members (`mapState('interview', […])`): analysed again when a module is known. */
  readsStore?: true;
  /** Exported functions that return a status check as a flag (ties/carried-statuses.ts), by name. */
  carried?: Record<string, CarriedCheck[]>;
  /** Electron IPC handlers that send a parameter to the API, by channel key (ties/ipc-channels.ts). */
  ipcHandlers?: Record<string, { index: number; tie: Tie }[]>;
  /** The file sends values over IPC. */
  sendsIpc?: true;
  /**
   * Names it exports from other modules of the run (a barrel's `export { InterviewMode } from './models/InterviewMode'`,
   * `export * from './models'`): `name` as the importer asks for it, `local` as the other module exports it ('*': all).
   */
  reexports?: { name: string; local: string; specifier: string }[];
}

/** A Redux action type: its static text, or the constant it is imported as (`T.RESULT_LOADED` of './actionTypes'). */
export type ActionType = string | { specifier: string; name: string };

/** A value handed to an imported function: `presentInterview(r.data)` with `presentInterview` of '../presenters'. */
export interface PassedValue {
  specifier: string;
  /** Exported name. */
  name: string;
  index: number;
  /** A prop a component is rendered with (JSX), at `index` 0. */
  prop?: string;
  /** What the argument is; null when the engine cannot tie it. */
  tie: Tie | null;
}

/** Whether two ties say the same value (a body whichever operation gave it; a call's answer of one operation). */
export function sameValue(a: Tie, b: Tie): boolean {
  return a.resource === b.resource && a.role === b.role && a.path.join('.') === b.path.join('.') && !!a.list === !!b.list && (a.role !== 'result' || a.op === b.op);
}
