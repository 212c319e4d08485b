/**
 * The polyglot corpus of the benchmark (issue 10): real published sources in the languages the polyglot front-ends
 * read, none of which calls the API, timed as `sc-migrate report` per language and over the whole tree against the
 * reading floor, a plain `grep -r -F` of the configured v1 hosts over the same files.
 *
 * Sources are found on the machine (the toolchains' own standard libraries: Python's stdlib, Go's GOROOT/src, the
 * JDK's src.zip, Ruby's rubylibdir, PHP's include path) or named with `--polyglot-src lang=DIR,lang=DIR` (any
 * checkout: Kotlin, Swift, C# and Dart have no standard library on a usual machine). At most `--polyglot-files` files
 * per language are copied (sorted by path, so the same sources give the same corpus).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGES } from '../codemods/frontends/polyglot';
import { loadConfig } from '../config';
import { UrlMapper } from '../config/urls';
import type { ContenderJob, ContenderResult } from './contender';
import { threadCount } from '../lib/prefilter';
import { median, pairedRatios, round, table } from './stats';

/** Issue 10's goal: the report over the polyglot corpus within 10× the reading floor. */
export const POLYGLOT_GOAL = 10;

export interface PolyglotSource {
  lang: string;
  dir: string;
  /** Where it came from, for the results (a path, a package, a command). */
  origin: string;
}

export interface PolyglotLang {
  lang: string;
  root: string;
  files: number;
  bytes: number;
  origin: string;
}

const sh = (cmd: string, args: string[]): string | null => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  return r.status === 0 ? `${r.stdout}${r.stderr}` : null;
};
const isDir = (d: string | undefined | null): d is string => !!d && fs.existsSync(d) && fs.statSync(d).isDirectory();

/** Sources of each language on this machine, `explicit` (lang → dir) first. */
export function discoverSources(tmp: string, explicit: Record<string, string>): PolyglotSource[] {
  const found = new Map<string, PolyglotSource>();
  for (const [lang, dir] of Object.entries(explicit)) {
    if (!LANGUAGES.some((l) => l.id === lang)) throw new Error(`--polyglot-src ${lang}=…: unknown language (one of ${LANGUAGES.map((l) => l.id).join(', ')})`);
    if (!isDir(dir)) throw new Error(`--polyglot-src ${lang}=${dir}: not a folder`);
    found.set(lang, { lang, dir: path.resolve(dir), origin: path.resolve(dir) });
  }
  const add = (lang: string, dir: string | null | undefined, origin: string) => {
    if (!found.has(lang) && isDir(dir)) found.set(lang, { lang, dir, origin });
  };
  const py = sh('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"])?.trim();
  add('python', py, `Python standard library (${py})`);
  const goroot = sh('go', ['env', 'GOROOT'])?.trim();
  if (goroot) add('go', path.join(goroot, 'src'), `Go standard library (${goroot}/src)`);
  const rb = sh('ruby', ['-e', 'print RbConfig::CONFIG["rubylibdir"]'])?.trim();
  add('ruby', rb, `Ruby standard library (${rb})`);
  const inc = sh('php', ['-r', 'echo get_include_path();'])?.trim();
  for (const d of inc?.split(path.delimiter) ?? []) if (d !== '.') add('php', d, `PHP include path (${d})`);
  if (!found.has('java')) {
    const props = sh('java', ['-XshowSettings:properties', '-version']);
    const home = props && /java\.home = (.+)/.exec(props)?.[1]?.trim();
    // The default JDK may ship without sources (a dangling src.zip link); another JDK beside it may have them.
    const jdks = home ? [home, ...siblings(path.dirname(home))] : [];
    const zip = jdks.map((h) => path.join(h, 'lib', 'src.zip')).find((z) => fs.existsSync(z));
    if (zip) {
      const out = path.join(tmp, 'jdk-src');
      if (sh('unzip', ['-q', '-o', zip, 'java.base/*', '-d', out]) !== null) add('java', out, `JDK sources (${zip}, java.base)`);
    }
  }
  return [...found.values()];
}

function siblings(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort().map((d) => path.join(dir, d));
  } catch {
    return [];
  }
}

function listFiles(dir: string, exts: Set<string>, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.isSymbolicLink() || e.name === '.git' || e.name === 'node_modules' || e.name === 'site-packages') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(p, exts, out);
    else if (e.isFile() && exts.has(path.extname(e.name).slice(1))) out.push(p);
  }
  return out;
}

/** Copy at most `perLang` source files of each language into `dir/<lang>/`, keeping their relative paths. */
export function polyglotCorpus(dir: string, sources: PolyglotSource[], perLang: number): PolyglotLang[] {
  const langs: PolyglotLang[] = [];
  for (const s of sources) {
    const spec = LANGUAGES.find((l) => l.id === s.lang)!;
    const root = path.join(dir, s.lang);
    let bytes = 0;
    const files = listFiles(s.dir, new Set(spec.extensions)).slice(0, perLang);
    for (const f of files) {
      const to = path.join(root, path.relative(s.dir, f));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(f, to);
      bytes += fs.statSync(to).size;
    }
    if (files.length) langs.push({ lang: s.lang, root, files: files.length, bytes, origin: s.origin });
  }
  return langs;
}

/** The reading floor: `grep -r -F -l` of the built-in configuration's v1 hosts; wall time and matching files. */
export function grepFloor(root: string, cwd: string): { wallMs: number; matches: number } {
  const { config } = loadConfig({ cwd, roots: [root] });
  const args = ['-r', '-F', '-l', ...UrlMapper.of(config).scanNeedles().flatMap((h) => ['-e', h]), root];
  const t = process.hrtime.bigint();
  const r = spawnSync('grep', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`grep failed: ${r.stderr}`);
  return { wallMs, matches: r.stdout.split('\n').filter(Boolean).length };
}

export interface PolyglotRow {
  lang: string;
  files: number;
  bytes: number;
  origin: string;
  /** The report as a whole process (Node's start, loading its modules, the scan, the JSON), as grep is timed. */
  reportMs: number;
  /** The part of it inside `runReport` (the figure of the runs before 2026-11-23 22:00, when loading was not counted). */
  scanMs: number;
  grepMs: number;
  filesPerSec: number;
  ratio: { perRun: number[]; median: number };
  findings: number[];
  parseErrors: number[];
  grepMatches: number;
  /** The whole tree only: the report with one thread (SC_MIGRATE_THREADS=1), in the same runs. */
  single?: { reportMs: number; scanMs: number; ratio: { perRun: number[]; median: number } };
}

/**
 * Time the report and the floor on each language's folder and on the whole tree, `runs` times alternating. The
 * report is timed as a process, from its start to its exit, like grep: what a user waits for.
 */
export function polyglotBench(
  langs: PolyglotLang[],
  whole: string,
  runs: number,
  tmp: string,
  runChild: (kind: 'report', jobFile: string, env?: Record<string, string>) => ContenderResult,
  log: (line: string) => void,
): PolyglotRow[] {
  const targets = [...langs, { lang: 'all', root: whole, files: langs.reduce((n, l) => n + l.files, 0), bytes: langs.reduce((n, l) => n + l.bytes, 0), origin: 'every folder above' }];
  return targets.map((t) => {
    const jobFile = path.join(tmp, `polyglot-${t.lang}.job.json`);
    const job: ContenderJob = { files: [], roots: [t.root], cwd: t.root };
    fs.writeFileSync(jobFile, JSON.stringify(job));
    const report: (ContenderResult & { processMs: number })[] = [];
    const single: (ContenderResult & { processMs: number })[] = [];
    const grep: { wallMs: number; matches: number }[] = [];
    for (let run = 0; run < runs; run++) {
      // Alternate which contender goes first, so neither always runs on a warm page cache.
      if (run % 2) grep.push(grepFloor(t.root, t.root));
      const start = process.hrtime.bigint();
      const child = runChild('report', jobFile);
      report.push({ ...child, processMs: Number(process.hrtime.bigint() - start) / 1e6 });
      if (t.lang === 'all') {
        // The whole tree is large enough for the pre-scan threads (lib/prefilter.ts): the one-thread figure beside it.
        const at = process.hrtime.bigint();
        const one = runChild('report', jobFile, { SC_MIGRATE_THREADS: '1' });
        single.push({ ...one, processMs: Number(process.hrtime.bigint() - at) / 1e6 });
        log(`  polyglot all     run ${run + 1}/${runs}: report with one thread ${Math.round(single[run]!.processMs)} ms (scan ${Math.round(one.wallMs)} ms; findings ${one.findings})`);
      }
      if (!(run % 2)) grep.push(grepFloor(t.root, t.root));
      log(
        `  polyglot ${t.lang.padEnd(7)} run ${run + 1}/${runs}: report ${Math.round(report[run]!.processMs)} ms (scan ${Math.round(child.wallMs)} ms; findings ${child.findings}), grep ${grep[run]!.wallMs.toFixed(1)} ms`,
      );
    }
    const r = pairedRatios(report.map((x) => x.processMs), grep.map((x) => x.wallMs));
    const reportMs = median(report.map((x) => x.processMs));
    return {
      lang: t.lang,
      files: t.files,
      bytes: t.bytes,
      origin: t.origin,
      reportMs: round(reportMs, 1),
      scanMs: round(median(report.map((x) => x.wallMs)), 1),
      grepMs: round(median(grep.map((x) => x.wallMs)), 1),
      filesPerSec: round(t.files / (reportMs / 1000), 0),
      ratio: { perRun: r.perRun.map((x) => round(x, 2)), median: round(r.median, 2) },
      findings: report.map((x) => x.findings ?? -1),
      parseErrors: report.map((x) => x.failed),
      grepMatches: grep[0]?.matches ?? 0,
      ...(single.length
        ? (() => {
            const one = pairedRatios(single.map((x) => x.processMs), grep.map((x) => x.wallMs));
            return { single: { reportMs: round(median(single.map((x) => x.processMs)), 1), scanMs: round(median(single.map((x) => x.wallMs)), 1), ratio: { perRun: one.perRun.map((x) => round(x, 2)), median: round(one.median, 2) } } };
          })()
        : {}),
    };
  });
}

export function polyglotReport(rows: PolyglotRow[], runs: number, missing: string[]): string[] {
  const all = rows.find((r) => r.lang === 'all');
  const met = !!all && all.ratio.median <= POLYGLOT_GOAL && rows.every((r) => r.findings.every((f) => f === 0));
  return [
    `Polyglot corpus (medians of ${runs} runs; the report process vs grep -r -F of the v1 hosts, paired per run; scan: the part inside runReport)`,
    table(
      ['language', 'files', 'MB', 'report ms', 'scan ms', 'files/s', 'grep ms', 'vs grep', 'findings', 'parse errors', 'source'],
      rows.map((r) => [r.lang, r.files, round(r.bytes / 1e6, 1), r.reportMs, r.scanMs, r.filesPerSec, r.grepMs, `${r.ratio.median}x`, r.findings.join('/'), r.parseErrors.join('/'), r.origin]),
    ),
    ...(missing.length ? [`no sources on this machine for: ${missing.join(', ')} (pass --polyglot-src ${missing[0]}=DIR)`] : []),
    ...(all?.single
      ? [
          `the whole tree's pre-scan ran in ${threadCount(undefined).threads} threads (main + workers, lib/prefilter.ts; SC_MIGRATE_THREADS to choose); with one thread: report ${all.single.reportMs} ms, scan ${all.single.scanMs} ms, ${all.single.ratio.median}x grep (per run ${all.single.ratio.perRun.join(', ')})`,
        ]
      : []),
    `goal polyglot: report <= ${POLYGLOT_GOAL}x grep over the whole tree, 0 findings: ${met ? 'MET' : 'MISSED'} (median ${all?.ratio.median ?? '-'}x, per run ${all?.ratio.perRun.join(', ') ?? '-'})`,
    '',
  ];
}

/** `lang=dir,lang=dir` → a map. */
export function parseSources(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of value?.split(',').filter(Boolean) ?? []) {
    const i = part.indexOf('=');
    if (i <= 0) throw new Error(`--polyglot-src ${part}: expected lang=DIR`);
    out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}
