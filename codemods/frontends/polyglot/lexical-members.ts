import type { Tok } from './lexical-tokens';
import type { LexicalBase } from './lexical-support';
import { modelTie } from './ties';

/**
 * Member reads for the token reader (lexical.ts): which token reads a member of the one before it, the receiver's
 * name, and what a chain of members says it holds (`self.interview.profile` → the profile). A field accessor written
 * as a function (Elm's and Haskell's record syntax `List.map .triage r.potentialConditions`, `Result.map .advice`) reads
 * the value it is handed, not the name before it.
 */

/** What reads a member: `.`, C's `->`, R's `$` (lexical-tokens.ts). */
const MEMBER_OPS = new Set(['.', '->', '$']);

/** Receivers that stand for the type whose code this is. */
export const SELF = new Set(['self', 'this', 'super']);

export interface MemberContext {
  toks: readonly Tok[];
  source: string;
  /** The model of the API whose declaration encloses `at` (for `self`). */
  ownTie: (at: number) => LexicalBase | null;
  /** What a local holds where it is read (lexical-locals.ts). */
  local: (name: string, at: number) => LexicalBase | null;
  /** The one resource a file's paths name, whose body a variable named for a body is. */
  sole: LexicalBase['resource'] | null;
}

export interface MemberReads {
  memberOp(j: number): boolean;
  receiverOf(k: number): string | null;
  receiverTie(k: number): LexicalBase | null;
  accessorTie(k: number): LexicalBase | null;
}

export function memberReads(c: MemberContext): MemberReads {
  const { toks, source } = c;
  /** Whether a `.` at token `j` is written after a space on its line (`map .advice`): an accessor function, no member read. */
  const spacedDot = (j: number): boolean => {
    const op = toks[j];
    const prev = toks[j - 1];
    return op?.text === '.' && !!prev && prev.end < op.start && !source.slice(prev.end, op.start).includes('\n') && toks[j + 1]?.start === op.end;
  };

  /**
   * Whether token `j` reads a member of the token before it: `.` (not one after a space on its line), `$`, or a
   * `->` written tight (`$res->{msg}`, `p->msg`); `->` between spaces is an arrow (`Result Http.Error ModeUpdate ->
   * msg` in an Elm or Haskell signature, a `case` arm).
   */
  const memberOp = (j: number): boolean => {
    const op = toks[j];
    if (!op || !MEMBER_OPS.has(op.text) || spacedDot(j)) return false;
    return op.text !== '->' || (toks[j - 1]?.end === op.start && toks[j + 1]?.start === op.end);
  };

  /** The receiver's name of a member read (`result` of `result.advice`, `self`), or null for a bare name or an ivar. */
  const receiverOf = (k: number): string | null => {
    const dot = toks[k - 1];
    if (!dot || !memberOp(k - 1)) return null;
    const r = toks[k - 2];
    return r?.kind === 'id' ? r.text : r?.text === ')' || r?.text === ']' ? '' : null;
  };

  /** What a chain of members says it holds: the nearest segment named for a model (`self.interview.profile` → the profile). */
  const receiverTie = (k: number): LexicalBase | null => {
    for (let j = k - 2; j >= 0 && toks[j]?.kind === 'id'; j -= 2) {
      const name = toks[j]!.text;
      if (SELF.has(name)) return c.ownTie(toks[j]!.start);
      const tie = modelTie(name);
      if (tie) return tie;
      if (!memberOp(j - 1)) {
        // A local built as a model of the API (`def view = TriageViews.ResultView.of(r)`), or set to its answer (`$r = Get-SCResult`);
        // a request's body in a file that sends to one resource (`$body.extra = $Extra`).
        return c.local(name, toks[j]!.start) ?? (c.sole && BODY_NAMES.test(name) ? { resource: c.sole, path: [] } : null);
      }
    }
    return null;
  };

  /**
   * A field accessor written as a function (`.triage` in `List.map .triage r.potentialConditions`): what the chain
   * it is handed on its line holds, its last segment named for a model or read from one.
   */
  const accessorTie = (k: number): LexicalBase | null => {
    if (!spacedDot(k - 1)) return null;
    let last = -1;
    for (let j = k + 1; toks[j]?.kind === 'id' && !source.slice(toks[k]!.end, toks[j]!.start).includes('\n'); j += 2) {
      last = j;
      if (!memberOp(j + 1)) break;
    }
    if (last < 0) return null;
    const name = toks[last]!.text;
    return modelTie(name) ?? (last > k + 1 ? receiverTie(last) : c.local(name, toks[last]!.start));
  };

  return { memberOp, receiverOf, receiverTie, accessorTie };
}

/** Names of a request's body. */
const BODY_NAMES = /^\$?(?:body|payload|request_?body|requestBody|data)$/i;
