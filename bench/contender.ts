/**
 * One contender of the codemod/report benchmark, run in a child process of its own so that its peak RSS is its
 * own: `node dist/bench/contender.js <read|jscodeshift|report|report-1> <job.json>`. The job names the file list (the
 * same for every contender) and the roots. Modules are loaded before the clock starts. Prints one JSON line.
 */
import * as fs from 'node:fs';
import type { Writable } from 'node:stream';
import { exitWhenFlushed } from '../cli/exit';

/** `report` with `--jobs auto` (worker threads on a large corpus), `report-1` with `--jobs 1` (one thread, the default). */
export type ContenderKind = 'read' | 'jscodeshift' | 'report' | 'report-1';

export interface ContenderJob {
  /** Absolute paths, the same list for every contender (what the pipeline selects and does not drop as minified). */
  files: string[];
  /** Roots handed to `sc-migrate report` (it selects the files itself). */
  roots: string[];
  /** Working directory of the report (also where its config is looked up). */
  cwd: string;
  /** Config file for the report (the sample apps' one for the heavy corpus), or none: the built-in defaults. */
  config?: string;
}

export interface ContenderResult {
  kind: ContenderKind;
  wallMs: number;
  cpuMs: number;
  /** process.resourceUsage().maxRSS of the child, in kilobytes. */
  maxRssKb: number;
  files: number;
  bytes: number;
  /** jscodeshift: files that did not parse. report: files it could not parse. */
  failed: number;
  /** report only: findings, files scanned as the report counts them, files with findings. */
  findings?: number;
  reportFiles?: number;
  filesWithFindings?: number;
  nodes?: number;
}

async function main(): Promise<void> {
  const [kind, jobFile] = process.argv.slice(2) as [ContenderKind, string];
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as ContenderJob;
  const result = await runContender(kind, job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // As the CLI does after a one-shot command (cli/exit.ts): the process ends once its output has left.
  await exitWhenFlushed();
}

export async function runContender(kind: ContenderKind, job: ContenderJob): Promise<ContenderResult> {
  const base = { kind, files: job.files.length, bytes: 0, failed: 0 };
  if (kind === 'read') {
    const t = clock();
    let bytes = 0;
    for (const f of job.files) bytes += fs.readFileSync(f).length;
    return { ...base, ...t.stop(), bytes };
  }
  if (kind === 'jscodeshift') {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const jscodeshift = (require('jscodeshift') as typeof import('jscodeshift')).default ?? require('jscodeshift');
    const { parserFor } = require('../codemods/engine/parse') as typeof import('../codemods/engine/parse');
    const { jsFrontEnd } = require('../codemods/frontends/js') as typeof import('../codemods/frontends/js');
    const mod = require('./baseline-transform') as typeof import('./baseline-transform');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const transform = mod.default;
    const noop = () => undefined;
    const t = clock();
    let bytes = 0;
    let failed = 0;
    let nodes = 0;
    const apis = new Map<string, import('jscodeshift').API>();
    for (const f of job.files) {
      const source = fs.readFileSync(f, 'utf8');
      bytes += Buffer.byteLength(source);
      // Other files: read only (a jscodeshift transform has no parser for them).
      if (!jsFrontEnd.matches(f)) continue;
      const parser = parserFor(f);
      let api = apis.get(parser);
      if (!api) {
        const j = jscodeshift.withParser(parser);
        api = { j, jscodeshift: j, stats: noop, report: noop } as unknown as import('jscodeshift').API;
        apis.set(parser, api);
      }
      try {
        transform({ path: f, source }, api);
        nodes += mod.lastNodeCount;
      } catch {
        failed++;
      }
    }
    return { ...base, ...t.stop(), bytes, failed, nodes };
  }
  // report: the real command, `sc-migrate report <roots> --format json --jobs auto|1`, into a sink.
  /* eslint-disable-next-line @typescript-eslint/no-require-imports */
  const { runReport } = require('../cli/commands/report') as typeof import('../cli/commands/report');
  let out = '';
  const sink = { write: (s: string) => ((out += s), true) } as unknown as Writable;
  const errSink = { write: () => true };
  const t = clock();
  const code = await runReport({ paths: job.roots, format: 'json', config: job.config, jobs: kind === 'report-1' ? '1' : 'auto' }, { stdout: sink, stderr: errSink, env: {} }, job.cwd);
  const timing = t.stop();
  if (code !== 0) throw new Error(`report exited ${code}`);
  const report = JSON.parse(out) as import('../report/json').JsonReport;
  let bytes = 0;
  for (const f of job.files) bytes += fs.statSync(f).size;
  return {
    ...base,
    ...timing,
    bytes,
    failed: report.errors.length,
    findings: report.findings.length,
    reportFiles: report.summary.files,
    filesWithFindings: report.summary.filesWithFindings,
  };
}

function clock() {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  return {
    stop() {
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      const c = process.cpuUsage(cpu);
      return { wallMs, cpuMs: (c.user + c.system) / 1000, maxRssKb: process.resourceUsage().maxRSS };
    },
  };
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`contender failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
