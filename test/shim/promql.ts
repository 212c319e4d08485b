/**
 * Just enough PromQL to run the dashboard's and the alert rules' aggregation queries on scrapes of the proxy's
 * /metrics in a test: `sum by (labels) (metric{matchers})`, optionally around `increase(...[window])` or
 * `rate(...[window])` (taken as the difference between two scrapes), optionally followed by `> 0`.
 */
export interface Series {
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format → series by metric name (labels parsed; comments skipped). */
export function parseScrape(text: string): Record<string, Series[]> {
  const out: Record<string, Series[]> = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    (out[m[1]!] ??= []).push({ labels, value: Number(m[3]) });
  }
  return out;
}

const QUERY = /^sum by \(([^)]*)\) \((?:(increase|rate)\()?(\w+)(?:\{([^}]*)\})?(?:\[[$\w]+\])?\)?\)(\s*>\s*0)?$/;

function matches(labels: Record<string, string>, matchers: string): boolean {
  for (const m of matchers.matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"([^"]*)"/g)) {
    const [, name, op, value] = m as unknown as [string, string, string, string];
    const v = labels[name] ?? '';
    const ok = op === '=' ? v === value : op === '!=' ? v !== value : new RegExp(`^(?:${value})$`).test(v) === (op === '=~');
    if (!ok) return false;
  }
  return true;
}

/** Evaluate `expr` on scrape `now` (and the earlier scrape `before`, for increase/rate). */
export function evaluate(expr: string, now: Record<string, Series[]>, before: Record<string, Series[]> = {}): Series[] {
  const m = QUERY.exec(expr.replace(/\s+/g, ' ').trim());
  if (!m) throw new Error(`not in the evaluated subset: ${expr}`);
  const [, by, fn, metric, matchers = '', positive] = m as unknown as [string, string, string | undefined, string, string | undefined, string | undefined];
  const keys = by.split(',').map((k) => k.trim()).filter(Boolean);
  const key = (s: Series) => JSON.stringify(keys.map((k) => s.labels[k] ?? ''));
  const sum = (series: Series[] = []) => {
    const acc = new Map<string, Series>();
    for (const s of series.filter((x) => matches(x.labels, matchers))) {
      const k = key(s);
      const e = acc.get(k) ?? { labels: Object.fromEntries(keys.map((l) => [l, s.labels[l] ?? ''])), value: 0 };
      e.value += s.value;
      acc.set(k, e);
    }
    return acc;
  };
  const current = sum(now[metric]);
  if (fn) {
    const earlier = sum(before[metric]);
    for (const [k, s] of current) s.value -= earlier.get(k)?.value ?? 0;
  }
  const out = [...current.values()].filter((s) => !positive || s.value > 0);
  return out.sort((a, b) => key(a).localeCompare(key(b)));
}
