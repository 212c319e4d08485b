import type { Path } from '../ast';
import type { FileContext } from '../file';
import type { Tie } from './tie';

/** Filled in below: validation schemas (zod, yup, valibot, io-ts, superstruct) as models of payloads. */
export function schemaTieOfCall(_ctx: FileContext, _path: Path): Tie | null {
  return null;
}
