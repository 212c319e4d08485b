import * as fs from 'node:fs';
import * as path from 'node:path';
import { selectChanges, type Change } from '../catalogue';
import { makeScanner } from '../codemods/engine';
import { findV1Urls, UrlMapper } from '../config/urls';
import { analyzePlainText } from '../codemods/frontends/text';
import { noProject } from '../codemods/engine/ties/project';
import { ParsedFiles } from '../codemods/engine/parsed-files';
import { AskedFacts } from './asked-facts';
import { ParseError, type Finding } from '../codemods/types';
import { defaultFrontEnds } from './frontends';
import { buildProject, resolveImport } from './project';
import { quietFiles } from './prefilter';
import { decode, DEFAULT_MAX_FILE_SIZE, isBinary, looksGenerated, looksMinified, readHead, readUpTo, streamLines, type Decoded } from './read';
import { displayPath } from './paths';
import { selectFiles, type SelectedFile } from './select';
import { mergeTypeAwareFindings, typeAwareHook } from './typeaware';
import { SKIP_REASONS, type FileOutcome, type FrontEnd, type FrontEndOutput, type NameUse, type RunFacts, type RunFileFacts, type ScanOptions, type ScanResult, type SkipReason } from './types';

/**
 * The pipeline: select files, read each once, hand it to the front-end registered for its kind, in memory.
 *
 * 1. selectFiles (lib/select.ts): every file under the roots, minus ignored ones (counted).
 * 2. Each file is read once. Binary files are counted and left out. Files over the size limit are never read
 *    whole: the text pass searches them line by line for v1 addresses (report-only findings). Minified and
 *    generated sources are not parsed either: the text pass searches them.
 * 3. A cheap text scan (codemods/engine/scan.ts, plus a front-end's own `selects`) decides whether a file can
 *    matter; files that pass go to their front-end. JS/TS files that import a passing file, or that a passing
 *    file imports, are analysed too (one hop): they hold the client's types, constants and mode maps. Files of a
 *    front-end with `linked` (the polyglot languages, which share names rather than imports) are analysed too
 *    when they use a name the analysed files define (a model type, an endpoint function, a host constant).
 * 4. Files tell each other what they define and use (lib/project.ts): JS/TS exported constants and their uses,
 *    polyglot models, endpoints and constants; the files those facts concern are analysed again with them.
 * 5. A file its front-end cannot read is 'failed' with `after === before`; the text pass still reports the v1
 *    addresses in it. The scan goes on.
 * 6. types 'auto': type-aware findings are merged in (lib/typeaware.ts).
 */
export async function scan(opts: ScanOptions): Promise<ScanResult> {
  const cwd = opts.cwd ?? process.cwd();
  const changes = selectChanges(opts.only);
  const registry = opts.frontEnds ?? defaultFrontEnds();
  const scanner = makeScanner(opts.config, changes);
  const maxSize = opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const selection = await selectFiles(opts.roots, cwd);
  const selected = selection.files;
  const skipped = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  skipped.ignored = selection.ignoredFiles + selection.ignoredDirs;
  const total = selected.length;
  let done = 0;
  const tick = (f: SelectedFile) => opts.onProgress?.(++done, total, f.relPath);

  const outcomes = new Map<string, FileOutcome>();
  const texts = new Map<string, Decoded>();
  const passing = new Set<string>();
  const candidates: { file: SelectedFile; frontEnd: FrontEnd; specs: string[] }[] = [];
  /** Files the pre-scan left out whose front-end may find them linked to the others by name. */
  const unread: SelectedFile[] = [];
  let binaries = 0;
  const ctx: AnalyzeContext = { opts, changes, project: noProject, facts: new Map(), nameUses: new Map(), parsed: new ParsedFiles(), asked: new Map() };
  // A large tree's polyglot files pre-scanned in threads first (lib/prefilter.ts): those it answers quiet are not read below.
  const frontEnds = new Map(selected.map((f) => [f.absPath, registry.forFile(f.absPath)]));
  const quiet = await quietFiles([...frontEnds].map(([absPath, frontEnd]) => ({ absPath, frontEnd })), { config: opts.config, only: opts.only, maxSize, threads: opts.threads });

  await eachLimited(selected, READ_CONCURRENCY, async (file) => {
    try {
      const frontEnd = frontEnds.get(file.absPath)!;
      if (quiet?.has(file.absPath)) {
        if (frontEnd.linked) unread.push(file);
        return;
      }
      // Synchronous: one small file after another, without a promise and a file handle's round trips per file
      // (a third of a report's time on published code went to async stat/open/read/close).
      const { size, buf } = readUpTo(file.absPath, maxSize);
      if (!buf) {
        // A large binary (a jar, a static library) is not searched line by line: its first bytes tell.
        if (isBinary(await readHead(file.absPath))) {
          binaries++;
          skipped.binary++;
          return;
        }
        skipped['too-large']++;
        const o = await tooLarge(file, frontEnd, size, opts);
        if (o) outcomes.set(file.absPath, o);
        return;
      }
      if (isBinary(buf)) {
        binaries++;
        skipped.binary++;
        return;
      }
      const text = decode(buf);
      const reason: SkipReason | null =
        frontEnd.minifiable && looksMinified(text.text) ? 'minified' : looksGenerated(text.text) ? 'generated' : null;
      if (reason) {
        skipped[reason]++;
        const o = textPassOnly(file, frontEnd, text.text, ctx, reason);
        if (o) outcomes.set(file.absPath, o);
        return;
      }
      if (scanner(text.text, { modelNames: !frontEnd.selectsModels }) || frontEnd.always || frontEnd.selects?.(text.text, opts.config)) {
        passing.add(file.absPath);
        texts.set(file.absPath, text);
        outcomes.set(file.absPath, analyzeFile(file, frontEnd, text, ctx));
        if (frontEnd.imports) candidates.push({ file, frontEnd, specs: frontEnd.imports(text.text) });
        return;
      }
      if (frontEnd.linked) unread.push(file);
      if (frontEnd.imports) {
        const specs = frontEnd.imports(text.text);
        if (specs.length > 0) {
          if (text.text.length <= KEEP_TEXT_BYTES) texts.set(file.absPath, text);
          candidates.push({ file, frontEnd, specs });
        }
      }
    } catch (err) {
      outcomes.set(file.absPath, failed(file, registry.forFile(file.absPath), '', `cannot read: ${(err as Error).message}`));
    } finally {
      tick(file);
    }
  });

  // One hop through imports: importers of a passing file, and files a passing file imports.
  const known = new Set(selected.map((f) => f.absPath));
  const extra = new Set<string>();
  const passingNames = namesOf(passing);
  for (const { file, specs } of candidates) {
    const own = passing.has(file.absPath);
    // A file the pre-scan left out matters only if it imports a passing file: specifiers whose last segment names
    // none are not resolved at all (most imports of published code).
    const targets = specs.filter((s) => own || mayName(s, passingNames)).map((s) => resolveImport(file.absPath, s, known)).filter((t): t is string => t !== null);
    if (own) {
      for (const t of targets) if (!passing.has(t)) extra.add(t);
    } else if (targets.some((t) => passing.has(t))) {
      extra.add(file.absPath);
    }
  }
  const byPath = new Map(selected.map((f) => [f.absPath, f]));
  for (const abs of [...extra].sort()) {
    if (outcomes.has(abs)) continue;
    const file = byPath.get(abs)!;
    const frontEnd = registry.forFile(abs);
    try {
      const text = texts.get(abs) ?? decode(await fs.promises.readFile(abs));
      if (isBinary(Buffer.from(text.text.slice(0, 8000)))) continue;
      texts.set(abs, text);
      outcomes.set(abs, analyzeFile(file, frontEnd, text, ctx));
    } catch (err) {
      outcomes.set(abs, failed(file, frontEnd, '', `cannot read: ${(err as Error).message}`));
    }
  }

  // Files the pre-scan left out that use what the others define by name (polyglot models, endpoints, hosts),
  // a few hops deep (a view model over a repository over an API interface).
  let project = buildProject(ctx.facts, known);
  let pending = unread;
  for (let hop = 0; project && pending.length > 0 && hop < LINK_HOPS; hop++) {
    const facts = project.facts;
    const linkedCtx = { ...ctx, project: facts };
    const rest: SelectedFile[] = [];
    await eachLimited(pending, READ_CONCURRENCY, async (file) => {
      const frontEnd = registry.forFile(file.absPath);
      try {
        const text = decode(await fs.promises.readFile(file.absPath));
        if (!frontEnd.linked!(text.text, facts)) return void rest.push(file);
        texts.set(file.absPath, text);
        outcomes.set(file.absPath, analyzeFile(file, frontEnd, text, linkedCtx));
      } catch (err) {
        outcomes.set(file.absPath, failed(file, frontEnd, '', `cannot read: ${(err as Error).message}`));
      }
    });
    if (rest.length === pending.length) break;
    pending = rest;
    project = buildProject(ctx.facts, known);
  }

  // Facts across files: analyse again the files that other files' constants or uses concern.
  if (project) {
    const again = { ...ctx, project: project.facts };
    for (const abs of project.rerun) {
      const o = outcomes.get(abs);
      const text = texts.get(abs);
      if (!o || !text || o.status === 'failed') continue;
      // Nothing the file asked of the facts has a new answer: the same text gets the same outcome.
      if (ctx.asked.get(abs)?.sameAnswers(again.project)) continue;
      outcomes.set(abs, analyzeFile(byPath.get(abs)!, registry.forFile(abs), text, again));
    }
  }

  // Names configuration files use in a role (`SC_AUDIENCE: $SC_API_BASE`): the files of front-ends that read
  // them are analysed again with every use of the run, so a value another file uses as the audience is not
  // rewritten to the base.
  if (ctx.nameUses.size > 0) {
    for (const [abs, o] of outcomes) {
      const frontEnd = registry.forFile(abs);
      const text = texts.get(abs);
      if (!frontEnd.readsNameUses || !text || o.status === 'failed' || o.skipped) continue;
      // In the order of the files' paths, not of their reads' completion: the messages that list them stay the same run to run.
      const others = [...ctx.nameUses]
        .filter(([file]) => file !== abs)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .flatMap(([, uses]) => uses);
      if (others.length > 0) outcomes.set(abs, analyzeFile(byPath.get(abs)!, frontEnd, text, { ...ctx, runUses: others, nameUses: new Map() }));
    }
  }

  let list = [...outcomes.values()].sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
  if (opts.types === 'auto') {
    const found = await typeAwareHook(opts, cwd, changes, list);
    if (found) list = mergeTypeAwareFindings(list, found);
  }
  return { filesScanned: selected.length - binaries, outcomes: list, skipped };
}

const READ_CONCURRENCY = 16;

/**
 * What an import specifier's last segment can be for each file: its name, its name without the extension, and the
 * folder of an index file. resolveImport only tries `base`, `base.ext`, `base/index.ext` and `base` with its
 * extension swapped, so a specifier whose last segment (with or without its extension) is none of these cannot
 * resolve to any of the files.
 */
function namesOf(files: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (const f of files) {
    const base = path.basename(f);
    names.add(base);
    names.add(base.slice(0, base.length - path.extname(base).length));
    if (base.startsWith('index.')) names.add(path.basename(path.dirname(f)));
  }
  return names;
}

function mayName(specifier: string, names: ReadonlySet<string>): boolean {
  const last = specifier.slice(specifier.lastIndexOf('/') + 1);
  if (last === '' || last === '.' || last === '..') return true;
  return names.has(last) || names.has(last.slice(0, last.length - path.extname(last).length));
}
/** How many times files linked by name may bring in more. */
const LINK_HOPS = 3;
const KEEP_TEXT_BYTES = 256 * 1024;

interface AnalyzeContext {
  opts: ScanOptions;
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

/** Analyse one file's text in memory with its front-end. Never throws: problems become a 'failed' outcome. */
function analyzeFile(file: SelectedFile, frontEnd: FrontEnd, decoded: Decoded, ctx: AnalyzeContext): FileOutcome {
  const before = decoded.text;
  if (!decoded.utf8) {
    const o = failed(file, frontEnd, before, 'not UTF-8 text; left as it is');
    o.findings = textFindings(file, before, ctx, 'in a file that is not UTF-8 text');
    return o;
  }
  const bom = before.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = before.slice(bom.length);
  let result: FrontEndOutput;
  const asked = new AskedFacts();
  ctx.asked.set(file.absPath, asked);
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
    return o;
  }
  if (result.facts) ctx.facts.set(file.absPath, result.facts);
  if (result.nameUses?.length) {
    const shown = displayPath(file.absPath, ctx.opts.cwd ?? process.cwd());
    ctx.nameUses.set(file.absPath, result.nameUses.map((u) => ({ ...u, at: u.at.replace(/^[^:]*/, shown) })));
  }
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
function textFindings(file: SelectedFile, text: string, ctx: AnalyzeContext, note: string): Finding[] {
  return analyzePlainText(
    { source: text, filePath: file.absPath, config: ctx.opts.config, changes: ctx.changes, only: ctx.opts.only, markers: false, project: noProject },
    { rewrite: false, note },
  ).findings;
}

function textPassOnly(file: SelectedFile, frontEnd: FrontEnd, text: string, ctx: AnalyzeContext, reason: SkipReason): FileOutcome | null {
  const findings = textFindings(file, text, ctx, reason === 'minified' ? 'in a minified file (rebuild it from its source)' : 'in a generated file (regenerate it from its source)');
  if (findings.length === 0) return null;
  return { root: file.root, absPath: file.absPath, relPath: file.relPath, kind: frontEnd.id, status: 'unchanged', findings, before: text, after: text, skipped: reason };
}

/** A file over the size limit: searched line by line for v1 hosts, never read whole. */
async function tooLarge(file: SelectedFile, frontEnd: FrontEnd, size: number, opts: ScanOptions): Promise<FileOutcome | null> {
  const mapper = new UrlMapper(opts.config);
  const hits = await streamLines(file.absPath, mapper.scanNeedles());
  const findings: Finding[] = [];
  const mb = (size / 1024 / 1024).toFixed(1);
  for (const hit of hits) {
    for (const o of findV1Urls(opts.config, hit.text)) {
      findings.push({
        line: hit.line,
        column: hit.offsetInLine + 1,
        endLine: hit.line,
        endColumn: hit.offsetInLine + 1 + o.text.length,
        change: 'base-url',
        fix: 'manual',
        message: `a v1 address in a file too large to parse (${mb} MB; the limit is set by --max-file-size): ${o.text.slice(0, 120)}`,
      });
      break;
    }
  }
  if (findings.length === 0) return null;
  return { root: file.root, absPath: file.absPath, relPath: file.relPath, kind: frontEnd.id, status: 'unchanged', findings, before: '', after: '', skipped: 'too-large' };
}

/** A failure for people: where a parse error is (`line 3, column 7: …`), without repeating the file's path. */
function errorText(err: unknown, absPath: string): string {
  if (!(err instanceof ParseError)) return `sc-migrate could not migrate this file: ${(err as Error).message}`;
  const message = err.message.startsWith(`${absPath}: `) ? err.message.slice(absPath.length + 2) : err.message;
  const where = err.line !== undefined ? `line ${err.line}${err.column !== undefined ? `, column ${err.column}` : ''}: ` : '';
  return `cannot parse: ${where}${message}`;
}

function failed(file: SelectedFile, frontEnd: FrontEnd, before: string, error: string): FileOutcome {
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

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
