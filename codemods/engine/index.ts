import { selectChanges, type Rule, type RuleKind } from '../../catalogue';
import type { MigrateOptions, MigrateResult } from '../types';
import { FileContext } from './file';
import { NodeIndex } from './node-index';
import { jscodeshiftFor, parse, parserFor } from './parse';
import { KIND_ORDER, implementations, type RuleImpl } from './rules';
import { spelledRules } from './rules/spellings';
import { noProject } from './ties/project';

export { makeScanner, scanNeedles } from './scan';
export { parserFor, SOURCE_EXTENSIONS } from './parse';

/**
 * Migrate one JS/TS source text: every rule of the selected changes runs over one parse of the file, in
 * KIND_ORDER, and records text edits (auto) or markers (manual). Untouched bytes stay identical.
 * Throws ParseError when the text does not parse; the caller must then leave the file as it is.
 */
export function migrateSource(source: string, options: MigrateOptions): MigrateResult {
  const ctx = analyzeSource(source, options);
  const { output, findings, edits } = ctx.finish(options.markers ?? true);
  return { output, findings, edits };
}

/** Parse and run every rule; the context holds what they recorded (and what the file tells other files). */
export function analyzeSource(source: string, options: MigrateOptions): FileContext {
  const j = jscodeshiftFor(options.filePath, options.parser);
  const parser = options.parser ?? parserFor(options.filePath);
  let parsed = options.parsed?.get(options.filePath, parser, source);
  if (!parsed) {
    const root = parse(j, source, options.filePath, parser);
    parsed = { root, index: new NodeIndex(j, root) };
    options.parsed?.set(options.filePath, parser, source, parsed);
  }
  const changes = selectChanges(options.only);
  const ctx = new FileContext(j, parsed.root, source, options.config, changes, options.filePath, options.project ?? noProject, parsed.index);
  for (const kind of KIND_ORDER) {
    const impl = implementations[kind] as RuleImpl<RuleKind> | undefined;
    if (!impl) continue;
    for (const change of changes) {
      for (const rule of change.rules as Rule[]) {
        if (rule.kind === kind) for (const spelled of spelledRules(rule)) impl(ctx, change, spelled as never);
      }
    }
  }
  return ctx;
}
