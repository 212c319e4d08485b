import { api, catalogue, rulesOfKind, type Operation, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import { escapeRe } from './file';
import { modelTie, modeOwnerTie } from './ties';
import { norm, vocabularyFor, type Vocabulary } from './vocabulary';

/**
 * What the token reader (lexical.ts) looks for and how it reads lines: the catalogue's literal texts, the names of
 * the API's mode members, the resources a paragraph names, and a line table for long (minified) sources.
 */

/** The mode field's name in any letter case (`mode`, `InterviewMode`, `kModeSafe`). */
/** A relative path to one of the API's resources (`interviews/%@/`, `$base/complaints/`); an absolute URL says its host itself. */
export const RESOURCE_PATH = new RegExp(`^(?![a-z]+://)(?:.*/)?(${Object.values(api.resources).map((r) => r.segment).join('|')})(?:/|$|\\?)`);

/** What a token reader's value is: a resource's answer or body, from a path inside it. */
export interface LexicalBase {
  resource: ResourceName;
  path: string[];
}

export type LexicalSites = (resource: ResourceName, path: string[]) => { change: string; message: string }[];

/**
 * Report the sites of `path` under `b` (the Perl and Lisp readers): as written, or through a part the path names
 * (`conditions` of a result, singular or plural), or — for a response held in a wrapper (`$res->{data}{msg}`,
 * `(-> resp :body :msg)`) — the resource's own path after any of its parts. Whether anything was reported.
 */
export function judgePath<T extends { text: string }>(b: LexicalBase, path: string[], at: T, wrapped: boolean, sites: LexicalSites, report: (change: string, t: T, message: string, subject?: string) => void): boolean {
  const full = [...b.path, ...path];
  const tries: string[][] = [full];
  for (let i = 0; i < full.length - 1; i++) {
    const sub = subjectOf(b.resource, full[i]!);
    if (sub) tries.push([...sub, ...full.slice(i + 1)]);
  }
  if (wrapped) for (let i = 1; i < full.length; i++) tries.push(full.slice(i));
  for (const p of tries) {
    const found = sites(b.resource, p);
    if (found.length === 0) continue;
    for (const s of found) report(s.change, at, s.message, at.text);
    return true;
  }
  return false;
}

/** The path inside `resource` a key names (`conditions` → the result's condition list), singular or plural. */
function subjectOf(resource: ResourceName, key: string): string[] | null {
  for (const w of [key, key.endsWith('s') ? key.slice(0, -1) : key]) {
    const t = modelTie(w);
    if (t && t.resource === resource && t.path.length > 0) return t.path;
  }
  return null;
}

/** The index of the first token that starts at or after `start` (tokens in source order), by binary search. */
export function tokenAt(toks: readonly { start: number }[], start: number): number {
  let lo = 0;
  let hi = toks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (toks[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const MODE_WORD = new RegExp(escapeRe(api.modeField), 'i');

export interface Needle {
  change: string;
  message: string;
  /** The resource whose field or value it is. */
  resource: ResourceName;
  /** A top-level field removed from the resource's requests. */
  request?: boolean;
  /** Only on a line that names the mode field (`@"safe"` is a mode there; `@"triage"` is also a result's field). */
  modeLine?: boolean;
}

let needlesMemo: Map<string, Needle[]> | null = null;

/** The literal texts the catalogue names, each with the changes it stands for. */
export function needles(): Map<string, Needle[]> {
  if (needlesMemo) return needlesMemo;
  const out = new Map<string, Needle[]>();
  const add = (text: string, n: Needle) => {
    const list = out.get(text) ?? [];
    if (!list.some((x) => x.change === n.change)) list.push(n);
    out.set(text, list);
  };
  // A resource's own top-level field (`extra`, `detail`), not one of a part (a profile's `race`), may be judged by the resource the code names.
  for (const { change, rule } of rulesOfKind('request-field-removed')) {
    add(rule.path[rule.path.length - 1]!, { change: change.id, message: rule.message, resource: rule.resource, ...(rule.path.length === 1 ? { request: true } : {}) });
  }
  for (const { change, rule } of rulesOfKind('response-field-removed')) {
    for (const name of [rule.path[rule.path.length - 1]!, ...(rule.spellings ?? [])]) add(name, { change: change.id, message: rule.message, resource: rule.resource });
  }
  for (const { change, rule } of rulesOfKind('response-field-moved')) add(rule.from[rule.from.length - 1]!, { change: change.id, message: rule.message, resource: rule.resource });
  for (const { change, rule } of rulesOfKind('value-renamed')) {
    add(rule.from, { change: change.id, message: `${rule.field} '${rule.from}' renamed '${rule.to}'`, resource: rule.resource, modeLine: rule.field === api.modeField });
  }
  for (const { change, rule } of rulesOfKind('value-removed')) {
    for (const v of rule.values) add(v, { change: change.id, message: rule.message, resource: rule.resource, modeLine: rule.field === api.modeField });
  }
  return (needlesMemo = out);
}

/**
 * `SCInterviewModeSafe`, `kModeTriage`, `MODE_COMPLAINT`: a name that says mode, owned by nothing but the API's mode type
 * (or a short prefix), and ends with a changed mode. `TicketModeComplaint` is another thing's.
 */
export function modeMember(name: string, w: readonly string[]): boolean {
  const at = w.lastIndexOf(norm(api.modeField));
  if (at < 0 || at === w.length - 1 || !vocabularyFor(catalogue).modes.has(w[w.length - 1]!)) return false;
  const before = w.slice(0, at);
  const cut = name.toLowerCase().lastIndexOf(api.modeField);
  return before.length === 0 || (before.length === 1 && before[0]!.length <= 2) || (cut > 0 && !!modeOwnerTie(name.slice(0, cut + api.modeField.length)));
}

/** The resources a piece of code names: by their nouns and path segments, or a part of one (`profile`, `option`). */
export function resourcesNamed(text: string): Set<ResourceName> {
  const out = new Set<ResourceName>();
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) for (const w of words(m[0])) { const r = NOUNS.get(w); if (r) out.add(r); }
  return out;
}
/** An answer is the body of a request to its resource's item (catalogue: answerResource). */
const ANSWER: Operation = 'answer';
const NOUNS = new Map<string, ResourceName>([
  [ANSWER, api.answerResource],
  ...Object.entries(api.resources).flatMap(([name, r]) => [r.segment, ...r.nouns].map((n) => [norm(n), name as ResourceName] as const)),
  ...Object.values(api.subjects).flatMap((s) => s.nouns.map((n) => [norm(n), s.parent] as const)),
]);

/**
 * A line whose every name that says mode is a type of another thing's modes (`case object Complaint extends
 * TicketMode("complaint")`): the mode there is not this API's. A key or constant (`entry_mode`, `INTAKE_MODE`) says
 * too little: its first word may be any step of this API's flow.
 */
export function othersModeLine(line: string): boolean {
  const named = [...line.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((n) => MODE_WORD.test(n));
  return named.length > 0 && named.every((n) => {
    if (!/^[A-Z][a-z]/.test(n) || n.includes('_')) return false;
    const w = words(n);
    const at = w.lastIndexOf(norm(api.modeField));
    const before = w.slice(0, Math.max(at, 0)).filter((x) => x.length > 2);
    return before.length > 0 && headNamesAnotherThing(before.join('_'));
  });
}

/** The catalogue's sites for a field at a path of a resource, request and response side. */
export function fieldSites(vocab: Vocabulary, resource: ResourceName, p: string[]): { change: string; message: string }[] {
  const out = new Map<string, string>();
  for (const side of ['request', 'response'] as const) for (const s of vocab.fields(resource, p, side)) if (!out.has(s.change.id)) out.set(s.change.id, s.message);
  return [...out].map(([change, message]) => ({ change, message }));
}

/** Lines by a table of their starts, built once: no search back and forth over a long (minified) line per site. */
export class Lines {
  private readonly starts: number[] = [0];
  constructor(private readonly source: string) {
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  lineOf(at: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
  /** The lines around `at`, up to `back` before and `fwd` after, not across a blank line (a paragraph of code). */
  paragraph(at: number, back: number, fwd: number): string {
    const l = this.lineOf(at);
    const blank = (i: number) => {
      const end = i + 1 < this.starts.length ? this.starts[i + 1]! : this.source.length;
      return end - this.starts[i]! < 200 && this.source.slice(this.starts[i]!, end).trim() === '';
    };
    let first = l;
    while (first > 0 && l - first < back && !blank(first - 1)) first--;
    let last = l;
    while (last + 1 < this.starts.length && last - l < fwd && !blank(last + 1)) last++;
    const end = last + 1 < this.starts.length ? this.starts[last + 1]! : this.source.length;
    return this.source.slice(this.starts[first]!, Math.min(end, this.starts[first]! + PARAGRAPH_MAX));
  }

  /**
   * The lines that enclose the line of `at` by their indentation, nearest first: each the first line above the last
   * that is indented less (a definition's header, the call or block it sits in), up to `levels`, none past a line
   * that starts at the margin.
   */
  enclosing(at: number, levels: number): string[] {
    const out: string[] = [];
    const text = (i: number) => this.source.slice(this.starts[i]!, i + 1 < this.starts.length ? this.starts[i + 1]! - 1 : this.source.length);
    const indent = (line: string) => (line.trim() === '' ? -1 : line.length - line.trimStart().length);
    const l = this.lineOf(at);
    let depth = indent(text(l));
    for (let i = l - 1; i >= 0 && l - i <= ENCLOSING_REACH && depth > 0 && out.length < levels; i--) {
      const line = text(i);
      const d = indent(line);
      if (d < 0 || d >= depth) continue;
      out.push(line.slice(0, AROUND));
      depth = d;
    }
    return out;
  }

  /** The line of `at`, at most a few hundred characters either side of it. */
  around(at: number): string {
    const l = this.lineOf(at);
    const start = Math.max(this.starts[l]!, at - AROUND);
    const end = Math.min(l + 1 < this.starts.length ? this.starts[l + 1]! - 1 : this.source.length, at + AROUND);
    return this.source.slice(start, end);
  }
}

/** How many lines above a site its enclosing lines are looked for. */
const ENCLOSING_REACH = 80;
/** How far a line is read either side of a site. */
const AROUND = 300;
/** A paragraph's reach in characters at most (a minified line). */
const PARAGRAPH_MAX = 4000;
