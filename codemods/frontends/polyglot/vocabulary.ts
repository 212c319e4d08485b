import { api, type Change, type ResourceName, type RuleOfKind } from '../../../catalogue';
import { words } from '../../engine/words';

/**
 * What the polyglot front-end looks for, generated from the catalogue: resource path segments, the fields of
 * each removed / moved / renamed rule, the interview modes and the status codes. Nothing here names a field,
 * a mode or a status of the API; every entry comes from a change's rules, so a new change reaches every
 * language.
 */

/** A field name in one spelling: `interviewMode`, `InterviewMode`, `interview_mode` and `INTERVIEW_MODE` are one name. */
export function norm(name: string): string {
  return words(name.replace(/^[@$:]+/, '')).join('_');
}

export interface FieldSite {
  change: Change;
  message: string;
  kind: 'request' | 'response' | 'moved';
  /** auto: the request field may be deleted where the body is tied to the resource. */
  auto: boolean;
  /** For moved fields: where the value is now. */
  to?: readonly string[];
}

export interface ModeValue {
  change: Change;
  /** The new value ('input'), or null when the value was removed. */
  to: string | null;
  message: string;
}

export interface StatusSite {
  change: Change;
  rule: RuleOfKind<'status-changed'>;
}

export interface Vocabulary {
  /** First path segment of a resource's endpoints → the resource. */
  segments: Map<string, ResourceName>;
  /** The interview field carrying the mode, its values that changed, and the resource it belongs to. */
  modeField: string;
  modeResource: ResourceName | null;
  modes: Map<string, ModeValue>;
  statuses: StatusSite[];
  ranges: { change: Change; rule: RuleOfKind<'range-constraint'> }[];
  /** Every field name (normalised) that some rule removes or moves, for a quick first test. */
  fieldNames: Set<string>;
  /** Field names only this API uses (snake_case ones, filtered list fields): a read of one ties itself. */
  distinctive: Set<string>;
  fields(resource: ResourceName, path: readonly string[], side: 'request' | 'response'): FieldSite[];
}

const strip = (path: readonly string[]) => path.filter((p) => p !== '*').map(norm);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const cache = new WeakMap<readonly Change[], Vocabulary>();

export function vocabularyFor(changes: readonly Change[]): Vocabulary {
  const hit = cache.get(changes);
  if (hit) return hit;
  const segments = new Map<string, ResourceName>();
  for (const [name, r] of Object.entries(api.resources)) segments.set(r.segment, name as ResourceName);
  const entries: { resource: ResourceName; path: string[]; side: 'request' | 'response'; site: FieldSite }[] = [];
  const modes = new Map<string, ModeValue>();
  const statuses: StatusSite[] = [];
  const ranges: Vocabulary['ranges'] = [];
  const fieldNames = new Set<string>();
  const distinctive = new Set<string>();
  let modeResource: ResourceName | null = null;
  const add = (resource: ResourceName, path: readonly string[], side: 'request' | 'response', site: FieldSite) => {
    entries.push({ resource, path: strip(path), side, site });
    const last = norm(path[path.length - 1]!);
    fieldNames.add(last);
    for (const seg of path) if (seg.includes('_') && seg.length > 4) distinctive.add(norm(seg));
  };
  for (const change of changes) {
    for (const rule of change.rules) {
      switch (rule.kind) {
        case 'request-field-removed':
          add(rule.resource, rule.path, 'request', { change, message: rule.message, kind: 'request', auto: rule.codemod === 'auto' });
          break;
        case 'response-field-removed': {
          const site: FieldSite = { change, message: rule.message, kind: 'response', auto: false };
          add(rule.resource, rule.path, 'response', site);
          // Other names clients give the field (`preselected_value` for an option's pre-selected value).
          for (const s of rule.spellings ?? []) add(rule.resource, [...rule.path.slice(0, -1), s], 'response', site);
          break;
        }
        case 'response-field-moved':
          add(rule.resource, rule.from, 'response', { change, message: rule.message, kind: 'moved', auto: false, to: rule.to });
          break;
        case 'obsolete-filter':
          distinctive.add(norm(rule.field));
          break;
        case 'value-renamed':
          if (rule.field !== api.modeField) break;
          modeResource = rule.resource;
          modes.set(rule.from, { change, to: rule.to, message: `${change.title}: use '${rule.to}'.` });
          break;
        case 'value-removed':
          if (rule.field !== api.modeField) break;
          modeResource = rule.resource;
          for (const v of rule.values) modes.set(v, { change, to: null, message: rule.message });
          break;
        case 'status-changed':
          statuses.push({ change, rule });
          break;
        case 'range-constraint':
          ranges.push({ change, rule });
          break;
        default:
          break;
      }
    }
  }
  const vocab: Vocabulary = {
    segments,
    modeField: api.modeField,
    modeResource,
    modes,
    statuses,
    ranges,
    fieldNames,
    distinctive,
    fields(resource, path, side) {
      const p = strip(path);
      return entries.filter((e) => e.resource === resource && e.side === side && same(e.path, p)).map((e) => e.site);
    },
  };
  cache.set(changes, vocab);
  return vocab;
}

/** Every resource and path (a removed or moved field's) whose last segment is `name` (normalised). */
export function resourcesOfField(vocab: Vocabulary, name: string, side: 'request' | 'response'): { resource: ResourceName; path: string[] }[] {
  const out: { resource: ResourceName; path: string[] }[] = [];
  for (const resource of vocab.segments.values()) {
    for (const prefix of [[], ...Object.values(api.subjects).filter((s) => s.parent === resource).map((s) => strip(s.path))]) {
      if (vocab.fields(resource, [...prefix, name], side).length > 0) out.push({ resource, path: [...prefix, name] });
    }
  }
  return out;
}

