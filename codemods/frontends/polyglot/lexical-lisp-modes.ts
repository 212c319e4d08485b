import { api, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';
import { modelTie } from './ties';
import { norm, type Vocabulary } from './vocabulary';
import type { LTok } from './lexical-lisp-tokens';

/**
 * The API's modes and statuses in Clojure (lexical-lisp.ts reads the rest): a mode's literal keyed `:mode`, handed
 * to a call named for the mode or held by a `def` of one (`(def mode-safe "safe")`, `(s/def :api.interview/mode
 * #{…})`, any `def` of a `…modes` namespace); uses of a removed mode's constant (`safe` there, `modes/safe`,
 * `mode-triage`); statuses compared (`(= 202 status)`), keyed (`{:status 202}`) or handed to a stub before its body.
 */

export const FOREIGN = 'foreign' as const;
export type About = ResourceName | typeof FOREIGN | null;
export const DEFS = /^(?:def|defn-?|defschema|s\/defschema|defrecord|deftype|defonce|defmethod|deftest|defspec|reg-event-(?:db|fx|ctx)|reg-sub|reg-fx|defmulti|s\/def)$/;

interface Ctx {
  toks: LTok[];
  parent: Int32Array;
  top: Int32Array;
  vocab: Vocabulary;
  changes: readonly Change[];
  report: (change: string, t: { start: number; end: number }, message: string, subject?: string) => void;
  modesFile: boolean;
  serving: boolean;
  tied: boolean;
  otherThing: (name: string, ns?: string) => boolean;
  about: (k: number) => About;
  mapKey: (k: number) => boolean;
  named: (name: string) => ResourceName | null;
  fullName: (t: LTok) => string;
}

export function lispModes(ctx: Ctx) {
  const { toks, parent, top, vocab, changes, report, modesFile, serving, tied, otherThing, about, mapKey, named, fullName } = ctx;
  const modeWord = norm(api.modeField);
  const constants = modeConstants();
  return { modeLiteral, modeUse: (k: number) => modeUse(k, constants), status };

  /** Whether the def at a top-level form names a mode (`(def mode-safe "safe")`, `(s/def :api.interview/mode #{…})`, in a `…modes` ns). */
  function modeDef(t: number): boolean {
    const label = toks[t + 2];
    if (toks[t]!.text !== '(' || !toks[t + 1] || !/^(?:def|defonce|s\/def|m\/def)$/.test(fullName(toks[t + 1]!)) || !label) return false;
    const ws = words(label.text);
    const at = ws.lastIndexOf(modeWord);
    if (at >= 0) {
      if (at > 0 && headNamesAnotherThing(ws.slice(0, at).join('_'))) return false;
      if (label.kind === 'kw' && label.ns) { const seg = label.ns.split('.').pop()!; return !!(modelTie(norm(seg))?.resource === vocab.modeResource || named(seg) === vocab.modeResource); }
      return true;
    }
    return modesFile && label.kind === 'sym';
  }

  function modeConstants(): Map<string, LTok> {
    const out = new Map<string, LTok>();
    for (let t = 0; t < toks.length; t++) {
      if (top[t] !== t || toks[t + 1]?.text !== 'def' || toks[t + 2]?.kind !== 'sym' || toks[t + 3]?.kind !== 'str') continue;
      if (vocab.modes.has(toks[t + 3]!.text) && modeDef(t)) out.set(toks[t + 2]!.text, toks[t + 3]!);
    }
    return out;
  }

  function modeLiteral(k: number): void {
    const mode = vocab.modes.get(toks[k]!.text);
    if (!mode) return;
    const t = top[k]!;
    const keyed = toks[k - 1]?.kind === 'kw' && !toks[k - 1]!.ns && norm(toks[k - 1]!.text) === modeWord && mapKey(k - 1);
    // Or given to a call named for the mode (`(api/update-mode! client token "triage")`).
    const o = parent[k]!;
    const head = o >= 0 && toks[o]!.text === '(' ? toks[o + 1] : undefined;
    const handed = !!head && head.kind === 'sym' && o + 1 !== k && words(head.text.replace(/[!?*<>=]+/g, '')).includes(modeWord);
    // In a file that names nothing of the API's, only where the code says the API's (`(defn start-interview …)`).
    const a = about(k);
    if (keyed || handed ? a === FOREIGN || (!tied && a === null) : !(t >= 0 && modeDef(t)) || (!tied && !modesFile && a !== vocab.modeResource && !namesValue(t, k))) return;
    report(mode.change.id, toks[k]!, mode.message, toks[k]!.text);
  }

  /** `(def mode-complaint "complaint")`: the def's name says the value it holds (a desk's `default-mode` does not). */
  function namesValue(t: number, k: number): boolean {
    const label = toks[t + 2];
    return !!label && words(label.text).includes(norm(toks[k]!.text)) && (label.kind !== 'kw' || !!label.ns);
  }

  /** A use of a mode constant: this file's (`safe` of `(def safe "safe")`), or one named so (`modes/triage`, `mode-triage`). */
  function modeUse(k: number, constants: Map<string, LTok>): void {
    const t = toks[k]!;
    if (toks[k - 1]?.text === 'def' && toks[k - 2]?.text === '(') return;
    let value = !t.ns ? constants.get(t.text)?.text : undefined;
    if (!value) {
      const ws = words(t.text);
      const last = ws[ws.length - 1];
      const nsModes = !!t.ns && words(t.ns.split('.').pop()!).some((w) => w === modeWord || w === `${modeWord}s`);
      if (last && vocab.modes.has(last) && (nsModes || (ws.length === 2 && (ws[0] === modeWord || ws[0] === `${modeWord}s`)))) value = last;
    }
    // A renamed mode's constant changes where it is defined; its uses keep the name. A removed one's uses are sites.
    const mode = value ? vocab.modes.get(value) : undefined;
    if (mode && mode.to === null && !(t.ns && otherThing(t.text, t.ns)) && about(k) !== FOREIGN) report(mode.change.id, t, mode.message, t.text);
  }

  /** `(= 202 status)`, `{:status 202 …}`, `(case status 202 …)`: where the form is about the rule's resource. */
  function status(k: number): void {
    const t = toks[k]!;
    for (const { change, rule } of rulesOfKind('status-changed', changes)) {
      if (t.text !== String(rule.from)) continue;
      const o = parent[k]!;
      const compared = o >= 0 && toks[o]!.text === '(' && /^(?:=|not=)$/.test(toks[o + 1]?.text ?? '');
      // `(case (:status resp) 202 …)`: an arm's code.
      const arm = o >= 0 && toks[o]!.text === '(' && toks[o + 1]?.text === 'case' && /status|code/.test(toks[o + 2]?.text === '(' ? (toks[o + 3]?.text ?? '') : (toks[o + 2]?.text ?? ''));
      const keyed = !serving && toks[k - 1]?.kind === 'kw' && /^(?:status|code)$/.test(toks[k - 1]!.text) && mapKey(k - 1);
      // A stub's answer: the code handed to a call before its body (`(respond 202 nil)`, `(fx/response 400 {…})`).
      const stub = o >= 0 && toks[o]!.text === '(' && toks[o + 1] !== t && (toks[k + 1]?.text === '{' || toks[k + 1]?.text === 'nil');
      if ((compared || arm || keyed || stub) && about(k) === rule.resource) report(change.id, t, rule.message);
    }
  }

}
