import { analyzeSource } from '../../engine';
import { LineIndex, type Edit } from '../../engine/edits';
import type { FileContext } from '../../engine/file';
import type { ParserName } from '../../engine/parse';
import type { Tie } from '../../engine/ties/tie';
import { COMMENTS, markerEdits, type CommentStyle, type MarkerRequest } from '../../markers';
import type { Finding } from '../../types';
import type { FrontEndInput, FrontEndOutput } from '../../../lib/types';
import type { FileFacts } from '../../engine/ties/project';
import { collectFacts } from '../js-facts';
import { plainTextAddresses } from '../text';
import { TextFile } from '../text-file';
import { bindingTies, foreignBindings } from './bindings';
import { boundFieldReads, importedStoreBindings, mappedSiteReads, storeBindings } from './store-bindings';
import { modeOptions } from './mode-options';
import { postedFields, serverTemplate } from './posted-fields';
import { boundInputs, sentCells, type SentCell } from './bound-inputs';
import { templateReads, type TemplateAlias, type TemplateExpression, type TemplateRead } from './template-reads';
import { handedProps, propDeclarations, type ComponentProp } from './handed';
import { renderedTemplateReads, renderedWith, type PageTemplate } from './rendered-templates';

/**
 * The shared half of the component front-ends (Vue, Svelte, Astro, HTML pages): each front-end extracts its
 * script blocks and template expressions with the framework's own parser; here every script block goes through
 * the JS engine with its offsets mapped back, so findings carry the file's true lines and rewrites touch only
 * the script; template expressions that read a field v2 removed are manual findings with an HTML comment marker
 * above their element. Bytes outside the scripts are never rewritten.
 */

export interface ScriptBlock {
  /** Offsets of the block's content in the file. */
  start: number;
  end: number;
  parser: ParserName;
  /**
   * Template code inside the script (`@json($token)`, `{{ $x }}`, `@Model.Token`), as offsets in the file: the
   * JS engine reads the block with each blanked to a placeholder of the same length, and the block is reported
   * only (its sites become manual), since a rewrite of the placeholder text could not be put back.
   */
  masks?: { start: number; end: number }[];
}

export interface Extracted {
  scripts: ScriptBlock[];
  expressions: TemplateExpression[];
  aliases: TemplateAlias[];
  /** Where template markers may go (and where old ones are looked for): the template's ranges. */
  templateRanges: { start: number; end: number }[];
  /** The template's comment syntax for markers (default: `<!-- … -->`); null: reports only. */
  style?: CommentStyle | null;
  /** Props the template renders child components with (`<ResultCard :result="result">`): handed.ts. */
  props?: ComponentProp[];
  /** Template script tags of a page with an `id` (Handlebars, Mustache, Underscore): rendered-templates.ts. */
  templates?: PageTemplate[];
}

export function migrateComponent(input: FrontEndInput, extracted: Extracted): FrontEndOutput {
  const source = input.source;
  const lines = new LineIndex(source);
  const edits: Edit[] = [];
  const findings: Finding[] = [];
  const ties = new Map<string, Tie>();
  const foreign = new Set<string>();
  const sent = new Map<string, SentCell>();
  const facts: FileFacts = { exports: {}, uses: [], imports: [], functions: {} };
  const imported = new Map<string, { specifier: string; name: string }>();
  const declared: { name: string; start: number; end: number }[] = [];
  const rendered = new Map<string, Tie>();
  // Names bound from Vuex modules (store-bindings.ts), and the mapper entries that bind a removed field.
  const mapped = new Set<string>();
  const storeReads: TemplateRead[] = [];

  for (const block of extracted.scripts) {
    const masked = (block.masks ?? []).filter((m) => m.start >= block.start && m.end <= block.end);
    const text = masked.length > 0 ? maskText(source, block, masked) : source.slice(block.start, block.end);
    const ctx: FileContext = analyzeSource(text, {
      config: input.config,
      filePath: input.filePath,
      only: input.only,
      markers: input.markers,
      project: input.project,
      parser: block.parser,
      parsed: input.parsed,
    });
    for (const [name, tie] of bindingTies(ctx)) ties.set(name, tie);
    const mappedSites = storeBindings(ctx, ties);
    importedStoreBindings(ctx, ties);
    for (const s of mappedSites) mapped.add(s.local);
    storeReads.push(...mappedSiteReads(input, mappedSites, block.start));
    for (const imp of ctx.imports()) imported.set(imp.local, { specifier: imp.specifier, name: imp.exportName });
    for (const d of propDeclarations(ctx)) declared.push({ ...d, start: d.start + block.start, end: d.end + block.start });
    for (const name of foreignBindings(ctx)) foreign.add(name);
    renderedWith(ctx, extracted.templates ?? [], rendered);
    for (const [name, cell] of sentCells(ctx, input.changes)) sent.set(name, cell);
    const at = lines.lineCol(block.start);
    mergeFacts(facts, collectFacts(ctx), at.line - 1);
    const result = ctx.finish(input.markers);
    if (result.output !== text && masked.length === 0) edits.push({ start: block.start, end: block.end, text: result.output });
    for (const f of result.findings) findings.push(shift(masked.length > 0 ? reportOnly(f) : f, at));
  }

  // v1 addresses outside the scripts the engine read (a Razor `@code` block, Blade's PHP, an attribute's URL): the
  // text pass finds them, reported for a person (no rewrite, no marker in code nobody parsed), so `check` fails.
  const outside = new TextFile(source, input.changes, null);
  plainTextAddresses(outside, input, { rewrite: false, note: 'outside the scripts sc-migrate parses in this file', at: (o) => !extracted.scripts.some((b) => o >= b.start && o < b.end) });
  findings.push(...outside.finish(false).findings);

  const markers: MarkerRequest[] = [];
  if (serverTemplate(input.filePath)) facts.readsPoly = true;
  const reported = new Set<string>();
  const handed = handedProps(input, extracted, ties, imported, declared);
  if (handed.passes.length > 0) facts.passes = [...(facts.passes ?? []), ...handed.passes];
  for (const read of [...templateReads(input, extracted.expressions, ties, extracted.aliases, foreign), ...storeReads, ...boundFieldReads(input, extracted.expressions, ties, extracted.aliases, mapped), ...handed.reads, ...modeOptions(input, extracted), ...boundInputs(extracted.expressions, sent), ...postedFields(input), ...renderedTemplateReads(input, source, extracted.templates ?? [], rendered)]) {
    // A mode among a group's options is also a mode a form posts: one site.
    const key = `${read.change}\u0000${read.start}`;
    if (reported.has(key)) continue;
    reported.add(key);
    const site = lines.lineCol(read.start);
    const end = lines.lineCol(read.end);
    findings.push({ line: site.line, column: site.column, endLine: end.line, endColumn: end.column, change: read.change, fix: 'manual', message: read.message });
    // A prop's declaration in a script (handed.ts): reported, its marker is the template's reads'.
    if (extracted.scripts.some((b) => read.anchor >= b.start && read.anchor < b.end)) continue;
    const anchorLine = lines.lineCol(read.anchor).line;
    const indent = /^\s*/.exec(lines.lineText(anchorLine))![0];
    markers.push({ anchor: lines.lineStart(anchorLine), indent, change: read.change, message: read.message, subject: read.subject });
  }
  const style = extracted.style === undefined ? COMMENTS.html : extracted.style;
  if (input.markers && style) {
    const selected = new Set(input.changes.map((c) => c.id));
    edits.push(...markerEdits(source, markers, { style, selected, eol: lines.eol, within: extracted.templateRanges }));
  }

  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let output = '';
  let pos = 0;
  for (const e of edits) {
    if (e.start < pos) continue;
    output += source.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  output += source.slice(pos);
  findings.sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
  return { output, findings, facts };
}

/**
 * A script block's facts added to the file's: what a component imports and how it uses imported constants
 * (`start({ ...profile, height })` with `start` from `$lib/interview`), and what a module script exports.
 * Lines of uses move by the block's first line.
 */
function mergeFacts(into: FileFacts, block: FileFacts, lineShift: number): void {
  for (const [name, value] of Object.entries(block.exports)) into.exports[name] = { ...value, line: value.line + lineShift };
  for (const use of block.uses) into.uses.push({ ...use, at: use.at.replace(/:(\d+)$/, (_, l: string) => `:${Number(l) + lineShift}`) });
  for (const spec of block.imports) if (!into.imports.includes(spec)) into.imports.push(spec);
  Object.assign(into.functions!, block.functions ?? {});
  if (block.passes) into.passes = [...(into.passes ?? []), ...block.passes];
  if (block.readsStore) into.readsStore = true;
  if (block.usesScriptGlobals) into.usesScriptGlobals = [...new Set([...(into.usesScriptGlobals ?? []), ...block.usesScriptGlobals])];
}

/** A block's text with its template code blanked: `0` and spaces, so the script still parses and offsets hold. */
function maskText(source: string, block: ScriptBlock, masks: { start: number; end: number }[]): string {
  let text = source.slice(block.start, block.end);
  for (const m of masks) {
    const a = m.start - block.start;
    const b = m.end - block.start;
    text = text.slice(0, a) + '0' + text.slice(a + 1, b).replace(/[^\n]/g, ' ') + text.slice(b);
  }
  return text;
}

/** A site in a script that holds template code: never rewritten, so reported for a person. */
function reportOnly(f: Finding): Finding {
  if (f.fix !== 'auto') return f;
  return { ...f, fix: 'manual', replacement: undefined, role: undefined, message: `${f.message} (not rewritten: this script holds template code; change it by hand)` };
}

/** A finding of a block moved to the file: lines shift by the block's first line; columns on that line too. */
function shift(f: Finding, at: { line: number; column: number }): Finding {
  const col = (line: number, column: number) => (line === 1 ? column + at.column - 1 : column);
  return { ...f, line: f.line + at.line - 1, column: col(f.line, f.column), endLine: f.endLine + at.line - 1, endColumn: col(f.endLine, f.endColumn) };
}

/** The parser for a script block's `lang` attribute. */
export function parserForLang(lang: string | undefined | null): ParserName {
  const l = (lang ?? '').toLowerCase();
  if (l === 'ts' || l === 'typescript') return 'ts';
  if (l === 'tsx') return 'tsx';
  return 'babylon';
}
