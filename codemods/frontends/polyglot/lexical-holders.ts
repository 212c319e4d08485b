import { api } from '../../../catalogue';
import { isModeName } from '../../engine/ties/names';
import { headNamesAnotherThing, namesAnotherThing, namesOtherMode } from '../../engine/ties/mode-types';
import { words } from '../../engine/words';
import type { Tok } from './lexical-tokens';
import type { LangIndex } from './project-types';
import { MODE_WORD, RESOURCE_PATH, resourcesNamed } from './lexical-support';
import { LEADING_VERBS, modelTie, modeOwnerTie } from './ties';
import { norm } from './vocabulary';

/**
 * Whose a literal or name is, for the token reader (lexical.ts), by what holds it rather than by its own text:
 * the definition around it, the markup it styles, the function it names, the mode type whose cases it lists.
 */

/** A literal given as a markup class or style (`_class "advice"`, `class = "advice"`, `className: 'extra'`): a style's name, not a key. */
export const MARKUP_BEFORE = /(?:^|[^\w$])[_$]?(?:class(?:Name|_)?|css\w*|style\w*)\s*[:=(]?\s*$/;

/**
 * Whether the definitions around a literal name a type of another thing that declares the key it names: the
 * header of `let ticketDecoder : Decoder<Ticket> =`, `let answer (a : Answer) =`, `def read_desk(cfg) -> DeskSettings:`,
 * where `Ticket` declares `advice` (an answer's `extra`, a desk's `default_mode`), and the header names nothing of the API.
 * A mode's value (`"complaint"`) is another thing's where that type declares a field that says mode.
 */
export function heldByOtherType(headers: readonly string[], key: string, isMode: boolean, index: LangIndex): boolean {
  return otherTypesOf(headers, index).some((name) => {
    const keys = index.declaredKeys?.(name);
    return !!keys && (isMode ? [...keys].some((k) => MODE_WORD.test(k)) : keys.has(norm(key)));
  });
}

/**
 * Whether the definitions around a value take a parameter typed by another thing's type that the run declares, and
 * name nothing of the API: `function file_ticket(hd::HelpdeskClient, t::HelpdeskTicket)` around a `resp.status == 202`.
 */
export function inOtherTypesDefinition(headers: readonly string[], index: LangIndex): boolean {
  const typed = new Set([...headers.join('\n').matchAll(/:\s*([A-Z][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
  return otherTypesOf(headers, index).some((name) => typed.has(name) && index.declares(name));
}

/** The capitalised names of the definitions' headers that name another thing, where the headers name no resource of the API. */
function otherTypesOf(headers: readonly string[], index: LangIndex): string[] {
  const text = headers.join('\n');
  if (resourcesNamed(text).size > 0) return [];
  return [...text.matchAll(/(?<![\w$.])[A-Z][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((name) => namesAnotherThing(name) && !modelTie(name) && !index.model(name));
}

/** Words that introduce a function's definition before its name (`def`, `function`, `sub`…). */
export const DEFINERS = new Set(['def', 'defp', 'defn', 'function', 'func', 'fun', 'fn', 'sub', 'proc', 'method']);

/** `worst_condition_triage <- function(…)`, `def worst_condition_triage`, `function Get-Advice`: the name a function is defined under, not a read. */
export function definesFunction(toks: readonly Tok[], k: number): boolean {
  // R's `<-` is two tokens here.
  const value = toks[k + 1]?.text === '=' ? k + 2 : toks[k + 1]?.text === '<' && toks[k + 2]?.text === '-' ? k + 3 : -1;
  return DEFINERS.has(toks[k - 1]?.text ?? '') || (value > 0 && DEFINERS.has(toks[value]?.text ?? ''));
}

/** A type or module of the API's modes (`type InterviewMode = | Complaint | Safe`, `module InterviewMode`), not another thing's (`TicketMode`). */
export function namesModeType(name: string, index: LangIndex): boolean {
  if (namesOtherMode(name)) return false;
  return !!modeOwnerTie(name) || index.modeGroup(name) || (isModeName(name) && norm(name) === norm(api.modeField));
}

/** How many tokens back the call around a literal is looked for. */
const CALL_REACH = 120;

/**
 * Whether the innermost call around token `k` makes or sends another thing, by its name: a verb, then a noun of
 * none of the API's resources (`hd_create_ticket(mode = "complaint")`, `openSupportCase(extra: note)`), and none of
 * its arguments a path of the API's.
 */
export function inOtherThingsCall(toks: readonly Tok[], k: number): boolean {
  let depth = 0;
  for (let j = k - 1; j >= 0 && j >= k - CALL_REACH; j--) {
    const t = toks[j]!.text;
    if (t === ')' || t === ']' || t === '}') depth++;
    else if ((t === '(' || t === '[' || t === '{') && depth > 0) depth--;
    // The innermost call; a table or list literal on the way is the call's argument (`openTicket({ mode: … })`).
    else if (t === '(') return otherMaker(toks[j - 1]) && !pathInCall(toks, j);
  }
  return false;
}

function otherMaker(callee: Tok | undefined): boolean {
  if (callee?.kind !== 'id' || resourcesNamed(callee.text).size > 0) return false;
  const w = words(callee.text);
  const verb = w.findIndex((x) => LEADING_VERBS.has(x));
  return verb >= 0 && verb < w.length - 1 && headNamesAnotherThing(w.slice(verb + 1).join('_'));
}

/** A literal path of the API's resources among a call's arguments. */
function pathInCall(toks: readonly Tok[], open: number): boolean {
  let depth = 0;
  for (let j = open; j < toks.length; j++) {
    const t = toks[j]!;
    if (t.text === '(') depth++;
    else if (t.text === ')' && --depth === 0) return false;
    if (t.kind === 'str' && RESOURCE_PATH.test(t.text)) return true;
  }
  return false;
}

/** Where a name stands for a type: after `:`, `<`, `of`, `::`, `->`, or as a module qualifying a member (`InterviewMode.toApi`). */
export function typePosition(toks: readonly Tok[], k: number): boolean {
  const prev = toks[k - 1]?.text ?? '';
  return [':', '<', 'of', '::', '->', ','].includes(prev) || (toks[k + 1]?.text === '.' && toks[k + 1]!.start === toks[k]!.end);
}
