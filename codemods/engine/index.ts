import type { MigrateOptions, MigrateResult } from '../types';
import { jscodeshiftFor, parse } from './parse';

export { makeScanner, scanNeedles } from './scan';
export { parserFor, SOURCE_EXTENSIONS } from './parse';

/**
 * Migrate one JS/TS source text. Throws ParseError when the text does not parse; the caller must then
 * leave the file as it is.
 */
export function migrateSource(source: string, options: MigrateOptions): MigrateResult {
  const j = jscodeshiftFor(options.filePath);
  parse(j, source, options.filePath);
  return { output: source, findings: [] };
}
