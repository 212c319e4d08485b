import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILE } from '../config';
import { ScanError } from './errors';
import { GitIgnores, toPosix } from './gitignore';

/**
 * File selection: every file under the given roots, minus what a team does not own or would not migrate:
 *
 * - dependency, VCS, tool-cache and build-output folders (SKIPPED_DIRS), never entered;
 * - what `.gitignore` files ignore, the way git applies them (lib/gitignore.ts);
 * - sc-migrate's own config file (it names the v1 addresses on purpose);
 * - symbolic links (nothing outside the tree is read or written through a link).
 *
 * A path named on the command line is always taken: a file whatever the rules say, a folder even when a rule
 * above it ignores it (the rules still apply inside it). What a file holds (binary, minified, too large) is
 * decided once it is read (lib/scan.ts). The counts of what was left out go into every report.
 */

export const SKIPPED_DIRS = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  '.git',
  '.hg',
  '.svn',
  '.yarn',
  '.pnpm-store',
  'dist',
  'build',
  'out',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.astro',
  '.output',
  '.vercel',
  '.turbo',
  '.cache',
  '.parcel-cache',
  'coverage',
  '.nyc_output',
  'storybook-static',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.gradle',
  '.terraform',
  'Pods',
  'DerivedData',
  'target',
  '.idea',
  '.vscode-test',
]);

export interface SelectedFile {
  /** The root as given. */
  root: string;
  absPath: string;
  /** Relative to its root (to the cwd for a file root), `/`-separated. */
  relPath: string;
  /** Named on the command line. */
  explicit: boolean;
}

export interface Selection {
  files: SelectedFile[];
  /** Files a `.gitignore` left out, and folders left out (by the default list or a `.gitignore`). */
  ignoredFiles: number;
  ignoredDirs: number;
}

/** Select the files under `roots` (files or folders, relative to `cwd`), deduplicated and sorted by path. */
export async function selectFiles(roots: readonly string[], cwd: string = process.cwd()): Promise<Selection> {
  const byPath = new Map<string, SelectedFile>();
  const counts = { ignoredFiles: 0, ignoredDirs: 0 };
  for (const root of roots) {
    const abs = path.resolve(cwd, root);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new ScanError(code === 'ELOOP' ? `${root}: a symbolic link loop` : `${root}: no such file or folder`);
    }
    if (stat.isFile()) {
      if (!byPath.has(abs)) byPath.set(abs, { root, absPath: abs, relPath: toPosix(path.relative(cwd, abs)), explicit: true });
      continue;
    }
    if (!stat.isDirectory()) throw new ScanError(`${root}: neither a file nor a folder`);
    const rules = new GitIgnores(abs);
    const found: SelectedFile[] = [];
    await walk(abs, '', rules, (rel) => found.push({ root, absPath: path.join(abs, rel), relPath: rel, explicit: false }), counts);
    for (const f of found) if (!byPath.has(f.absPath)) byPath.set(f.absPath, f);
  }
  const files = [...byPath.values()].sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
  return { files, ...counts };
}

async function walk(
  absRoot: string,
  relDir: string,
  rules: GitIgnores,
  take: (rel: string) => void,
  counts: { ignoredFiles: number; ignoredDirs: number },
): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(absRoot, relDir), { withFileTypes: true });
  } catch {
    return;
  }
  // A folder's own rules, read only where the listing has them (most folders have none: no failed open each).
  if (entries.some((e) => e.name === '.gitignore')) rules.addDir(relDir);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const rel = relDir ? `${relDir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (SKIPPED_DIRS.has(e.name) || rules.ignores(`${rel}/`)) {
        counts.ignoredDirs++;
        continue;
      }
      await walk(absRoot, rel, rules, take, counts);
    } else if (e.isFile()) {
      if (e.name === CONFIG_FILE) continue;
      if (e.name === '.gitignore' || rules.ignores(rel)) {
        if (e.name !== '.gitignore') counts.ignoredFiles++;
        continue;
      }
      take(rel);
    }
  }
}
