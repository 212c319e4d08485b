import type { Role } from '../../roles';

/**
 * What every configuration reader gives the shared analysis: the values of a file with the key path that
 * names each one, the references written inside them, and where a marker may go. Offsets are into the file's
 * text; a value's range is its content (inside its quotes), so an edit changes only the characters of the value.
 */

/** A reference to another value written inside a value: `${SC_API_BASE}`, `$X`, `%(base)s`, `*api`, `var.x`. */
export interface Ref {
  /** The name referred to, as written (`SC_API_BASE`, `symptom-checker.base-url`, `base`, `symptomChecker.baseUrl`). */
  name: string;
  start: number;
  end: number;
  /** The default written inside the reference (`${X:-d}`, `${X:d}`), if any. */
  default?: Span;
  /** Resolved inside this file only (an INI interpolation, a YAML alias): nothing outside the file can change it. */
  internal?: boolean;
  /** Limits what it can resolve to (an INI section). */
  scope?: string;
  /** Names of another kind than run-time settings (Docker build arguments). */
  namespace?: string;
  /** A YAML alias: `name` is an anchor. */
  anchor?: boolean;
  /** The reference is the fallback of another one (`${A:-$B}`, `A | default B`): used only when `fallbackOf` is unset. */
  fallbackOf?: string;
}

export interface Span {
  start: number;
  end: number;
}

/** How the raw characters of a value map to its text, where they differ (xcconfig writes `//` as `/$()/`). */
export interface Codec {
  decode(raw: string): { text: string; map: number[] };
  encode(text: string): string;
}

export interface ConfigValue {
  /** Key path, outermost first: `['symptom-checker', 'base-url']`, `['SC_AUDIENCE']`. */
  path: string[];
  /** The value's content in the source. */
  start: number;
  end: number;
  /** An offset on the line above which a marker may go (default: the value's own line). */
  anchor?: number;
  refs: Ref[];
  /** Values with the same parent are siblings (one map, one section, one env list, one flat file). */
  parent: string;
  /** An item of a list under `path`. */
  list?: boolean;
  codec?: Codec;
  /** Names of another kind than run-time settings (Docker build arguments). */
  namespace?: string;
  /** References are resolved in this scope only (INI sections). */
  scope?: string;
  /**
   * A setting commented out (`# SC_API_BASE=https://…`): its sites are reported with what to write, never
   * rewritten (whether a person keeps it for another environment or as a note of the old value is not sure).
   */
  commented?: boolean;
}

/** What a reader makes of one file. */
export interface Parsed {
  values: ConfigValue[];
  /** Keys and other names that hold text: v1 addresses in them are reported, never rewritten. */
  keys?: Span[];
  /** Ranges the file-level search skips (comments, values already read). */
  skip?: Span[];
  /** Search the text outside values too, taking the key on the line (`KEY=`) as the role (line formats). */
  loose?: boolean;
  /** Sites a reader found itself (API calls in scripts). */
  sites?: Site[];
  /** Stretches searched like a line format (scripts inside a structured file), with where their markers go. */
  looseSpans?: LooseSpan[];
}

export interface LooseSpan extends Span {
  anchor?: number;
}

/** A site found by a reader: an edit (`text`) or a manual site. */
export interface Site {
  change: string;
  start: number;
  end: number;
  message: string;
  /** The replacement, for an automatic fix. */
  text?: string;
  anchor?: number;
  subject?: string;
  role?: Role | 'split';
}

/** A name as every format can spell it: `symptom-checker.base-url`, `SYMPTOM_CHECKER_BASE_URL` and `symptomChecker.baseUrl` are one. */
export function norm(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9*]/g, '');
}

/** Whether a normalised name matches a normalised reference, which may be computed (`scapibase*` for `SC_API_BASE_$(ENV)`). */
export function nameMatches(ref: string, name: string): boolean {
  if (!ref.includes('*')) return ref === name;
  const [head, ...rest] = ref.split('*');
  return name.startsWith(head!) && name.length > head!.length && rest.every((r) => r === '' || name.includes(r));
}

export type { NameUse } from '../../../lib/types';

/** The normalised names a value answers to: its whole key path, and its last key. */
export function namesOf(v: ConfigValue): string[] {
  const out = [norm(v.path.join('.'))];
  const last = v.path[v.path.length - 1];
  if (last !== undefined && v.path.length > 1) out.push(norm(last));
  return out;
}
