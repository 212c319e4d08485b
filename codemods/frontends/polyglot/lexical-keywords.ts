import type { ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import type { Tok } from './lexical-tokens';
import { inOtherThingsCall } from './lexical-holders';
import { resourcesNamed, type Lines, type Needle } from './lexical-support';
import { LEADING_VERBS } from './ties';

/**
 * Keyword arguments and parameters named for a field the API's requests no longer take, in languages read by their
 * tokens (lexical.ts): `sc_create_complaint(token, text, extra = "…")` and its definition `function(…, extra = "")`
 * (R, Julia's `; extra = …`), OCaml's labels `~extra` / `?extra` of `add_complaint`, and a body built in a file whose
 * paths name one resource (`list(interview = interview, extra = extra)`). Whose request it is: the call's or the
 * defined function's name, a verb and one resource's noun (`add_complaint`, `sc_update_intent`), else the one resource
 * of the file's paths. A call that makes another thing (`hd_create_ticket(extra = …)`) says nothing.
 */

export interface KeywordContext {
  toks: readonly Tok[];
  lines: Lines;
  /** The one resource the file's paths name, or null. */
  sole: ResourceName | null;
  wanted: ReadonlyMap<string, Needle[]>;
  report: (change: string, t: Tok, message: string, subject?: string) => void;
}

export function keywordSites(c: KeywordContext): void {
  const { toks, lines } = c;
  for (let k = 1; k < toks.length - 1; k++) {
    const t = toks[k]!;
    if (t.kind !== 'id') continue;
    const found = c.wanted.get(t.text)?.filter((n) => n.request);
    if (!found?.length) continue;
    const label = (toks[k - 1]!.text === '~' || toks[k - 1]!.text === '?') && toks[k - 1]!.end === t.start;
    const keyword = toks[k + 1]!.text === '=' && toks[k + 2]?.text !== '=' && ['(', ',', ';'].includes(toks[k - 1]!.text);
    if (!label && !keyword) continue;
    const resource = label ? labelledCall(k) : keywordCall(k);
    if (!resource || inOtherThingsCall(toks, k)) continue;
    for (const n of found) if (n.resource === resource) c.report(n.change, t, n.message, t.text);
  }

  /** The resource of the call or definition whose parentheses hold token `k`, by its name or else the file's. */
  function keywordCall(k: number): ResourceName | null {
    let depth = 0;
    for (let j = k - 1; j >= 0 && j >= k - REACH; j--) {
      const x = toks[j]!.text;
      if (x === ')' || x === ']' || x === '}') depth++;
      else if ((x === '[' || x === '{') && depth > 0) depth--;
      else if (x === '(' && depth > 0) depth--;
      else if (x === '(') return named(calleeOf(j)) ?? c.sole;
      else if (x === '[' || x === '{') return null;
    }
    return null;
  }

  /** The name a call is made by (`sc_create_complaint(`), or the one a function is defined under (`name <- function(`, `function name(`). */
  function calleeOf(open: number): Tok | null {
    const callee = toks[open - 1];
    if (callee?.kind !== 'id') return null;
    if (callee.text !== 'function') return callee;
    // R's `name <- function(` (two tokens `<` `-`) or `name = function(`.
    const before = toks[open - 2]?.text === '=' ? toks[open - 3] : toks[open - 2]?.text === '-' && toks[open - 3]?.text === '<' ? toks[open - 4] : null;
    return before?.kind === 'id' ? before : null;
  }

  /** OCaml's `add_complaint api ~interview:… ?extra text`, `let add_complaint t ?extra text =`: the nearest name before it on its line with a verb. */
  function labelledCall(k: number): ResourceName | null {
    const line = lines.lineOf(toks[k]!.start);
    for (let j = k - 1; j >= 0 && lines.lineOf(toks[j]!.start) === line; j--) {
      const r = named(toks[j]!);
      if (r) return r;
    }
    return null;
  }
}

/** A name of a verb and one resource's noun (`sc_create_complaint`, `addComplaint`): that resource. */
function named(t: Tok | null): ResourceName | null {
  if (t?.kind !== 'id' || !words(t.text).some((w) => LEADING_VERBS.has(w))) return null;
  const r = resourcesNamed(t.text);
  return r.size === 1 ? [...r][0]! : null;
}

/** How many tokens back the parentheses around a keyword are looked for. */
const REACH = 200;
