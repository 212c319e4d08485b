import type { Config } from '../../../config/types';
import { findV1Urls } from '../../../config/urls';
import { api, catalogue, rulesOfKind, type ResourceName } from '../../../catalogue';
import type { Tok } from './lexical-tokens';
import { words } from '../../engine/words';
import type { PolyFacts } from './project';
import { modelTie } from './ties';

/**
 * What a file read by its tokens (lexical.ts) tells the run, in the polyglot index's terms (project.ts), so that the
 * files of one language family see each other's names the way the parsed languages do: the types it declares
 * (`@interface SCResult` with its `@property … SCPotentialCondition *potentialCondition`, a `case class`), whether it
 * talks to the API, the names it uses, its constants holding a v1 address or a resource path, and its status
 * constants. A model named for a resource is the API's once a file that talks to it names it (models.ts).
 */

export interface Scope {
  name: string;
  start: number;
  end: number;
  /** Token range of its body. */
  from: number;
  to: number;
  /** A record or a union declared by `type X = { … }` / `type X = | A | B` (ML family, Elm): its body's every `Name :` is a field. */
  record?: boolean;
}

const TYPE_WORDS = new Set(['class', 'struct', 'object', 'trait', 'record', 'interface', 'defmodule', 'module', 'enum', 'data', 'newtype']);

/**
 * A record declared by a form (`-record(result, {advice, test})`) or written as a literal of a named record
 * (`#result{advice = A}`, `%Result{…}`): the index of its name and of its opening brace, whatever the name's case.
 */
function recordForm(toks: readonly Tok[], k: number): { name: number; open: number } | null {
  const t = toks[k]!;
  if (t.text === 'record' && toks[k + 1]?.text === '(' && toks[k + 2]?.kind === 'id' && toks[k + 3]?.text === ',' && toks[k + 4]?.text === '{') return { name: k + 2, open: k + 4 };
  const sigil = toks[k - 1];
  if ((sigil?.text === '#' || sigil?.text === '%') && sigil.end === t.start && toks[k + 1]?.text === '{') return { name: k, open: k + 1 };
  return null;
}

/** Words that start a declaration in the ML family (F#, OCaml, Elm): a union's cases end before one. */
const ML_DECLS = new Set(['let', 'type', 'module', 'open', 'member', 'and', 'val', 'namespace', 'exception', 'static', 'override', 'interface', 'import', 'port']);

/**
 * `type Result = { Advice : string list; … }` (F#, OCaml, Elm's `type alias`) or `type InterviewMode = | Complaint |
 * Safe` (a union's cases, the leading bar optional): the type and its body. Any other `type` (Scala's alias
 * `type Mode = String`, a class) is not read here.
 */
function typeForm(toks: readonly Tok[], k: number, match: Map<number, number>): Scope | null {
  if (toks[k]!.text !== 'type' || toks[k - 1]?.text === '.') return null;
  let n = k + 1;
  if (toks[n]?.text === 'alias') n++;
  const name = toks[n];
  if (name?.kind !== 'id') return null;
  let eq = n + 1;
  if (toks[eq]?.text === '<') {
    while (eq < toks.length && toks[eq]!.text !== '>') eq++;
    eq++;
  }
  if (toks[eq]?.text !== '=') return null;
  const first = toks[eq + 1];
  // OCaml's types are written in lower case (`type t = { … }`, `type potential_condition = { … }`): only its records here.
  if (first?.text !== '{' && !/^[A-Z]/.test(name.text)) return null;
  if (first?.text === '{') {
    const close = match.get(eq + 1) ?? eq + 1;
    return { name: name.text, start: toks[k]!.start, end: toks[close]!.end, from: eq + 2, to: close, record: true };
  }
  if (first?.text !== '|' && !(first?.kind === 'id' && /^[A-Z]/.test(first.text) && toks[eq + 2]?.text === '|')) return null;
  let j = eq + 1;
  while (j < toks.length && !(toks[j]!.kind === 'id' && ML_DECLS.has(toks[j]!.text)) && toks[j]!.text !== '[' && toks[j]!.text !== '=') j++;
  return { name: name.text, start: toks[k]!.start, end: toks[j - 1]!.end, from: eq + 1, to: j, record: true };
}

/** Declared types and their extents: `@interface X` / `@implementation X` … `@end`, `class X … { … }`, `defmodule X do`. */
export function lexicalScopes(toks: readonly Tok[]): Scope[] {
  const match = matching(toks);
  // For each token, where the next `@end` and the next type declaration are (one backward pass: no rescans).
  const nextEnd = new Int32Array(toks.length + 1).fill(toks.length);
  const nextDecl = new Int32Array(toks.length + 1).fill(toks.length);
  for (let j = toks.length - 1; j >= 0; j--) {
    // An `@end` closes the declaration; so does the next `@interface` (they do not nest), when one is missing.
    const at = toks[j]!.text === '@' && /^(?:end|interface|implementation|protocol)$/.test(toks[j + 1]?.text ?? '');
    nextEnd[j] = at ? j : nextEnd[j + 1]!;
    nextDecl[j] = toks[j]!.kind === 'id' && TYPE_WORDS.has(toks[j]!.text) && toks[j + 1]?.kind === 'id' ? Math.max(j - 1, 0) : nextDecl[j + 1]!;
  }
  const out: Scope[] = [];
  for (let k = 0; k < toks.length - 1; k++) {
    const t = toks[k]!;
    if (t.kind !== 'id') continue;
    // `typedef NS_ENUM(NSInteger, SCInterviewMode) { … }`: an enum type of Objective-C.
    if ((t.text === 'NS_ENUM' || t.text === 'NS_CLOSED_ENUM') && toks[k + 1]?.text === '(' && toks[k + 3]?.text === ',' && toks[k + 4]?.kind === 'id') {
      const close = match.get(k + 1) ?? k + 5;
      const body = toks[close + 1]?.text === '{' ? match.get(close + 1) ?? close : close;
      out.push({ name: toks[k + 4]!.text, start: t.start, end: toks[body]?.end ?? Number.MAX_SAFE_INTEGER, from: close + 1, to: body });
      continue;
    }
    const declared = typeForm(toks, k, match);
    if (declared) {
      out.push(declared);
      continue;
    }
    const form = recordForm(toks, k);
    if (form) {
      const close = match.get(form.open) ?? form.open;
      out.push({ name: toks[form.name]!.text, start: t.start, end: toks[close]!.end, from: form.open + 1, to: close });
      continue;
    }
    const objc = toks[k - 1]?.text === '@' && (t.text === 'interface' || t.text === 'implementation' || t.text === 'protocol');
    if (!objc && (!TYPE_WORDS.has(t.text) || toks[k - 1]?.text === '.' || toks[k - 1]?.text === '@')) continue;
    const name = toks[k + 1]!;
    if (name.kind !== 'id' || !/^[A-Z]/.test(name.text)) continue;
    let to = toks.length;
    if (objc) to = nextEnd[k + 2] ?? toks.length;
    else {
      for (let j = k + 2; j < toks.length; j++) {
        const x = toks[j]!;
        // An unclosed body ends where the next declaration starts.
        if (x.text === '{') { to = match.get(j) ?? nextDecl[j + 1] ?? toks.length; break; }
        if (x.text === '(' || x.text === '[') {
          j = match.get(j) ?? j;
          to = j;
          continue;
        }
        if (x.text === 'struct' || x.text === 'sig') { to = blockEnd(toks, j); break; }
        if (x.text === 'do' || (x.kind === 'id' && TYPE_WORDS.has(x.text))) { to = nextDecl[j + 1] ?? toks.length; break; }
        if (x.text === ';' || (to !== toks.length && x.kind === 'id' && /^(?:val|var|def|fun|case|final|private|public)$/.test(x.text))) break;
      }
    }
    out.push({ name: name.text, start: t.start, end: to < toks.length ? toks[to]!.end : Number.MAX_SAFE_INTEGER, from: k + 2, to: Math.min(to, toks.length) });
  }
  return named(out);
}

/**
 * OCaml's records named for their module (`module Complaint = struct type t = { … } type create = { … } end`): a record
 * whose own name says nothing of a model (`t`, `create`, `answer`) takes the name of the module around it.
 */
function named(scopes: Scope[]): Scope[] {
  return scopes.map((s) => {
    if (!s.record || /^[A-Z]/.test(s.name) || modelTie(s.name)) return s;
    const module = scopes.filter((m) => m !== s && m.start < s.start && s.end <= m.end && /^[A-Z]/.test(m.name)).pop();
    return module ? { ...s, name: module.name } : s;
  });
}

/** The index of the `end` that closes an OCaml `struct` or `sig` at `open` (nested `struct`, `sig`, `begin`, `object` counted). */
function blockEnd(toks: readonly Tok[], open: number): number {
  let depth = 0;
  for (let j = open; j < toks.length; j++) {
    const t = toks[j]!;
    if (t.kind !== 'id') continue;
    if (BLOCK_OPENERS.has(t.text)) depth++;
    else if (t.text === 'end' && --depth === 0) return j;
  }
  return toks.length;
}
const BLOCK_OPENERS = new Set(['struct', 'sig', 'begin', 'object']);

/**
 * The constant a value is given to: `NAME = 202`, or a definition form's `(NAME, 202)` (Erlang's `-define`, a macro
 * call that names a constant in capitals). The name's token index, or null.
 */
export function constantOf(toks: readonly Tok[], k: number): number | null {
  const prev = toks[k - 1]?.text;
  if (prev === '=' && toks[k - 2]?.kind === 'id') return k - 2;
  if (prev === ',' && toks[k - 3]?.text === '(' && toks[k + 1]?.text === ')' && /^[A-Z][A-Z0-9_]+$/.test(toks[k - 2]?.text ?? '')) return k - 2;
  return null;
}

/** Each opening bracket's closing token index. */
export function matching(toks: readonly Tok[]): Map<number, number> {
  const out = new Map<number, number>();
  const stack: number[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!.text;
    if (toks[k]!.kind !== 'punct') continue;
    if (t === '(' || t === '[' || t === '{') stack.push(k);
    else if (pairs[t]) {
      while (stack.length > 0 && toks[stack[stack.length - 1]!]!.text !== pairs[t]) stack.pop();
      const open = stack.pop();
      if (open !== undefined) out.set(open, k);
    }
  }
  return out;
}

const RESOURCE_SEGMENTS = new Map(Object.entries(api.resources).map(([name, r]) => [r.segment, name as ResourceName]));
const PATH = new RegExp(`^(?![a-z]+://)(?:.*/)?(${[...RESOURCE_SEGMENTS.keys()].join('|')})(/.*|\\?.*)?$`);
const STATUSES = new Set(rulesOfKind('status-changed', catalogue).map((r) => String(r.rule.from)));

export function lexicalFacts(toks: readonly Tok[], scopes: readonly Scope[], lang: string, tied: boolean, config: Config): PolyFacts {
  const types: PolyFacts['types'] = scopes.map((s) => ({ name: s.name, fields: fieldsOf(toks, s) }));
  const uses = new Set<string>();
  const addresses: string[] = [];
  const paths: PolyFacts['paths'] = [];
  const statusConstants: { name: string; code: number }[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind === 'id' && /^[A-Z]/.test(t.text) && t.text.length > 1) uses.add(t.text);
    // A record named in lower case (`#result{…}`, `R#result.advice`).
    else if (t.kind === 'id' && toks[k - 1]?.text === '#' && toks[k - 1]!.end === t.start) uses.add(t.text);
    if (t.kind === 'id' && (toks[k - 1]?.text === '.' || toks[k - 1]?.text === '->') && /^[a-z_]\w{2,}$/.test(t.text)) uses.add(`.${t.text}`);
    // Perl's `use constant { HTTP_ACCEPTED => 202 }`, `package SymptomChecker::Client;` (a name other files use: `SymptomChecker::Client->new`).
    const perl = lang === 'lexical-pl';
    if (perl && t.kind === 'id' && /^[A-Z]/.test(t.text)) {
      let j = k;
      while (toks[j + 1]?.text === '::' && toks[j + 2]?.kind === 'id' && toks[j + 1]!.start === toks[j]!.end) j += 2;
      if (j > k) {
        const name = toks.slice(k, j + 1).map((x) => x.text).join('');
        uses.add(name);
        if (tied && toks[k - 1]?.text === 'package') addresses.push(name);
        k = j;
        continue;
      }
    }
    const assigns = toks[k + 1]?.text === '=' || (perl && toks[k + 1]?.text === '=>' && /^[A-Z][A-Z0-9_]+$/.test(t.text));
    if (t.kind !== 'id' || !assigns) continue;
    const v = toks[k + 2];
    if (!v || toks[k + 3]?.text === '+') continue;
    if (v.kind === 'str' && /^[A-Z]/.test(t.text) && t.text.length > 3 && findV1Urls(config, v.text).length > 0) addresses.push(t.text);
    const p = v.kind === 'str' ? PATH.exec(v.text) : null;
    if (p && t.text.length > 3) paths.push({ name: t.text, resource: RESOURCE_SEGMENTS.get(p[1]!)!, rest: p[2] ?? '' });
    if (v.kind === 'num' && STATUSES.has(v.text)) statusConstants.push({ name: t.text, code: Number(v.text) });
  }
  // A constant defined by a form (`-define(STATUS_MODE_PENDING, 202).`, `-define(PATH_COMPLAINTS, "complaints/").`).
  for (let k = 0; k < toks.length; k++) {
    const at = toks[k - 1]?.text === ',' ? constantOf(toks, k) : null;
    if (at === null) continue;
    const v = toks[k]!;
    const name = toks[at]!.text;
    if (v.kind === 'num' && STATUSES.has(v.text)) statusConstants.push({ name, code: Number(v.text) });
    const p = v.kind === 'str' ? PATH.exec(v.text) : null;
    if (p) paths.push({ name, resource: RESOURCE_SEGMENTS.get(p[1]!)!, rest: p[2] ?? '' });
    if (v.kind === 'str' && findV1Urls(config, v.text).length > 0) addresses.push(name);
  }
  return {
    kind: 'polyglot',
    lang,
    tied,
    pkg: null,
    types,
    functions: [],
    hosts: [],
    addresses,
    paths,
    ...(statusConstants.length > 0 ? { statusConstants } : {}),
    uses: [...uses],
  };
}

/**
 * A declared type's fields: `@property (…) SCPotentialCondition *potentialCondition;` in Objective-C, `name: Type`
 * of a constructor's parameters or a `val`/`var` in Scala-like languages.
 */
function fieldsOf(toks: readonly Tok[], s: Scope): { name: string; key: string; type: string | null }[] {
  const out: { name: string; key: string; type: string | null }[] = [];
  for (let k = s.from; k < s.to; k++) {
    const t = toks[k]!;
    if (t.text === 'property' && toks[k - 1]?.text === '@') {
      let end = k;
      while (end < s.to && toks[end]!.text !== ';') end++;
      const name = toks[end - 1];
      if (name?.kind !== 'id') continue;
      let type: string | null = null;
      for (let j = end - 2; j > k; j--) if (toks[j]!.kind === 'id' && /^[A-Z]/.test(toks[j]!.text) && toks[j]!.text !== 'NSArray') { type = toks[j]!.text; break; }
      out.push({ name: name.text, key: name.text, type });
      k = end;
    } else if (t.kind === 'id' && toks[k + 1]?.text === ':' && toks[k + 2]?.kind === 'id' && /^[a-z_]/.test(t.text) && /^[A-Z]/.test(toks[k + 2]!.text)) {
      out.push({ name: t.text, key: t.text, type: toks[k + 2]!.text });
    } else if (s.record && t.kind === 'id' && toks[k + 1]?.text === ':' && toks[k + 2]?.kind === 'id') {
      // A record's `Triage : TriageInfo option`, `advice : List String`: the type is the first named one that wraps nothing.
      let type: string | null = null;
      for (let j = k + 2; j < s.to && toks[j + 1]?.text !== ':' && toks[j]!.text !== ',' && toks[j]!.text !== ';'; j++) if (toks[j]!.kind === 'id' && /^[A-Z]/.test(toks[j]!.text) && !WRAPPERS.has(toks[j]!.text)) { type = toks[j]!.text; break; }
      out.push({ name: t.text, key: words(t.text).join('_'), type });
    } else if (t.kind === 'id' && toks[k + 1]?.text === '::' && /^[a-z_]/.test(t.text)) {
      // `resultAdvice :: Maybe Text` (Haskell), `advice :: binary() | undefined` (Erlang): the type is the first named one.
      let type: string | null = null;
      for (let j = k + 2; j < s.to && j < k + 6 && toks[j]!.text !== ',' && toks[j]!.text !== '}'; j++) if (toks[j]!.kind === 'id' && /^[A-Z]/.test(toks[j]!.text) && !WRAPPERS.has(toks[j]!.text)) { type = toks[j]!.text; break; }
      out.push({ name: t.text, key: t.text, type });
    }
  }
  // A record whose every field starts with the same words (`resultToken`, `resultAdvice`; `crText`, `crExtra`): its keys are the rest.
  const cut = sharedPrefix(out.map((f) => f.name));
  return cut === 0 ? out : out.map((f) => ({ ...f, key: words(f.name).slice(cut).join('_') }));
}

/** Type constructors that wrap the type a field holds (`Maybe Triage`). */
const WRAPPERS = new Set(['Maybe', 'Option', 'Optional', 'List', 'Vector', 'Seq']);

/**
 * How many leading words every one of several field names shares (`resultToken`, `resultAdvice` → 1), where each
 * keeps a word after it: the record's prefix (Haskell's convention), not a field.
 */
export function sharedPrefix(names: readonly string[]): number {
  if (names.length < 2) return 0;
  const all = names.map((n) => words(n));
  let cut = 0;
  while (all.every((w) => w.length > cut + 1 && w[cut] === all[0]![cut])) cut++;
  return cut;
}
