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
