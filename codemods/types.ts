import type { Config } from '../config';
import type { Edit } from './engine/edits';
import type { ParsedFiles } from './engine/parsed-files';
import type { ProjectFacts } from './engine/ties/project';

/** One site that v2 affects, found in one file. Lines and columns are 1-based. */
export interface Finding {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Catalogue id. */
  change: string;
  /** auto: `run` rewrites it (`replacement` holds the new text); manual: `run` adds a marker comment. */
  fix: 'auto' | 'manual';
  message: string;
  /** For auto fixes: the text that replaces the site (empty string for a deletion). */
  replacement?: string;
  /**
   * For a rewritten v1 address: the role that decided its v2 value (`base`, `audience`), or `split` where one
   * v1 value used in both roles was given one value per role. Absent elsewhere (a manual site is left for a person).
   */
  role?: 'base' | 'audience' | 'split';
  /** A use of a constant whose value `run` rewrites where it is defined (`path:line`): this site needs no edit. */
  definedAt?: string;
}

export interface MigrateOptions {
  config: Config;
  /** Path of the file (chooses the parser by extension; used in messages). */
  filePath: string;
  /** Restrict to these catalogue ids (default: every change). */
  only?: readonly string[];
  /** Add `TODO(sc-migrate/<id>)` markers above manual sites (default true). */
  markers?: boolean;
  /** The parser, when the file's extension does not say it (a `<script lang="ts">` block of a component). */
  parser?: 'ts' | 'tsx' | 'babylon';
  /** What the other files of the run tell this one (constants they export, uses of this file's exports). */
  project?: ProjectFacts;
  /** Trees the run has already parsed (a file analysed again reuses its first parse). */
  parsed?: ParsedFiles;
}

export interface MigrateResult {
  /** The migrated source (equal to the input when nothing changed). */
  output: string;
  findings: Finding[];
  /** The text edits that turn the input into `output`, sorted by position (offsets into the input). */
  edits?: Edit[];
}

/** A file the parser could not read. The caller leaves the file untouched and reports it. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/** The marker a manual site gets, on the line above its statement. Stable: reports and `check` search for it. */
export const MARKER_PREFIX = 'TODO(sc-migrate/';
export function markerText(changeId: string, message: string): string {
  return `${MARKER_PREFIX}${changeId}): ${message}`;
}
export const MARKER_PATTERN = /TODO\(sc-migrate\/([a-z0-9-]+)\)/g;
