import { defaultConfig } from '../../../config';
import { scan, type ScanResult } from '../../../lib';

/** A scan of a temporary project the way `sc-migrate report .` runs it (no type-aware pass). */
export const scanProject = (dir: string): Promise<ScanResult> => scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });

/** The findings of one file as `line change`, sorted. */
export const sites = (r: ScanResult, file: string): string[] =>
  (r.outcomes.find((o) => o.relPath === file)?.findings ?? []).map((f) => `${f.line} ${f.change}`).sort();
