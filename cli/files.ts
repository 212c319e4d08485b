import fg from 'fast-glob';
import ignore, { type Ignore } from 'ignore';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SOURCE_EXTENSIONS } from '../codemods/engine';
import { CONFIG_FILE } from '../config';
import { isTextFile } from '../codemods/text';
import { CliError } from './exit';

/**
 * File selection: which files under the given roots the pipeline reads.
 *
 * - JS/TS sources (the engine's SOURCE_EXTENSIONS) and text files (`.env*`, `*.json`, `*.yaml`, `*.yml`);
 * - never inside dependency, VCS or build-output folders (SKIPPED_DIRS), never `*.min.*` sources
 *   (sources with extremely long lines are dropped later, once read: see `looksMinified`);
 * - `.gitignore` files are honoured the way git does: those in the scanned tree (root and nested), those
 *   of the folders between the scanned root and its git work tree's top, and `.git/info/exclude`; a file in
 *   an ignored folder stays ignored whatever deeper files say;
 * - sc-migrate's own config file (`sc-migrate.config.json`) is not migrated: it names the v1 addresses on purpose;
 * - a file named on the command line is always taken (if it exists), ignore rules or not;
 * - symbolic links are not followed (nothing outside the tree is written through a link).
 */

export const SKIPPED_DIRS = [
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
  '.output',
  '.vercel',
  '.turbo',
  '.cache',
  '.parcel-cache',
  'coverage',
  '.nyc_output',
  'storybook-static',
];

const MINIFIED = SOURCE_EXTENSIONS.map((e) => `**/*.min${e}`);

export interface SelectedFile {
  /** The root as given. */
  root: string;
  absPath: string;
  /** Relative to its root (to the cwd for a file root), `/`-separated. */
  relPath: string;
  kind: 'code' | 'text';
  /** Named on the command line: exempt from the minified-content check. */
  explicit: boolean;
}

export function kindOf(filePath: string): 'code' | 'text' | null {
  if (SOURCE_EXTENSIONS.includes(path.extname(filePath).toLowerCase())) return 'code';
  if (isTextFile(filePath)) return 'text';
  return null;
}

const toPosix = (p: string) => p.split(path.sep).join('/');

/** Select the files under `roots` (files or folders, relative to `cwd`), deduplicated and sorted by path. */
export async function selectFiles(roots: readonly string[], cwd: string = process.cwd()): Promise<SelectedFile[]> {
  const byPath = new Map<string, SelectedFile>();
  for (const root of roots) {
    const abs = path.resolve(cwd, root);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new CliError(`${root}: no such file or folder`);
    }
    if (stat.isFile()) {
      const kind = kindOf(abs);
      if (!kind) {
        throw new CliError(`${root}: not a file sc-migrate reads (JS/TS source, .env, JSON or YAML)`);
      }
      if (!byPath.has(abs)) {
        byPath.set(abs, { root, absPath: abs, relPath: toPosix(path.relative(cwd, abs)), kind, explicit: true });
      }
      continue;
    }
    if (!stat.isDirectory()) throw new CliError(`${root}: neither a file nor a folder`);
    for (const f of await selectInDir(root, abs)) if (!byPath.has(f.absPath)) byPath.set(f.absPath, f);
  }
  return [...byPath.values()].sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
}

async function selectInDir(root: string, absRoot: string): Promise<SelectedFile[]> {
  const exts = SOURCE_EXTENSIONS.map((e) => e.slice(1)).join(',');
  const entries = await fg([`**/*.{${exts}}`, '**/.env*', '**/*.json', '**/*.{yaml,yml}', '**/.gitignore'], {
    cwd: absRoot,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    ignore: [...SKIPPED_DIRS.map((d) => `**/${d}/**`), ...MINIFIED, `**/${CONFIG_FILE}`],
  });
  const gitignores = entries.filter((e) => path.posix.basename(e) === '.gitignore');
  const rules = new GitIgnores(absRoot, gitignores);
  const out: SelectedFile[] = [];
  for (const rel of entries) {
    const kind = kindOf(rel);
    if (!kind || rules.ignores(rel)) continue;
    out.push({ root, absPath: path.join(absRoot, rel), relPath: rel, kind, explicit: false });
  }
  return out;
}

/** The nearest folder at or above `dir` that holds `.git` (a work tree's top), or null. */
export function findGitTop(dir: string): string | null {
  let d = dir;
  for (;;) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    const up = path.dirname(d);
    if (up === d) return null;
    d = up;
  }
}

function readRules(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Git's ignore rules for paths under one scanned root. Each `.gitignore` applies to paths relative to its
 * own folder; deeper files win over shallower ones (a `!pattern` can re-include a file), but nothing inside
 * an ignored folder comes back, as in git.
 */
class GitIgnores {
  /**
   * Rule sets, shallowest first: `dir` is the folder under the root they apply to (`''` for the root and
   * for folders above it); `prefix` is the path from a folder above the root down to the root.
   */
  private readonly sets: { dir: string; prefix: string; ig: Ignore }[] = [];
  private readonly dirCache = new Map<string, boolean>();

  constructor(
    private readonly absRoot: string,
    gitignores: string[],
  ) {
    const top = findGitTop(absRoot);
    if (top) {
      // Folders from the work tree's top down to (not including) the root.
      const above: string[] = [];
      for (let d = path.dirname(absRoot); top !== absRoot && d.startsWith(top); d = path.dirname(d)) {
        above.unshift(d);
        if (d === top) break;
      }
      const exclude = readRules(path.join(top, '.git', 'info', 'exclude'));
      if (exclude) this.addAbs(top, exclude);
      for (const d of above) {
        const text = readRules(path.join(d, '.gitignore'));
        if (text) this.addAbs(d, text);
      }
    }
    const nested = gitignores
      .map((g) => path.posix.dirname(g))
      .map((d) => (d === '.' ? '' : d))
      .sort((a, b) => a.split('/').length - b.split('/').length);
    for (const d of nested) {
      const text = readRules(path.join(absRoot, d, '.gitignore'));
      if (text) this.sets.push({ dir: d, prefix: '', ig: ignore().add(text) });
    }
  }

  private addAbs(absDir: string, text: string) {
    this.sets.push({ dir: '', prefix: toPosix(path.relative(absDir, this.absRoot)), ig: ignore().add(text) });
  }

  /** Whether `rel` (a file path relative to the root, `/`-separated) is ignored. */
  ignores(rel: string): boolean {
    const dir = path.posix.dirname(rel);
    if (dir !== '.' && this.dirIgnored(dir)) return true;
    return this.matches(rel);
  }

  private dirIgnored(dir: string): boolean {
    const cached = this.dirCache.get(dir);
    if (cached !== undefined) return cached;
    const parent = path.posix.dirname(dir);
    const result = (parent !== '.' && this.dirIgnored(parent)) || this.matches(`${dir}/`);
    this.dirCache.set(dir, result);
    return result;
  }

  /** The verdict of the rule sets whose folder contains `rel`, the deepest deciding. */
  private matches(rel: string): boolean {
    let ignored = false;
    for (const { dir, prefix, ig } of this.sets) {
      let sub: string;
      if (prefix) sub = `${prefix}/${rel}`;
      else if (dir === '') sub = rel;
      else if (rel.startsWith(`${dir}/`)) sub = rel.slice(dir.length + 1);
      else continue;
      if (sub === '' || sub === '/') continue;
      const r = ig.test(sub);
      if (r.ignored) ignored = true;
      else if (r.unignored) ignored = false;
    }
    return ignored;
  }
}
