import { selectChanges, type Rule, type RuleKind } from '../../catalogue';
import type { MigrateOptions, MigrateResult } from '../types';
import { FileContext } from './context';
import { jscodeshiftFor, parse } from './parse';
import { KIND_ORDER, implementations, type RuleImpl } from './rules';

export { makeScanner, scanNeedles } from './scan';
export { parserFor, SOURCE_EXTENSIONS } from './parse';

/**
 * Migrate one JS/TS source text: every rule of the selected changes runs over one parse of the file, in
 * KIND_ORDER, and records text edits (auto) or markers (manual). Untouched bytes stay identical.
 * Throws ParseError when the text does not parse; the caller must then leave the file as it is.
 */
export function migrateSource(source: string, options: MigrateOptions): MigrateResult {
  const j = jscodeshiftFor(options.filePath);
  const root = parse(j, source, options.filePath);
  const changes = selectChanges(options.only);
  const ctx = new FileContext(j, root, source, options.config, changes);
  for (const kind of KIND_ORDER) {
    const impl = implementations[kind] as RuleImpl<RuleKind> | undefined;
    if (!impl) continue;
    for (const change of changes) {
      for (const rule of change.rules as Rule[]) {
        if (rule.kind === kind) impl(ctx, change, rule as never);
      }
    }
  }
  const output = ctx.output(options.markers ?? true);
  const findings = [...ctx.findings].sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
  return { output, findings };
}
