import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { findGitTop } from '../lib/gitignore';

/**
 * Git facts `run` needs before it writes. A file is in a work tree when a folder at or above it holds
 * `.git` (a folder, or a file for worktrees and submodules); git is then asked, and if git cannot answer
 * (not installed, "dubious ownership", a broken repository) that is an error, never a silent "clean".
 * Files outside any work tree are never dirty: there is nothing to compare with.
 */

export class GitError extends Error {
  override name = 'GitError';
}

function git(cwd: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  return {
    ok: !r.error && r.status === 0,
    stdout: r.stdout ?? '',
    stderr: (r.error ? r.error.message : r.stderr ?? '').trim(),
  };
}

/**
 * The files among `absPaths` that have uncommitted changes: modified or staged (compared with HEAD), or
 * untracked. Git is asked once per work tree and per batch of 200 files (command lines have a length limit).
 * Throws a GitError when git cannot answer for a work tree.
 */
export function dirtyFiles(absPaths: readonly string[]): string[] {
  const byTop = new Map<string, string[]>();
  const topOfDir = new Map<string, string | null>();
  for (const file of absPaths) {
    const dir = path.dirname(file);
    if (!topOfDir.has(dir)) topOfDir.set(dir, findGitTop(dir));
    const top = topOfDir.get(dir);
    if (!top) continue;
    byTop.set(top, [...(byTop.get(top) ?? []), file]);
  }
  const dirty: string[] = [];
  for (const [top, files] of byTop) {
    for (let i = 0; i < files.length; i += 200) {
      const batch = files.slice(i, i + 200);
      // Porcelain paths are relative to the work tree's top, whatever the cwd.
      const specs = batch.map((f) => path.relative(top, f).split(path.sep).join('/'));
      const r = git(top, ['--literal-pathspecs', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...specs]);
      if (!r.ok) {
        throw new GitError(`cannot tell whether files in ${top} have uncommitted changes: git status failed${r.stderr ? `: ${r.stderr}` : ''}`);
      }
      const changed = new Set(parsePorcelainZ(r.stdout));
      for (let k = 0; k < batch.length; k++) if (changed.has(specs[k]!)) dirty.push(batch[k]!);
    }
  }
  return dirty.sort();
}

/** Paths in `git status --porcelain=v1 -z` output (both sides of a rename or copy). */
export function parsePorcelainZ(out: string): string[] {
  const parts = out.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(parts[++i] ?? '');
  }
  return paths;
}
