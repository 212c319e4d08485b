import type { Tok } from './lexical-tokens';
import type { LangIndex } from './project-types';
import type { Scope } from './lexical-facts';
import { namesModeType } from './lexical-holders';
import { modeMember } from './lexical-support';
import { modeOwnerTie } from './ties';
import type { Vocabulary } from './vocabulary';

/**
 * The API's changed modes as the token reader (lexical.ts) sees them by name: a list of two or more of its mode
 * values, a type or module of its modes, and a member of its mode type (or a constant of its modes) named for a
 * changed mode.
 */

export interface ModeNameContext {
  toks: readonly Tok[];
  vocab: Vocabulary;
  index: LangIndex;
  scopeAt: (at: number) => Scope | null;
  receiverOf: (k: number) => string | null;
  report: (change: string, t: Tok, message: string, subject?: string) => void;
}

export interface ModeNames {
  inModeType(at: number): boolean;
  modeList(k: number): boolean;
  modeName(t: Tok, w: string[], k: number): void;
}

export function modeNames(c: ModeNameContext): ModeNames {
  const { toks, vocab, index } = c;
  /** Inside a type or module of the API's modes (`type InterviewMode = | Complaint | Safe`, its module's matches). */
  const inModeType = (at: number): boolean => {
    const s = c.scopeAt(at);
    return !!s && namesModeType(s.name, index);
  };

  /**
   * A literal in a list of two or more of the API's changed modes (`[ValidateSet('complaint', 'safe', 'triage')]`,
   * `[:complaint, :safe]`): a list of its modes, whatever the line is named for. Another thing's modes name one at most.
   */
  const modeList = (k: number): boolean => {
    const values = new Set<string>();
    for (const step of [-2, 2]) for (let j = k; toks[j]?.kind === 'str' && (j === k || toks[j - step / 2]?.text === ','); j += step) if (vocab.modes.has(toks[j]!.text)) values.add(toks[j]!.text);
    return values.size >= 2;
  };

  /** `SCInterviewModeSafe`, `kModeTriage`: a member of the API's mode type (or a constant of its modes) named for a changed mode. */
  const modeName = (t: Tok, w: string[], k: number): void => {
    const mode = vocab.modes.get(w[w.length - 1]!);
    if (!mode) return;
    // Or a constant of the API's mode type read through it (`InterviewMode.COMPLAINT`); `TicketMode.COMPLAINT` is another thing's.
    const owner = c.receiverOf(k);
    const ofModeType = !!owner && w.length === 1 && (!!modeOwnerTie(owner) || index.modeGroup(owner));
    // A case of the API's mode type where it is declared or matched (`| Complaint` in `type InterviewMode =`, its module's `| Safe -> "safe"`).
    const listed = w.length === 1 && toks[k - 1]?.text === '|' && inModeType(t.start);
    if (!modeMember(t.text, w) && !ofModeType && !listed) return;
    c.report(mode.change.id, t, mode.message, t.text);
  };

  return { inModeType, modeList, modeName };
}
