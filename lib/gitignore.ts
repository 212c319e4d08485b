import ignore, { type Ignore } from 'ignore';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Git's ignore rules for paths under one scanned root: `.gitignore` files of the folders inside the root
 * (added as the walk reaches them), those of the folders between the root and its work tree's top, and
 * `.git/info/exclude`. Each file applies to paths relative to its own folder; deeper files win (a `!pattern`
 * re-includes), but nothing inside an ignored folder comes back, as in git.
 *
 * A root named on the command line is scanned even when a rule above it ignores it: rules from above the root
 * that match the root itself (or a folder above it) are dropped; the others still apply inside it.
 */
export class GitIgnores {
  /** Rule sets, shallowest first; `dir` is the folder under the root they apply to ('' for root and above). */
  private readonly sets: { dir: string; prefix: string; ig: Ignore }[] = [];

  constructor(private readonly absRoot: string) {
    const top = findGitTop(absRoot);
    if (!top) return;
    const above: string[] = [];
    for (let d = path.dirname(absRoot); top !== absRoot && d.startsWith(top); d = path.dirname(d)) {
      above.unshift(d);
      if (d === top) break;
    }
    const exclude = readText(path.join(top, '.git', 'info', 'exclude'));
    if (exclude) this.addAbove(top, exclude);
    for (const d of above) {
      const text = readText(path.join(d, '.gitignore'));
      if (text) this.addAbove(d, text);
    }
  }

  /** Rules of a folder above the root, minus those that ignore the root or a folder on the way to it. */
  private addAbove(absDir: string, text: string): void {
    const prefix = toPosix(path.relative(absDir, this.absRoot));
    const ancestors = prefix.split('/').map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`);
    const kept = text
      .split(/\r?\n/)
      .filter((line) => {
        const t = line.trim();
        if (t === '' || t.startsWith('#') || t.startsWith('!')) return true;
        const one = ignore().add(line);
        return !ancestors.some((a) => one.ignores(a));
      })
      .join('\n');
    this.sets.push({ dir: '', prefix, ig: ignore().add(kept) });
  }

  /** Add the `.gitignore` of a folder inside the root (relative, `/`-separated, '' for the root), if any. */
  addDir(relDir: string): void {
    const text = readText(path.join(this.absRoot, relDir, '.gitignore'));
    if (text) this.sets.push({ dir: relDir, prefix: '', ig: ignore().add(text) });
  }

  /** Whether a path relative to the root is ignored; folders end in `/`. Its folders were checked on the way. */
  ignores(rel: string): boolean {
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

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export const toPosix = (p: string): string => p.split(path.sep).join('/');
