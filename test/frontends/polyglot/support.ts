import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultConfig } from '../../../config';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, read, tmpDir } from '../../cli/helpers';
import { scan, type ScanResult } from '../../../lib';

/** A scan of a temporary project the way `sc-migrate report .` runs it (no type-aware pass). */
export const scanProject = (dir: string): Promise<ScanResult> => scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });

/** The findings of one file as `line change`, sorted. */
export const sites = (r: ScanResult, file: string): string[] =>
  (r.outcomes.find((o) => o.relPath === file)?.findings ?? []).map((f) => `${f.line} ${f.change}`).sort();

/** One `run` over a temporary project that writes what it rewrites; the paths it changed. */
export async function runOnce(dir: string): Promise<string[]> {
  const r = await scanProject(dir);
  const changed: string[] = [];
  for (const o of r.outcomes) {
    if (o.after === undefined || o.after === read(dir, o.relPath)) continue;
    fs.writeFileSync(path.join(dir, o.relPath), o.after);
    changed.push(o.relPath);
  }
  return changed;
}

/** A fresh temporary folder for each test of the file (removed after it): call at the top level, read `dir()` inside a test. */
export function tempProjectDir(): () => string {
  let dir = '';
  beforeEach(() => {
    dir = tmpDir();
  });
  afterEach(() => cleanup(dir));
  return () => dir;
}
