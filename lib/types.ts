import type { Change } from '../catalogue';
import type { Config } from '../config';
import type { Edit } from '../codemods/engine/edits';
import type { ParsedFiles } from '../codemods/engine/parsed-files';
import type { FileFacts, ProjectFacts } from '../codemods/engine/ties/project';
import type { PolyFacts, PolyIndex } from '../codemods/frontends/polyglot/project';
import type { Finding } from '../codemods/types';

/**
 * The library layer's contract: `scan(options)` selects the files under the roots, hands each to the front-end
 * registered for its kind, and returns findings, edits (as before/after texts) and the files it skipped, by
 * reason. Nothing here writes; `sc-migrate run` writes the outcomes, `report` and `check` read them.
 */
export interface ScanOptions {
  /** Files or folders, as given on the command line. */
  roots: string[];
  config: Config;
  /** Restrict to these catalogue ids. */
  only?: readonly string[];
  /** Type-aware findings through ts-morph where a root has a tsconfig.json ('auto'), or none ('off'). */
  types?: 'auto' | 'off';
  /** Files larger than this many bytes are never parsed; the text pass still searches them. Default 2 MiB. */
  maxFileSize?: number;
  /** Called after each file (progress bars). */
  onProgress?: (done: number, total: number, file: string) => void;
  cwd?: string;
  /** Front-ends to use instead of the default registry (tests, integrations). */
  frontEnds?: FrontEndRegistryLike;
  /**
   * Threads that analyse the files which pass the pre-scan (lib/parallel.ts): 1 (the default) analyses them in this
   * thread; N > 1 in this thread and N - 1 workers whenever there are at least two; 'auto' uses up to 4 of the
   * machine's processors when at least 200 files pass (two gained nothing on a 2-CPU machine: docs/PERFORMANCE.md). The outcomes are the same either way. Ignored (1)
   * with `frontEnds`, which cannot be sent to a worker. A number also sets the threads of a large tree's polyglot
   * pre-scan (lib/prefilter.ts: by default SC_MIGRATE_THREADS, else the cores, at most 4, from 2,000 such files on).
   */
  jobs?: number | 'auto';
}

export type FileStatus = 'changed' | 'unchanged' | 'failed';

/** Why a file was not analysed by a front-end (its v1 hosts may still be reported by the text pass). */
export type SkipReason = 'ignored' | 'binary' | 'minified' | 'generated' | 'too-large' | 'parse-error';
export const SKIP_REASONS: readonly SkipReason[] = ['ignored', 'binary', 'minified', 'generated', 'too-large', 'parse-error'];

export interface FileOutcome {
  /** The root (as given) the file was found under. */
  root: string;
  /** Absolute path. */
  absPath: string;
  /** Path relative to its root (or to the cwd for a file root), with `/` separators. */
  relPath: string;
  /** The front-end that read it (`js`, `vue`, `yaml`, `python`, `text`, …). */
  kind: string;
  status: FileStatus;
  findings: Finding[];
  /** Contents before and after migration (after === before when unchanged or failed). */
  before: string;
  after: string;
  /** Parse or read error, when status is 'failed'. */
  error?: string;
  /** Set when no front-end analysed the file; its findings then come from the text pass, for reports only. */
  skipped?: SkipReason;
}

export interface ScanResult {
  /** Files read (after ignores and binaries), including those the pre-scan ruled out and those skipped below. */
  filesScanned: number;
  /** Outcomes of the files that could matter, sorted by path. */
  outcomes: FileOutcome[];
  /** Files not analysed, by reason (`ignored` counts the files and folders a .gitignore or the default folder list left out). */
  skipped?: Record<SkipReason, number>;
  /** Threads that analysed files: 1, or 1 + the worker threads `jobs` started (lib/parallel.ts). */
  threads?: number;
}

/** What a front-end is given for one file. */
export interface FrontEndInput {
  /** The file's text, without a byte order mark. */
  source: string;
  /** Absolute path (chooses the dialect; used in messages). */
  filePath: string;
  config: Config;
  /** The selected changes. */
  changes: readonly Change[];
  only?: readonly string[];
  /** Add marker comments for manual sites. */
  markers: boolean;
  project: RunFacts;
  /** Uses of names by the files of the run (second pass of front-ends that read them, see `NameUse`). */
  nameUses?: readonly NameUse[];
  /** Trees the run has parsed, by file: a second pass over the same text reuses them (JS engine). */
  parsed?: ParsedFiles;
}

/** What one file tells the other files of the run: JS constants and their uses, or polyglot models and endpoints. */
export type RunFileFacts = FileFacts | PolyFacts;

/** What the files of a run tell each other (lib/project.ts): the JS engine's facts, and the polyglot index. */
export type RunFacts = ProjectFacts & { poly?: PolyIndex };

export interface FrontEndOutput {
  /** The migrated text (equal to the input when nothing changed). */
  output: string;
  findings: Finding[];
  edits?: Edit[];
  /** What the file tells the other files of the run (JS constants, uses of imported constants; polyglot models, endpoints). */
  facts?: RunFileFacts;
  /** Names whose values this file uses in a role (configuration files), for the other files of the run. */
  nameUses?: NameUse[];
}

/**
 * A use of a setting's name in a role, across files: `SC_AUDIENCE: $SC_API_BASE` (or a ConfigMap key, a
 * `${symptom-checker.base-url}` placeholder) uses `SC_API_BASE` as the token audience. A file that sets that name
 * to a v1 address then knows the value plays that role too. The pipeline gathers the uses of a first pass and
 * analyses the files of front-ends with `readsNameUses` again with them.
 */
export interface NameUse {
  /** The name, lower case, letters and digits only (`symptom-checker.base-url` and `SYMPTOM_CHECKER_BASE_URL` are one). */
  name: string;
  role: 'base' | 'audience';
  /** A fallback: void where the value's siblings set this name (normalised likewise). */
  unless?: string;
  /** Names of another kind than run-time settings (Docker build arguments). */
  namespace?: string;
  /** Where the use is (`file:line (key)`), for messages. */
  at: string;
  /**
   * Not a use: the file sets this name to the API's base address (an environment's `baseUrl: https://…/api/`).
   * Request files of other kinds read it (`{{baseUrl}}interviews/` is a request to the API); the roles of
   * addresses never depend on it.
   */
  defines?: boolean;
  /** The folder whose files a definition speaks to (absolute): the definer's, or its collection's for a file under `environments/`. */
  scope?: string;
}

/**
 * A front-end reads one kind of file. Source text in; findings and edits (as the migrated text) out. It throws
 * a ParseError when it cannot read the text; the pipeline then leaves the file as it is, reports it, and lets
 * the text pass search it for v1 addresses.
 */
export interface FrontEnd {
  /** Stable name, shown in reports as the file's kind. */
  readonly id: string;
  /** One line for docs: what it reads and how. */
  readonly describe: string;
  /** Whether this front-end reads the file (by its path). */
  matches(absPath: string): boolean;
  analyze(input: FrontEndInput): FrontEndOutput;
  /** Relative modules the text imports (JS family), so that importers and imported files are analysed too. */
  imports?(source: string): string[];
  /** Whether a file whose lines look minified should be skipped (code); false for data formats. */
  readonly minifiable?: boolean;
  /** Analyse every file of this kind, even when the pre-scan finds no v1 marker in it. */
  readonly always?: boolean;
  /**
   * Whether `selects` alone decides on declared models: the shared pre-scan then does not pass a file for a
   * model named for a resource (`class PingResult`) unless something else in it speaks the API.
   */
  readonly selectsModels?: boolean;
  /** The front-end's own pre-scan: analyse a file it says may matter even when the shared pre-scan finds nothing. */
  selects?(source: string, config: Config, absPath?: string): boolean;
  /**
   * Its `selects` is the polyglot selection (codemods/frontends/polyglot/selection.ts) and nothing else: a large
   * tree's files of this kind may be pre-scanned in worker threads that load only that (lib/prefilter.ts).
   */
  readonly poolSelects?: boolean;
  /** Analyse the file again, with `input.nameUses`, when files of the run use names in a role. */
  readonly readsNameUses?: boolean;
  /** It reads other files' definitions of the base (`NameUse.defines`: a request file's `{{baseUrl}}`). */
  readonly readsDefinitions?: boolean;
  /** Whether a file the pre-scan left out uses what the run's other files define (polyglot models, endpoints). */
  linked?(source: string, project: RunFacts, absPath?: string): boolean;
}

export interface FrontEndRegistryLike {
  forFile(absPath: string): FrontEnd;
  all(): readonly FrontEnd[];
}
