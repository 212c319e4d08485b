import * as path from 'node:path';

/**
 * How every command and format names a file: relative to the current directory, `/`-separated; the absolute
 * path (also `/`-separated) when the file is outside the current directory.
 */
export function displayPath(absPath: string, cwd: string): string {
  const rel = path.relative(cwd, absPath);
  const shown = rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? absPath : rel;
  return shown.split(path.sep).join('/');
}
