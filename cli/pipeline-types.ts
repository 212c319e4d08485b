import type { Config } from '../config';
import type { Finding } from '../codemods/types';

/**
 * The contract between the file pipeline (cli/pipeline.ts), which finds, reads, migrates and (for `run`)
 * writes files, and its consumers: `run`, `report`, `check`.
 */
export interface ScanOptions {
  /** Files or folders, as given on the command line. */
  roots: string[];
  config: Config;
  /** Restrict to these catalogue ids. */
  only?: readonly string[];
  /** Type-aware findings through ts-morph where a root has a tsconfig.json ('auto'), or none ('off'). */
  types?: 'auto' | 'off';
  /** Called after each file (progress bars). */
  onProgress?: (done: number, total: number, file: string) => void;
  cwd?: string;
}

export type FileStatus = 'changed' | 'unchanged' | 'failed';

export interface FileOutcome {
  /** The root (as given) the file was found under. */
  root: string;
  /** Absolute path. */
  absPath: string;
  /** Path relative to its root (or to the cwd for a file root), with `/` separators. */
  relPath: string;
  kind: 'code' | 'text';
  status: FileStatus;
  findings: Finding[];
  /** Contents before and after migration (after === before when unchanged or failed). */
  before: string;
  after: string;
  /** Parse or read error, when status is 'failed'. */
  error?: string;
}

export interface ScanResult {
  /** Files selected (after ignores), including those the text scan ruled out. */
  filesScanned: number;
  /** Outcomes of the files that could matter, sorted by path. */
  outcomes: FileOutcome[];
}
