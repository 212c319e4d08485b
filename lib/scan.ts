import * as fs from 'node:fs';
import * as path from 'node:path';
import { selectChanges } from '../catalogue';
import { makeScanner } from '../codemods/engine';
import { findV1Urls, UrlMapper } from '../config/urls';
import { noProject } from '../codemods/engine/ties/project';
import { ParsedFiles } from '../codemods/engine/parsed-files';
import type { Finding } from '../codemods/types';
import { analyzeFile, failed, record, textFindings, type AnalyzeContext } from './analyze';
export { conformEol } from './analyze';
import { ScanThreads, type Pending } from './parallel';
import { defaultFrontEnds } from './frontends';
import { buildProject, resolveImport } from './project';
import { quietFiles } from './prefilter';
import { decode, decodeText, decodeUtf16, DEFAULT_MAX_FILE_SIZE, isBinary, looksGenerated, looksMinified, readHead, readUpTo, streamLines, type Decoded } from './read';
import { selectFiles, type SelectedFile } from './select';
import { storeMapperUsers, storeValueUsers } from './store-users';
import { mergeTypeAwareFindings, typeAwareHook } from './typeaware';
import { SKIP_REASONS, type FileOutcome, type FrontEnd, type RunFileFacts, type ScanOptions, type ScanResult, type SkipReason } from './types';

/**
 * The pipeline: select files, read each once, hand it to the front-end registered for its kind, in memory.
 *
 * 1. selectFiles (lib/select.ts): every file under the roots, minus ignored ones (counted).
 * 2. Each file is read once. Binary files are counted and left out. Files over the size limit are never read
 *    whole: the text pass searches them line by line for v1 addresses (report-only findings). Minified
 *    sources are not parsed either: the text pass searches them. Generated ones in the polyglot languages that can
 *    matter are analysed in full, their findings turned into manual ones (regenerate from the spec), never written.
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
  /** Generated sources analysed in full: reported for a person at the end, never written. */
  const generated = new Set<string>();
  const candidates: { file: SelectedFile; frontEnd: FrontEnd; specs: string[] }[] = [];
  /** Files the pre-scan left out whose front-end may find them linked to the others by name. */
  const unread: SelectedFile[] = [];
  let binaries = 0;
  const ctx: AnalyzeContext = { opts, changes, project: noProject, facts: new Map(), nameUses: new Map(), parsed: new ParsedFiles(), asked: new Map() };
  // A large tree's polyglot files pre-scanned in threads first (lib/prefilter.ts): those it answers quiet are not read below.
  const frontEnds = new Map(selected.map((f) => [f.absPath, registry.forFile(f.absPath)]));
  const quiet = await quietFiles([...frontEnds].map(([absPath, frontEnd]) => ({ absPath, frontEnd })), { config: opts.config, only: opts.only, maxSize, threads: typeof opts.jobs === 'number' ? opts.jobs : undefined });
  /** Files that pass the pre-scan, in the order they were read: analysed after the reads (in parallel when there are many). */
  const toAnalyze: Pending[] = [];

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
      const wide = decodeUtf16(buf);
      if (!wide && isBinary(buf)) {
        binaries++;
        skipped.binary++;
        return;
      }
      const text = wide ?? decode(buf);
      const reason: SkipReason | null =
        frontEnd.minifiable && looksMinified(text.text) ? 'minified' : looksGenerated(text.text) ? 'generated' : null;
      if (reason) {
        skipped[reason]++;
        // A generated client (go-swagger, oapi-codegen, openapi-generator) is analysed like any source when it can
        // matter: its models, enum constants and response readers are v1 sites and facts the hand-written code
        // needs. Its findings are for a person (regenerate from the spec), never rewrites.
        if (reason === 'generated' && frontEnd.linked && scanner(text.text, { modelNames: !frontEnd.selectsModels })) {
          generated.add(file.absPath);
          passing.add(file.absPath);
          texts.set(file.absPath, text);
          toAnalyze.push({ file, frontEnd, text });
          return;
        }
        const o = textPassOnly(file, frontEnd, text.text, ctx, reason);
        if (o) outcomes.set(file.absPath, o);
        // A generated model that names nothing of the API (a profile's fields) is read when the others use it (linked below).
        if (reason === 'generated' && frontEnd.linked) {
          generated.add(file.absPath);
          unread.push(file);
        }
        return;
      }
      if (scanner(text.text, { modelNames: !frontEnd.selectsModels }) || frontEnd.always || frontEnd.selects?.(text.text, opts.config, file.absPath)) {
        passing.add(file.absPath);
        texts.set(file.absPath, text);
        toAnalyze.push({ file, frontEnd, text });
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
      // A file that passes is counted when it is analysed.
      if (!passing.has(file.absPath)) tick(file);
    }
  });

  // The files that passed, analysed in the order they were read (the order of the facts they tell the run); their
  // outcomes are the same with workers as without (lib/parallel.ts).
  const threads = ScanThreads.open(opts.frontEnds ? 1 : (opts.jobs ?? 1), toAnalyze.length, opts);
  try {
    for (const a of await threads.analyze(toAnalyze, ctx, (p) => tick(p.file))) outcomes.set(a.outcome.absPath, record(ctx, a));

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
    for (const abs of await scriptGlobalUsers(ctx.facts, selected, frontEnds, passing, maxSize)) extra.add(abs);
    for (const abs of storeMapperUsers(ctx.facts, selected, frontEnds, passing, maxSize)) extra.add(abs);
    const byPath = new Map(selected.map((f) => [f.absPath, f]));
    // A second hop for the importers of a module that exports stores (store-users.ts), once that module is read.
    for (let hop = 0; hop < 2 && extra.size > 0; hop++) {
      for (const abs of [...extra].sort()) {
        if (outcomes.has(abs)) continue;
        const file = byPath.get(abs)!;
        const frontEnd = registry.forFile(abs);
        try {
          const text = texts.get(abs) ?? decodeText(await fs.promises.readFile(abs));
          if (isBinary(Buffer.from(text.text.slice(0, 8000)))) continue;
          texts.set(abs, text);
          outcomes.set(abs, analyzeFile(file, frontEnd, text, ctx));
        } catch (err) {
          outcomes.set(abs, failed(file, frontEnd, '', `cannot read: ${(err as Error).message}`));
        }
      }
      extra.clear();
      for (const abs of storeValueUsers(ctx.facts, candidates, known, outcomes)) extra.add(abs);
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
          const text = decodeText(await fs.promises.readFile(file.absPath));
          if (!frontEnd.linked!(text.text, facts, file.absPath)) return void rest.push(file);
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

    // Facts across files: analyse again the files that other files' constants or uses concern. What a file tells the
    // run only once it knows the others (a comparison with another file's status constant, inside a call of an
    // endpoint the index knows; a wrapper whose URL is another file's constant, which sends its parameters only once
    // it knows that constant) concerns the files that define it in turn: a few rounds, until no answer changes. A
    // file the pre-scan selects (by a marker a first run wrote) is first analysed before the index exists, one the
    // links add after: both must come out the same.
    for (let round = 0; project && round < RERUN_ROUNDS; round++) {
      const again = { ...ctx, project: project.facts };
      const rerun: Pending[] = [];
      for (const abs of project.rerun) {
        // A file no pass read, handed API values by another (a presenter called with an answer's body): read now.
        if (!outcomes.has(abs) && byPath.has(abs)) await readHanded(byPath.get(abs)!, maxSize, texts);
        const o = outcomes.get(abs) ?? (texts.has(abs) ? ({ status: 'unchanged' } as const) : undefined);
        const text = texts.get(abs);
        if (!o || !text || o.status === 'failed') continue;
        // Nothing the file asked of the facts has a new answer: the same text gets the same outcome.
        if (ctx.asked.get(abs)?.sameAnswers(again.project)) continue;
        rerun.push({ file: byPath.get(abs)!, frontEnd: registry.forFile(abs), text });
      }
      if (rerun.length === 0) break;
      const facts = threads.workers > 0 ? { facts: [...ctx.facts], known: [...known] } : undefined;
      for (const a of await threads.analyze(rerun, again, () => undefined, facts)) outcomes.set(a.outcome.absPath, record(ctx, a));
      project = buildProject(ctx.facts, known);
    }

    // Names configuration files use in a role (`SC_AUDIENCE: $SC_API_BASE`): the files of front-ends that read
    // them are analysed again with every use of the run, so a value another file uses as the audience is not
    // rewritten to the base. Names files set to the API's base (`baseUrl` of an environment) go to the files that
    // write them, so that a request file's `{{baseUrl}}interviews/` is a request to the API.
    if (ctx.nameUses.size > 0) {
      for (const [abs, o] of outcomes) {
        const frontEnd = registry.forFile(abs);
        const text = texts.get(abs);
        if (!frontEnd.readsNameUses || !text || o.status === 'failed' || o.skipped) continue;
        let squeezed: string | undefined;
        const mentions = (name: string) => (squeezed ??= text.text.toLowerCase().replace(/[^a-z0-9]/g, '')).includes(name);
        // In the order of the files' paths, not of their reads' completion: the messages that list them stay the same run to run.
        const others = [...ctx.nameUses]
          .filter(([file]) => file !== abs)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .flatMap(([, uses]) => uses)
          // A definition matters only to a request file that writes its name (`{{baseUrl}}`).
          .filter((u) => !u.defines || (!!frontEnd.readsDefinitions && mentions(u.name)));
        if (others.length > 0) outcomes.set(abs, analyzeFile(byPath.get(abs)!, frontEnd, text, { ...ctx, runUses: others, nameUses: new Map() }));
      }
    }
  } finally {
    threads.close();
  }

  let list = [...outcomes.values()].sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
  if (opts.types === 'auto') {
    const found = await typeAwareHook(opts, cwd, changes, list);
    if (found) list = mergeTypeAwareFindings(list, found);
  }
  if (generated.size > 0) list = list.map((o) => (generated.has(o.absPath) ? asGenerated(o) : o));
  return { filesScanned: selected.length - binaries, outcomes: list, skipped, threads: 1 + threads.workers };
}

const READ_CONCURRENCY = 16;

/** A source file read for a later round: not when it is binary, over the size limit, minified or generated. */
async function readHanded(file: SelectedFile, maxSize: number, texts: Map<string, Decoded>): Promise<void> {
  if (texts.has(file.absPath)) return;
  try {
    const { buf } = readUpTo(file.absPath, maxSize);
    if (!buf || isBinary(buf)) return;
    const text = decode(buf);
    if (looksMinified(text.text) || looksGenerated(text.text)) return;
    texts.set(file.absPath, text);
  } catch {
    // Unreadable: left out, as the first pass would have counted it.
  }
}

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
/** Rounds of analysing again with the facts across files (the last round's facts may concern other files). */
const RERUN_ROUNDS = 3;
const KEEP_TEXT_BYTES = 256 * 1024;
function textPassOnly(file: SelectedFile, frontEnd: FrontEnd, text: string, ctx: AnalyzeContext, reason: SkipReason): FileOutcome | null {
  const findings = textFindings(file, text, ctx, reason === 'minified' ? 'in a minified file (rebuild it from its source)' : 'in a generated file (regenerate it from its source)');
  if (findings.length === 0) return null;
  return { root: file.root, absPath: file.absPath, relPath: file.relPath, kind: frontEnd.id, status: 'unchanged', findings, before: text, after: text, skipped: reason };
}

/** A generated source analysed in full: left as it is, every site a manual one that says to regenerate it. */
function asGenerated(o: FileOutcome): FileOutcome {
  // The text pass's outcome (no front-end read it): its findings already say so.
  if (o.skipped) return o;
  if (o.status === 'failed') return { ...o, skipped: 'generated' };
  const note = 'in a generated file (regenerate it from its source)';
  const findings = o.findings.map(({ replacement: _r, role: _role, definedAt: _d, ...f }) => ({ ...f, fix: 'manual' as const, message: `${note}: ${f.message}` }));
  return { ...o, status: 'unchanged', findings, after: o.before, skipped: 'generated' };
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

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Classic scripts share namespaces through the page (`var Buoy = (function () { … })()`): where a passing file
 * defines one, the run's other script files and pages that call its methods (`Buoy.addComplaint(…)`) are read too,
 * as importers of a passing module are.
 */
async function scriptGlobalUsers(facts: ReadonlyMap<string, RunFileFacts>, selected: readonly SelectedFile[], frontEnds: ReadonlyMap<string, FrontEnd>, passing: ReadonlySet<string>, maxSize: number): Promise<string[]> {
  const globals = new Set<string>();
  for (const f of facts.values()) if (!('kind' in f)) for (const g of f.scriptGlobals ?? []) globals.add(g);
  if (globals.size === 0) return [];
  const names = [...globals].map((g) => g.replace(/[$]/g, '\\$')).join('|');
  const call = new RegExp(`(?<![\\w$.])(?:${names})\\s*\\.\\s*[A-Za-z_$][\\w$]*\\s*\\(`);
  const out: string[] = [];
  for (const file of selected) {
    if (passing.has(file.absPath) || !frontEnds.get(file.absPath)?.imports) continue;
    const { buf } = readUpTo(file.absPath, maxSize);
    if (buf && !isBinary(buf) && call.test(decode(buf).text)) out.push(file.absPath);
  }
  return out;
}
