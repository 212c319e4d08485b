import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileOutcome } from '../lib/types';
import { lazyModule } from '../lib/lazy';

/** Loaded when a file is written, not with every command. */
const writeFileAtomic = lazyModule<typeof import('write-file-atomic')>('write-file-atomic');

/**
 * Writing migrated files. Each write is atomic (a temporary file in the same folder, fsync'd, renamed over
 * the original) and keeps the file's mode (and owner, where allowed). A file whose bytes changed on disk
 * since it was read is not written: it becomes a failure, so a concurrent edit is never lost.
 */

export interface WriteFailure {
  outcome: FileOutcome;
  error: string;
}

/** Write every 'changed' outcome; returns the ones that could not be written. */
export async function writeOutcomes(outcomes: readonly FileOutcome[]): Promise<WriteFailure[]> {
  const failures: WriteFailure[] = [];
  for (const o of outcomes) {
    if (o.status !== 'changed') continue;
    try {
      await writeOutcome(o);
    } catch (err) {
      failures.push({ outcome: o, error: (err as NodeJS.ErrnoException).code ? writeErrorText(err, o.absPath) : (err as Error).message });
    }
  }
  return failures;
}

export async function writeOutcome(o: FileOutcome): Promise<void> {
  const stat = await fs.promises.stat(o.absPath);
  const current = await fs.promises.readFile(o.absPath, 'utf8');
  if (current !== o.before) throw new Error('the file changed on disk while sc-migrate ran; left as it is');
  await writeFileAtomic()(o.absPath, o.after, { encoding: 'utf8', mode: stat.mode & 0o7777 });
}

/**
 * Why a file could not be written, for people: its folder is missing, permission is denied, it is a folder…
 * never the name of write-file-atomic's temporary file. `dirShown` names the folder in messages.
 */
export function writeErrorText(err: unknown, absPath: string, dirShown = 'its folder'): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'ENOENT':
      return fs.existsSync(path.dirname(absPath)) ? 'the file disappeared while sc-migrate ran' : `${dirShown} does not exist`;
    case 'ENOTDIR':
      return `${dirShown} is not a folder`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${dirShown} or the file is not writable)`;
    case 'EISDIR':
      return 'it is a folder';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ELOOP':
      return 'a symbolic link loop';
    default:
      return e.code ? `${e.code}: ${e.message.split(',')[0]}` : e.message;
  }
}
