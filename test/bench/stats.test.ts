import { describe, expect, it } from 'vitest';
import { formatNumber, median, pairedDiffs, pairedRatios, rotate, round, table } from '../../bench/stats';

describe('bench stats', () => {
  it('median of odd, even and empty lists, ignoring non-finite values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN, 5])).toBe(5);
  });

  it('ratios and differences are taken per run pair, then their median', () => {
    // Medians of the columns would give 20/10 = 2; per pair: 1, 2, 4 -> 2; here they differ on purpose.
    const r = pairedRatios([10, 40, 20], [10, 20, 5]);
    expect(r.perRun).toEqual([1, 2, 4]);
    expect(r.median).toBe(2);
    expect(pairedRatios([1, 2], [0, 1]).perRun).toEqual([2]);
    expect(pairedDiffs([3, 5, 9], [1, 1, 1])).toEqual({ perRun: [2, 4, 8], median: 4 });
    expect(pairedRatios([1, 2, 3], [1]).perRun).toEqual([1]);
  });

  it('rotates contender order per round', () => {
    expect(rotate(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotate(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotate(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(rotate([], 2)).toEqual([]);
  });

  it('formats numbers and tables', () => {
    expect(round(1.23456, 2)).toBe(1.23);
    expect(formatNumber(1234.5)).toBe('1235');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatNumber(1.234)).toBe('1.23');
    expect(formatNumber(0.1234)).toBe('0.123');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(table(['name', 'n'], [['a', 1], ['bb', 10]]).split('\n')).toEqual(['name   n', '----  --', 'a      1', 'bb    10']);
  });
});

describe('median interval', () => {
  it('uses order statistics: the range for 6–8 values, narrower ranks as rounds are added, none for 5 or fewer', async () => {
    const { medianInterval } = await import('../../bench/stats');
    expect(medianInterval([1, 2, 3, 4, 5])).toBeNull();
    expect(medianInterval([6, 1, 5, 2, 4, 3])).toEqual({ low: 1, high: 6, level: 0.95 });
    expect(medianInterval([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ low: 1, high: 8, level: 0.95 });
    // n = 10: P(B <= 1) = 11/1024 ≤ 0.025 < P(B <= 2): the 2nd and 9th values.
    expect(medianInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ low: 2, high: 9, level: 0.95 });
    // n = 12: the 3rd and 10th; n = 16: the 4th and 13th.
    expect(medianInterval([...Array(12).keys()].map((i) => i + 1))).toMatchObject({ low: 3, high: 10 });
    expect(medianInterval([...Array(16).keys()].map((i) => i + 1))).toMatchObject({ low: 4, high: 13 });
    expect(medianInterval([1, Number.NaN, 2, 3, 4, 5])).toBeNull();
  });
});
