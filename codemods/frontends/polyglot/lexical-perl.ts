import { api, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import type { Tok } from './lexical-tokens';
import { matching } from './lexical-facts';
import { judgePath, RESOURCE_PATH, tokenAt, type LexicalBase, type LexicalSites } from './lexical-support';
import { modelTie } from './ties';
import { norm, type Vocabulary } from './vocabulary';
import type { LangIndex } from './project-types';

/**
 * Perl read by its tokens (lexical.ts) in the shapes the parsed languages are read in: hashes written with `=>`
 * (a request's body, a stubbed answer, a mocked method's return), element reads (`$res->{data}{msg}`,
 * `$r->{advice}[0]{text}`, `$opt{detail}`), and what says whose they are — the `sub` (named, or a test's
 * `subtest 'name' => sub`, a mocked `redefine(get_result => sub …)`, a Mojolicious route) whose body calls one of
 * the API's resource paths (`_request(POST => 'complaints/', {…})`), the method a hash is handed to or a value
 * comes from (`$client->add_intent(…)`, `my $r = $client->get_result(…)`), the paragraph's calls, a variable named
 * for a resource (`$interview->{variant}`), `map`/`grep`/`for` over a list read from one (`$_->{preselected_value}`
 * of `@{ $q->{options} }`). Statuses: a code or a `use constant` name compared (`$res->{code} == HTTP_BAD_REQUEST`)
 * or given as a stub's first argument (`respond(400, {…})`) where the code is about that status's resource.
 * Every name and path comes from the catalogue; reports only, never a rewrite.
 */

type Base = LexicalBase;

interface Region {
  open: number;
  close: number;
  label: string[];
}

type Report = (change: string, t: Tok, message: string, subject?: string) => void;

type Sites = LexicalSites;

/** Resource nouns and path segments, singular or plural, and the mode field (the mode's resource). */
function nounsOf(vocab: Vocabulary): Map<string, ResourceName> {
  const out = new Map<string, ResourceName>();
  for (const [name, r] of Object.entries(api.resources)) for (const n of [r.segment, ...r.nouns]) out.set(norm(n), name as ResourceName);
  if (vocab.modeResource) out.set(norm(api.modeField), vocab.modeResource);
  return out;
}

export function perlReader(toks: readonly Tok[], source: string, vocab: Vocabulary, index: LangIndex, changes: readonly Change[], report: Report, sites: Sites) {
  const match = matching(toks);
  const nouns = nounsOf(vocab);
  // Each token's innermost open bracket; each token's paragraph (code between blank lines).
  const parent = new Int32Array(toks.length).fill(-1);
  const para = new Int32Array(toks.length);
  const paraStart: number[] = [0];
  {
    const stack: number[] = [];
    for (let k = 0; k < toks.length; k++) {
      parent[k] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      const t = toks[k]!;
      if (k > 0 && /\n[ \t]*\r?\n/.test(source.slice(toks[k - 1]!.end, t.start))) paraStart.push(k);
      para[k] = paraStart.length - 1;
      if (t.kind !== 'punct') continue;
      if (t.text === '(' || t.text === '[' || t.text === '{') stack.push(k);
      else if (t.text === ')' || t.text === ']' || t.text === '}') {
        while (stack.length > 0 && match.get(stack[stack.length - 1]!) !== k && toks[stack[stack.length - 1]!]!.text !== OPEN[t.text]) stack.pop();
        stack.pop();
      }
    }
  }
  const opener = new Map<number, number>();
  for (const [o, c] of match) opener.set(c, o);
  const regions = subRegions();
  // Each token's innermost `sub` body (regions nest: a later-opening one inside an earlier one wins).
  const innermost = new Int32Array(toks.length).fill(-1);
  regions.forEach((r, i) => innermost.fill(i, r.open + 1, r.close));
  const resourceMemo = new Map<string, ResourceName | null>();
  const varMemo = new Map<string, Base | null>();

  return { sites: run, foreign };

  function run(): void {
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if ((t.kind === 'id' || t.kind === 'str') && toks[k + 1]?.text === '=>' && toks[k - 1]?.text !== '->') hashKey(k);
      if (t.kind === 'id' && t.text.startsWith('$') && chainStarts(k)) read(k, base(k));
      if (t.text === ')' && toks[k + 1]?.text === '->' && toks[k + 2]?.text === '{') read(k, callBase(k));
      // Mojo's JSON pointer: `$tx->result->json('/potential_condition/triage')`.
      if (t.kind === 'str' && /^\/\w/.test(t.text) && toks[k - 1]?.text === '(' && toks[k - 2]?.text === 'json' && toks[k - 3]?.text === '->') pointer(k);
      // `$tx->result->json->{advice}`: a method's answer read without parentheses.
      if (t.kind === 'id' && toks[k - 1]?.text === '->' && toks[k + 1]?.text === '->' && toks[k + 2]?.text === '{') read(k, methodBase(t, k));
    }
    statuses();
  }

  /** `sub name {…}`, `label => sub {…}`, `subtest 'label' => sub ($c) {…}`: their bodies and what names them. */
  function subRegions(): Region[] {
    const out: Region[] = [];
    for (let k = 0; k < toks.length; k++) {
      if (toks[k]!.text !== 'sub' || toks[k]!.kind !== 'id') continue;
      let j = k + 1;
      let label: string[] = [];
      if (toks[j]?.kind === 'id') label = words(toks[j++]!.text);
      else if (toks[k - 1]?.text === '=>' && toks[k - 2]) label = words(toks[k - 2]!.text);
      if (toks[j]?.text === '(') j = (match.get(j) ?? j) + 1;
      if (toks[j]?.text !== '{') continue;
      out.push({ open: j, close: match.get(j) ?? toks.length - 1, label });
    }
    return out;
  }

  function regionOf(k: number): Region | null {
    const i = innermost[k] ?? -1;
    return i >= 0 ? regions[i]! : null;
  }

  function one(set: Set<ResourceName>): ResourceName | null {
    return set.size === 1 ? [...set][0]! : null;
  }

  function wordsResources(ws: readonly string[], into: Set<ResourceName>): void {
    for (const w of ws) {
      const r = nouns.get(w) ?? (w.endsWith('s') ? nouns.get(w.slice(0, -1)) : undefined);
      if (r) into.add(r);
    }
  }

  /** The resources a stretch of code names: the API's paths in its literals, else the names of the methods it calls. */
  function named(from: number, to: number): ResourceName | null {
    const paths = new Set<ResourceName>();
    const calls = new Set<ResourceName>();
    for (let k = from; k < to; k++) {
      const t = toks[k]!;
      if (t.kind === 'str') {
        const m = RESOURCE_PATH.exec(t.text);
        if (m) paths.add(vocab.segments.get(m[1]!)!);
      } else if (t.kind === 'id' && !t.text.startsWith('$') && (toks[k + 1]?.text === '(' || toks[k - 1]?.text === '->' || (toks[k + 1]?.text === '=>' && toks[k + 2]?.text === 'sub'))) {
        // A one-word accessor (Mojo's `$tx->result`) is the library's, not a method of the API's client.
        const ws = words(t.text);
        if (ws.length > 1 || toks[k + 1]?.text === '(' || toks[k + 1]?.text === '=>') wordsResources(ws, calls);
      }
    }
    return one(paths) ?? (paths.size === 0 ? one(calls) : null);
  }

  /** The call whose arguments hold token k (its `(`), within the statement. */
  function callOf(k: number): number | null {
    for (let o = parent[k]!; o >= 0; o = parent[o]!) {
      const t = toks[o]!.text;
      if (t === '(') return toks[o - 1]?.kind === 'id' ? o : null;
      if (t === '{' && !(toks[o - 1]?.text === '=>' || toks[o - 1]?.text === ',' || toks[o - 1]?.text === '(' || toks[o - 1]?.text === '[' || toks[o - 1]?.text === '=' || toks[o - 1]?.text === 'return')) return null;
    }
    return null;
  }

  /** What code at token k is about: the method it is handed to, its paragraph's calls, its `sub`'s body or name. */
  function resourceAt(k: number): ResourceName | null {
    const call = callOf(k);
    const region = regionOf(k);
    const key = `${call}:${para[k]}:${region?.open ?? -1}`;
    if (resourceMemo.has(key)) return resourceMemo.get(key)!;
    let r: ResourceName | null = null;
    if (call !== null) {
      const s = new Set<ResourceName>();
      wordsResources(words(toks[call - 1]!.text), s);
      r = one(s);
    }
    if (!r) {
      const p = para[k]!;
      const from = Math.max(paraStart[p]!, region ? region.open + 1 : 0);
      const to = Math.min(paraStart[p + 1] ?? toks.length, region ? region.close : toks.length);
      r = named(from, to);
    }
    if (!r && region) {
      r = named(region.open + 1, region.close);
      if (!r) {
        const s = new Set<ResourceName>();
        wordsResources(region.label, s);
        r = one(s);
      }
    }
    resourceMemo.set(key, r);
    return r;
  }

  /** A hash's key (`extra => …`): its path through the hashes around it, judged for the resource the code is about. */
  function hashKey(k: number): void {
    const path = [norm(toks[k]!.text)];
    let o = parent[k]!;
    while (o >= 0 && (toks[o]!.text === '{' || toks[o]!.text === '[')) {
      if (toks[o]!.text === '{' && toks[o - 1]?.text === '=>' && toks[o - 2] && (toks[o - 2]!.kind === 'id' || toks[o - 2]!.kind === 'str')) {
        path.unshift(norm(toks[o - 2]!.text));
        o = parent[o - 2]!;
      } else if (toks[o]!.text === '[' && toks[o - 1]?.text === '=>' && toks[o - 2]) {
        path.unshift(norm(toks[o - 2]!.text));
        o = parent[o - 2]!;
      } else o = parent[o]!;
    }
    if (!vocab.fieldNames.has(path[path.length - 1]!)) return;
    const r = resourceAt(k);
    // A body handed through a library's option (`json => {…}`, `content => {…}`) is the resource's after it.
    if (r) judge({ resource: r, path: [] }, path, toks[k]!, true);
  }

  /** Report the sites of `path` under `b` (lexical-support.ts). */
  function judge(b: Base, path: string[], at: Tok, wrapped: boolean): boolean {
    return judgePath(b, path, at, wrapped, sites, report);
  }

  /** `$x->{…}`, `$x{…}`: the element read starts at the variable. */
  function chainStarts(k: number): boolean {
    const n = toks[k + 1];
    if (!n) return false;
    if (n.text === '->') return toks[k + 2]?.text === '{' || toks[k + 2]?.text === '[';
    return (n.text === '{' || n.text === '[') && n.start === toks[k]!.end;
  }

  function read(k: number, b: Base | null): void {
    if (!b) return;
    const keys: { name: string; tok: Tok }[] = [];
    let j = k + 1;
    for (;;) {
      if (toks[j]?.text === '->') j++;
      const o = toks[j];
      if (!o || (o.text !== '{' && o.text !== '[')) break;
      const close = match.get(j);
      if (close === undefined) break;
      if (o.text === '{' && close === j + 2 && (toks[j + 1]!.kind === 'id' || toks[j + 1]!.kind === 'str')) keys.push({ name: norm(toks[j + 1]!.text), tok: toks[j + 1]! });
      else if (o.text === '{') break;
      j = close + 1;
    }
    for (let i = 0; i < keys.length; i++) {
      if (!vocab.fieldNames.has(keys[i]!.name)) continue;
      if (judge(b, keys.slice(0, i + 1).map((x) => x.name), keys[i]!.tok, true)) return;
    }
  }

  function pointer(k: number): void {
    const b = about(k);
    const keys = toks[k]!.text.slice(1).split('/').filter((x) => !/^\d+$/.test(x)).map(norm);
    if (b && keys.length > 0 && vocab.fieldNames.has(keys[keys.length - 1]!)) judge(b, keys, toks[k]!, true);
  }

  /** What a variable holds at token k. */
  function base(k: number): Base | null {
    const name = toks[k]!.text;
    if (name === '$_') return topic(k);
    const region = regionOf(k);
    const key = `${name}@${region?.open ?? -1}`;
    if (varMemo.has(key)) return varMemo.get(key)!;
    varMemo.set(key, null);
    const bare = name.slice(1);
    const tie = bare.length > 2 ? modelTie(bare) : null;
    const b = tie ? { resource: tie.resource, path: tie.path } : assigned(name, region, k);
    varMemo.set(key, b);
    return b;
  }

  /** The last assignment of a variable before k in its `sub` (`my $r = …`, `my ($self, $i) = @_`, `for my $o (@{…})`). */
  function assigned(name: string, region: Region | null, k: number): Base | null {
    const from = region ? region.open : 0;
    for (let j = k - 1; j > from; j--) {
      const t = toks[j]!;
      if (t.text !== name || t.kind !== 'id') continue;
      const next = toks[j + 1];
      if (next?.text === '=' && toks[j + 2]?.text !== '=' && toks[j + 2]?.text !== '~') return valueOf(j + 2, k);
      // `my ($self, $i) = @_` / `my $self = shift`: the sub's arguments, what the sub is about.
      const list = parent[j]!;
      if (list >= 0 && toks[list]!.text === '(' && toks[list - 1]?.text === 'my') {
        const close = match.get(list) ?? list;
        if (toks[close + 1]?.text === '=' && toks[close + 2]?.text === '@' && toks[close + 3]?.text === '_') return about(j);
        // `my ($top) = sort { … } @{ $result->{conditions} }`: an item of the list.
        if (toks[close + 1]?.text === '=' && /^(?:sort|grep|first)$/.test(toks[close + 2]?.text ?? '') && toks[close + 3]?.text === '{') return listOf((match.get(close + 3) ?? close) + 1);
      }
      // `for my $o (@{ $q->{options} })`.
      if (toks[j - 1]?.text === 'my' && /^(?:for|foreach)$/.test(toks[j - 2]?.text ?? '') && toks[j + 1]?.text === '(') return listOf(j + 2);
    }
    return null;
  }

  function about(k: number): Base | null {
    const r = resourceAt(k);
    return r ? { resource: r, path: [] } : null;
  }

  /** A value: another variable's element (`$res->{data}`), a call of a method named for a resource, or what the code is about. */
  function valueOf(j: number, use: number): Base | null {
    const t = toks[j];
    if (!t) return null;
    if (t.kind === 'id' && t.text.startsWith('$') && chainStarts(j) && j < use) {
      const b = base(j);
      if (!b) return null;
      const keys: string[] = [];
      let i = j + 1;
      for (;;) {
        if (toks[i]?.text === '->') i++;
        if (toks[i]?.text === '{' && match.get(i) === i + 2) keys.push(norm(toks[i + 1]!.text));
        else if (toks[i]?.text !== '[') break;
        i = (match.get(i) ?? i) + 1;
      }
      return { resource: b.resource, path: [...b.path, ...keys] };
    }
    // The statement: a method named for a resource, or an API path, says what it returns; another thing's call, nothing.
    let end = j;
    while (end < toks.length && end - j < 80 && toks[end]!.text !== ';') end++;
    const r = named(j, end);
    if (r) return { resource: r, path: [] };
    for (let i = j; i < end; i++) if (toks[i]!.kind === 'id' && toks[i + 1]?.text === '(' && !toks[i]!.text.startsWith('$') && otherThing(toks[i]!.text)) return null;
    return about(j);
  }

  /** `$_` of `map { … } @{ $r->{triage_explanation} }`, `grep`, `first`, `for (…)`: an item of that list. */
  function topic(k: number): Base | null {
    for (let o = parent[k]!; o >= 0; o = parent[o]!) {
      const t = toks[o]!;
      if (t.text === '{' && /^(?:map|grep|first|any|all|sort)$/.test(toks[o - 1]?.text ?? '')) return listOf((match.get(o) ?? o) + 1);
      if (t.text === '{' && toks[o - 1]?.text === ')') {
        const open = opener.get(o - 1);
        if (open !== undefined && /^(?:for|foreach)$/.test(toks[open - 1]?.text ?? '')) return listOf(open + 1);
      }
    }
    return null;
  }

  /** `@{ $q->{options} || [] }`, `@$list`: the list's items. */
  function listOf(j: number): Base | null {
    let i = j;
    if (toks[i]?.text === '(') i++;
    if (toks[i]?.text !== '@') return null;
    i++;
    if (toks[i]?.text === '{') i++;
    const v = toks[i];
    if (!v || v.kind !== 'id' || !v.text.startsWith('$')) return null;
    return valueOf(i, Number.MAX_SAFE_INTEGER);
  }

  /** A call's result read (`$client->get_complaint('c-1')->{extra}`): the method's resource, else the code's. */
  function callBase(close: number): Base | null {
    const open = opener.get(close);
    const name = open !== undefined ? toks[open - 1] : undefined;
    return name && name.kind === 'id' ? methodBase(name, close) : null;
  }

  function methodBase(name: Tok, k: number): Base | null {
    if (otherThing(name.text)) return null;
    const s = new Set<ResourceName>();
    wordsResources(words(name.text), s);
    const r = one(s);
    return r ? { resource: r, path: [] } : about(k);
  }

  /** A method named for doing something to another thing (`open_ticket`, `send_email`); one word (`outcome`) says too little. */
  function otherThing(name: string): boolean {
    const ws = words(name);
    const s = new Set<ResourceName>();
    wordsResources(ws, s);
    return ws.length > 1 && s.size === 0 && headNamesAnotherThing(name) && !/json/i.test(name);
  }

  /**
   * A mode literal that is another service's: nothing around says the API, and it is handed to a method named for
   * another thing (`$helpdesk->open_ticket(mode => 'complaint')`) or read under another thing's key (`$calls{ticket}{mode}`).
   */
  function foreign(l: Tok): boolean {
    const k = tokenAt(toks, l.start);
    if (resourceAt(k)) return false;
    const call = callOf(k);
    if (call !== null && otherThing(toks[call - 1]!.text)) return true;
    const lineStart = source.lastIndexOf('\n', l.start) + 1;
    for (let j = k - 1; j >= 0 && toks[j]!.start >= lineStart; j--) {
      if (toks[j]!.text === '{' && toks[j + 2]?.text === '}' && MODE.test(toks[j + 1]!.text) && toks[j - 1]?.text === '}' && toks[j - 3]?.text === '{') {
        if (!nouns.has(norm(toks[j - 2]!.text)) && headNamesAnotherThing(toks[j - 2]!.text)) return true;
      }
      // `$ticket->{status} == 202`: compared with another thing's field.
      const v = toks[j]!;
      if (v.kind === 'id' && v.text.startsWith('$') && chainStarts(j) && v.text.length > 5 && !modelTie(v.text.slice(1)) && headNamesAnotherThing(v.text.slice(1))) return true;
    }
    return false;
  }

  function statuses(): void {
    for (const { change, rule } of rulesOfKind('status-changed', changes)) {
      const from = String(rule.from);
      for (let k = 0; k < toks.length; k++) {
        const t = toks[k]!;
        const code = t.kind === 'num' ? t.text : t.kind === 'id' && /^[A-Z]/.test(t.text) ? String(index.statusConstant(t.text) ?? '') : '';
        if (code !== from) continue;
        const compared = ['==', '!='].includes(toks[k - 1]?.text ?? '') || ['==', '!='].includes(toks[k + 1]?.text ?? '');
        // A stub's answer: the code first in a call's arguments (`respond(400, {…})`, `[202, {…}]`).
        const stub = t.kind === 'num' && (toks[k - 1]?.text === '(' || toks[k - 1]?.text === '[') && toks[k + 1]?.text === ',';
        if ((compared || stub) && resourceAt(k) === rule.resource) report(change.id, t, rule.message);
      }
    }
  }
}

const OPEN: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const MODE = new RegExp(`^${api.modeField}s?$`, 'i');

