import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LabelledHistogram } from '../../shim/histogram';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const VALUES: [string, number][] = [
  ['api', 0.0012],
  ['api', 0.005],
  ['token', 0.3],
  ['api', 0.07],
  ['api', 45],
  ['not-found', 0],
  ['token', 2.5],
  ['api', 0.0101],
];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const a = new LabelledHistogram('x_seconds', 'help text', 'route', BUCKETS, ours);
  const b = new Histogram({ name: 'x_seconds', help: 'help text', labelNames: ['route'], buckets: BUCKETS, registers: [theirs] });
  const labels = new Map<string, { route: string }>();
  for (const [route, v] of VALUES) {
    if (!labels.has(route)) labels.set(route, { route });
    a.observe(labels.get(route)!, v);
    b.observe({ route }, v);
  }
  // Another label object with the same value shares the series.
  a.observe({ route: 'api' }, 0.2);
  b.observe({ route: 'api' }, 0.2);
  return { ours, theirs, a };
}

describe('LabelledHistogram', () => {
  it('exports what prom-client’s Histogram exports for the same observations', async () => {
    const { ours, theirs } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('sums across workers like prom-client’s Histogram', async () => {
    const x = both();
    const y = both();
    const ours = AggregatorRegistry.aggregate([await x.ours.getMetricsAsJSON(), await y.ours.getMetricsAsJSON()]);
    const theirs = AggregatorRegistry.aggregate([await x.theirs.getMetricsAsJSON(), await y.theirs.getMetricsAsJSON()]);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('refuses values that are not numbers, and resets', async () => {
    const { ours, a } = both();
    expect(() => a.observe({ route: 'api' }, Number.NaN)).toThrow(TypeError);
    a.reset();
    expect(await ours.metrics()).toBe('# HELP x_seconds help text\n# TYPE x_seconds histogram\n');
  });
});
