import type { API, FileInfo, Options } from 'jscodeshift';
import { getChange } from '../catalogue';
import { loadConfig } from '../config';
import { migrateSource } from './engine';
import type { Finding } from './types';

/**
 * A standard jscodeshift transform for the given changes (all when none given).
 *
 *   npx jscodeshift -t node_modules/sc-migrate/dist/codemods/transforms/v1-to-v2.js src/
 *   npx jscodeshift -t node_modules/sc-migrate/dist/codemods/transforms/base-url.js --sc-config=sc-migrate.config.json src/
 *
 * Options: `--sc-config=FILE` (default: sc-migrate.config.json in the current directory, else the built-in
 * hosts), `--sc-markers=false` (no TODO comments). The parser is chosen per file extension, whatever
 * `--parser` says, because one run often mixes .js, .ts and .tsx files.
 * Returns undefined when nothing changes (jscodeshift counts the file as unmodified), and the new source
 * otherwise. Findings go to `api.report` so `--verbose` shows them.
 */
export function transformFor(ids?: readonly string[]) {
  const only = ids?.map((id) => getChange(id).id);
  return function transform(file: FileInfo, api: API, options: Options): string | undefined {
    const { config } = loadConfig({ configPath: options['sc-config'] as string | undefined });
    const result = migrateSource(file.source, {
      config,
      filePath: file.path,
      only,
      markers: options['sc-markers'] !== false && options['sc-markers'] !== 'false',
    });
    // `api.report` exists under the jscodeshift runner, not in its test helper.
    if (typeof api.report === 'function') for (const f of result.findings) api.report(formatFinding(file.path, f));
    return result.output === file.source ? undefined : result.output;
  };
}

export function formatFinding(filePath: string, f: Finding): string {
  return `${filePath}:${f.line}:${f.column} ${f.change} (${f.fix}): ${f.message}`;
}
