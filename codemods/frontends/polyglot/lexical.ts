import * as path from 'node:path';
import { catalogue, type ResourceName } from '../../../catalogue';
import { findV1Urls } from '../../../config/urls';
import type { FrontEndInput } from '../../../lib/types';
import type { Finding } from '../../types';
import { TextFile } from '../text-file';
import { words } from '../../engine/words';
import { builtMessage } from '../../engine/rules/built-addresses';
import { PERL, tokenize, type Tok } from './lexical-tokens';
import { perlReader } from './lexical-perl';
import { lispReader } from './lexical-lisp';
import { LISP, lispSelects } from './lexical-lisp-tokens';
import { lexicalScopes, lexicalFacts, sharedPrefix, type Scope } from './lexical-facts';
import { cppUnit, type PolyFacts } from './project';
import { buildLangIndex } from './project-index';
import type { LangIndex } from './project-types';
import { modelTie } from './ties';
import { norm, vocabularyFor } from './vocabulary';
import { apiHosts } from './file';
import { isPublicHost } from './foreign-addresses';
import { jsonBodySites, namedJson, stubRouteBefore } from './lexical-stubs';
import { routedMethods, routedSites } from './lexical-routes';
import { localTies, otherThingsLocals } from './lexical-locals';
import { v1BasePaths, v1PathSites } from './lexical-paths';
import { definesFunction, heldByOtherType, inOtherThingsCall, inOtherTypesDefinition, MARKUP_BEFORE, typePosition } from './lexical-holders';
import { statusSites } from './lexical-statuses';
import { memberReads, SELF } from './lexical-members';
import { modeNames } from './lexical-mode-names';
import { keywordSites } from './lexical-keywords';
import { fieldSites, Lines, MODE_WORD, modeMember, needles, othersModeLine, RESOURCE_PATH, resourcesNamed } from './lexical-support';

/**
 * Source in a language without a parser here (Objective-C, C, Scala, Elixir, Lua…) read by its tokens
 * (lexical-tokens.ts). A file tied to this API — it holds a v1 address or one of the API's resource paths
 * (`@"interviews/%@/"`), or it uses a model type the run ties to the API (lexical-facts.ts: declared beside, or
 * named by, a file that talks to it) — is reported, in reports only (no marker in a file nobody parsed), at:
 * - literals and identifiers that name a removed or moved field where the code says whose field it is: inside a
 *   model type named for a resource (`@implementation SCComplaint` … `_extra`, `@"extra"`), or read from a
 *   receiver named for one (`result.advice`, `self.potentialCondition.triageLevel`, `profile.bmi`); a literal key
 *   elsewhere in a tied file by its name alone (`objectForKey:@"advice"`), as before;
 * - changed modes: a literal on a line that says mode (`kModeComplaint = @"complaint"`), an identifier of the
 *   API's mode type whose last word is one (`SCInterviewModeSafe`, `kModeTriage`);
 * - retired statuses: compared (`statusCode == 202`), given as a stub's status beside a path of the operation's
 *   resource (`status:400` beside `@"/api/interviews/anonymous/"`), a constant named for the change
 *   (`SCHTTPStatusModeUpdateAccepted = 202`, catalogue `codeNames`) and comparisons with it in any file of the run;
 * - v1 paths (`@"/api/interviews/"`) in a file that names a v1 host (a test's stubs).
 * Nothing is rewritten here: these are pointers for a person, beside the file-level finding.
 */

/** A literal given as a description, a log line or a title (`expectationWithDescription:@"msg"`, `NSLog(@"extra")`): words, not a key. */
const PROSE_BEFORE = /(?:description|log|print|title|label)\w*\s*[:(]\s*$/i;

/** Languages that write symbols (`:safe`). */
const ATOMS = new Set(['ex', 'exs', 'cr', 'rb']);

/** Languages whose tables and maps write a key as a name: `{ extra = note }`, `%{extra: note}`, `[extra: note]`. */
const EQ_KEYS = new Set(['lua', 'luau', 'ps1', 'psm1']);
/** Of those, the languages whose tables separate entries by lines or `;` (PowerShell's `@{ key = value }`); their variables have a sigil. */
const LINE_KEYS = new Set(['ps1', 'psm1']);
const COLON_KEYS = new Set(['ex', 'exs', 'cr', 'rb', 'groovy']);

/** The language family whose files see each other's names (one index per family). */
export function lexicalLang(ext: string): string {
  if (['m', 'mm', 'h', 'c', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx', 'ipp'].includes(ext)) return 'lexical-c';
  if (ext === 'sc') return 'lexical-scala';
  if (ext === 'exs') return 'lexical-ex';
  if (PERL.has(ext)) return 'lexical-pl';
  if (ext === 'luau') return 'lexical-lua';
  if (ext === 'hrl') return 'lexical-erl';
  if (ext === 'psm1') return 'lexical-ps1';
  // An Apex trigger or script uses the classes of its project.
  if (ext === 'trigger' || ext === 'apex') return 'lexical-cls';
  return `lexical-${ext}`;
}

export function lexicalSites(input: FrontEndInput): { findings: Finding[]; facts: PolyFacts } {
  const ext = path.extname(input.filePath).slice(1).toLowerCase();
  const source = input.source;
  const toks = tokenize(source, ext);
  const lang = lexicalLang(ext);
  const vocab = vocabularyFor(input.changes);
  const v1 = findV1Urls(input.config, source);
  const speaks = v1.length > 0 || toks.some((t) => t.kind === 'str' && RESOURCE_PATH.test(t.text));
  const scopes = lexicalScopes(toks);
  const facts = lexicalFacts(toks, scopes, lang, speaks, input.config);
  // A C or C++ file's unit (header and source), as the parsed files give theirs (PolyFacts.pkg).
  if (lang === 'lexical-c' && ext !== 'm' && ext !== 'mm') facts.pkg = cppUnit(input.filePath);
  const index: LangIndex = input.project.poly?.language(lang) ?? buildLangIndex([facts]);
  // A model the run ties to the API (its index): by a file that talks to it, or beside one.
  // A C++ header the grammar cannot read (Qt's `Q_OBJECT`, `Q_PROPERTY`) beside the sources it can: their index too.
  const parsed = lang === 'lexical-c' ? input.project.poly?.language('cpp') : undefined;
  const strong = (name: string) => !!index.model(name)?.strong || !!parsed?.model(name)?.strong || (speaks && !!modelTie(name));
  // The header of a source file that talks to the API is that unit's (`InterviewController.h` of `InterviewController.cpp`).
  const unit = !!facts.pkg && !!parsed?.tiedPackage(facts.pkg);
  // Or one of the names the run's tied files define (a constant holding a v1 address or a path, an endpoint), or the API's mode type.
  const tied = speaks || unit || facts.uses.some((u) => (/^[A-Za-z]/.test(u) && strong(u)) || index.names.has(u) || index.modeGroup(u));
  // What ties this file ties the models it names for the run, as a file that talks to the API does (next round of the index).
  facts.tied = tied;
  // Lisp's forms are read by their own reader, which says whose each form is (a file of mode constants, a spec).
  if (!tied && !LISP.has(ext)) return { findings: [], facts };
  const file = new TextFile(source, input.changes, null);
  const why = `(found by its text: sc-migrate has no parser for .${ext} files; check it by hand)`;
  // One pointer per change and line (`_advice = [d objectForKey:@"advice"]` is one site for a person).
  const reported = new Set<string>();
  const report = (change: string, t: { start: number; end: number }, message: string, subject?: string) => {
    const key = `${change}@${lines.lineOf(t.start)}`;
    if (reported.has(key)) return;
    reported.add(key);
    if (file.has(change)) file.manual(change, t.start, t.end, `${message} ${why}`, { marker: false, ...(subject ? { subject } : {}) });
  };
  const scopeAt = (at: number): Scope | null => {
    // The last declaration that starts before `at`, then back through the few that may enclose it (nested types).
    let lo = 0;
    let hi = scopes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (scopes[mid]!.start <= at) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && i >= lo - NESTING; i--) {
      const s = scopes[i]!;
      if (at < s.end) return s;
    }
    return null;
  };
  const ownerAt = (at: number): Scope | null => {
    const s = scopeAt(at);
    return s && strong(s.name) ? s : null;
  };
  // Each declared type's field prefix (lexical-facts.ts sharedPrefix), by its place among the scopes.
  const prefixes = new Map(scopes.map((s, i) => [s, sharedPrefix(facts.types[i]?.fields.map((f) => f.name) ?? [])]));
  const prefixOf = (s: Scope) => prefixes.get(s) ?? 0;
  const wanted = needles();
  const lines = new Lines(source);
  const locals = localTies(toks, lines, vocab.segments);
  const others = otherThingsLocals(toks, lines);
  // The one resource whose paths the file's literals name, if only one.
  const pathed = new Set(toks.flatMap((t) => (t.kind === 'str' ? [vocab.segments.get(RESOURCE_PATH.exec(t.text)?.[1] ?? '')] : [])).filter((r) => !!r));
  const sole = pathed.size === 1 ? [...pathed][0]! : null;
  const ownTie = (at: number) => {
    const owner = ownerAt(at);
    return owner ? modelTie(owner.name) : null;
  };
  const { receiverOf, receiverTie, accessorTie } = memberReads({ toks, source, ownTie, local: locals, sole });
  const { inModeType, modeList, modeName } = modeNames({ toks, vocab, index, scopeAt, receiverOf, report });
  const hosts = new Set(apiHosts(input.config).map((h) => h.toLowerCase()));
  const perl = PERL.has(ext) ? perlReader(toks, source, vocab, index, input.changes, report, (r, p) => fieldSites(vocab, r, p)) : null;
  const ownUrl = (url: string) => findV1Urls(input.config, url).length > 0 || hosts.has((/^[a-z]+:\/\/([^/:\s]+)/i.exec(url)?.[1] ?? '').toLowerCase());
  const lisp = LISP.has(ext) ? lispReader(source, vocab, input.changes, report, (r, p) => fieldSites(vocab, r, p), ownUrl, tied) : null;
  if (lisp && !tied) {
    lisp.sites();
    return { findings: file.finish(false).findings, facts };
  }
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind === 'str') literal(t, k);
    else if (t.kind === 'id' && (keyOfConstructor(k) || atom(k))) literal(t, k);
    else if (t.kind === 'id') identifier(k);
  }
  statusSites({ toks, source, lines, vocab, index, changes: input.changes, report, foreign: (t: Tok) => !!perl?.foreign(t) || !!lisp?.foreign(t) || inOtherTypesDefinition(lines.enclosing(t.start, HEADER_LEVELS), index), reach: BEFORE });
  if (v1.length > 0) v1PathSites(toks, input.config, input.changes, report);
  fakes();
  parameters();
  keywordSites({ toks, lines, sole, wanted, report });
  perl?.sites();
  lisp?.sites();
  return { findings: file.finish(false).findings, facts };

  /**
   * In a file whose paths name one resource (a cmdlet of one call, a module of one endpoint): a variable or
   * parameter named for a field its requests no longer take (`[string]$Extra`, `Detail`), where it is first named.
   */
  function parameters(): void {
    if (!sole) return;
    const seen = new Set<string>();
    for (const t of toks) {
      if (t.kind !== 'id' || !/^[$A-Z]/.test(t.text) || seen.has(t.text)) continue;
      seen.add(t.text);
      const w = words(t.text);
      const found = w.length === 1 ? (wanted.get(w[0]!) ?? []).filter((n) => n.request && n.resource === sole) : [];
      for (const n of found) report(n.change, t, n.message, t.text);
    }
  }

  /** A key written as a name in a table or map (`{ extra = note }` in Lua, `%{extra: note}` and `[mode: …]` in Elixir). */
  function keyOfConstructor(k: number): boolean {
    const prev = toks[k - 1]?.text;
    const next = toks[k + 1];
    const lineKey = LINE_KEYS.has(ext) && !toks[k]!.text.startsWith('$') && (prev === ';' || (k > 0 && lines.lineOf(toks[k - 1]!.start) < lines.lineOf(toks[k]!.start)));
    if (prev !== '{' && prev !== ',' && prev !== '[' && !lineKey) return false;
    // Only where the language writes keys so: a C-family block's first statement (`{ _extra = …`) is no table.
    if (next?.text === '=') return EQ_KEYS.has(ext);
    return COLON_KEYS.has(ext) && next?.text === ':' && next.start === toks[k]!.end && toks[k + 2]?.text !== ':';
  }

  /**
   * The last argument of a call, after a collection or a call (`ApplicationContext.run([…], "test")`,
   * `Environment.of(props(), "test")`): the call's option (an environment's name), not a key anything is read by.
   */
  function optionAfterArgument(k: number): boolean {
    return toks[k - 1]?.text === ',' && [']', '}', ')'].includes(toks[k - 2]?.text ?? '') && toks[k + 1]?.text === ')';
  }

  /** The one argument of an annotation (`@ActiveProfiles("test")`, `@Named("advice")`): a name the framework reads, not a key of the API's. */
  function annotationArgument(k: number): boolean {
    const name = toks[k - 2];
    const at = toks[k - 3];
    return toks[k - 1]?.text === '(' && toks[k + 1]?.text === ')' && name?.kind === 'id' && at?.text === '@' && at.end === name.start;
  }

  /** JSON in a stub's body (`withBody('{"mode":"complaint", …}')`), read for the resource of the stub's path. */
  function stubBody(l: Tok, k: number): void {
    const route = stubRouteBefore(toks, k, source, RESOURCE_PATH, vocab) ?? namedJson(toks, k);
    if (!route || elsewhere(lines.paragraph(l.start, BEFORE, AFTER))) return;
    for (const s of jsonBodySites(l, source, route, vocab)) report(s.change, { start: s.at, end: s.at + s.name.length }, s.message, s.name);
  }

  /** A literal given as the value of a table's entry: after a key written as a name or a literal and its `=`, `:` or `=>`. */
  function pairValue(k: number): boolean {
    const op = toks[k - 1]?.text;
    if (op !== '=' && op !== ':' && op !== '=>') return false;
    const key = toks[k - 2];
    return (key?.kind === 'id' && keyOfConstructor(k - 2)) || (key?.kind === 'str' && ['{', ',', '('].includes(toks[k - 3]?.text ?? ''));
  }

  /** A symbol written as a value (`:safe` in Elixir, Crystal): the text it stands for. */
  function atom(k: number): boolean {
    const colon = toks[k - 1];
    return ATOMS.has(ext) && colon?.text === ':' && colon.end === toks[k]!.start && (toks[k - 2]?.end ?? -1) < colon.start;
  }

  function literal(l: Tok, k: number): void {
    const found = wanted.get(l.text) ?? [];
    if (found.length === 0 && /^\s*[{[]/.test(l.text)) return stubBody(l, k);
    if (annotationArgument(k)) return;
    const before = source.slice(Math.max(0, l.start - 40), l.start);
    if (found.length === 0 || PROSE_BEFORE.test(before) || MARKUP_BEFORE.test(before) || optionAfterArgument(k) || perl?.foreign(l) || lisp?.foreign(l)) return;
    const owner = ownerAt(l.start);
    const tie = owner ? modelTie(owner.name) : null;
    if (tie) {
      // Inside a model of the API: the key is that model's (`@"triage"` of a potential condition is the moved one; a result's own is not).
      const sites = fieldSites(vocab, tie.resource, [...tie.path, norm(l.text)]);
      if (sites.length > 0) {
        for (const s of sites) report(s.change, l, s.message, l.text);
        return;
      }
    }
    // A mode's name (`@"triage"`) is only read as a mode, on a line that says mode; a result keeps a `triage` of its own.
    const asMode = found.some((n) => n.modeLine);
    // What the code around says: another service's address in its paragraph (a helpdesk's config block), or only
    // other resources of the API (an answer's `extra` beside `question_path`, an error's `"detail"` in a stub of the
    // interview's creation).
    const near = lines.paragraph(l.start, BEFORE, AFTER);
    if (elsewhere(near)) return;
    const mentioned = resourcesNamed(near);
    // The definitions around it, by indentation: a decoder of another thing's type that declares the key (`Decoder<Ticket>`).
    const headers = lines.enclosing(l.start, HEADER_LEVELS);
    const heldByOther = (mode: boolean) => heldByOtherType(headers, l.text, mode, index);
    // The value of a table's entry (`@{ source = 'test' }`, `{"source": "test"}`) is data, not a key of the API's.
    const value = pairValue(k);
    // A line that reads a member of another thing's local (`check string "mode" "complaint" t.mode` after `let t = Helpdesk.ticket …`).
    const othersLine = readsOthersLocal(k);
    for (const n of found) {
      if (value && !n.modeLine) continue;
      const modeTyped = n.modeLine && (modeList(k) || inModeType(l.start));
      if ((asMode && !n.modeLine) || (n.modeLine && !modeTyped && (!MODE_WORD.test(lines.around(l.start)) || othersModeLine(lines.around(l.start))))) continue;
      if (tie && !n.modeLine) continue;
      if (!modeTyped && (heldByOther(!!n.modeLine) || othersLine || inOtherThingsCall(toks, k))) continue;
      // Only for the fields a request may no longer send (`extra`, `detail`): names other resources and errors use too.
      if (n.request && mentioned.size > 0 && !mentioned.has(n.resource)) continue;
      report(n.change, l, n.message, l.text);
    }
  }

  function identifier(k: number): void {
    const t = toks[k]!;
    const w = words(t.text);
    if (w.length === 0) return;
    modeName(t, w, k);
    // A field's name among its words (`ciInterviewMode` holds the interview's `interview_mode`).
    if (!w.some((_, i) => w.slice(i).some((__, j) => vocab.fieldNames.has(w.slice(i, i + j + 1).join('_'))))) return;
    // A field accessor handed a value (`List.map .triage r.potentialConditions`): that value's field.
    const handed = accessorTie(k);
    if (handed) return void judge(t, handed, w);
    const receiver = receiverOf(k);
    let base: { resource: ResourceName; path: string[] } | null = null;
    let named = w;
    if (receiver === null || SELF.has(receiver)) {
      // A bare name only where it is declared or set (`_extra = …`, `NSDictionary *triage = …`, `@property … *bmi;`,
      // `resultAdvice :: Maybe Text`), not a local's every use.
      const next = toks[k + 1];
      // A record's field `Advice : string list` (`type Result = { … }`), whatever its type's case.
      const declared = t.text.startsWith('_') || next?.text === '=' || next?.text === ';' || next?.text === '::' || (next?.text === ':' && (/^[A-Z]/.test(toks[k + 2]?.text ?? '') || !!scopeAt(t.start)?.record));
      const owner = receiver === null && !declared ? null : ownerAt(t.start);
      if (!owner) return accessor(t, w, receiver, k);
      base = modelTie(owner.name);
      // A field of a record whose fields share a prefix (`resultAdvice` of `Result`, `crExtra` of `ComplaintRequest`): the rest names it.
      const cut = prefixOf(owner);
      if (cut > 0 && w.length > cut) named = w.slice(cut);
    } else base = receiverTie(k);
    if (!base) return;
    judge(t, base, named);
  }

  /** The name, or its leading words (`triageLevel` holds the condition's `triage`, `interviewModeEnabled` the flag). */
  function judge(t: Tok, base: { resource: ResourceName; path: string[] }, w: string[], whole = false): boolean {
    for (let n = w.length; n >= (whole ? w.length : 1); n--) {
      const sites = fieldSites(vocab, base.resource, [...base.path, w.slice(0, n).join('_')]);
      if (sites.length === 0) continue;
      for (const s of sites) report(s.change, t, s.message, t.text);
      return true;
    }
    return false;
  }

  /**
   * A bare name that reads a field by a function named for it (Haskell's and Elm's record accessors, a getter
   * function): one a model of the run declares under another key (`ipRace profile`), or the model's own name and
   * the field's (`resultAdvice r`, `interviewMarketplace iv`).
   */
  function accessor(t: Tok, w: string[], receiver: string | null, k: number): void {
    // A type's name where types are written (`mode : InterviewMode`, `Decoder<InterviewMode>`, `InterviewMode.toApi`) or a function's being defined is no read.
    if (receiver !== null || w.length < 2 || definesFunction(toks, k) || (index.declares(t.text) && typePosition(toks, k))) return;
    const m = index.renamedField?.(t.text);
    const key = m?.keys.get(t.text);
    if (m && key && judge(t, m, key.split('_'), true)) return;
    // The model's name and then the field's whole (`testResultParsesAdvice` is a test's name, not a read).
    for (let i = 1; i < w.length && i <= 2; i++) {
      const tie = modelTie(w.slice(0, i).join('_'));
      if (tie && judge(t, tie, w.slice(i), true)) return;
    }
  }

  /** Whether the line of token `k` reads a member of a local that holds another thing's value. */
  function readsOthersLocal(k: number): boolean {
    const line = lines.lineOf(toks[k]!.start);
    let j = k;
    while (j > 0 && lines.lineOf(toks[j - 1]!.start) === line) j--;
    for (; j < toks.length - 2 && lines.lineOf(toks[j]!.start) === line; j++) {
      if (toks[j]!.kind === 'id' && receiverOf(j + 2) === toks[j]!.text && others(toks[j]!.text, toks[j]!.start)) return true;
    }
    return false;
  }

  /** Text that names another service's absolute address and none of the API's. */
  function elsewhere(text: string): boolean {
    // A public host (a name with a dot): a stub on `127.0.0.1` or `localhost` stands in for the API as often as not.
    const urls = [...text.matchAll(/https?:\/\/([^/\s"'`:?#]+)/gi)].map((m) => m[1]!.toLowerCase()).filter(isPublicHost);
    return urls.length > 0 && findV1Urls(input.config, text).length === 0 && !urls.some((h) => hosts.has(h));
  }

  /** A test's fake of the API routed by annotations (`@Post("/api/interviews/anonymous/")`): its v1 routes and what it answers. */
  function fakes(): void {
    const base = input.changes.find((c) => c.rules.some((r) => r.kind === 'base-url'));
    const methods = routedMethods(toks, input.filePath, RESOURCE_PATH, v1BasePaths(input.config), vocab);
    routedSites(toks, methods, vocab, input.changes, report, base, base ? builtMessage(base) : '');
  }
}

/** The front-end's own pre-scan: a file that names a member of the API's mode type for a changed mode (an enum's header, its string table). */
export function lexicalSelects(source: string, absPath: string): boolean {
  const ext = path.extname(absPath).slice(1).toLowerCase();
  if (LISP.has(ext) && lispSelects(source, vocabularyFor(catalogue))) return true;
  if (!MODE_WORD.test(source)) return false;
  return tokenize(source, ext).some((t) => t.kind === 'id' && MODE_WORD.test(t.text) && modeMember(t.text, words(t.text)));
}

/** How far a paragraph reaches: lines before and after a site; how deep types may nest. */
const BEFORE = 6;
/** How many enclosing lines (lexical-support.ts Lines.enclosing) say whose a literal is. */
const HEADER_LEVELS = 3;
const AFTER = 2;
const NESTING = 16;
