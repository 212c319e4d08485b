import { api, rulesOfKind, type Change } from '../../../catalogue';
import { statusSites, type Tie } from './calls';
import type { Site } from './model';

/**
 * Reads of an API answer written in scripts around requests (jq filters, Postman tests, Ansible conditions),
 * as paths from the answer, checked against the removed and moved response fields of the request's resource;
 * and the checks of its status and of its interview mode.
 */

/** A read of an answer's field: its path from the answer (`*` for list items); relative when where it starts is not known. */
export interface Read {
  path: string[];
  start: number;
  end: number;
  relative?: boolean;
}

const strip = (p: readonly string[]) => p.filter((s) => s !== '*');

/** Whether a read reaches a field at `rule` (a path in the answer): it starts with that path, or, when relative, continues a part of it whose parent was read too. */
function reaches(read: Read, rule: readonly string[], seen: ReadonlySet<string>): boolean {
  const r = strip(read.path);
  const p = strip(rule);
  const from = (i: number) => p.length - i <= r.length && p.slice(i).every((s, k) => r[k] === s);
  if (from(0)) return true;
  if (!read.relative) return false;
  for (let i = 1; i < p.length; i++) if (from(i) && seen.has(p[i - 1]!)) return true;
  return false;
}

/** Sites for the reads of an answer of `tie` that reach removed or moved response fields (the most specific rule of a field first, one site per read and change). */
export function readPathSites(all: readonly Read[], tie: Tie, changes: readonly Change[], anchor?: number): Site[] {
  // A list's answer: its items, as a list (`.[]`) or under the one list key of a page (`.results[]`, `.items[0]`).
  const reads = tie.op === 'list' ? all.map((r) => (!r.relative && r.path.length > 2 && r.path[0] !== '*' && r.path[1] === '*' ? { ...r, path: r.path.slice(1) } : r)) : all;
  const rules: { change: string; path: readonly string[]; message: string }[] = [];
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) if (rule.resource === tie.resource) rules.push({ change: change.id, path: rule.path, message: rule.message });
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === tie.resource && (!rule.operations || rule.operations.includes(tie.op) || (tie.op === 'list' && rule.operations.includes('read')))) rules.push({ change: change.id, path: rule.from, message: rule.message });
  }
  rules.sort((a, b) => b.path.length - a.path.length);
  const seen = new Set(reads.flatMap((r) => r.path));
  const out: Site[] = [];
  const done = new Set<string>();
  for (const read of reads) {
    for (const rule of rules) {
      const key = `${rule.change}\u0000${read.start}`;
      if (done.has(key) || !reaches(read, rule.path, seen)) continue;
      done.add(key);
      out.push({ change: rule.change, start: read.start, end: read.end, message: rule.message, anchor, subject: rule.path[rule.path.length - 1] });
    }
  }
  return out;
}

/** A comparison after a read or a status, in the text that follows it: `== 202`, `.to.eql('complaint')`, `in [201, 400]`. */
const COMPARED = /^\s*\)?\s*(?:(?:===?|!==?|<=|>=|<|>)\s*|\.to(?:\.not)?(?:\.be)?\.(?:eql|equal|equals|oneOf|include|have\.status)\s*\(\s*|\s+(?:not\s+)?in\s+)/;

/** Literals compared with what a read ends at: numbers and quoted strings, up to the end of the comparison. */
export function comparedLiterals(text: string, at: number): { value: string; start: number; end: number; quoted: boolean }[] {
  const m = COMPARED.exec(text.slice(at));
  if (!m) return [];
  const from = at + m[0].length;
  const rest = text.slice(from);
  const list = /^\[([^\]]*)\]/.exec(rest);
  const span = list ? list[0] : /^(?:\d{3}|'[^'\n]*'|"[^"\n]*"|\\"[^"\n\\]*\\")/.exec(rest)?.[0] ?? '';
  const out: { value: string; start: number; end: number; quoted: boolean }[] = [];
  for (const lit of span.matchAll(/\d{3}|'([^'\n]*)'|\\"([^"\n\\]*)\\"|"([^"\n]*)"/g)) {
    const inner = lit[1] ?? lit[2] ?? lit[3];
    const quote = inner === undefined ? 0 : lit[0].startsWith('\\') ? 2 : 1;
    const start = from + lit.index + quote;
    out.push({ value: inner ?? lit[0], start, end: start + (inner ?? lit[0]).length, quoted: inner !== undefined });
  }
  return out;
}

/** Sites for statuses compared in `text` after `at` (the end of a status read) on an answer of `tie`. */
export function comparedStatusSites(text: string, at: number, tie: Tie, changes: readonly Change[], offset: (i: number) => number, anchor?: number): Site[] {
  return comparedLiterals(text, at)
    .filter((l) => !l.quoted && /^\d{3}$/.test(l.value))
    .flatMap((l) => statusSites(Number(l.value), tie, changes, { start: offset(l.start), end: offset(l.end), anchor }));
}

/** Sites for interview modes compared with a read of the mode of an answer of `tie` (renamed: rewritten where `exact`; removed: marked). */
export function comparedModeSites(text: string, read: Read, tie: Tie, changes: readonly Change[], offset: (i: number) => number, exact: (start: number, end: number) => boolean, anchor?: number): Site[] {
  if (read.relative || strip(read.path).join('.') !== api.modeField) return [];
  const out: Site[] = [];
  for (const l of comparedLiterals(text, read.end)) {
    if (!l.quoted) continue;
    const start = offset(l.start);
    const end = offset(l.end - 1) + 1;
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.resource !== tie.resource || rule.field !== api.modeField || rule.from !== l.value) continue;
      const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
      out.push(exact(l.start, l.end) ? { change: change.id, start, end, message, text: rule.to, anchor } : { change: change.id, start, end, message: `${message}: write '${rule.to}' here`, anchor });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.resource === tie.resource && rule.field === api.modeField && rule.values.includes(l.value)) out.push({ change: change.id, start, end, message: rule.message, anchor, subject: l.value });
    }
  }
  return out;
}
