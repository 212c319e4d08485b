/**
 * The traffic half of `npm run bench`: `sc-migrate traffic` over generated proxy access logs of growing size,
 * against a plain `wc -l` of the same file (the floor: reading the bytes and counting lines). Peak RSS of the
 * traffic process comes from a preload that reports `process.resourceUsage().maxRSS` as it exits; the goal is
 * flat memory below 200 MB whatever the size.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateProxyLog } from '../traffic/generate';
import { median, round, table } from './stats';

export const TRAFFIC_GOAL_RSS_MB = 200;

export interface TrafficSample {
  mb: number;
  lines: number;
  wcMs: number;
  trafficMs: number;
  linesPerSec: number;
  wcLinesPerSec: number;
  maxRssMb: number;
}

function timed(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export function runTrafficBench(opts: { sizesMb: number[]; runs: number; tmp: string; repo: string; log: (l: string) => void }): TrafficSample[] {
  const main = path.join(opts.repo, 'dist', 'cli', 'main.js');
  const preload = path.join(opts.tmp, 'maxrss.cjs');
  fs.writeFileSync(preload, "process.on('exit', () => process.stderr.write(`\\nmaxrss-kb=${process.resourceUsage().maxRSS}\\n`));\n");
  const out: TrafficSample[] = [];
  for (const mb of opts.sizesMb) {
    const file = path.join(opts.tmp, `proxy-${mb}mb.log`);
    const lines = generateProxyLog(file, mb * 1e6);
    const wc: number[] = [];
    const tr: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < opts.runs; run++) {
      wc.push(timed(() => execFileSync('wc', ['-l', file], { stdio: ['ignore', 'pipe', 'ignore'] })));
      let stderr = '';
      tr.push(
        timed(() => {
          const r = spawnSync(process.execPath, ['--max-old-space-size=64', '-r', preload, main, 'traffic', file, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
          if (r.status !== 0) throw new Error(`sc-migrate traffic exited ${r.status}: ${r.stderr}`);
          stderr = r.stderr;
        }),
      );
      rss.push(Number(/maxrss-kb=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024);
      opts.log(`  traffic ${mb} MB run ${run + 1}/${opts.runs}: wc -l ${Math.round(wc.at(-1)!)} ms, traffic ${Math.round(tr.at(-1)!)} ms, peak RSS ${Math.round(rss.at(-1)!)} MB`);
    }
    fs.rmSync(file);
    const trafficMs = median(tr);
    const wcMs = median(wc);
    out.push({ mb, lines, wcMs: round(wcMs, 0), trafficMs: round(trafficMs, 0), linesPerSec: round(lines / (trafficMs / 1000), 0), wcLinesPerSec: round(lines / (wcMs / 1000), 0), maxRssMb: round(Math.max(...rss), 0) });
  }
  return out;
}

export function trafficReport(samples: TrafficSample[], runs: number): string[] {
  const flat = samples.every((s) => s.maxRssMb < TRAFFIC_GOAL_RSS_MB);
  return [
    `Traffic: sc-migrate traffic --format json on generated proxy logs, 64 MB heap (medians of ${runs} runs)`,
    table(
      ['size MB', 'lines', 'wc -l ms', 'traffic ms', 'lines/s', 'wc -l lines/s', 'vs wc -l', 'peak RSS MB'],
      samples.map((s) => [s.mb, s.lines, s.wcMs, s.trafficMs, s.linesPerSec, s.wcLinesPerSec, `${round(s.trafficMs / s.wcMs, 1)}x`, s.maxRssMb]),
    ),
    `goal: peak RSS below ${TRAFFIC_GOAL_RSS_MB} MB at every size: ${flat ? 'MET' : 'MISSED'}`,
    '',
  ];
}
