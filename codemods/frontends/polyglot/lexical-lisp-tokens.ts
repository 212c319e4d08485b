import { api } from '../../../catalogue';
import { words } from '../../engine/words';
import { modelTie } from './ties';
import { norm, type Vocabulary } from './vocabulary';

/**
 * Clojure, ClojureScript and EDN tokens (lexical-lisp.ts reads them): strings, keywords with their namespace
 * (`:api.result/advice`, `::local`), symbols (`api/create-complaint!`), numbers and brackets (`#{`, `#(` kept as
 * one). Commas are whitespace; comments and reader marks (`'`, `@`, `^`, `#_`) are skipped.
 */

export const LISP = new Set(['clj', 'cljs', 'cljc', 'edn']);

export interface LTok {
  kind: 'str' | 'kw' | 'sym' | 'num' | 'open' | 'close';
  start: number;
  end: number;
  /** A keyword's or symbol's name (after its namespace), a literal's content, a bracket (`(`, `[`, `{`, `#{`). */
  text: string;
  ns: string;
}

export function lispTokens(src: string): LTok[] {
  const out: LTok[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i]!;
    if (/[\s,]/.test(c)) { i++; continue; }
    if (c === ';') { while (i < n && src[i] !== '\n') i++; continue; }
    if (c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      out.push({ kind: 'str', start: i, end: Math.min(j + 1, n), text: src.slice(i + 1, j), ns: '' });
      i = j + 1;
      continue;
    }
    if (c === '#' && (src[i + 1] === '{' || src[i + 1] === '(')) { out.push({ kind: 'open', start: i, end: i + 2, text: `#${src[i + 1]}`, ns: '' }); i += 2; continue; }
    if ('([{'.includes(c)) { out.push({ kind: 'open', start: i, end: i + 1, text: c, ns: '' }); i++; continue; }
    if (')]}'.includes(c)) { out.push({ kind: 'close', start: i, end: i + 1, text: c, ns: '' }); i++; continue; }
    if ("'`~@^#".includes(c)) { i++; continue; }
    let j = i;
    while (j < n && !/[\s,;"()[\]{}]/.test(src[j]!)) j++;
    const raw = src.slice(i, j);
    if (/^[-+]?\d/.test(raw)) out.push({ kind: 'num', start: i, end: j, text: raw, ns: '' });
    else {
      const kw = raw.startsWith(':');
      const body = raw.replace(/^:+/, '');
      const slash = body.lastIndexOf('/');
      const ns = slash > 0 ? body.slice(0, slash) : '';
      const name = slash > 0 ? body.slice(slash + 1) : body;
      out.push({ kind: kw ? 'kw' : 'sym', start: i + (raw.length - name.length), end: j, text: name, ns });
    }
    i = j;
  }
  return out;
}

/**
 * The reader's own pre-scan: a spec or schema of the API's models (`:api.result/advice`) or a namespace of its
 * modes (`(ns app.modes)` defining `"safe"`) names nothing the text scan looks for, but is the API's.
 */
export function lispSelects(source: string, vocab: Vocabulary): boolean {
  if (!/:[\w.-]+\/|\(ns |\(def(?:record|type)|defschema/.test(source)) return false;
  const toks = lispTokens(source);
  const ns = toks[1]?.text === 'ns' ? toks[2] : undefined;
  const modes = !!ns && words((ns.ns ? `${ns.ns}/${ns.text}` : ns.text).split('.').pop() ?? '').some((w) => w === norm(api.modeField) || w === `${norm(api.modeField)}s`);
  return toks.some((t, k) => {
    if (modes && t.kind === 'str' && vocab.modes.has(t.text) && toks[k - 2]?.text === 'def') return true;
    // A record or schema named for a model (`(defrecord Result [advice …])`, `(s/defschema Complaint {…})`),
    if (t.kind === 'sym' && /^(?:defrecord|deftype|defschema)$/.test(t.text) && toks[k + 1]?.kind === 'sym' && modelTie(norm(toks[k + 1]!.text))) return true;
    // A malli map schema named for one (`(def Profile [:map [:race …]])`).
    if (t.kind === 'sym' && t.text === 'def' && toks[k + 1]?.kind === 'sym' && toks[k + 2]?.text === '[' && toks[k + 3]?.kind === 'kw' && toks[k + 3]!.text === 'map' && modelTie(norm(toks[k + 1]!.text))) return true;
    if (t.kind !== 'kw' || !t.ns || !vocab.fieldNames.has(norm(t.text))) return false;
    const seg = norm(t.ns.split('.').pop()!);
    return !!modelTie(seg) || Object.values(api.resources).some((r) => r.nouns.includes(seg) || r.segment === seg);
  });
}

