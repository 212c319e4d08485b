import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Git facts `run` needs before it writes. Git is asked, never assumed: outside a work tree (or without
 * git installed) there is nothing to protect against and every question answers "not in git".
 */

function git(cwd: string, args: string[]): { ok: boolean; stdout: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  return { ok: !r.error && r.status === 0, stdout: r.stdout ?? '' };
}

/** The top folder of the git work tree holding `dir`, or null when `dir` is not in one. */
export function workTreeTop(dir: string): string | null {
  const r = git(dir, ['rev-parse', '--show-toplevel']);
  return r.ok ? path.resolve(r.stdout.trim()) : null;
}

/**
 * The files among `absPaths` that have uncommitted changes: modified or staged (compared with HEAD), or
 * untracked. Files outside any work tree are never dirty. Git is asked once per work tree and per batch of
 * files (command lines have a length limit).
 */
export function dirtyFiles(absPaths: readonly string[]): string[] {
  const byTop = new Map<string, string[]>();
  const topOfDir = new Map<string, string | null>();
  for (const file of absPaths) {
    const dir = path.dirname(file);
    if (!topOfDir.has(dir)) topOfDir.set(dir, workTreeTop(dir));
    const top = topOfDir.get(dir);
    if (!top) continue;
    const list = byTop.get(top) ?? [];
    list.push(file);
    byTop.set(top, list);
  }
  const dirty: string[] = [];
  for (const [top, files] of byTop) {
    for (let i = 0; i < files.length; i += 200) {
      const batch = files.slice(i, i + 200);
      const specs = batch.map((f) => relativeTo(top, f));
      const r = git(top, ['--literal-pathspecs', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...specs]);
      if (!r.ok) continue;
      const changed = new Set(parsePorcelainZ(r.stdout));
      for (let k = 0; k < batch.length; k++) if (changed.has(specs[k]!)) dirty.push(batch[k]!);
    }
  }
  return dirty.sort();
}

/** `file` relative to `top`, `/`-separated, resolving symbolic links on either side when they differ. */
function relativeTo(top: string, file: string): string {
  let rel = path.relative(top, file);
  if (rel.startsWith('..')) {
    try {
      rel = path.relative(fs.realpathSync(top), fs.realpathSync(file));
    } catch {
      /* keep rel */
    }
  }
  return rel.split(path.sep).join('/');
}

/** Paths in `git status --porcelain=v1 -z` output (both sides of a rename). */
export function parsePorcelainZ(out: string): string[] {
  const parts = out.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    paths.push(entry.slice(3));
    if (xy[0] === 'R' || xy[0] === 'C') paths.push(parts[++i] ?? '');
  }
  return paths;
}
