import { catalogue, isChangeId } from '../catalogue';
import { OptionsError, parseSize } from '../shim/options';
import { CliError, EXIT_USAGE } from './exit';

/** Option values the scanning commands (`run`, `report`, `check`) parse alike. */

/** `--only a,b --only c` → ['a', 'b', 'c']; an unknown id is a usage error naming the known ones. */
export function parseOnly(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const unknown = ids.filter((id) => !isChangeId(id));
  if (unknown.length > 0) {
    throw new CliError(
      `--only: unknown change id${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `'${u}'`).join(', ')}; ` +
        `known ids: ${catalogue.map((c) => c.id).join(', ')}`,
      EXIT_USAGE,
    );
  }
  if (ids.length === 0) throw new CliError('--only: name at least one change id', EXIT_USAGE);
  return [...new Set(ids)];
}

/** `--max-file-size 2mb` → bytes; a bad size is a usage error. */
export function parseMaxFileSize(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseSize(value, '--max-file-size');
  } catch (err) {
    if (err instanceof OptionsError) throw new CliError(err.message, EXIT_USAGE);
    throw err;
  }
}

/** `--jobs auto|N` → 'auto' or N ≥ 1 (threads that analyse files, lib/parallel.ts); anything else is a usage error. */
export function parseJobs(value: string | number | undefined): number | 'auto' | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (text === 'auto') return 'auto';
  if (/^[1-9][0-9]{0,2}$/.test(text)) return Number(text);
  throw new CliError(`--jobs: expected 'auto' or a number of threads from 1 (not '${text}')`, EXIT_USAGE);
}

/** The yargs text of `--jobs`, the same for `run`, `report` and `check`. */
export const JOBS_DESCRIPTION =
  "Threads that analyse files: 1 (default: this one only), 'auto' (up to 4 of the machine's processors when 200 files or more need analysing), or N";
