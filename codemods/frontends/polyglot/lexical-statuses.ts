import { rulesOfKind, type Change } from '../../../catalogue';
import { words } from '../../engine/words';
import type { Tok } from './lexical-tokens';
import { constantOf } from './lexical-facts';
import { RESOURCE_PATH, type Lines } from './lexical-support';
import { routeOperation, stubRouteBefore, stubStatusAt } from './lexical-stubs';
import type { LangIndex } from './project-types';
import { norm, type Vocabulary } from './vocabulary';

/**
 * Retired statuses in a file read by its tokens (lexical.ts): a success code compared (`statusCode == 202`, Erlang's
 * `=:=`, PowerShell's `-eq`) or matched in a case arm (`202 -> …`, `{ok, 202, _} ->`); any code as a stub's status
 * beside a path of its operation's resource, or compared in a paragraph that names a path of the rule's resource and
 * no other's; a constant named for the change (`SCHTTPStatusModeUpdateAccepted = 202`, `-define(STATUS_MODE_PENDING,
 * 202)`) and comparisons with it in any file of the run (catalogue `codeNames`).
 */

export interface StatusContext {
  toks: readonly Tok[];
  source: string;
  lines: Lines;
  vocab: Vocabulary;
  index: LangIndex;
  changes: readonly Change[];
  report: (change: string, t: Tok, message: string) => void;
  /** A token of another service's code (the Perl and Lisp readers say). */
  foreign: (t: Tok) => boolean;
  /** Lines before a value that make its paragraph. */
  reach: number;
}

export function statusSites(c: StatusContext): void {
  const { toks, source, lines, vocab, index, report } = c;
  for (const { change, rule } of rulesOfKind('status-changed', c.changes)) {
    const from = String(rule.from);
    const named = (name: string) => words(name).some((x) => (rule.codeNames ?? []).map(norm).includes(x));
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      const prev = toks[k - 1];
      const compared = prev?.text === 'case' || comparedAt(source, t) || caseArm(toks, lines, k);
      if (t.kind === 'num' && t.text === from) {
        // A generic code (400) only as a stub's status beside a path of its operation's resource.
        const keyed = prev?.text === ':' || prev?.text === '=' ? toks[k - 2] : undefined;
        const statusKey = !!keyed && keyed.kind === 'id' && words(keyed.text).some((x) => x === 'status' || x === 'code');
        const beside = statusKey && resourcesPathed(lines.around(t.start), vocab, '"').has(rule.resource);
        // Or compared in a paragraph that names a path of its resource and no other's (`… 'interviews/anonymous/' … -eq 400`).
        const near = compared && !beside ? resourcesPathed(lines.paragraph(t.start, c.reach, 0), vocab, '"\'') : null;
        const pathed = !!near && near.size === 1 && near.has(rule.resource);
        if (((compared && rule.from >= 200 && rule.from < 300) || beside || pathed) && !c.foreign(t)) report(change.id, t, rule.message);
        // A stub's answer (`withStatus(400)`) chained to a route of the rule's resource and operation.
        const route = stubStatusAt(toks, k) ? stubRouteBefore(toks, k, source, RESOURCE_PATH, vocab) : null;
        const op = route && route.resource === rule.resource ? routeOperation(route, vocab) : null;
        if (op && (op === rule.operation || (rule.operation === 'mode-update' && op === 'update'))) report(change.id, t, rule.message);
        // A constant named for the change (`SCHTTPStatusModeUpdateAccepted = 202`), not another service's (`HelpdeskStatusQueued`).
        const constant = constantOf(toks, k);
        if (constant !== null && named(toks[constant]!.text)) report(change.id, t, rule.message);
      } else if (t.kind === 'id' && compared && named(t.text) && index.statusConstant(t.text) === rule.from) report(change.id, t, rule.message);
    }
  }
}

/** A value compared with `==`, `!=`, `===`, Erlang's `=:=` / `=/=`, Haskell's `/=`, PowerShell's `-eq` / `-ne`, on either side. */
function comparedAt(source: string, t: Tok): boolean {
  return COMPARED_BEFORE.test(source.slice(Math.max(0, t.start - 8), t.start)) || COMPARED_AFTER.test(source.slice(t.end, t.end + 8));
}

/**
 * A value in a case arm's pattern (`202 -> pure ModeAccepted`, `{ok, 202, _} ->`, `{ok, ?STATUS_PENDING, _} when …`):
 * the line holds only the pattern (names, literals, brackets) up to its arrow.
 */
function caseArm(toks: readonly Tok[], lines: Lines, k: number): boolean {
  const line = lines.lineOf(toks[k]!.start);
  let j = k;
  while (j > 0 && lines.lineOf(toks[j - 1]!.start) === line) j--;
  for (; j < toks.length && lines.lineOf(toks[j]!.start) === line; j++) {
    const x = toks[j]!;
    if (x.text === '->' || (x.text === 'when' && j > k)) return j > k;
    if (x.kind === 'punct' && !ARM_PUNCT.has(x.text)) return false;
  }
  return false;
}

/** The resources whose paths the literals of a text name (`"interviews/anonymous/"`), in the given quotes. */
function resourcesPathed(text: string, vocab: Vocabulary, quotes: string): Set<string> {
  const out = new Set<string>();
  const re = quotes === '"' ? /"([^"\n]*)"/g : /["']([^"'\n]*)["']/g;
  for (const m of text.matchAll(re)) {
    const r = RESOURCE_PATH.exec(m[1]!);
    const resource = r ? vocab.segments.get(r[1]!) : undefined;
    if (resource) out.add(resource);
  }
  return out;
}

/** Comparison operators of the languages read here, before and after a value. */
const COMPARED_BEFORE = /(?:[=!]==?|=:=|=\/=|\/=|-(?:c|i)?(?:eq|ne))\s*$/i;
const COMPARED_AFTER = /^\s*(?:[=!]==?|=:=|=\/=|\/=|-(?:c|i)?(?:eq|ne)\b)/i;
/** What a case arm's pattern is written with: brackets, separators, a macro's `?`, a wildcard. */
const ARM_PUNCT = new Set(['{', '}', '(', ')', '[', ']', ',', '?', '_', '|']);
