/** A problem with what the caller asked for (a missing path, a bad option): the CLI exits with code 2. */
export class ScanError extends Error {
  override name = 'ScanError';
  readonly exitCode = 2;
}
