import { catalogue, type ResourceName } from '../../../catalogue';
import { ENUM_POLICY } from './enum-policy';
import { words } from '../../engine/words';
import { escapeRe } from './file';
import type { PolyIndex } from './project';
import { modelTie } from './ties';
import { fieldListTie } from './collections';
import { vocabularyFor } from './vocabulary';

/**
 * Which files of the polyglot languages are parsed. The shared pre-scan (codemods/engine/scan.ts: v1 and token
 * hosts, resource paths, keys only this API uses, `result.advice`-style reads) picks most; `selects` adds what a
 * language's files declare without naming an address, all generated from the catalogue:
 * - a mode written beside a changed mode value (`enum InterviewMode { COMPLAINT, SAFE }`, `MODE_TRIAGE = "triage"`);
 * - a model type whose name designates a resource, in a file that names one of that resource's removed, moved or
 *   constrained fields (`data class ComplaintRequest(… val extra …)`, `record Profile(int age, …)`). The shared
 *   pre-scan does not pass these files for the model's name alone (FrontEnd.selectsModels): `enum PingResult` is
 *   everywhere in Swift and Go.
 * `linked` adds, once the first files are read, those that use a name they define (a model, an endpoint
 * function, a host constant): a view model that only calls `repository.changeMode(…)`.
 */

const vocab = vocabularyFor(catalogue);
const modes = [...vocab.modes.keys()].map(escapeRe);
const cap = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);
/**
 * A changed mode written as a value: quoted, a symbol or member (`:safe`, `.safe`), an enum case or constant, or listed
 * in a validation rule (`in_list[complaint,safe]`, `in:praise,triage`).
 */
const VALUE = `["':.](?:${modes.join('|')})\\b|\\bin(?:_list\\[|:)(?:[\\w\\s]*,)*\\s*(?:${modes.join('|')})\\b|\\bcase\\s+(?:${modes.join('|')})\\b|\\b(?:${modes.map((m) => m.toUpperCase()).join('|')}|${modes.map(cap).join('|')})\\b`;
/** The mode word in any letter case (`mode`, `InterviewMode`, `MODE_SAFE`), the values in theirs. */
const MODE = [...vocab.modeField].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRe(c))).join('');
const MODE_TYPE = new RegExp(`\\b(?:class|enum|struct|object|interface|record)\\s+\\w*${cap(vocab.modeField)}s?\\b`);
const MODE_VALUE = new RegExp(VALUE);
const MODE_VALUES = new RegExp(VALUE, 'g');
const MODE_WORD = new RegExp(`${MODE}(?![lmr])`);
/**
 * A declared type's name: `class ComplaintBody`, `struct Result`, each segment of Elixir's `defmodule Care.Interview`. Written from the name's capital back to the keyword,
 * so that the regular expression engine stops only at capitals (a keyword-first pattern is tried at every letter).
 */
const TYPE_DECL = /[A-Z](?<=\b(?:class|struct|record|interface|type|object|protocol)\s+[A-Z]|\bdefmodule\s+(?:[A-Z]\w*\.)*[A-Z])\w*/g;

/** Each resource's removed and moved fields, as patterns that match any spelling (`interview_mode`, `interviewMode`). */
const FIELDS = new Map<ResourceName, RegExp[]>();
for (const change of catalogue) {
  for (const rule of change.rules) {
    const path = rule.kind === 'response-field-moved' ? rule.from : 'path' in rule && 'resource' in rule ? rule.path : null;
    if (!path || !('resource' in rule) || !['request-field-removed', 'response-field-removed', 'response-field-moved', 'range-constraint'].includes(rule.kind)) continue;
    const field = words(path[path.length - 1]!);
    const list = FIELDS.get(rule.resource) ?? [];
    if (!list.some((re) => re.source.includes(field.join('[_-]?')))) list.push(new RegExp(`\\b${field.join('[_-]?')}\\b`, 'i'));
    FIELDS.set(rule.resource, list);
  }
}

/**
 * A form control named for a removed request field, bare or after its resource's noun (`<input name="extra">`,
 * `<textarea name="complaint[extra]">`, `name="intent_detail"`): a PHP view whose form may post it to a route of the app
 * that passes it on (php-view-modes.ts phpViewFields), known only once the handler's calls are.
 */
const POSTED_FIELD = (() => {
  const names = new Set<string>();
  for (const change of catalogue) for (const rule of change.rules) if (rule.kind === 'request-field-removed') names.add(words(rule.path[rule.path.length - 1]!).join('[_-]?'));
  return new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname\\s*=\\s*["'](?:\\w+\\[)?(?:[a-z]+[_-]?)?(?:${[...names].join('|')})\\]?["']`, 'i');
})();

export function selects(source: string): boolean {
  if (vocab.modes.size > 0 && modeSelects(source)) return true;
  if (source.includes('<form') && POSTED_FIELD.test(source)) return true;
  if (audienceFromBase(source)) return true;
  // A serializer that writes enum members in a naming policy's case: what the run's mode enums send (enum-policy.ts).
  if (ENUM_POLICY.test(source)) return true;
  /** Whether the text names one of a resource's changed fields, once per resource and text. */
  const named = new Map<ResourceName, boolean>();
  for (const m of source.matchAll(TYPE_DECL)) {
    const tie = modelTieOf(m[0]);
    if (!tie) continue;
    let hit = named.get(tie.resource);
    if (hit === undefined) named.set(tie.resource, (hit = (FIELDS.get(tie.resource) ?? []).some((re) => re.test(source))));
    // One of the resource's changed or constrained fields: `ComplaintBody … extra`, `VisitResult … advice`, `PatientProfile … age`.
    if (hit) return true;
  }
  // `PROFILE_ATTRIBUTES = %i[age sex race]`: a name listing a part's fields, one of its changed fields on the line.
  for (const list of fieldLists(source)) {
    const tie = fieldListTie(list.name);
    if (tie && (FIELDS.get(tie.resource) ?? []).some((re) => re.test(list.line))) return true;
  }
  return false;
}

/**
 * A mode value on the line of a mode word (`MODE_TRIAGE = "triage"`, `mode: :safe`), or a mode type and a value
 * anywhere (MODE_TYPE, MODE_VALUE).
 * Both need a value, far rarer than the mode word (`mode` is in a tenth of all sources): the values are found
 * first and only their lines are searched for the word. A mode word and a value never overlap (neither holds the
 * other's letters): what `MODE(?![lmr])[^\n]*VALUE|VALUE[^\n]*MODE(?![lmr])` matches, without trying it at every `mode`.
 */
function modeSelects(source: string): boolean {
  if (!MODE_VALUE.test(source) || !MODE_WORD.test(source)) return false;
  if (MODE_TYPE.test(source)) return true;
  MODE_VALUES.lastIndex = 0;
  for (let m = MODE_VALUES.exec(source); m; m = MODE_VALUES.exec(source)) {
    const start = source.lastIndexOf('\n', m.index) + 1;
    const eol = source.indexOf('\n', m.index);
    const stop = eol < 0 ? source.length : eol;
    if (MODE_WORD.test(source.slice(start, stop))) return true;
    MODE_VALUES.lastIndex = stop;
  }
  return false;
}

/** modelTie by type name: declared names repeat across a run's files; bounded, as `words` is. */
function modelTieOf(name: string): ReturnType<typeof modelTie> {
  let tie = ties.get(name);
  if (tie === undefined) {
    tie = modelTie(name);
    if (ties.size >= 50_000) ties.clear();
    ties.set(name, tie);
  }
  return tie;
}
const ties = new Map<string, ReturnType<typeof modelTie>>();

/** An identifier that names a list of fields (`PROFILE_ATTRIBUTES`, `resultKeys`). */
const FIELD_LIST_NAME = /^[A-Za-z_]\w*(?:fields|attributes|attrs|keys|columns|params|properties)$/i;
/**
 * The end of such a name, assigned or keyed (`…s =`, `…s:`): found at the `=` or `:` (rarer than an `s`), the name
 * read back from there.
 */
const FIELD_LIST_END = /[:=](?<=(?:fields|attributes|attrs|keys|columns|params|properties)\s*[:=])/gi;
const SPACE = /\s/;
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * The names of field lists assigned in a text, each with the rest of its line from the name on
 * (`PROFILE_ATTRIBUTES = %i[age sex race]`), the first such name of a line only: what the pattern
 * `\b([A-Za-z_]\w*(?:fields|…|properties))\s*[:=][^\n]*` (global) matches, without trying it at every word.
 */
function* fieldLists(source: string): Generator<{ name: string; line: string }> {
  FIELD_LIST_END.lastIndex = 0;
  for (let m = FIELD_LIST_END.exec(source); m; m = FIELD_LIST_END.exec(source)) {
    let end = m.index;
    while (SPACE.test(source.charAt(end - 1))) end--;
    let start = end;
    while (start > 0 && isWordChar(source.charCodeAt(start - 1))) start--;
    const name = source.slice(start, end);
    if (!FIELD_LIST_NAME.test(name)) continue;
    const eol = source.indexOf('\n', m.index + 1);
    const stop = eol < 0 ? source.length : eol;
    yield { name, line: source.slice(start, stop) };
    FIELD_LIST_END.lastIndex = stop;
  }
}

const patterns = new WeakMap<object, RegExp | null>();

/** Whether a file uses a name the run's other files of its language define (models, endpoints, host constants). */
export function linked(lang: string, source: string, index: PolyIndex | undefined): boolean {
  const names = index?.language(lang).links;
  if (declaresUndeclared(source, index?.language(lang).undeclared)) return true;
  // A stub path under the path a stub server of the run serves the API at (stub-mounts.ts).
  if ([...(index?.language(lang).mounts ?? [])].some((m) => source.includes(`/${m}/`))) return true;
  if (!names || names.size === 0) return false;
  if (readsHeld(source, index!.language(lang).heldFields) || readsHeld(source, index!.language(lang).derivedNames)) return true;
  let re = patterns.get(names);
  if (re === undefined) {
    const words = [...names].filter((n) => /^\w+(?:::\w+)*$/.test(n)).map(escapeRe);
    re = words.length > 0 ? new RegExp(`\\b(?:${words.join('|')})\\b`) : null;
    patterns.set(names, re);
  }
  return !!re && re.test(source);
}

/** A type declaration's name (`struct Ticket`, `final class DeskService`, `enum Outcome`). */
const ANY_TYPE_DECL = /\b(?:class|struct|enum|record|interface|protocol|object|actor)\s+([A-Z]\w*)/g;

/** Whether a file declares a type the analysed files use beside a mode read without any of them declaring it (LangIndex.undeclared). */
function declaresUndeclared(source: string, names: ReadonlySet<string> | undefined): boolean {
  if (!names || names.size === 0) return false;
  ANY_TYPE_DECL.lastIndex = 0;
  for (let m = ANY_TYPE_DECL.exec(source); m; m = ANY_TYPE_DECL.exec(source)) if (names.has(m[1]!)) return true;
  GO_STRUCT_DECL.lastIndex = 0;
  for (let m = GO_STRUCT_DECL.exec(source); m; m = GO_STRUCT_DECL.exec(source)) if (names.has(m[1]!)) return true;
  return false;
}

/** Go's `type Profile struct`. */
const GO_STRUCT_DECL = /^\s*type\s+([A-Z]\w*)\s+struct\b/gm;

const heldPatterns = new WeakMap<object, RegExp | null>();

/** Whether a file reads a member that other types declare as holding one of the API's models (`v.session.marketplace`), or a model's derived reader. */
function readsHeld(source: string, fields: ReadonlySet<string>): boolean {
  if (fields.size === 0) return false;
  let re = heldPatterns.get(fields);
  if (re === undefined) {
    const words = [...fields].filter((n) => /^\w+$/.test(n)).map(escapeRe);
    re = words.length > 0 ? new RegExp(`(?:\\.|->)(?:${words.join('|')})\\b(?!\\s*\\()`) : null;
    heldPatterns.set(fields, re);
  }
  return !!re && re.test(source);
}

/** The token audience's name (`audience`, `ResolveAudience`, `SC_AUDIENCE`). */
const AUDIENCE = /audience/gi;
/** A name that holds the API's base address (`baseUrl`, `BaseURL`, `api_base`, `apiBaseURL`, `BaseAddress`). */
const BASE_NAME = /base_?(?:ur[li]|address)|api_?(?:base|url)/i;

/**
 * An audience given the base address (`audience = apiBaseURL.absoluteString`, `string ResolveAudience() => … ? BaseUrl
 * : Audience`, `String resolveAudience() { … return props.baseUrl(); }`): a base name on the audience's line or in the
 * few lines after it.
 */
function audienceFromBase(source: string): boolean {
  AUDIENCE.lastIndex = 0;
  for (let m = AUDIENCE.exec(source); m; m = AUDIENCE.exec(source)) {
    const start = source.lastIndexOf('\n', m.index) + 1;
    if (BASE_NAME.test(source.slice(start, m.index + 240))) return true;
  }
  return false;
}
