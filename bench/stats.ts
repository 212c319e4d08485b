/** Pure helpers of the benchmark: medians, per-run ratios, formatting. No clock, no files. */

/** Median of a list (mean of the two middle values for an even count); NaN for an empty list. */
export function median(values: readonly number[]): number {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const mid = xs.length >> 1;
  return xs.length % 2 === 1 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

/**
 * A distribution-free confidence interval of the median (order statistics: the k-th smallest and k-th largest value,
 * k the largest rank whose binomial(n, 1/2) tail stays within (1 - level) / 2), or null when there are too few values
 * for that level (fewer than 6 at 95 %). Unlike the range, it narrows as rounds are added.
 */
export function medianInterval(values: readonly number[], level = 0.95): { low: number; high: number; level: number } | null {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = xs.length;
  const tail = (1 - level) / 2;
  // P(B <= j) for B ~ binomial(n, 1/2), summed term by term.
  let k = 0;
  let cumulative = 0;
  let term = 2 ** -n;
  for (let j = 0; j < n; j++) {
    cumulative += term;
    if (cumulative > tail) break;
    k = j + 1;
    term = (term * (n - j)) / (j + 1);
  }
  if (k === 0) return null;
  return { low: xs[k - 1]!, high: xs[n - k]!, level };
}

/**
 * Ratios computed per run pair (`a[i] / b[i]`, the same round of the same run), and their median. Pairs with
 * a missing or zero denominator are left out.
 */
export function pairedRatios(a: readonly number[], b: readonly number[]): { perRun: number[]; median: number } {
  const perRun: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Number.isFinite(x) && Number.isFinite(y) && y !== 0) perRun.push(x / y);
  }
  return { perRun, median: median(perRun) };
}

/** Per-run differences `a[i] - b[i]` and their median. */
export function pairedDiffs(a: readonly number[], b: readonly number[]): { perRun: number[]; median: number } {
  const perRun: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Number.isFinite(x) && Number.isFinite(y)) perRun.push(x - y);
  }
  return { perRun, median: median(perRun) };
}

/** Rotate a list by `n` places: the contender order of round `n` (alternating who goes first). */
export function rotate<T>(items: readonly T[], n: number): T[] {
  if (items.length === 0) return [];
  const k = ((n % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Round to `digits` decimals (for results.json and tables). */
export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header.map(String), ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Numbers for people: integers with no decimals, small values with two or three significant decimals. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '-';
  if (Number.isInteger(n) || Math.abs(n) >= 100) return Math.round(n).toString();
  if (Math.abs(n) >= 10) return n.toFixed(1);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toFixed(3);
}
