import type { ResourceName } from '../../../catalogue';
import type { Tok } from './lexical-tokens';
import { RESOURCE_PATH, resourcesNamed } from './lexical-support';
import { modelTie } from './ties';
import { words } from '../../engine/words';
import { DEFINERS } from './lexical-holders';
import { namesAnotherThing } from '../../engine/ties/mode-types';
import type { Lines } from './lexical-support';

/**
 * What a local of a file read by its tokens (lexical.ts) holds, by where each is set (a name set again in the next
 * test holds that one's value):
 * - a value built by a type (`def view = TriageViews.ResultView.of(r)`, `def p = new Profile(age: 1)`, `val v =
 *   ResultView.from(r)`): the last capitalised name of the chain before its call;
 * - the answer of a call named for a resource (`$c = New-SCComplaint …`, `{ok, R} = client:read_result(T)`,
 *   `r <- getResult t`) or given one of its paths (`$r = Invoke-SCRequest -Path "results/$Token/"`);
 * - an element of a list named for a part of one (`foreach ($pc in $result.triage_explanation.potential_condition)`,
 *   `[x || C <- Conditions]` when the list is so named).
 */

export interface LocalTie {
  resource: ResourceName;
  path: string[];
}

export function localTies(toks: readonly Tok[], lines: Lines, segments: ReadonlyMap<string, ResourceName>): (name: string, at: number) => LocalTie | null {
  const out = new Map<string, { at: number; tie: LocalTie | null }[]>();
  const set = (name: string, at: number, tie: LocalTie | null) => {
    // Any other value set under the name hides an earlier one's.
    const list = out.get(name) ?? [];
    list.push({ at, tie });
    out.set(name, list);
  };
  const line = (k: number) => lines.lineOf(toks[k]!.start);
  const lookup = (name: string, at: number) => {
    let found: LocalTie | null = null;
    for (const d of out.get(name) ?? []) if (d.at < at) found = d.tie;
    return found;
  };
  for (let k = 1; k < toks.length - 2; k++) {
    const t = toks[k]!;
    if (t.kind !== 'id') continue;
    const params = definedParams(toks, k);
    if (params) {
      // A function's parameters hide what their names held; a converter's first (`interview_to_tibble <- function(iv)`) holds what it converts.
      const w = words(t.text);
      const to = w.indexOf('to');
      const tie = to > 0 ? modelTie(w.slice(0, to).join('_')) : null;
      params.forEach((p, i) => set(p.text, p.start, i === 0 && tie ? { resource: tie.resource, path: tie.path } : null));
      continue;
    }
    const op = toks[k + 1]!.text;
    if (op === '=' && /^(?:def|var|val|final|let)$/.test(toks[k - 1]!.text)) {
      set(t.text, t.start, typed(toks, k + 2));
      continue;
    }
    if (op === 'in' || op === '<-') {
      // The chain iterated over (`@($result.triage_explanation.potential_condition)`): its last name.
      let j = k + 2;
      while (toks[j] && (toks[j]!.text === '(' || toks[j]!.text === '@' || toks[j]!.text === '[')) j++;
      let last: Tok | null = null;
      for (; toks[j]?.kind === 'id'; j += 2) {
        last = toks[j]!;
        if (toks[j + 1]?.text !== '.') break;
      }
      const tie = last ? modelTie(last.text) : null;
      if (op === 'in' ? toks[k - 2]?.text === 'foreach' || toks[k - 1]?.text === '(' || toks[k - 1]?.text === 'for' : line(k) === line(k + 2)) set(t.text, t.start, tie);
      continue;
    }
    // `NAME = …` as a statement's first name, or the last name of a tuple matched against a call's answer (`{ok, R} = …`).
    let eq = -1;
    if (op === '=' && (k === 0 || line(k - 1) < line(k) || [';', '{'].includes(toks[k - 1]!.text))) eq = k + 1;
    else if (op === '}' && toks[k + 2]?.text === '=' && toks[k - 1]?.text === ',') eq = k + 2;
    // R's `p <- iv$profile` (two tokens here, written together): only a member of a tied local, since a function's
    // answer there is as often the app's own list (`upd <- sc_update_mode(…)`, a list it built) as the API's.
    const arrow = op === '<' && toks[k + 2]?.text === '-' && toks[k + 2]!.start === toks[k + 1]!.end && line(k - 1) < line(k);
    if (arrow) eq = k + 2;
    if (eq < 0 || toks[eq + 1]?.text === '=') continue;
    set(t.text, t.start, member(toks, eq + 1, lookup) ?? (arrow ? null : answered(toks, eq + 1, line(eq), line, segments)));
  }
  return lookup;
}

/**
 * The parameters of a function whose name token `k` defines (`name <- function(a, b)`, `name = function(a)`,
 * `def name(a, b)`, `function name(a)`), or null.
 */
function definedParams(toks: readonly Tok[], k: number): Tok[] | null {
  let open = -1;
  if (DEFINERS.has(toks[k - 1]?.text ?? '') && toks[k + 1]?.text === '(') open = k + 1;
  else if (toks[k + 1]?.text === '<' && toks[k + 2]?.text === '-' && toks[k + 3]?.text === 'function' && toks[k + 4]?.text === '(') open = k + 4;
  else if (toks[k + 1]?.text === '=' && toks[k + 2]?.text === 'function' && toks[k + 3]?.text === '(') open = k + 3;
  if (open < 0) return null;
  const out: Tok[] = [];
  let depth = 0;
  for (let j = open; j < toks.length; j++) {
    const x = toks[j]!.text;
    if (x === '(' || x === '[' || x === '{') depth++;
    else if ((x === ')' || x === ']' || x === '}') && --depth === 0) break;
    else if (depth === 1 && toks[j]!.kind === 'id' && (toks[j - 1]!.text === '(' || toks[j - 1]!.text === ',')) out.push(toks[j]!);
  }
  return out;
}

/** `p <- iv$profile`, `r = self.result`: a member of a local that holds a part of the API's value, the part it holds. */
function member(toks: readonly Tok[], from: number, lookup: (name: string, at: number) => LocalTie | null): LocalTie | null {
  const head = toks[from];
  if (head?.kind !== 'id' || !['$', '.'].includes(toks[from + 1]?.text ?? '') || toks[from + 2]?.kind !== 'id' || toks[from + 3]?.text === '(') return null;
  const base = lookup(head.text, head.start);
  if (!base) return null;
  const part = modelTie(toks[from + 2]!.text);
  return part && part.resource === base.resource && part.path.length > base.path.length ? { resource: part.resource, path: part.path } : null;
}

/** `[new] A.B.Type(…)`: the last capitalised name of a chain followed by its call. */
function typed(toks: readonly Tok[], from: number): LocalTie | null {
  let j = from;
  if (toks[j]?.text === 'new') j++;
  let type: string | null = null;
  for (; toks[j]?.kind === 'id'; j += 2) {
    if (/^[A-Z]/.test(toks[j]!.text)) type = toks[j]!.text;
    if (toks[j + 1]?.text !== '.') break;
  }
  return type && toks[j + 1]?.text === '(' ? modelTie(type) : null;
}

/**
 * The value a statement's right side answers on its line: a call whose name is a resource's (`New-SCComplaint`,
 * `client:read_result(…)`, not a variable's `$x`), else a call given one of its paths.
 */
function answered(toks: readonly Tok[], from: number, at: number, line: (k: number) => number, segments: ReadonlyMap<string, ResourceName>): LocalTie | null {
  let j = from;
  let callee: Tok | null = null;
  while (toks[j]?.kind === 'id' && !toks[j]!.text.startsWith('$') && line(j) === at) {
    callee = toks[j]!;
    const sep = toks[j + 1];
    // `New-SCComplaint`, `client:read_result`, `Client.getResult`: one name written with its qualifiers, no spaces.
    if (!sep || !['-', ':', '.'].includes(sep.text) || sep.start !== callee.end || toks[j + 2]?.start !== sep.end) break;
    j += 2;
  }
  const called = callee && callee !== toks[from] ? callee : callee && (toks[j + 1]?.text === '(' || (toks[j + 1] && line(j + 1) === at && toks[j + 1]!.text.startsWith('-'))) ? callee : null;
  const tie = called ? modelTie(called.text) : null;
  if (tie) return { resource: tie.resource, path: tie.path };
  for (let i = from; i < toks.length && line(i) === at; i++) {
    if (toks[i]!.kind !== 'str') continue;
    const r = RESOURCE_PATH.exec(toks[i]!.text);
    const resource = r ? segments.get(r[1]!) : undefined;
    if (resource) return { resource, path: [] };
  }
  return null;
}

/**
 * Locals set from another thing's module or type (`let t = Helpdesk.ticket …`, `val desk = TicketDesk.open(…)`): the
 * lookup says, where a name is read, whether the value it holds there is that thing's.
 */
export function otherThingsLocals(toks: readonly Tok[], lines: Lines): (name: string, at: number) => boolean {
  const out = new Map<string, { at: number; other: boolean }[]>();
  for (let k = 1; k < toks.length - 3; k++) {
    const t = toks[k]!;
    if (t.kind !== 'id' || toks[k + 1]!.text !== '=' || toks[k + 2]!.text === '=') continue;
    const first = /^(?:def|var|val|let|local|my)$/.test(toks[k - 1]!.text) || lines.lineOf(toks[k - 1]!.start) < lines.lineOf(t.start);
    if (!first) continue;
    const head = toks[k + 2]!;
    // A module named for another thing (not an acronym's library, `HTTP.post`), its call given none of the API's paths.
    let other = head.kind === 'id' && /^[A-Z][a-z]/.test(head.text) && toks[k + 3]?.text === '.' && namesAnotherThing(head.text) && !modelTie(head.text);
    for (let j = k + 2; other && j < toks.length && lines.lineOf(toks[j]!.start) === lines.lineOf(t.start); j++) if (toks[j]!.kind === 'str' && RESOURCE_PATH.test(toks[j]!.text)) other = false;
    // Nor a chain through one of the API's models (`TriageViews.InterviewView.of(…)`).
    for (let j = k + 2; other && toks[j]?.kind === 'id'; j += 2) {
      if (modelTie(toks[j]!.text) || resourcesNamed(toks[j]!.text).size > 0) other = false;
      if (toks[j + 1]?.text !== '.') break;
    }
    const list = out.get(t.text) ?? [];
    list.push({ at: t.start, other });
    out.set(t.text, list);
  }
  return (name, at) => {
    let found = false;
    for (const d of out.get(name) ?? []) if (d.at < at) found = d.other;
    return found;
  };
}
