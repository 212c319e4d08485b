import * as os from 'node:os';

/** At most this many threads (the main one included), for the polyglot pre-scan (lib/prefilter.ts) and `--jobs auto` (lib/parallel.ts). */
export const MAX_THREADS = 4;

/** The processors this process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}
