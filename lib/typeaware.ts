import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Change } from '../catalogue';
import { mayReadRemovedField } from '../codemods/typeaware/candidates';
import { buildVocabulary } from '../codemods/typeaware/vocabulary';
import type { Finding } from '../codemods/types';
import type { FileOutcome, ScanOptions } from './types';

/**
 * Type-aware findings (`types: 'auto'`): the ts-morph analysis of codemods/typeaware, for every directory
 * root that holds a tsconfig.json, given the code files of the outcomes under that root (the files the text
 * scan and its one import hop selected). Loaded lazily: ts-morph is heavy and most runs of `report`/`check`
 * on JS trees never need it. Returns findings by absolute path, or null when no root has a tsconfig.json.
 */
export async function typeAwareHook(
  opts: ScanOptions,
  cwd: string,
  changes: readonly Change[],
  outcomes: readonly FileOutcome[],
): Promise<Map<string, Finding[]> | null> {
  let merged: Map<string, Finding[]> | null = null;
  let removedNames: ReadonlySet<string> | undefined;
  for (const root of opts.roots) {
    const absRoot = path.resolve(cwd, root);
    if (!fs.existsSync(path.join(absRoot, 'tsconfig.json'))) continue;
    const analysed = outcomes.filter((o) => o.kind === 'js' && o.root === root && o.status !== 'failed');
    if (analysed.length === 0) continue;
    // No file names a removed field where the checker could find a read of it: nothing to build a program for.
    removedNames ??= buildVocabulary(changes).removedNames;
    const names = removedNames;
    if (!analysed.some((o) => mayReadRemovedField(o.before.replace(/^\uFEFF/, ''), o.absPath, names))) continue;
    const files = analysed.map((o) => o.absPath);
    const { typeAwareFindings, TsConfigError } = await import('../codemods/typeaware');
    merged ??= new Map();
    let found: Map<string, Finding[]>;
    try {
      found = typeAwareFindings(absRoot, files, opts.config, changes);
    } catch (err) {
      // A tsconfig that does not load costs the type-aware findings of that root, not the run.
      if (!(err instanceof TsConfigError)) throw err;
      process.stderr.write(`sc-migrate: type-aware analysis skipped for ${root}: ${err.message}\n`);
      continue;
    }
    for (const [file, findings] of found) {
      merged.set(file, [...(merged.get(file) ?? []), ...findings]);
    }
  }
  return merged;
}

/**
 * Findings from another analysis added to the outcomes they belong to (by absolute path), without
 * duplicates: a finding whose range overlaps one of the same change is the same site (the syntax engine's
 * auto fix of `r.triage_explanation.potential_condition.triage` covers the type checker's read of `triage`).
 * Files without an outcome are left out: the scan decided they cannot matter. Contents are not touched:
 * these findings are for reports.
 */
export function mergeTypeAwareFindings(outcomes: readonly FileOutcome[], extra: ReadonlyMap<string, Finding[]>): FileOutcome[] {
  const pos = (line: number, column: number) => line * 1e6 + column;
  const overlaps = (a: Finding, b: Finding) =>
    a.change === b.change &&
    pos(a.line, a.column) <= pos(b.endLine, b.endColumn) &&
    pos(b.line, b.column) <= pos(a.endLine, a.endColumn);
  return outcomes.map((o) => {
    const more = extra.get(o.absPath);
    if (!more || more.length === 0 || o.status === 'failed') return o;
    const findings = [...o.findings];
    for (const f of more) {
      if (findings.some((g) => overlaps(f, g))) continue;
      findings.push(f);
    }
    findings.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ...o, findings };
  });
}
