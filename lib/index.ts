/**
 * sc-migrate as a library: `scan` finds every v1 site under some roots and returns the migrated texts, the
 * findings and what it skipped; the CLI's `run`, `report` and `check`, the benchmarks and integrations all
 * call it.
 *
 *   import { scan, defaultConfig } from 'sc-migrate';
 *   const result = await scan({ roots: ['src'], config: defaultConfig });
 *   for (const o of result.outcomes) for (const f of o.findings) console.log(o.relPath, f.line, f.change, f.fix);
 */
export { scan, conformEol } from './scan';
export { selectFiles, SKIPPED_DIRS, type SelectedFile, type Selection } from './select';
export { defaultFrontEnds } from './frontends';
export { FrontEndRegistry } from './registry';
export { resolveImport } from './project';
export { looksMinified, looksGenerated, DEFAULT_MAX_FILE_SIZE } from './read';
export { mergeTypeAwareFindings, typeAwareHook } from './typeaware';
export { ScanError } from './errors';
export { displayPath } from './paths';
export { defaultConfig, loadConfig, parseConfig, type Config } from '../config';
export * from './types';
