import { api, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import { modelTie } from './ties';
import { norm, type Vocabulary } from './vocabulary';
import { lispTokens, type LTok } from './lexical-lisp-tokens';
import { DEFS, FOREIGN, lispModes, type About } from './lexical-lisp-modes';
import { judgePath, RESOURCE_PATH, tokenAt, type LexicalBase, type LexicalSites } from './lexical-support';

/**
 * Clojure and ClojureScript (`.clj`, `.cljs`, `.cljc`; EDN files keep the address text pass) read by their own
 * tokens in the shapes the parsed languages are read in: maps keyed by keywords (a request's `:params {:extra x}`, a fixture's answer), keyword reads (`(:advice r)`, `(get r :advice)`,
 * `(get-in r [:triage_explanation :potential_condition :triage])`, `(-> resp :body :msg)`), destructuring
 * (`{:keys [advice test]}`), namespaced keywords of a spec or schema (`:api.result/advice`, `:api.profile/bmi`) whose
 * namespace names the model, `def`s of the API's modes and their uses, statuses compared (`(= 202 status)`) or
 * stubbed (`{:status 202 …}`). What says whose a form is: the call it is handed to (`(api/create-complaint! …)`),
 * the top-level form's resource paths (`["complaints"]`), its name (`(defn result-view …)`, `::complaint-saved`),
 * else the calls it makes; a form named for or calling another thing (`open-ticket!`, `helpdesk-ticket`) is not
 * the API's. Every name and path comes from the catalogue; reports only, never a rewrite.
 */

type Base = LexicalBase;

type Report = (change: string, t: { start: number; end: number }, message: string, subject?: string) => void;
type Sites = LexicalSites;


/** Functions that take a function of each item and a collection last. */
const COLL_FNS = new Set(['map', 'mapv', 'filter', 'filterv', 'remove', 'keep', 'some', 'every?', 'sort-by', 'group-by', 'comp', 'mapcat', 'run!']);
/** Words of a namespace that say what kind of code it is, not whose. */
const GENERIC = new Set(['client', 'api', 'http', 'core', 'util', 'utils', 'events', 'subs', 'views', 'db', 'config', 'spec', 'schema', 'handler', 'fixtures', 'test', 'service', 'services']);

/** `own`: whether an absolute address is the API's (a v1 or v2 host of the run's configuration). */
export function lispReader(source: string, vocab: Vocabulary, changes: readonly Change[], report: Report, sites: Sites, own: (url: string) => boolean, tied: boolean) {
  const toks = lispTokens(source);
  const close = new Int32Array(toks.length).fill(-1);
  const parent = new Int32Array(toks.length).fill(-1);
  const top = new Int32Array(toks.length).fill(-1);
  {
    const stack: number[] = [];
    for (let k = 0; k < toks.length; k++) {
      parent[k] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      top[k] = stack.length > 0 ? stack[0]! : toks[k]!.kind === 'open' ? k : -1;
      if (toks[k]!.kind === 'open') stack.push(k);
      else if (toks[k]!.kind === 'close' && stack.length > 0) close[stack.pop()!] = k;
    }
  }
  const nouns = new Map<string, ResourceName>();
  for (const [name, r] of Object.entries(api.resources)) for (const x of [r.segment, ...r.nouns]) nouns.set(norm(x), name as ResourceName);
  if (vocab.modeResource) nouns.set(norm(api.modeField), vocab.modeResource);
  const fileNs = toks[0]?.text === '(' && toks[1]?.text === 'ns' ? toks[2] : undefined;
  const fileNsName = fileNs ? fullName(fileNs) : '';
  const memo = new Map<number, About>();
  // Names destructured from the API's data that hold a removed field, by top-level form: handed on as a map's value.
  const carried = new Map<string, { b: Base; name: string }>();
  // The names this file defines, and the aliases of the app's own namespaces it requires (`[app.helpdesk.client :as helpdesk]`).
  const ownDefs = new Set<string>();
  const ownAliases = new Map<string, string[]>();
  for (let t = 0; t < toks.length; t++) {
    if (top[t] === t && toks[t + 1]?.kind === 'sym' && DEFS.test(fullName(toks[t + 1]!)) && toks[t + 2]) ownDefs.add(toks[t + 2]!.text);
    if (toks[t]!.kind === 'kw' && toks[t]!.text === 'as' && toks[t + 1]?.kind === 'sym') {
      const o = parent[t]!;
      const lib = o >= 0 ? toks[o + 1] : undefined;
      const root = (s: string) => s.split('.')[0];
      // The words of its namespace past the app's root, less the package a file tied to the API shares with it
      // (`symcheck.buoy.schema` required by `symcheck.buoy.client` is `schema`: the client's own package).
      const mine = new Set(tied ? fileNsName.split('.').slice(1, -1).flatMap((x) => words(x)) : []);
      if (lib?.kind === 'sym' && fileNsName && root(lib.text) === root(fileNsName)) ownAliases.set(toks[t + 1]!.text, lib.text.split('.').slice(1).flatMap((x) => words(x)).filter((w) => !mine.has(w)));
    }
  }
  const modeWord = norm(api.modeField);
 // A namespace that serves HTTP itself (ring, reitit, compojure…), not a test: its `{:status …}` maps are its own answers.
  const serving = !/-test$/.test(fileNsName) && toks.some((t, k) => t.kind === 'sym' && /^(?:ring|compojure|reitit|io\.pedestal|yada|bidi)(?:\.|$)/.test(t.text) && toks[k - 1]?.text === '[');
  const modesFile = !!fileNs && words(fileNs.text.split('.').pop() ?? '').some((w) => w === modeWord || w === `${modeWord}s`);

  let anyForeign: boolean | undefined;
  return { sites: run, foreign };

  function run(): void {
    const { modeLiteral, modeUse, status } = lispModes({ toks, parent, top, vocab, changes, report, modesFile, serving, tied, otherThing, about: (k) => about(k), mapKey, named, fullName });
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.kind === 'kw') {
        if (mapKey(k)) key(k);
        namespaced(k);
        if (malliKey(k)) key(k);
        if ((t.text === 'keys' || t.text === 'strs') && toks[k + 1]?.text === '[' && parent[k]! >= 0 && toks[parent[k]!]!.text === '{') destructured(k);
      } else if (t.kind === 'open' && t.text === '(') {
        call(k);
        record(k);
      }
      else if (t.kind === 'str') modeLiteral(k);
      else if (t.kind === 'sym') {
        modeUse(k);
        carriedUse(k);
      }
      else if (t.kind === 'num') status(k);
    }
  }

  function children(o: number): number[] {
    const out: number[] = [];
    const end = close[o]! < 0 ? toks.length : close[o]!;
    for (let k = o + 1; k < end; k++) {
      if (parent[k] !== o) continue;
      out.push(k);
    }
    return out.filter((k) => toks[k]!.kind !== 'close');
  }

  function mapKey(k: number): boolean {
    let o = parent[k]!;
    let at = k;
    // Plumatic Schema's `{(s/optional-key :extra) s/Str}`: the key inside its marker.
    if (o >= 0 && toks[o]!.text === '(' && /^(?:optional-key|required-key)$/.test(toks[o + 1]?.text ?? '') && o + 2 === k) {
      at = o;
      o = parent[o]!;
    }
    if (o < 0 || toks[o]!.text !== '{') return false;
    return children(o).indexOf(at) % 2 === 0;
  }

  /** `(defrecord Result [token advice test])`: a record named for a model holds its fields. */
  function record(o: number): void {
    const label = toks[o + 2];
    if (!/^(?:defrecord|deftype)$/.test(toks[o + 1]?.text ?? '') || label?.kind !== 'sym' || toks[o + 3]?.text !== '[') return;
    const tie = modelTie(norm(label.text));
    const r = tie ? null : named(label.text);
    if (!tie && !r) return;
    for (const x of children(o + 3)) {
      const f = toks[x]!;
      if (f.kind === 'sym' && vocab.fieldNames.has(bare(f.text))) judge(tie ? { resource: tie.resource, path: tie.path } : { resource: r!, path: [] }, [bare(f.text)], f);
    }
  }

  /** The words of a name, and the one resource they name. */
  function named(name: string): ResourceName | null {
    const s = new Set<ResourceName>();
    for (const w of words(name.replace(/[!?*<>=]+/g, ''))) {
      const r = nouns.get(w) ?? (w.endsWith('s') ? nouns.get(w.slice(0, -1)) : undefined);
      if (r) s.add(r);
    }
    return s.size === 1 ? [...s][0]! : null;
  }

  /**
   * A name of the app's own code (a function this file defines, or one of a namespace of the app it requires) named
   * for doing something to another thing (`open-ticket!`, `helpdesk/ticket-advice`); a library's or the language's
   * (`with-redefs`, `s/keys`) says nothing.
   */
  function otherThing(name: string, ns = ''): boolean {
    if (ns ? !ownAliases.has(ns) : !ownDefs.has(name)) return false;
    const bare = name.replace(/[!?*<>=]+/g, '');
    const ws = words(bare);
    if (named(bare)) return false;
    return (ws.length > 1 && headNamesAnotherThing(ws.join('_'))) || (!!ns && ownAliases.get(ns)!.some((w) => headNamesAnotherThing(w) && !named(w) && !GENERIC.has(w)));
  }

  /** What a form at k is about: the call it is in, else its top-level form's paths, name, calls. */
  function about(k: number): About {
    for (let o = parent[k]!; o >= 0; o = parent[o]!) {
      if (toks[o]!.text !== '(') continue;
      const head = toks[o + 1];
      if (!head || head.kind !== 'sym' || DEFS.test(head.ns ? `${head.ns}/${head.text}` : head.text)) continue;
      if (otherThing(head.text, head.ns)) return FOREIGN;
      if ((words(head.text).length > 1 || head.ns) && named(head.text)) return named(head.text);
    }
    const t = top[k]!;
    if (t < 0) return null;
    if (memo.has(t)) return memo.get(t)!;
    let r: About = null;
    const end = close[t]! < 0 ? toks.length : close[t]!;
    const label = toks[t]!.text === '(' && toks[t + 1]?.kind === 'sym' && DEFS.test(fullName(toks[t + 1]!)) ? toks[t + 2] : undefined;
    const paths = new Set<ResourceName>();
    const calls = new Set<ResourceName>();
    let other = false;
    let elsewhere = false;
    for (let j = t; j < end; j++) {
      const x = toks[j]!;
      if (x.kind === 'str') {
        // A relative path (`"/complaints/"`), or the path of the API's own address (a stub's `"https://…/api/results/r-1/"`).
        const abs = /^[a-z]+:\/\/[^/\s]+(\/.*)$/i.exec(x.text);
        // A namespace that serves HTTP: its own routes (`"/results/:id"`) are not the API's paths.
        const m = abs ? (own(x.text) ? RESOURCE_PATH.exec(abs[1]!) : null) : serving ? null : RESOURCE_PATH.exec(x.text);
        // Another service's path or address (`"/tickets/"`, `"https://desk.example.com/api/"`).
        if (!m && (abs ? !own(x.text) : /^\/?[a-z][\w-]*\/$|^\/[a-z][\w-]*(?:\/[\w-]+)*\/?$/.test(x.text))) elsewhere = true;
        if (m) paths.add(vocab.segments.get(m[1]!)!);
      } else if (x.kind === 'sym' && toks[j - 1]?.text === '(' && j !== t + 1) {
        if (otherThing(x.text, x.ns)) other = true;
        else if (words(x.text).length > 1 || x.ns) { const c = named(x.text); if (c) calls.add(c); }
      }
    }
    if (paths.size === 0 && elsewhere) r = FOREIGN;
    else if (label && (label.kind === 'sym' || label.kind === 'kw') && paths.size === 0 && calls.size === 0 && otherThing(label.text, label.kind === 'kw' ? '' : label.ns)) r = FOREIGN;
    else if (paths.size === 1) r = [...paths][0]!;
    else if (paths.size === 0 && label && (label.kind === 'sym' || label.kind === 'kw') && named(label.text)) r = named(label.text);
    else if (paths.size === 0 && calls.size === 1 && !other) r = [...calls][0]!;
    else if (paths.size === 0 && other) r = FOREIGN;
    memo.set(t, r);
    return r;
  }

  /** A key's or name's field: `:interview-mode?` is the `interview_mode` flag. */
  function bare(name: string): string {
    return norm(name.replace(/[!?*<>=]+$/, ''));
  }

  function fullName(t: LTok): string {
    return t.ns ? `${t.ns}/${t.text}` : t.text;
  }

  /** Report the sites of `path` under `b`, as written, through a part it names, or after a wrapper (lexical-support.ts). */
  function judge(b: Base, path: string[], at: LTok): boolean {
    return judgePath(b, path, at, true, sites, report);
  }

  function baseOf(k: number): Base | null {
    const t = toks[k];
    if (t?.kind === 'sym' && !t.ns) {
      const tie = t.text.length > 2 ? modelTie(norm(t.text)) : null;
      if (tie) return { resource: tie.resource, path: tie.path };
      if (otherThing(t.text)) return null;
      const v = bound(k);
      if (v !== null) return formBase(v);
    }
    const r = about(k);
    return r && r !== FOREIGN ? { resource: r, path: [] } : null;
  }

  /** The value a `let` of the enclosing forms binds the symbol at k to (`(let [r (api/result c t)] (:advice r))`). */
  function bound(k: number): number | null {
    const name = toks[k]!.text;
    for (let o = parent[k]!; o >= 0; o = parent[o]!) {
      if (toks[o]!.text !== '(' || !/^(?:let|when-let|if-let|when-some|if-some)$/.test(toks[o + 1]?.text ?? '') || toks[o + 2]?.text !== '[') continue;
      const pairs = children(o + 2);
      for (let i = pairs.length - 2; i >= 0; i -= 2) {
        const b = toks[pairs[i]!]!;
        if (b.kind === 'sym' && b.text === name && pairs[i + 1]! < k) return pairs[i + 1]!;
      }
    }
    return null;
  }

  /** A malli entry's key: `[:extra {:optional true} :string]` in `[:map …]`. */
  function malliKey(k: number): boolean {
    const entry = parent[k]!;
    if (entry < 0 || toks[entry]!.text !== '[' || entry + 1 !== k) return false;
    const map = parent[entry]!;
    return map >= 0 && toks[map]!.text === '[' && toks[map + 1]?.kind === 'kw' && toks[map + 1]!.text === 'map' && map + 1 !== entry;
  }

  /** `{:extra x}`: the key's path through the maps (and vectors of maps) around it. */
  function key(k: number): void {
    const name = bare(toks[k]!.text);
    if (!vocab.fieldNames.has(name) || toks[k]!.ns) return;
    const path = [name];
    let o = parent[k]!;
    while (o >= 0 && (toks[o]!.text === '{' || toks[o]!.text === '[')) {
      const p = parent[o]!;
      if (p >= 0 && toks[p]!.text === '{' && toks[o - 1]?.kind === 'kw' && mapKey(o - 1)) path.unshift(norm(toks[o - 1]!.text));
      else if (toks[o]!.text === '[' && toks[o + 1]?.kind === 'kw' && o + 1 !== k && malliKey(o + 1)) path.unshift(norm(toks[o + 1]!.text));
      else if (toks[o]!.text === '{' && toks[o - 1]?.kind === 'kw' && toks[o - 1]!.text !== 'params' && toks[o - 1]!.text !== 'body') path.unshift(norm(toks[o - 1]!.text));
      o = p;
    }
    // A schema named for a nested model (`(def Profile [:map [:race …]])`, `(def PotentialCondition …)`): its keys under
    // its place, unless a form of the file is another service's (whose file names its own models).
    const t = top[k]!;
    const label = t >= 0 && toks[t]!.text === '(' && /^(?:def|defschema)$/.test(toks[t + 1]?.text ?? '') ? toks[t + 2] : undefined;
    const def = label?.kind === 'sym' && !foreignFile() ? modelTie(norm(label.text)) : null;
    const b = baseOf(k) ?? def;
    if (b) judge({ resource: b.resource, path: def?.resource === b.resource ? def.path : [] }, path, toks[k]!);
  }

  function foreignFile(): boolean {
    return (anyForeign ??= toks.some((_, t) => top[t] === t && about(t) === FOREIGN));
  }

  /** `:api.result/advice`, `:api.profile/bmi`: the namespace names the model. */
  function namespaced(k: number): void {
    const t = toks[k]!;
    if (!t.ns || !vocab.fieldNames.has(norm(t.text))) return;
    const seg = t.ns.split('.').pop()!;
    const tie = modelTie(norm(seg));
    const r = tie ? null : named(seg);
    if (!tie && !r) return;
    judge(tie ? { resource: tie.resource, path: tie.path } : { resource: r!, path: [] }, [norm(t.text)], t);
  }

  /** `{:keys [advice test]} result`: each name read from what is destructured. */
  function destructured(k: number): void {
    const map = parent[k]!;
    const vec = k + 1;
    const container = parent[map]!;
    let b: Base | null = null;
    // In a `let` vector: the value after the map; in a fn's parameters: what the fn is about.
    if (container >= 0 && toks[container]!.text === '[' && toks[container - 2]?.text === '(' && /^(?:let|when-let|if-let|when-some|if-some|loop|binding)$/.test(toks[container - 1]?.text ?? '')) {
      const sib = children(container);
      const i = sib.indexOf(map);
      const v = i >= 0 && i % 2 === 0 ? sib[i + 1] : undefined;
      if (v === undefined) return;
      b = formBase(v);
    } else b = baseOf(k);
    if (!b) return;
    for (const s of children(vec)) {
      const x = toks[s]!;
      if (x.kind === 'sym' && vocab.fieldNames.has(norm(x.text)) && judge(b, [norm(x.text)], x)) carried.set(`${top[k]}:${x.text}`, { b, name: norm(x.text) });
    }
  }

  /** What a form holds: a keyword read (`(:profile interview)`) extends its source's path; a call, its head's resource. */
  function formBase(v: number): Base | null {
    const t = toks[v]!;
    if (t.text !== '(') return t.kind === 'kw' ? null : baseOf(v);
    const head = toks[v + 1];
    const kids = children(v);
    if (head?.kind === 'kw' && !head.ns && kids.length === 2) {
      const b = formBase(kids[1]!);
      return b ? { resource: b.resource, path: [...b.path, norm(head.text)] } : null;
    }
    return head?.kind === 'sym' ? headBase(v) : null;
  }

  function headBase(o: number): Base | null {
    const head = toks[o + 1]!;
    if (otherThing(head.text, head.ns)) return null;
    const r = named(head.text);
    if (r) return { resource: r, path: [] };
    return baseOf(o + 1);
  }

  /** `(:advice r)`, `(get r :advice)`, `(get-in r [:a :b])`, `(-> r :a :b)`. */
  function call(o: number): void {
    const head = toks[o + 1];
    if (!head) return;
    const kids = children(o);
    let from: number | undefined;
    let keys: LTok[] = [];
    if (head.kind === 'kw' && !head.ns && kids.length >= 2) {
      from = kids[1];
      keys = [head];
    } else if (head.kind === 'sym' && !head.ns && (head.text === 'get' || head.text === 'get-in') && kids.length >= 3) {
      from = kids[1];
      const k2 = kids[2]!;
      // Keywords, or the strings of JSON read without keywords (`(get-in body ["triage_explanation" …])`).
      const keyTok = (x: LTok) => x.kind === 'kw' || x.kind === 'str';
      keys = keyTok(toks[k2]!) ? [toks[k2]!] : toks[k2]!.text === '[' ? children(k2).map((x) => toks[x]!).filter(keyTok) : [];
    } else if (head.kind === 'sym' && /^(?:->|some->|->>)$/.test(head.text) && kids.length >= 3) {
      from = kids[1];
      // `(-> @calls first sent-body :extra)`: the keys read after the steps that pick or decode.
      for (const x of kids.slice(2)) {
        if (toks[x]!.kind === 'kw') keys.push(toks[x]!);
        else if (keys.length > 0 || toks[x]!.kind !== 'sym') break;
      }
    }
    if (head.kind === 'sym' && !head.ns && /^(?:assoc|dissoc|assoc-in|update|update-in)$/.test(head.text) && kids.length >= 3) {
      // `(assoc body :extra note)`, `(dissoc r :advice)`, `(assoc-in req [:profile :bmi] x)`: keys written into the map.
      const b = formBase(kids[1]!);
      const step = head.text === 'dissoc' ? 1 : head.text === 'assoc' ? 2 : kids.length;
      for (let i = 2; i < kids.length; i += step) {
        const x = toks[kids[i]!]!;
        const path = x.kind === 'kw' ? [x] : x.text === '[' ? children(kids[i]!).map((c) => toks[c]!).filter((c) => c.kind === 'kw') : [];
        const last = path[path.length - 1];
        if (b && last && !path.some((c) => c.ns) && vocab.fieldNames.has(norm(last.text))) judge(b, path.map((c) => norm(c.text)), last);
      }
      return;
    }
    if (head.kind === 'sym' && !head.ns && head.text === 'select-keys' && kids.length === 3 && toks[kids[2]!]!.text === '[') {
      // `(select-keys intent [:intent :detail :context])`: each key read from the map.
      const b = formBase(kids[1]!);
      if (b) for (const x of children(kids[2]!)) if (toks[x]!.kind === 'kw' && !toks[x]!.ns && vocab.fieldNames.has(norm(toks[x]!.text))) judge(b, [norm(toks[x]!.text)], toks[x]!);
      return;
    }
    if (head.kind === 'sym' && !head.ns && COLL_FNS.has(head.text)) {
      // `(map :token options)`, `(remove (comp some? :preselected) …)`: a key read from each item.
      for (const x of kids.slice(1)) {
        const kw = toks[x]!;
        if (kw.kind !== 'kw' || kw.ns || !vocab.fieldNames.has(norm(kw.text))) continue;
        const last = kids[kids.length - 1]!;
        const b = last !== x && head.text !== 'comp' ? formBase(last) : baseOf(x);
        if (b) judge(b, [norm(kw.text)], kw);
      }
    }
    if (from === undefined || keys.length === 0 || keys.some((x) => x.ns)) return;
    const src = toks[from]!;
    const b = src.kind === 'sym' && /^%\d?$/.test(src.text) ? itemOf(from) : formBase(from);
    if (!b) return;
    for (let i = 0; i < keys.length; i++) {
      if (!vocab.fieldNames.has(norm(keys[i]!.text))) continue;
      if (judge(b, keys.slice(0, i + 1).map((x) => norm(x.text)), keys[i]!)) return;
    }
  }

  /** `%` of `#(…)` handed to `map`/`remove`/…: an item of the collection given last. */
  function itemOf(k: number): Base | null {
    for (let o = parent[k]!; o >= 0; o = parent[o]!) {
      if (toks[o]!.text !== '#(') continue;
      const p = parent[o]!;
      if (p < 0 || toks[p]!.text !== '(' || !COLL_FNS.has(toks[p + 1]?.text ?? '')) return null;
      const kids = children(p);
      const last = kids[kids.length - 1]!;
      return last !== o ? formBase(last) : null;
    }
    return null;
  }

  /** A name destructured from the API's data handed on as a map's value (`{:race race}`, `:tests (vec test)`). */
  function carriedUse(k: number): void {
    const t = toks[k]!;
    const c = carried.get(`${top[k]}:${t.text}`);
    if (!c) return;
    let o = parent[k]!;
    let at = k;
    if (o >= 0 && toks[o]!.text === '(' && children(o).length === 2 && toks[o + 1] !== t) {
      at = o;
      o = parent[o]!;
    }
    if (o < 0 || toks[o]!.text !== '{' || children(o).indexOf(at) % 2 !== 1) return;
    judge(c.b, [c.name], t);
  }

  /** A literal the generic pass would report that is another thing's (`(helpdesk/open-ticket! {:mode "complaint"})`). */
  function foreign(l: { start: number }): boolean {
    const k = Math.min(tokenAt(toks, l.start), toks.length - 1);
    return k >= 0 && about(k) === FOREIGN;
  }
}
