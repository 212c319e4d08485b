import * as os from 'node:os';
import { describe, expect, it } from 'vitest';
import { AUTO_MIN_FILES, threadsFor, workerScript } from '../../lib/parallel';
import { parseJobs } from '../../cli/scan-options';
import { CliError } from '../../cli/exit';

describe('threads of a scan (lib/parallel.ts)', () => {
  it("'auto': one thread below the threshold, up to 4 of the machine's processors from it", () => {
    expect(threadsFor('auto', AUTO_MIN_FILES - 1)).toBe(1);
    expect(threadsFor('auto', AUTO_MIN_FILES)).toBe(Math.min(os.availableParallelism(), 4));
  });

  it('N: N threads from two files, never more threads than files', () => {
    expect(threadsFor(1, 1000)).toBe(1);
    expect(threadsFor(4, 1)).toBe(1);
    expect(threadsFor(4, 2)).toBe(2);
    expect(threadsFor(3, 50)).toBe(3);
  });

  it('has no worker script when run from the TypeScript sources (the scan then stays in one thread)', () => {
    expect(workerScript()).toBeNull();
  });
});

describe('--jobs', () => {
  it("takes 'auto' or a number of threads from 1, and nothing else", () => {
    expect(parseJobs(undefined)).toBeUndefined();
    expect(parseJobs('auto')).toBe('auto');
    expect(parseJobs('2')).toBe(2);
    expect(parseJobs(8)).toBe(8);
    for (const bad of ['0', '-1', 'x', '1.5', '']) expect(() => parseJobs(bad)).toThrow(CliError);
  });
});
