/**
 * `npm run bench [-- --quick] [--only codemod|polyglot|shim|traffic] [--runs N] [--rounds N] [--duration S] [--copies N]
 *   [--connections N] [--packages a,b] [--polyglot-src lang=DIR,…] [--polyglot-files N] [--keep] [--cpu-prof DIR]
 *   [--contenders bare,shim,direct,workers] [--base-cli OTHER/dist/cli/main.js] [--rate N] [--shim-args "--flag value …"]` (`--base-cli`: another
 *   build of the proxy as a contender in the same rounds; `--rate`: a fixed offered load in requests per second
 *   instead of as fast as each contender answers; `--cpu-prof`: profiles of the single-process proxy and of the
 *   bare pass-through; `--shim-args`: extra flags for the single-process proxy, for diagnostics such as
 *   `--log-sample 0`: a run with them measures a different proxy than the goals name)
 *
 * Codemod/report: `sc-migrate report --format json` against two baselines on the same file list, each contender
 * in a child process of its own, alternating, several runs; medians and per-run ratios. Shim: autocannon against
 * the v2 stand-in directly, through a bare http-proxy pass-through and through `sc-migrate proxy`. Prints tables
 * and writes bench/results.json (git-ignored). Speeds are measured here and written down in docs/PERFORMANCE.md;
 * no test asserts them.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ContenderKind, ContenderResult } from './contender';
import { heavyCorpus, publishedCorpus, PUBLISHED_PACKAGES, type Corpus } from './corpus';
import { ALL_SHIM_CONTENDERS, PIN, runShimBench, SHIM_CONTENDERS, type ShimContender } from './shim';
import { shimReport, shimSummary } from './shim-report';
import { scan } from '../lib';
import { makeScanner } from '../codemods/engine';
import { loadConfig } from '../config';
import { median, pairedRatios, rotate, round, table } from './stats';
import { runTrafficBench, trafficReport } from './traffic';
import { discoverSources, parseSources, polyglotBench, polyglotCorpus, polyglotReport } from './polyglot';
import { LANGUAGES } from '../codemods/frontends/polyglot';

const REPO = path.resolve(__dirname, '..', '..');
/** `report` is the command with `--jobs auto` (worker threads on a large corpus); `report-1` with `--jobs 1`, the default. */
const CONTENDERS: ContenderKind[] = ['read', 'jscodeshift', 'report', 'report-1'];

/** Issue 9's goals: the report reads published code at ≤ 0.05× and the heavy corpus at ≤ 0.75× of parse-and-walk. */
export const GOALS = {
  publishedReportVsJscodeshift: 0.05,
  heavyReportVsJscodeshift: 0.75,
} as const;

interface Flags {
  quick: boolean;
  only: 'all' | 'codemod' | 'shim' | 'traffic' | 'polyglot';
  polyglotSrc: Record<string, string>;
  polyglotFiles: number;
  trafficMb: number[];
  runs: number;
  rounds: number;
  duration: number;
  connections: number;
  copies: number;
  packages: string[];
  keep: boolean;
  cpuProf?: string;
  contenders: ShimContender[];
  baseCli?: string;
  rate?: number;
  shimArgs: string[];
}

function parseFlags(argv: string[]): Flags {
  const quick = argv.includes('--quick');
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    if (i !== -1) return argv[i + 1];
    const eq = argv.find((a) => a.startsWith(`${name}=`));
    return eq?.slice(name.length + 1);
  };
  const num = (name: string, fallback: number) => {
    const v = value(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} ${v}: expected a positive number`);
    return n;
  };
  const only = (value('--only') ?? 'all') as Flags['only'];
  if (!['all', 'codemod', 'shim', 'traffic', 'polyglot'].includes(only)) throw new Error(`--only ${only}: expected codemod, polyglot, shim or traffic`);
  const packages = value('--packages')?.split(',').filter(Boolean) ?? (quick ? ['rxjs', 'lodash-es'] : PUBLISHED_PACKAGES);
  return {
    quick,
    only,
    runs: num('--runs', quick ? 2 : 5),
    // Ten rounds: the fewest whose median interval (stats.medianInterval) leaves out the extreme rounds.
    rounds: num('--rounds', quick ? 2 : 10),
    duration: num('--duration', quick ? 2 : 5),
    connections: num('--connections', 10),
    copies: num('--copies', quick ? 20 : 120),
    polyglotSrc: parseSources(value('--polyglot-src')),
    polyglotFiles: num('--polyglot-files', quick ? 100 : 1000),
    packages,
    keep: argv.includes('--keep'),
    trafficMb: (value('--traffic-mb') ?? (quick ? '64,256' : '256,1024')).split(',').map(Number),
    cpuProf: value('--cpu-prof') ? path.resolve(value('--cpu-prof')!) : undefined,
    contenders: shimContenders(value('--contenders'), value('--base-cli') !== undefined),
    baseCli: value('--base-cli') ? path.resolve(value('--base-cli')!) : undefined,
    rate: value('--rate') !== undefined ? num('--rate', 0) : undefined,
    shimArgs: (value('--shim-args') ?? '').split(/\s+/).filter(Boolean),
  };
}

/** `--contenders bare,shim`: a subset of the shim contenders (bare and shim are always run: the goals need them). */
function shimContenders(list: string | undefined, withBase: boolean): ShimContender[] {
  const names = list === undefined ? [...SHIM_CONTENDERS] : list.split(',').filter(Boolean);
  for (const n of names) if (!(ALL_SHIM_CONTENDERS as string[]).includes(n)) throw new Error(`--contenders ${list}: expected some of ${ALL_SHIM_CONTENDERS.join(', ')}`);
  if (withBase) names.push('base');
  else if (names.includes('base')) throw new Error('the base contender needs --base-cli <dist/cli/main.js of another build>');
  return ALL_SHIM_CONTENDERS.filter((c) => c === 'bare' || c === 'shim' || names.includes(c));
}

const log = (line: string) => process.stderr.write(`${line}\n`);

function machine() {
  const cpus = os.cpus();
  let cpuModel = cpus[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpuModel = m[1]!.trim();
  } catch {
    // not Linux
  }
  return {
    cpu: cpuModel,
    cores: cpus.length,
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** One contender in a child process; its JSON line. */
function runChild(kind: ContenderKind, jobFile: string, env?: Record<string, string>): ContenderResult {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'contender.js'), kind, jobFile], {
    encoding: 'utf8',
    env: env ? { ...process.env, ...env } : process.env,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ContenderResult;
}

interface CorpusResult {
  name: string;
  description: string;
  files: number;
  codeFiles: number;
  textFiles: number;
  bytes: number;
  selectedByPipeline: number;
  droppedAsMinified: number;
  reportFilesMatch: boolean;
  runs: (ContenderResult & { run: number })[];
  medians: Record<ContenderKind, { wallMs: number; filesPerSec: number; maxRssMb: number; cpuMs: number }>;
  ratios: {
    reportVsJscodeshift: { perRun: number[]; median: number };
    /** The single-thread report (`--jobs 1`) against the same baseline. */
    report1VsJscodeshift: { perRun: number[]; median: number };
    /** CPU time (user + system, every thread) of the report against the baseline's. */
    reportCpuVsJscodeshift: { perRun: number[]; median: number };
    reportVsRead: { perRun: number[]; median: number };
    jscodeshiftVsRead: { perRun: number[]; median: number };
  };
  findings: number[];
  /** Outside the timed runs: files the pre-scan passes, and files the engine parsed (those plus their importers). */
  preScanPassed: number;
  engineParsed: number;
  /** Threads the `report` contender analysed with (`--jobs auto` on this corpus and machine; `report-1`: 1). */
  threads: number;
  goal: { text: string; met: boolean };
}

/** What the report did with the corpus, outside the timed runs: how many files passed the pre-scan and were parsed. */
async function pipelineShape(corpus: Corpus): Promise<{ preScanPassed: number; engineParsed: number; threads: number }> {
  const { config } = loadConfig({ configPath: corpus.job.config, cwd: corpus.job.cwd, roots: corpus.job.roots });
  const scanner = makeScanner(config);
  let preScanPassed = 0;
  for (const f of corpus.job.files) if (scanner(fs.readFileSync(f, 'utf8'))) preScanPassed++;
  const result = await scan({ roots: corpus.job.roots, config, types: 'auto', cwd: corpus.job.cwd });
  return { preScanPassed, engineParsed: result.outcomes.length, threads: result.threads ?? 1 };
}

async function codemodBench(corpus: Corpus, flags: Flags, tmp: string): Promise<CorpusResult> {
  const jobFile = path.join(tmp, `${corpus.name}.job.json`);
  fs.writeFileSync(jobFile, JSON.stringify(corpus.job));
  log(`codemod/report on ${corpus.name}: ${corpus.job.files.length} files (${corpus.codeFiles} code, ${corpus.textFiles} JSON/YAML/.env), ${round(corpus.bytes / 1e6, 1)} MB`);
  const runs: (ContenderResult & { run: number })[] = [];
  for (let run = 0; run < flags.runs; run++) {
    for (const kind of rotate(CONTENDERS, run)) {
      const r = runChild(kind, jobFile);
      runs.push({ ...r, run });
      log(`  run ${run + 1}/${flags.runs} ${kind.padEnd(11)} ${Math.round(r.wallMs)} ms  ${Math.round(r.maxRssKb / 1024)} MB${r.findings !== undefined ? `  findings ${r.findings}` : ''}${r.failed ? `  failed ${r.failed}` : ''}`);
    }
  }
  const of = (kind: ContenderKind) => [...Array(flags.runs).keys()].map((i) => runs.find((r) => r.run === i && r.kind === kind)!);
  const wall = (kind: ContenderKind) => of(kind).map((r) => r.wallMs);
  const medians = Object.fromEntries(
    CONTENDERS.map((k) => {
      const w = median(wall(k));
      return [k, { wallMs: round(w, 1), filesPerSec: round(corpus.job.files.length / (w / 1000), 0), maxRssMb: round(median(of(k).map((r) => r.maxRssKb / 1024)), 0), cpuMs: round(median(of(k).map((r) => r.cpuMs)), 0) }];
    }),
  ) as CorpusResult['medians'];
  const ratio = (a: ContenderKind, b: ContenderKind) => {
    const r = pairedRatios(wall(a), wall(b));
    return { perRun: r.perRun.map((x) => round(x, 3)), median: round(r.median, 3) };
  };
  const cpu = (kind: ContenderKind) => of(kind).map((r) => r.cpuMs);
  const cpuRatio = pairedRatios(cpu('report'), cpu('jscodeshift'));
  const ratios = {
    reportVsJscodeshift: ratio('report', 'jscodeshift'),
    report1VsJscodeshift: ratio('report-1', 'jscodeshift'),
    reportCpuVsJscodeshift: { perRun: cpuRatio.perRun.map((x) => round(x, 3)), median: round(cpuRatio.median, 3) },
    reportVsRead: ratio('report', 'read'), jscodeshiftVsRead: ratio('jscodeshift', 'read') };
  const findings = of('report').map((r) => r.findings ?? -1);
  const findings1 = of('report-1').map((r) => r.findings ?? -1);
  if (findings1.some((f, i) => f !== findings[i])) log(`  WARNING: report-1 found ${findings1.join(', ')} against report's ${findings.join(', ')}`);
  const reportFilesMatch = [...of('report'), ...of('report-1')].every((r) => r.reportFiles === corpus.job.files.length);
  const goal =
    corpus.name === 'published'
      ? {
          text: `report <= ${GOALS.publishedReportVsJscodeshift}x jscodeshift parse-and-walk, 0 findings`,
          met: ratios.reportVsJscodeshift.median <= GOALS.publishedReportVsJscodeshift && findings.every((f) => f === 0),
        }
      : { text: `report <= ${GOALS.heavyReportVsJscodeshift}x jscodeshift parse-and-walk`, met: ratios.reportVsJscodeshift.median <= GOALS.heavyReportVsJscodeshift };
  return {
    name: corpus.name,
    description: corpus.description,
    files: corpus.job.files.length,
    codeFiles: corpus.codeFiles,
    textFiles: corpus.textFiles,
    bytes: corpus.bytes,
    selectedByPipeline: corpus.selected,
    droppedAsMinified: corpus.minified,
    reportFilesMatch,
    runs: runs.map((r) => ({ ...r, wallMs: round(r.wallMs, 1), cpuMs: round(r.cpuMs, 1) })),
    medians,
    ratios,
    findings,
    ...(await pipelineShape(corpus)),
    goal,
  };
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const started = new Date();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-migrate-bench-'));
  const results: Record<string, unknown> = {
    date: started.toISOString(),
    commit: gitCommit(),
    machine: machine(),
    flags,
  };
  log(`sc-migrate bench ${started.toISOString()} on ${JSON.stringify(results['machine'])}; temp folder ${tmp}`);
  try {
    const out: string[] = [];
    if (flags.only === 'all' || flags.only === 'codemod') {
      log(`installing ${flags.packages.join(', ')} into ${tmp}/published ...`);
      const corpora = [await publishedCorpus(path.join(tmp, 'published'), flags.packages), await heavyCorpus(path.join(tmp, 'heavy'), REPO, flags.copies)];
      const cm: CorpusResult[] = [];
      for (const c of corpora) cm.push(await codemodBench(c, flags, tmp));
      results['codemod'] = { contenders: CONTENDERS, runs: flags.runs, corpora: cm };
      out.push(
        'Codemod/report (medians of ' + flags.runs + ' runs; ratios per run pair, then median)',
        table(
          ['corpus', 'files', 'MB', 'contender', 'wall ms', 'files/s', 'peak RSS MB', 'vs jscodeshift', 'vs read'],
          cm.flatMap((c) =>
            CONTENDERS.map((k) => [
              c.name,
              c.files,
              round(c.bytes / 1e6, 1),
              k,
              c.medians[k].wallMs,
              c.medians[k].filesPerSec,
              c.medians[k].maxRssMb,
              k === 'report' ? `${c.ratios.reportVsJscodeshift.median}x` : k === 'report-1' ? `${c.ratios.report1VsJscodeshift.median}x` : k === 'jscodeshift' ? '1x' : '-',
              k === 'report' ? `${c.ratios.reportVsRead.median}x` : k === 'jscodeshift' ? `${c.ratios.jscodeshiftVsRead.median}x` : k === 'read' ? '1x' : '-',
            ]),
          ),
        ),
        ...cm.map((c) => `goal ${c.name}: ${c.goal.text}: ${c.goal.met ? 'MET' : 'MISSED'} (median ${c.ratios.reportVsJscodeshift.median}x with ${c.threads} thread${c.threads > 1 ? `s (--jobs auto: this one and ${c.threads - 1} worker${c.threads > 2 ? 's' : ''}; the baseline is one thread)` : ''}; one thread (--jobs 1) ${c.ratios.report1VsJscodeshift.median}x; CPU time ${c.ratios.reportCpuVsJscodeshift.median}x; findings per run ${c.findings.join(', ')}; report counted ${c.reportFilesMatch ? 'the same' : 'a DIFFERENT number of'} files; ${c.preScanPassed} passed the pre-scan, ${c.engineParsed} parsed by the engine)`),
        '',
      );
    }
    if (flags.only === 'all' || flags.only === 'polyglot') {
      const sources = discoverSources(tmp, flags.polyglotSrc);
      const langs = polyglotCorpus(path.join(tmp, 'polyglot'), sources, flags.polyglotFiles);
      const missing = LANGUAGES.map((l) => l.id).filter((id) => !langs.some((l) => l.lang === id));
      log(`polyglot: ${langs.map((l) => `${l.lang} ${l.files}`).join(', ')} files${missing.length ? `; no sources for ${missing.join(', ')}` : ''}`);
      const rows = polyglotBench(langs, path.join(tmp, 'polyglot'), flags.runs, tmp, runChild, log);
      results['polyglot'] = { runs: flags.runs, perLanguageCap: flags.polyglotFiles, rows, missing };
      out.push(...polyglotReport(rows, flags.runs, missing));
    }
    if (flags.only === 'all' || flags.only === 'traffic') {
      log(`traffic: generated proxy logs of ${flags.trafficMb.join(', ')} MB, ${flags.runs} runs each`);
      const samples = runTrafficBench({ sizesMb: flags.trafficMb, runs: flags.runs, tmp, repo: REPO, log });
      results['traffic'] = { runs: flags.runs, samples };
      out.push(...trafficReport(samples, flags.runs));
    }
    if (flags.only === 'all' || flags.only === 'shim') {
      log(`shim: ${flags.rounds} rounds x ${flags.contenders.length} contenders (${flags.contenders.join(', ')}) x ${flags.duration} s, ${flags.connections} connections`);
      const run = await runShimBench({
        duration: flags.duration,
        rounds: flags.rounds,
        connections: flags.connections,
        warmup: flags.quick ? 1 : 2,
        cpuProf: flags.cpuProf,
        contenders: flags.contenders,
        baseCli: flags.baseCli,
        rate: flags.rate,
        shimArgs: flags.shimArgs,
        tmp,
        repo: REPO,
        log,
      });
      const summary = shimSummary(run.samples, flags.rounds, flags.contenders);
      results['shim'] = { pin: PIN, connections: flags.connections, duration: flags.duration, rounds: flags.rounds, ...run, ...summary };
      out.push(...shimReport(summary, flags.rounds, flags.duration, flags.connections, flags.cpuProf !== undefined));
    }
    results['finished'] = new Date().toISOString();
    const file = path.join(REPO, 'bench', 'results.json');
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\n${out.join('\n')}\nwrote ${path.relative(process.cwd(), file)}\n`);
  } finally {
    if (flags.keep) log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
