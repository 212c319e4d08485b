/**
 * Node flags the proxy wants its processes started with. V8's memory reducer, made for browser tabs, runs a
 * heap-shrinking garbage collection when a process looks idle; a proxy that then takes traffic again spends 5–10×
 * the time in GC per second (old space swinging 20 → 60 MB between major collections) and serves a third fewer
 * requests: the slowdown after ~100 s of alternating load and idle that docs/PERFORMANCE.md measures. Without the
 * reducer the heap keeps its size and GC its cost. A flag V8 reads when the heap is set up: it cannot be set at run
 * time (`v8.setFlagsFromString` does not undo the reducer) nor in NODE_OPTIONS (Node refuses it there), so a worker
 * is forked with it, the container's entry point passes it, and a process started without it says so once.
 */
export const PROXY_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];

/** The proxy's flags that a process was started without (from its `process.execArgv`). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return PROXY_NODE_FLAGS.filter((f) => !execArgv.includes(f));
}

/** A worker's `execArgv`: the primary's own flags, and the proxy's the primary was started without. */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  return [...execArgv, ...missingNodeFlags(execArgv)];
}
