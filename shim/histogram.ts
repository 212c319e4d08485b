/**
 * A histogram with one label (the route), for the proxy's two per-request timings. prom-client's Histogram
 * validates and hashes the label object and searches the bounds of a frozen object on every observation (about
 * 1.6 % of the proxy's CPU in the bench mix, docs/PERFORMANCE.md); this one keeps a counts array per label
 * object and builds the same export (`get()`: the values, names and label order of prom-client's Histogram) when
 * scraped, so the registry formats it, and the cluster registry sums it, exactly as before.
 */
import type { Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last slot counts values above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

interface ExportValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
  exemplar?: null;
}

export class LabelledHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private series = new Map<Record<L, string>, Series>();
  /** Series by label values (a label object made elsewhere with the same values shares its series). */
  private readonly byKey = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelName: L,
    private readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** One observation for `labels` (pass the same object each time: it is the cache key). */
  observe(labels: Record<L, string>, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let s = this.series.get(labels);
    if (!s) s = this.seriesOf(labels);
    const bounds = this.upperBounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  private seriesOf(labels: Record<L, string>): Series {
    const key = labels[this.labelName];
    let s = this.byKey.get(key);
    if (!s) {
      s = { labels: { [this.labelName]: key }, counts: new Array<number>(this.upperBounds.length + 1).fill(0), sum: 0, count: 0 };
      this.byKey.set(key, s);
    }
    this.series.set(labels, s);
    return s;
  }

  /** The export prom-client's Histogram.get() gives: per series the cumulative buckets, +Inf, sum and count. */
  get(): Promise<{ name: string; help: string; type: string; values: ExportValue[]; aggregator: string }> {
    const values: ExportValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const s of this.byKey.values()) {
      let acc = 0;
      for (let i = 0; i < this.upperBounds.length; i++) {
        acc += s.counts[i]!;
        values.push({ labels: { le: this.upperBounds[i]!, ...s.labels }, value: acc, metricName: bucket, exemplar: null });
      }
      values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: bucket, exemplar: null });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum`, exemplar: undefined });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count`, exemplar: undefined });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  reset(): void {
    this.series = new Map();
    this.byKey.clear();
  }
}
