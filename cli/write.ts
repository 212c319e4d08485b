import * as fs from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import type { FileOutcome } from '../lib/types';

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
      failures.push({ outcome: o, error: (err as Error).message });
    }
  }
  return failures;
}

export async function writeOutcome(o: FileOutcome): Promise<void> {
  const stat = await fs.promises.stat(o.absPath);
  const current = await fs.promises.readFile(o.absPath, 'utf8');
  if (current !== o.before) throw new Error('the file changed on disk while sc-migrate ran; left as it is');
  await writeFileAtomic(o.absPath, o.after, { encoding: 'utf8', mode: stat.mode & 0o7777 });
}
