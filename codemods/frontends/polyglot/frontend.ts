import * as path from 'node:path';
import type { SgNode } from '@ast-grep/napi';
import { findV1Urls } from '../../../config/urls';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../../lib/types';
import type { Change } from '../../../catalogue';
import { ParseError } from '../../types';
import { makeScanner } from '../../engine/scan';
import { LineIndex } from '../../engine/edits';
import { analyzePlainText, mapperFor } from '../text';
import { TextFile } from '../text-file';
import { lexicalLang, lexicalSelects, lexicalSites } from './lexical';
import { addressRules } from './addresses';
import { makeCtx } from './context';
import { fieldRules } from './fields';
import { extensionReads } from './extension-reads';
import { carriedFields } from './carried-fields';
import { carriedMembers } from './carried-members';
import { rowKeyReads, unpackedRowKeys } from './row-keys';
import { forwardedFields, ownRouteModes } from './own-routes';
import { carriedProps, carriedPropSites } from './carried-props';
import { phpMigrations } from './php-migrations';
import { phpMarkupStyle, phpViewFields, phpViewModes, postsForwardedField } from './php-view-modes';
import { presentedProps, presentedPropSites } from './presented-props';
import { PolyFile } from './file';
import { caseFields } from './case-fields';
import { cppUnit, fileFacts } from './project';
import { buildLangIndex } from './project-index';
import { grammarState, parseWith, registerGrammars } from './grammars';
import { jsonRules } from './json';
import { subscriptWrites } from './subscript-writes';
import { dotPaths } from './dot-paths';
import { keyLists, walkedKeys } from './key-lists';
import { methodReferences, symbolProcs } from './method-refs';
import { staticGetters } from './static-getters';
import { builders } from './builders';
import { endpointArgs } from './endpoint-args';
import { requestMatchers } from './request-matchers';
import { sentReads } from './sent-reads';
import { cliOptions } from './cli-options';
import { linked, selects } from './selection';
import { span, useLanguage, type LangSpec } from './lang';
import { valueRules } from './values';
import { vocabularyFor } from './vocabulary';
import { removedModeConstantUses } from './mode-constant-uses';
import { groupModes } from './group-modes';
import { dottedKeys } from './dotted-keys';

/**
 * A parser-based front-end for one language: the file is parsed with its tree-sitter grammar through
 * ast-grep, the language module extracts literals, keys, declarations, types, comparisons and calls, and the
 * shared rules (addresses, fields, values) apply the catalogue to them. When the grammar cannot be loaded on
 * this platform the file gets the plain-text pass and a note says why.
 */
export function polyglotFrontEnd(spec: LangSpec, all: readonly LangSpec[]): FrontEnd {
  return {
    id: spec.id,
    describe: `${spec.id} (${spec.extensions.map((e) => `.${e}`).join(' ')}): tree-sitter grammar ${spec.grammar} through ast-grep; addresses in string literals, request keys, model fields, reads, modes and statuses`,
    matches: (absPath) => matchesExtension(spec, absPath),
    analyze: (input) => analyzeWith(spec, all, input),
    minifiable: true,
    selectsModels: true,
    // A language that falls back to the token pass also selects and ties its files as that pass does.
    selects: (source, _config, absPath) => selects(source) || (!!spec.lexicalFallback && !!absPath && lexicalSelects(source, absPath)),
    poolSelects: true,
    // Or the other half of a C++ unit that talks to the API (the header of a tied `.cpp`: its inline getters).
    linked: (source, project, absPath) => linked(spec.id, source, project.poly) || (spec.id === 'php' && postsForwardedField(source, project.poly)) || (!!spec.lexicalFallback && LEXICAL_LANGS.some((lang) => linked(lang, source, project.poly))) || (spec.id === 'cpp' && !!absPath && !!project.poly?.language('cpp').tiedPackage(cppUnit(absPath))),
  };
}

function matchesExtension(spec: LangSpec, absPath: string): boolean {
  const base = path.basename(absPath).toLowerCase();
  if (base.endsWith('.gradle.kts')) return false;
  return spec.extensions.includes(path.extname(base).slice(1)) || !!spec.fileNames?.includes(base);
}

export function analyzeWith(spec: LangSpec, all: readonly LangSpec[], input: FrontEndInput): FrontEndOutput {
  registerGrammars(Object.fromEntries(all.map((s) => [s.id, s.grammar])));
  const state = grammarState(spec.id);
  if (!state.ok && spec.lexicalFallback) return lexicalAnalysis(input, `${spec.id} not parsed: ${state.reason}`);
  if (spec.lexicalOnly?.(input.source)) return lexicalAnalysis(input, `sc-migrate has no parser for this ${path.extname(input.filePath).slice(1)} file's language`);
  if (!state.ok) {
    // A file that calls the v1 API gets the pass of languages without a parser: its addresses, and one file-level finding.
    const text = addressesOnly(input, `${spec.id} not parsed: ${state.reason}`);
    if (text) return text;
    const r = analyzePlainText(input, { rewrite: true });
    return { ...r, findings: r.findings.map((f) => ({ ...f, message: `${f.message} (${spec.id} not parsed: ${state.reason})` })) };
  }
  useLanguage(spec.id, spec.virtual);
  let root = parseWith(spec.id, spec.prepare?.(input.source, 0) ?? input.source).root();
  let error = firstError(root);
  const plainer = error ? spec.prepare?.(input.source, 1) : null;
  if (plainer) {
    root = parseWith(spec.id, plainer).root();
    error = firstError(root);
  }
  const unreadable = error ? readAround(root, input) : null;
  if (error && !unreadable && spec.lexicalFallback) return lexicalAnalysis(input, `line ${error.range().start.line + 1} is ${spec.id} syntax its grammar does not read`);
  if (error && !unreadable) {
    const r = error.range();
    const near = JSON.stringify(error.text().slice(0, 40));
    // A grammar behind its language: what it cannot read gets the pass of languages without a parser, when it calls the API.
    const text = spec.textOnError ? addressesOnly(input, `line ${r.start.line + 1} (near ${near}) is ${spec.id} syntax its grammar does not read`) : null;
    if (text) return text;
    throw new ParseError(`${spec.id} syntax error near ${near}`, r.start.line + 1, r.start.column + 1);
  }
  const vocab = vocabularyFor(input.changes);
  const out = new TextFile(input.source, input.changes, spec.comment);
  if (spec.id === 'php') out.styleAt = phpMarkupStyle(input.source);
  if (error) out.restrictFixes(addressChanges(input.changes), `line ${error.range().start.line + 1} holds ${spec.id} syntax its grammar does not read`);
  const runIndex = input.project.poly?.language(spec.id);
  const file = new PolyFile(spec, root, input.source, vocab, input.config, runIndex?.mounts);
  if (runIndex) file.usePaths(runIndex.paths);
  const facts = fileFacts(file, input.filePath);
  // The run's index (lib/project.ts) once the first pass is done; before that, and in a single-file run, this file's own.
  const ctx = makeCtx(file, out, vocab, mapperFor(input.config), runIndex ?? buildLangIndex([facts]), facts);
  ctx.filePath = input.filePath;
  addressRules(ctx);
  fieldRules(ctx);
  extensionReads(ctx);
  carriedFields(ctx);
  carriedMembers(ctx);
  rowKeyReads(ctx);
  unpackedRowKeys(ctx);
  subscriptWrites(ctx);
  dotPaths(ctx);
  keyLists(ctx);
  walkedKeys(ctx);
  staticGetters(ctx);
  methodReferences(ctx);
  symbolProcs(ctx);
  builders(ctx);
  endpointArgs(ctx);
  caseFields(ctx);
  requestMatchers(ctx);
  sentReads(ctx);
  cliOptions(ctx);
  jsonRules(ctx);
  valueRules(ctx);
  removedModeConstantUses(ctx);
  dottedKeys(ctx);
  // Last: a mode the value rules report where a route's path spells the API's is not reported twice.
  ownRouteModes(ctx);
  carriedPropSites(ctx);
  phpMigrations(ctx);
  phpViewModes(ctx);
  phpViewFields(ctx, input);
  presentedPropSites(ctx);
  const removedModes = ctx.removedModes?.filter((m) => !m.local).map(({ name, value }) => ({ name, value }));
  if (removedModes?.length) facts.removedModes = removedModes;
  const grouped = groupModes(file);
  if (grouped.length > 0) facts.groupModes = grouped;
  if (ctx.statusCompared?.length) facts.statusCompared = ctx.statusCompared;
  if (ctx.renamedMembers?.length) facts.renamedMembers = ctx.renamedMembers.map((m) => ({ name: m.name, at: `${input.filePath}:${m.line}` }));
  const done = out.finish(input.markers);
  const forwarded = forwardedFields(input.source, done.findings, input.changes);
  if (forwarded.length > 0) facts.forwardedFields = forwarded;
  const carried = carriedProps(spec.id, input.source, done.findings, input.changes);
  if (carried.length > 0) facts.carriedProps = carried;
  const presented = presentedProps(file, input.filePath, done.findings, input.changes);
  if (presented.length > 0) facts.presentedProps = presented;
  return { ...done, facts };
}

/** Changes whose rewrite is a string literal's text (an address), safe in a file the grammar reads only in part. */
function addressChanges(changes: readonly Change[]): ReadonlySet<string> {
  return new Set(changes.filter((c) => c.rules.some((r) => r.kind === 'base-url' || r.kind === 'token-audience')).map((c) => c.id));
}

const scanners = new WeakMap<object, WeakMap<object, (text: string) => boolean>>();

/**
 * Whether a file whose grammar fails on some of its syntax can be read around it: true when the unreadable lines
 * (of ERROR nodes, or of tokens the parser invented) are a small share of the file and none holds anything of
 * this API — no v1 address, no word the pre-scan looks for. A grammar behind its language (a Kotlin `0b0`
 * literal, Swift's typed throws) then costs nothing; a broken file, or an unreadable line that might speak v1,
 * is still a parse failure. The rest of the file is read, and only its addresses are rewritten.
 */
function readAround(root: SgNode, input: FrontEndInput): boolean {
  let byChanges = scanners.get(input.config);
  if (!byChanges) scanners.set(input.config, (byChanges = new WeakMap()));
  let scanner = byChanges.get(input.changes);
  if (!scanner) byChanges.set(input.changes, (scanner = makeScanner(input.config, input.changes)));
  const lines = new LineIndex(input.source);
  const total = lines.lineCol(input.source.length).line;
  const unread = new Set<number>();
  for (const e of allErrors(root)) {
    const s = span(e);
    const first = lines.lineCol(s.start).line;
    const last = lines.lineCol(s.end).line;
    for (let l = first; l <= last; l++) unread.add(l);
    // A broken file fails everywhere; a grammar behind its language, on a construct here and there.
    if (unread.size > total * READ_AROUND_SHARE) return false;
    const end = input.source.indexOf('\n', s.end);
    const text = input.source.slice(lines.lineStart(first), end < 0 ? input.source.length : end);
    if (scanner(text) || findV1Urls(input.config, text).length > 0) return false;
  }
  return true;
}

/** At most this share of a file's lines may be unreadable for the rest to be read around them. */
const READ_AROUND_SHARE = 0.1;

function firstError(root: SgNode): SgNode | null {
  for (const e of allErrors(root)) return e;
  return null;
}

/**
 * ERROR nodes, then tokens the parser had to invent (a missing `)`: a zero-width anonymous leaf). Zero-width
 * nodes are found by ast-grep itself (a node whose text is empty), not by walking every node from JavaScript.
 */
function* allErrors(root: SgNode): Generator<SgNode> {
  yield* root.findAll({ rule: { kind: 'ERROR' } });
  for (const n of root.findAll({ rule: { regex: '^$' } })) {
    const kind = n.kind() as string;
    if (n.isNamed() || kind === '' || !/[^\s]/.test(kind) || /^_|newline|indent|dedent|semi|automatic/.test(kind)) continue;
    const s = span(n);
    if (s.start === s.end && n.children().length === 0) yield n;
  }
}

/** Languages without a front-end here whose files still call the API: one file-level finding, so `check` fails. */
const OTHER_CODE = ['r', 'pl', 'pm', 't', 'psgi', 'm', 'mm', 'groovy', 'clj', 'cljs', 'cljc', 'erl', 'hrl', 'hs', 'fs', 'fsx', 'jl', 'nim', 'zig', 'cr', 'vb', 'ml', 'elm', 'ps1', 'psm1', 'cls', 'trigger', 'apex'];

// Lua's files that its grammar cannot read (Luau's types) get the token pass, and are linked as it links them.
const LEXICAL_LANGS = [...new Set([...OTHER_CODE, 'lua'].map(lexicalLang))];

export const otherCodeFrontEnd: FrontEnd = {
  id: 'code',
  describe: `source in languages without a parser here (${OTHER_CODE.map((e) => `.${e}`).join(' ')}): v1 addresses rewritten by role as plain text, one file-level finding (at the first) while any is left; read by their tokens, a file tied to the API (an address, a resource path, a model or name the run's tied files use) reports its literals, keys and members that name a removed or moved field, the API's changed modes, retired statuses and v1 paths (reports only)`,
  matches: (absPath) => OTHER_CODE.includes(path.extname(absPath).slice(1).toLowerCase()),
  analyze: (input) => lexicalAnalysis(input, `sc-migrate has no parser for .${path.extname(input.filePath).slice(1)} files`),
  minifiable: true,
  selects: (source, _config, absPath) => !!absPath && lexicalSelects(source, absPath),
  // Files that declare a model named for a resource, or use one the run's other files tie to the API (lexical-facts.ts).
  linked: (source, project) => LEXICAL_LANGS.some((lang) => linked(lang, source, project.poly)),
};

/** The pass of languages without a parser: addresses as plain text, one file-level finding that says why, the token sites. */
function lexicalAnalysis(input: FrontEndInput, why: string): FrontEndOutput {
  const out = addressesOnly(input, why) ?? analyzePlainText(input, { rewrite: true });
  const lexical = lexicalSites(input);
  return { ...out, findings: [...out.findings, ...lexical.findings], facts: lexical.facts };
}

/**
 * V1 addresses rewritten by role as plain text, and one file-level finding that says why nothing else was read;
 * null when the file holds no v1 address.
 */
function addressesOnly(input: FrontEndInput, why: string): FrontEndOutput | null {
  const found = findV1Urls(input.config, input.source);
  const places = found.length;
  if (places === 0) return null;
  const r = analyzePlainText(input, { rewrite: true });
  const file = new TextFile(input.source, input.changes, null);
  if (!file.has('base-url')) return r;
  // At its first v1 address: the place a person starts from.
  const first = found[0]!;
  file.manual('base-url', first.start, first.end, `this file calls the v1 API at ${places} place${places === 1 ? '' : 's'}; ${why}: review it by hand`, { marker: false });
  return { output: r.output, findings: [...file.finish(false).findings, ...r.findings] };
}
