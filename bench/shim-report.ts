/**
 * The shim half of `npm run bench`: medians per contender, per-round ratios against the bare pass-through of the
 * same round (throughput, CPU per request, p99), the goals of issue 11, and the printed table.
 */
import { ALL_SHIM_CONTENDERS, BENCH_WORKERS, SHIM_CONTENDERS, type ShimContender, type ShimSample } from './shim';
import { median, medianInterval, pairedDiffs, pairedRatios, round, table } from './stats';

export const SHIM_GOALS = {
  /** `sc-migrate proxy` (one process) throughput at least this share of the bare pass-through's. */
  throughputVsBare: 0.8,
  /** Proxy CPU per request at most this multiple of the bare pass-through's. */
  cpuVsBare: 1.5,
  /** p99 at most this many ms above the bare pass-through's. */
  p99OverBareMs: 1,
} as const;

type Ratio = { perRun: number[]; median: number };

export function shimSummary(samples: ShimSample[], rounds: number, contenders: readonly ShimContender[] = SHIM_CONTENDERS) {
  // A contender left out of the run (--contenders) has no samples: its figures are NaN ('-' in the table).
  const missing = (round: number, contender: ShimContender): ShimSample => ({
    round,
    contender,
    requests: 0,
    reqPerSec: Number.NaN,
    p50: Number.NaN,
    p90: Number.NaN,
    p99: Number.NaN,
    max: Number.NaN,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    cpuUsPerRequest: { autocannon: null, mock: null, bare: null, shim: null, workers: null },
    load: Number.NaN,
  });
  const by = (c: ShimContender) => [...Array(rounds).keys()].map((i) => samples.find((s) => s.round === i && s.contender === c) ?? missing(i, c));
  const cpu = (c: ShimContender) => by(c).map((x) => (c === 'direct' ? Number.NaN : (x.cpuUsPerRequest[c] ?? Number.NaN)));
  const medians = Object.fromEntries(
    ALL_SHIM_CONTENDERS.map((c) => {
      const s = by(c);
      return [
        c,
        {
          reqPerSec: round(median(s.map((x) => x.reqPerSec)), 0),
          p50: median(s.map((x) => x.p50)),
          p99: median(s.map((x) => x.p99)),
          errors: s.reduce((n, x) => n + x.errors + x.timeouts + x.non2xx, 0),
          requests: s.reduce((n, x) => n + x.requests, 0),
          cpuUsPerRequest: {
            autocannon: median(s.map((x) => x.cpuUsPerRequest.autocannon ?? Number.NaN)),
            mock: median(s.map((x) => x.cpuUsPerRequest.mock ?? Number.NaN)),
            proxy: c === 'direct' ? null : median(cpu(c)),
          },
        },
      ];
    }),
  ) as Record<ShimContender, { reqPerSec: number; p50: number; p99: number; errors: number; requests: number; cpuUsPerRequest: { autocannon: number; mock: number; proxy: number | null } }>;
  const rps = (c: ShimContender) => by(c).map((x) => x.reqPerSec);
  const r3 = (r: Ratio): Ratio => ({ perRun: r.perRun.map((x) => round(x, 3)), median: round(r.median, 3) });
  const ratios = {
    shimVsBare: r3(pairedRatios(rps('shim'), rps('bare'))),
    workersVsBare: r3(pairedRatios(rps('workers'), rps('bare'))),
    shimVsDirect: r3(pairedRatios(rps('shim'), rps('direct'))),
    bareVsDirect: r3(pairedRatios(rps('bare'), rps('direct'))),
    shimCpuVsBare: r3(pairedRatios(cpu('shim'), cpu('bare'))),
    workersCpuVsBare: r3(pairedRatios(cpu('workers'), cpu('bare'))),
    shimP99OverBareMs: r3(pairedDiffs(by('shim').map((x) => x.p99), by('bare').map((x) => x.p99))),
    workersP99OverBareMs: r3(pairedDiffs(by('workers').map((x) => x.p99), by('bare').map((x) => x.p99))),
    shimP50OverBareMs: r3(pairedDiffs(by('shim').map((x) => x.p50), by('bare').map((x) => x.p50))),
    // --base-cli: the other build against bare, and this build against it, in the same rounds.
    baseVsBare: r3(pairedRatios(rps('base'), rps('bare'))),
    baseCpuVsBare: r3(pairedRatios(cpu('base'), cpu('bare'))),
    shimVsBase: r3(pairedRatios(rps('shim'), rps('base'))),
    shimCpuVsBase: r3(pairedRatios(cpu('shim'), cpu('base'))),
    baseP99OverBareMs: r3(pairedDiffs(by('base').map((x) => x.p99), by('bare').map((x) => x.p99))),
  };
  const g = SHIM_GOALS;
  const goals = [
    { text: `throughput >= ${g.throughputVsBare}x bare`, value: `${ratios.shimVsBare.median}x`, met: ratios.shimVsBare.median >= g.throughputVsBare },
    { text: `proxy CPU per request <= ${g.cpuVsBare}x bare`, value: `${ratios.shimCpuVsBare.median}x`, met: ratios.shimCpuVsBare.median <= g.cpuVsBare },
    { text: `p99 <= bare + ${g.p99OverBareMs} ms`, value: `+${ratios.shimP99OverBareMs.median} ms`, met: ratios.shimP99OverBareMs.median <= g.p99OverBareMs },
    { text: '0 errors', value: String(medians.shim.errors + medians.workers.errors), met: medians.shim.errors + medians.workers.errors === 0 },
  ];
  // The machine's load when each round started (its first contender), and whether the run decides the throughput
  // goal: the median's 95 % interval (order statistics of the per-round ratios, medianInterval) lies on one side of
  // it. Fewer than six rounds give no such interval: the run cannot tell.
  const loads = [...Array(rounds).keys()].map((i) => round(Math.min(...samples.filter((s) => s.round === i).map((s) => s.load)), 1));
  const tp = ratios.shimVsBare.perRun;
  const spread = tp.length > 0 ? round(Math.max(...tp) - Math.min(...tp), 3) : Number.NaN;
  const gap = round(Math.abs(ratios.shimVsBare.median - g.throughputVsBare), 3);
  const ci = medianInterval(tp);
  const interval = ci ? { low: round(ci.low, 3), high: round(ci.high, 3) } : null;
  const decisive = !!ci && (ci.low >= g.throughputVsBare || ci.high < g.throughputVsBare);
  return { medians, ratios, goals, contenders: [...contenders], loads, spread: { throughput: spread, gapToGoal: gap, interval, decisive } };
}

export function shimReport(summary: ReturnType<typeof shimSummary>, rounds: number, duration: number, connections: number, profiled = false): string[] {
  const { medians, ratios } = summary;
  const has = (c: ShimContender) => summary.contenders.includes(c);
  const vsBare: Partial<Record<ShimContender, string>> = { bare: '1x', shim: `${ratios.shimVsBare.median}x`, workers: `${ratios.workersVsBare.median}x`, base: `${ratios.baseVsBare.median}x` };
  const cpuVsBare: Partial<Record<ShimContender, string>> = { bare: '1x', shim: `${ratios.shimCpuVsBare.median}x`, workers: `${ratios.workersCpuVsBare.median}x`, base: `${ratios.baseCpuVsBare.median}x` };
  return [
    `Shim (${rounds} rounds x ${duration} s, ${connections} connections; medians; ratios per round, then median; workers = --workers ${BENCH_WORKERS})`,
    table(
      ['contender', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'requests', 'vs bare', 'proxy CPU µs/req', 'CPU vs bare', 'stand-in CPU µs/req'],
      ALL_SHIM_CONTENDERS.filter(has).map((c) => [
        c,
        medians[c].reqPerSec,
        medians[c].p50,
        medians[c].p99,
        medians[c].errors,
        medians[c].requests,
        vsBare[c] ?? '-',
        medians[c].cpuUsPerRequest.proxy === null ? '-' : String(medians[c].cpuUsPerRequest.proxy),
        cpuVsBare[c] ?? '-',
        String(medians[c].cpuUsPerRequest.mock),
      ]),
    ),
    `per round: shim/bare throughput ${ratios.shimVsBare.perRun.join(', ')}; shim/bare CPU per request ${ratios.shimCpuVsBare.perRun.join(', ')}; shim p99 - bare p99 ${ratios.shimP99OverBareMs.perRun.join(', ')} ms`,
    ...(profiled ? ['profiled run (--cpu-prof on the bare proxy and the shim): ratios are not comparable with unprofiled runs'] : []),
    `load average (1 min) at the start of each round: ${summary.loads.join(', ')}`,
    `per-round throughput ratios: spread ${summary.spread.throughput}, median ${summary.ratios.shimVsBare.median} (${summary.spread.gapToGoal} from the goal), 95 % interval of the median ${summary.spread.interval ? `${summary.spread.interval.low}–${summary.spread.interval.high}` : 'none (fewer than 6 rounds)'}: ${summary.spread.decisive ? 'the run decides' : 'the interval holds the goal: this run cannot tell met from missed'}`,
    ...(has('workers')
      ? [`per round: workers/bare throughput ${ratios.workersVsBare.perRun.join(', ')}; workers/bare CPU per request ${ratios.workersCpuVsBare.perRun.join(', ')}; workers p99 - bare p99 ${ratios.workersP99OverBareMs.perRun.join(', ')} ms`]
      : []),
    ...(has('base')
      ? [
          `per round: base/bare throughput ${ratios.baseVsBare.perRun.join(', ')}; base/bare CPU per request ${ratios.baseCpuVsBare.perRun.join(', ')}; base p99 - bare p99 ${ratios.baseP99OverBareMs.perRun.join(', ')} ms`,
          `per round: shim/base (this build against --base-cli) throughput ${ratios.shimVsBase.perRun.join(', ')} (median ${ratios.shimVsBase.median}); CPU per request ${ratios.shimCpuVsBase.perRun.join(', ')} (median ${ratios.shimCpuVsBase.median})`,
        ]
      : []),
    ...summary.goals.map((g) => `goal shim: ${g.text}: ${g.met ? 'MET' : 'MISSED'} (${g.value})`),
    '',
  ];
}
