import type { Change } from '../catalogue';
import { analyzePlainText } from '../codemods/frontends/text';
import { noProject } from '../codemods/engine/ties/project';
import type { ParsedFiles } from '../codemods/engine/parsed-files';
import { ParseError, type Finding } from '../codemods/types';
import { AskedFacts } from './asked-facts';
import { displayPath } from './paths';
import type { Decoded } from './read';
import type { SelectedFile } from './select';
import type { FileOutcome, FrontEnd, FrontEndOutput, NameUse, RunFacts, RunFileFacts, ScanOptions } from './types';

/** The options an analysis reads (a worker of a parallel scan has these and nothing else of the scan's options). */
export type AnalyzeOptions = Pick<ScanOptions, 'config' | 'only' | 'cwd'>;

export interface AnalyzeContext {
  opts: AnalyzeOptions;
  changes: readonly Change[];
  project: RunFacts;
  /** Facts each analysed file reported, by absolute path (read by the project pass). */
  facts: Map<string, RunFileFacts>;
  /** Uses of names the analysed files reported (configuration files), by absolute path. */
  nameUses: Map<string, NameUse[]>;
  /** The uses of the other files of the run, given to the second pass. */
  runUses?: readonly NameUse[];
  /** Trees parsed in this run, reused when a file is analysed again. */
  parsed: ParsedFiles;
  /** What the last analysis of each file asked of the run's facts (a second pass with the same answers is skipped). */
  asked: Map<string, AskedFacts>;
}

/** One analysis of one file: its outcome and what it tells the rest of the run. */
export interface FileAnalysis {
  outcome: FileOutcome;
  facts?: RunFileFacts;
  nameUses?: NameUse[];
  /** What it asked of the run's facts (absent for a file that was not analysed: not UTF-8). */
  asked?: AskedFacts;
}

/** Analyse one file's text in memory and record what it tells the run in `ctx`. Never throws. */
export function analyzeFile(file: SelectedFile, frontEnd: FrontEnd, decoded: Decoded, ctx: AnalyzeContext): FileOutcome {
  return record(ctx, analyzeText(file, frontEnd, decoded, ctx));
}

/** What an analysis tells the run, kept in the run's maps (in the order of the files, as a serial scan does). */
export function record(ctx: AnalyzeContext, a: FileAnalysis): FileOutcome {
  const abs = a.outcome.absPath;
  if (a.asked) ctx.asked.set(abs, a.asked);
  if (a.facts) ctx.facts.set(abs, a.facts);
  if (a.nameUses) ctx.nameUses.set(abs, a.nameUses);
  return a.outcome;
}

/**
 * Analyse one file's text in memory with its front-end, with the facts and trees of `ctx` (its maps are not
 * written). Never throws: problems become a 'failed' outcome.
 */
export function analyzeText(file: SelectedFile, frontEnd: FrontEnd, decoded: Decoded, ctx: AnalyzeContext): FileAnalysis {
  const before = decoded.text;
  if (!decoded.utf8) {
    const o = failed(file, frontEnd, before, decoded.encoding ? `${decoded.encoding} text: sc-migrate writes only UTF-8; left as it is` : 'not UTF-8 text; left as it is');
    o.findings = textFindings(file, before, ctx, 'in a file that is not UTF-8 text');
    return { outcome: o };
  }
  const bom = before.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = before.slice(bom.length);
  let result: FrontEndOutput;
  const asked = new AskedFacts();
  try {
    result = frontEnd.analyze({
      source: body,
      filePath: file.absPath,
      config: ctx.opts.config,
      changes: ctx.changes,
      only: ctx.opts.only,
      markers: true,
      project: asked.view(ctx.project),
      nameUses: ctx.runUses,
      parsed: ctx.parsed,
    });
  } catch (err) {
    const o = failed(file, frontEnd, before, errorText(err, file.absPath));
    o.findings = textFindings(file, before, ctx, err instanceof ParseError ? 'in a file sc-migrate cannot parse' : 'in a file sc-migrate failed on');
    return { outcome: o, asked };
  }
  const analysis: FileAnalysis = { outcome: outcomeOf(file, frontEnd, before, bom, body, result), asked };
  if (result.facts) analysis.facts = result.facts;
  if (result.nameUses?.length) {
    const shown = displayPath(file.absPath, ctx.opts.cwd ?? process.cwd());
    analysis.nameUses = result.nameUses.map((u) => ({ ...u, at: u.at.replace(/^[^:]*/, shown) }));
  }
  return analysis;
}

function outcomeOf(file: SelectedFile, frontEnd: FrontEnd, before: string, bom: string, body: string, result: FrontEndOutput): FileOutcome {
  const after = result.output === body ? before : bom + conformEol(body, result.output);
  return {
    root: file.root,
    absPath: file.absPath,
    relPath: file.relPath,
    kind: frontEnd.id,
    status: after === before ? 'unchanged' : 'changed',
    findings: result.findings,
    before,
    after,
  };
}

/** Report-only findings of the text pass (v1 addresses) for a text no front-end analysed. */
export function textFindings(file: SelectedFile, text: string, ctx: Pick<AnalyzeContext, 'opts' | 'changes'>, note: string): Finding[] {
  return analyzePlainText(
    { source: text, filePath: file.absPath, config: ctx.opts.config, changes: ctx.changes, only: ctx.opts.only, markers: false, project: noProject },
    { rewrite: false, note },
  ).findings;
}

/** A failure for people: where a parse error is (`line 3, column 7: …`), without repeating the file's path. */
export function errorText(err: unknown, absPath: string): string {
  if (!(err instanceof ParseError)) return `sc-migrate could not migrate this file: ${(err as Error).message}`;
  const message = err.message.startsWith(`${absPath}: `) ? err.message.slice(absPath.length + 2) : err.message;
  const where = err.line !== undefined ? `line ${err.line}${err.column !== undefined ? `, column ${err.column}` : ''}: ` : '';
  return `cannot parse: ${where}${message}`;
}

export function failed(file: SelectedFile, frontEnd: FrontEnd, before: string, error: string): FileOutcome {
  return { root: file.root, absPath: file.absPath, relPath: file.relPath, kind: frontEnd.id, status: 'failed', findings: [], before, after: before, error };
}

/**
 * Line ends of a migration's output made to match the original: when every line of the original ends in
 * CRLF, every line of the output does too (the engine may insert `\n`-terminated lines). A file with LF or
 * mixed line ends is left as the migration returned it.
 */
export function conformEol(original: string, output: string): string {
  if (!original.includes('\r\n') || /(^|[^\r])\n/.test(original)) return output;
  return output.replace(/\r?\n/g, '\r\n');
}

