/** Exit codes shared by every command. */
export const EXIT_OK = 0;
/** `run`: some file failed; `check`: v1 usage remains. */
export const EXIT_FAILURES = 1;
/** Bad arguments, bad config, refused to write. */
export const EXIT_USAGE = 2;
/** `check`: no file was scanned (an empty or wholly ignored path): nothing was checked. */
export const EXIT_EMPTY = 3;

/** An error that ends the command with a given exit code and a one-line message. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
  }
}

/** Commands that end when their work is done (not `proxy` or `mock-v2`, which serve until stopped). */
export const ONE_SHOT_COMMANDS: ReadonlySet<string> = new Set(['run', 'report', 'check', 'traffic', 'replay', 'docs']);

/**
 * End the process as soon as what it wrote has left: a one-shot command's work is done, and waiting for the event
 * loop to empty costs a large run another 150–250 ms of native finalizers (the syntax trees of every file parsed)
 * for nothing. `process.exitCode` stays what the command set.
 */
export async function exitWhenFlushed(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): Promise<void> {
  for (const s of streams) {
    if (s.writableLength > 0) await new Promise<void>((resolve) => s.once('drain', resolve).once('error', resolve));
  }
  process.exit();
}
