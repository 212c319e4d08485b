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
