import * as fs from 'node:fs';
import * as path from 'node:path';
import { selectChanges, type Change } from '../catalogue';
import type { Config } from '../config';
import { makeScanner, migrateSource, SOURCE_EXTENSIONS } from '../codemods/engine';
import { migrateText } from '../codemods/text';
import { ParseError, type Finding, type MigrateResult } from '../codemods/types';
import { selectFiles, type SelectedFile } from './files';
import type { FileOutcome, ScanOptions, ScanResult } from './pipeline-types';

export type { FileOutcome, FileStatus, ScanOptions, ScanResult } from './pipeline-types';

/**
 * The file pipeline: select files, pre-scan their text, migrate the ones that can matter, in memory.
 * Nothing here writes; `run` writes the outcomes (cli/write.ts), `report` and `check` read them.
 *
 * 1. selectFiles (cli/files.ts): sources and text files under the roots, minus ignored ones.
 * 2. Each file is read once. Sources whose lines are extremely long (minified bundles) are dropped unless
 *    named on the command line; they do not count in `filesScanned`.
 * 3. The engine's cheap text scan decides whether a file can matter. Files that pass are migrated at once.
 *    Sources that do not pass but import (relative import/require/export-from, one hop) a file that passes
 *    are migrated too: they may use the client's types and objects.
 * 4. Code goes through the codemod engine, `.env`/JSON/YAML through codemods/text. A file that does not
 *    parse (or cannot be read, or is not UTF-8) is 'failed' with `after === before` and the scan goes on.
 *    A byte order mark is set aside before migrating and put back after; in a file whose lines all end in
 *    CRLF, lines the migration adds end in CRLF too.
 * 5. types 'auto': type-aware findings are merged in (see typeAwareHook).
 */
export async function scan(opts: ScanOptions): Promise<ScanResult> {
  const cwd = opts.cwd ?? process.cwd();
  const changes = selectChanges(opts.only);
  const scanner = makeScanner(opts.config, changes);
  const selected = await selectFiles(opts.roots, cwd);
  const total = selected.length;
  let done = 0;
  const tick = (f: SelectedFile) => opts.onProgress?.(++done, total, f.relPath);

  const outcomes: FileOutcome[] = [];
  const passing = new Set<string>();
  const importers: { file: SelectedFile; specs: string[]; text?: Decoded }[] = [];
  let minified = 0;

  await eachLimited(selected, READ_CONCURRENCY, async (file) => {
    let text: Decoded;
    try {
      text = decode(await fs.promises.readFile(file.absPath));
    } catch (err) {
      outcomes.push(failed(file, '', `cannot read: ${(err as Error).message}`));
      tick(file);
      return;
    }
    if (file.kind === 'code' && !file.explicit && looksMinified(text.text)) {
      minified++;
      tick(file);
      return;
    }
    if (scanner(text.text)) {
      passing.add(file.absPath);
      outcomes.push(migrateFile(file, text, opts.config, opts.only));
      tick(file);
      return;
    }
    if (file.kind === 'code') {
      const specs = importSpecifiers(text.text);
      if (specs.length > 0) {
        // Keep small texts for the second pass; re-read big ones only if they turn out to matter.
        importers.push({ file, specs, text: text.text.length <= KEEP_TEXT_BYTES ? text : undefined });
        return;
      }
    }
    tick(file);
  });

  const known = new Set(selected.map((f) => f.absPath));
  for (const { file, specs, text } of importers) {
    const importsPassing = specs.some((s) => {
      const target = resolveImport(file.absPath, s, known);
      return target !== null && passing.has(target);
    });
    if (importsPassing) {
      try {
        outcomes.push(migrateFile(file, text ?? decode(await fs.promises.readFile(file.absPath)), opts.config, opts.only));
      } catch (err) {
        outcomes.push(failed(file, '', `cannot read: ${(err as Error).message}`));
      }
    }
    tick(file);
  }

  outcomes.sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
  const result: ScanResult = { filesScanned: selected.length - minified, outcomes };
  if (opts.types === 'auto') {
    const extra = await typeAwareHook(opts, cwd, changes, outcomes);
    if (extra) result.outcomes = mergeTypeAwareFindings(outcomes, extra);
  }
  return result;
}

const READ_CONCURRENCY = 16;
const KEEP_TEXT_BYTES = 256 * 1024;

interface Decoded {
  text: string;
  /** False when the bytes are not valid UTF-8 (the text is then lossy and must not be written back). */
  utf8: boolean;
}

function decode(buf: Buffer): Decoded {
  const text = buf.toString('utf8');
  return { text, utf8: !text.includes('\uFFFD') || Buffer.from(text, 'utf8').equals(buf) };
}

/** Migrate one file's text in memory. Never throws: problems become a 'failed' outcome. */
export function migrateFile(file: SelectedFile, decoded: Decoded, config: Config, only?: readonly string[]): FileOutcome {
  const before = decoded.text;
  if (!decoded.utf8) return failed(file, before, 'not UTF-8 text; left as it is');
  const bom = before.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = before.slice(bom.length);
  let result: MigrateResult;
  try {
    const options = { config, filePath: file.absPath, only };
    result = file.kind === 'code' ? migrateSource(body, options) : migrateText(body, options);
  } catch (err) {
    return failed(file, before, errorText(err, file.absPath));
  }
  const after = result.output === body ? before : bom + conformEol(body, result.output);
  return {
    root: file.root,
    absPath: file.absPath,
    relPath: file.relPath,
    kind: file.kind,
    status: after === before ? 'unchanged' : 'changed',
    findings: result.findings,
    before,
    after,
  };
}

/** A failure for people: where a parse error is (`line 3, column 7: …`), without repeating the file's path. */
function errorText(err: unknown, absPath: string): string {
  if (!(err instanceof ParseError)) return `sc-migrate could not migrate this file: ${(err as Error).message}`;
  const message = err.message.startsWith(`${absPath}: `) ? err.message.slice(absPath.length + 2) : err.message;
  const where = err.line !== undefined ? `line ${err.line}${err.column !== undefined ? `, column ${err.column}` : ''}: ` : '';
  return `cannot parse: ${where}${message}`;
}

function failed(file: SelectedFile, before: string, error: string): FileOutcome {
  return {
    root: file.root,
    absPath: file.absPath,
    relPath: file.relPath,
    kind: file.kind,
    status: 'failed',
    findings: [],
    before,
    after: before,
    error,
  };
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

/** Longest line, and mean line length, beyond which a source is taken for minified or generated. */
export const MINIFIED_MAX_LINE = 20_000;
export const MINIFIED_MEAN_LINE = 300;

/** Whether a source looks minified: a huge line, or a mean line length no person writes. */
export function looksMinified(text: string): boolean {
  if (text.length < 1024) return false;
  let lines = 1;
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i - start > longest) longest = i - start;
    start = i + 1;
    lines++;
  }
  longest = Math.max(longest, text.length - start);
  return longest > MINIFIED_MAX_LINE || text.length / lines > MINIFIED_MEAN_LINE;
}

const IMPORT_RE = /\b(?:from|import|require)\s*\(?\s*(['"])(\.\.?(?:\/[^'"\r\n]*)?)\1/g;

/** Relative specifiers of import / export-from / require / import() in a source (`./x`, `../y`, `.`). */
export function importSpecifiers(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(IMPORT_RE)) out.add(m[2]!);
  return [...out];
}

const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/**
 * The file among `known` (absolute paths) that a relative specifier in `fromFile` names: the exact path,
 * the path plus a source extension, its `index` file, or for `./x.js` a `./x.ts` (TypeScript's ESM style).
 */
export function resolveImport(fromFile: string, specifier: string, known: ReadonlySet<string>): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base];
  for (const ext of SOURCE_EXTENSIONS) candidates.push(base + ext);
  for (const ext of SOURCE_EXTENSIONS) candidates.push(path.join(base, `index${ext}`));
  const ext = path.extname(base);
  for (const swap of JS_TO_TS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + swap);
  return candidates.find((c) => known.has(c)) ?? null;
}

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Type-aware findings (`types: 'auto'`): the ts-morph analysis of codemods/typeaware, for every directory
 * root that holds a tsconfig.json, given the code files of the outcomes under that root (the files the text
 * scan and its one import hop selected). Loaded lazily: ts-morph is heavy and most runs of `report`/`check`
 * on JS trees never need it. Returns findings by absolute path, or null when no root has a tsconfig.json.
 */
export async function typeAwareHook(
  opts: ScanOptions,
  cwd: string,
  changes: readonly Change[],
  outcomes: readonly FileOutcome[],
): Promise<Map<string, Finding[]> | null> {
  let merged: Map<string, Finding[]> | null = null;
  for (const root of opts.roots) {
    const absRoot = path.resolve(cwd, root);
    if (!fs.existsSync(path.join(absRoot, 'tsconfig.json'))) continue;
    const files = outcomes.filter((o) => o.kind === 'code' && o.root === root && o.status !== 'failed').map((o) => o.absPath);
    if (files.length === 0) continue;
    const { typeAwareFindings, TsConfigError } = await import('../codemods/typeaware');
    merged ??= new Map();
    let found: Map<string, Finding[]>;
    try {
      found = typeAwareFindings(absRoot, files, opts.config, changes);
    } catch (err) {
      // A tsconfig that does not load costs the type-aware findings of that root, not the run.
      if (!(err instanceof TsConfigError)) throw err;
      process.stderr.write(`sc-migrate: type-aware analysis skipped for ${root}: ${err.message}\n`);
      continue;
    }
    for (const [file, findings] of found) {
      merged.set(file, [...(merged.get(file) ?? []), ...findings]);
    }
  }
  return merged;
}

/**
 * Findings from another analysis added to the outcomes they belong to (by absolute path), without
 * duplicates: a finding whose range overlaps one of the same change is the same site (the syntax engine's
 * auto fix of `r.triage_explanation.potential_condition.triage` covers the type checker's read of `triage`).
 * Files without an outcome are left out: the scan decided they cannot matter. Contents are not touched:
 * these findings are for reports.
 */
export function mergeTypeAwareFindings(outcomes: readonly FileOutcome[], extra: ReadonlyMap<string, Finding[]>): FileOutcome[] {
  const pos = (line: number, column: number) => line * 1e6 + column;
  const overlaps = (a: Finding, b: Finding) =>
    a.change === b.change &&
    pos(a.line, a.column) <= pos(b.endLine, b.endColumn) &&
    pos(b.line, b.column) <= pos(a.endLine, a.endColumn);
  return outcomes.map((o) => {
    const more = extra.get(o.absPath);
    if (!more || more.length === 0 || o.status === 'failed') return o;
    const findings = [...o.findings];
    for (const f of more) {
      if (findings.some((g) => overlaps(f, g))) continue;
      findings.push(f);
    }
    findings.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ...o, findings };
  });
}
