import { api, catalogue, rulesOfKind, type Change, type ResourceName, type RuleRef } from '../../../catalogue';
import type { Config } from '../../../config';
import { parseBase } from '../../../config/urls';
import { words } from '../../engine/words';

/**
 * Which configuration keys belong to the API, and which catalogue rule a key and its value speak of. Every
 * name comes from the catalogue (fields, modes, statuses, resources, the v2 path) or from the config (hosts):
 * - a key is the API's when a key of its path names the API: the words of the v2 path's first segment
 *   (`symptom-checker`, `SYMPTOM_CHECKER_…`, `symptomChecker`), their initials as a word (`SC_…`), or a word
 *   that starts the name of a configured host (`BUOY_…`);
 * - a mode key ends in the mode field's name (`SC_INITIAL_MODE`, `known_modes`);
 * - a status key has `status` or `code` among its words and a word of the rule's operation, resource or condition;
 * - a switch (a boolean) about a removed field names the field, and the field's resource or parent unless the
 *   field's name has several words (`send-interview-mode`, `show_advice` under `results`, `interview: send-mode-flag`);
 *   another setting is about it when its last key ends with the field after a qualifier (`default-context`);
 * - a value names a removed field by its whole path, or by its name under a key that holds a field.
 */

/** Words that name the API in keys. */
export function apiWords(config: Config): { phrases: string[][]; words: Set<string>; prefixes: string[] } {
  const segment = api.v2BasePath.split('/').filter(Boolean)[0] ?? '';
  const phrase = words(segment);
  const initials = phrase.map((w) => w[0]).join('');
  const prefixes = new Set<string>();
  for (const env of Object.values(config.environments)) {
    for (const url of [env.v1.baseUrl, env.v2.baseUrl, env.v1.audience, env.v2.audience]) {
      const labels = parseBase(url).host.split('.');
      const name = labels[labels.length - 2];
      if (name && name.length >= 4) prefixes.add(name.toLowerCase());
    }
  }
  return { phrases: [phrase], words: new Set([phrase.join(''), initials]), prefixes: [...prefixes] };
}

/** The words of a key path, in order. */
export function pathWords(path: readonly string[]): string[] {
  return path.flatMap((k) => words(k.replace(/[.[\]:]/g, '_')));
}

/** Whether some key of the path names the API. */
export function inApiScope(config: Config, path: readonly string[]): boolean {
  const w = pathWords(path);
  const a = apiWords(config);
  if (w.some((x) => a.words.has(x) || (x.length >= 4 && a.prefixes.some((p) => p.startsWith(x))))) return true;
  return a.phrases.some((p) => p.length > 0 && indexOfRun(w, p) >= 0);
}

/** Where the words `run` occur consecutively in `w` (the last one may be plural), or -1. */
export function indexOfRun(w: readonly string[], run: readonly string[]): number {
  outer: for (let i = 0; i + run.length <= w.length; i++) {
    for (let k = 0; k < run.length; k++) {
      const x = w[i + k]!;
      const want = run[k]!;
      if (x !== want && !(k === run.length - 1 && x === `${want}s`)) continue outer;
    }
    return i;
  }
  return -1;
}

/** A field name's words as keys spell it: `preselected` matches `pre_selected` and `preselected`. */
function hasField(w: readonly string[], field: string): boolean {
  const fw = words(field);
  if (indexOfRun(w, fw) >= 0) return true;
  const joined = fw.join('');
  for (let i = 0; i < w.length; i++) {
    let s = '';
    for (let k = i; k < w.length && s.length < joined.length + 1; k++) {
      s += w[k];
      if (s === joined || s === `${joined}s`) return true;
    }
  }
  return false;
}

/** Whether the last key of a path names an interview mode (`SC_INITIAL_MODE`, `known_modes`). */
export function isModeKey(path: readonly string[]): boolean {
  const last = path[path.length - 1];
  if (!last) return false;
  const w = words(last.replace(/[.[\]:]/g, '_'));
  const end = w[w.length - 1];
  if (end === api.modeField || end === `${api.modeField}s`) return true;
  // A qualifier and the field run together (`BUOY_DEFAULTMODE`, the relaxed form of Spring's `defaultMode`).
  return !!end && end.endsWith(api.modeField) && MODE_QUALIFIERS.has(end.slice(0, -api.modeField.length));
}

/** Words that qualify a mode setting, when written run together with the field (`defaultmode`, `startmode`). */
const MODE_QUALIFIERS = new Set(['default', 'initial', 'start', 'starting', 'first', 'fallback']);

export const BOOLEAN = /^(true|false|yes|no|on|off|enabled?|disabled?)$/i;

/** A field that v2 no longer has (removed or moved), with the rule's message. */
export interface FieldRule {
  change: Change;
  resource: ResourceName;
  /** The field's path in its resource (`['options', '*', 'preselected']`). */
  path: readonly string[];
  field: string;
  message: string;
}

/** Removed request and response fields and moved response fields, one entry per change and field. */
export function fieldRules(changes: readonly Change[]): FieldRule[] {
  const all: FieldRule[] = [];
  const add = (change: Change, resource: ResourceName, path: readonly string[], message: string) =>
    all.push({ change, resource, path, field: path[path.length - 1]!, message });
  for (const { change, rule } of rulesOfKind('request-field-removed', changes)) add(change, rule.resource, rule.path, rule.message);
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) add(change, rule.resource, rule.path, rule.message);
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) add(change, rule.resource, rule.from, rule.message);
  const seen = new Set<string>();
  // The most specific rule of a field first (`options.*.preselected` before `preselected`).
  all.sort((a, b) => b.path.length - a.path.length);
  return all.filter((r) => {
    const k = `${r.change.id}\u0000${r.path.join('.')}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Rules about a removed or moved field that a switch (`include-advice: true`) in this key path speaks of. */
export function switchRules(path: readonly string[], changes: readonly Change[]): FieldRule[] {
  const w = pathWords(path);
  const seen = new Set<string>();
  return fieldRules(changes).filter((r) => {
    if (!hasField(w, r.field) && !splitField(path, r)) return false;
    const fieldWords = new Set(words(r.field));
    const context = [...api.resources[r.resource].nouns, ...r.path.slice(0, -1).filter((s) => s !== '*')]
      .flatMap((s) => words(s))
      .filter((x) => !fieldWords.has(x));
    if (!(fieldWords.size > 1 || context.some((c) => hasField(w, c)))) return false;
    const k = `${r.change.id}\u0000${r.field}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A field named for its resource (`interview_mode`) spelled across the path: the resource in a key before the last
 * (`interview:` section) and the rest ending the last key, perhaps followed by `flag` (`send-mode-flag`).
 */
function splitField(path: readonly string[], r: FieldRule): boolean {
  const fw = words(r.field);
  const nouns = api.resources[r.resource].nouns.map((n) => words(n).join(''));
  if (fw.length < 2 || !nouns.includes(fw[0]!) || path.length < 2) return false;
  if (!pathWords(path.slice(0, -1)).some((x) => x === fw[0] || x === `${fw[0]}s`)) return false;
  const last = words(path[path.length - 1]!.replace(/[.[\]:]/g, '_'));
  if (last.at(-1) === 'flag') last.pop();
  const rest = fw.slice(1);
  return last.length >= rest.length && rest.every((x, i) => last[last.length - rest.length + i] === x);
}

/** Whether the last key of a path ends with a field's words (`default-context`, `min_condition_triage`): a setting named for the field. */
function namedForField(path: readonly string[], field: string): boolean {
  const last = words((path[path.length - 1] ?? '').replace(/[.[\]:]/g, '_'));
  const fw = words(field);
  return last.length >= fw.length && fw.every((x, i) => last[last.length - fw.length + i] === x);
}

/**
 * Rules about a removed or moved field that a setting of another kind than a switch names (`intent.default-context:
 * self`, `min_condition_triage = routine`): its last key ends with the field's name after a qualifier, with the
 * field's resource or parent in the path as for a switch.
 */
export function settingRules(path: readonly string[], changes: readonly Change[]): FieldRule[] {
  // A key that is the field's name alone is a field of a map shaped like a body (subjectMaps), not a setting about it.
  const last = words((path[path.length - 1] ?? '').replace(/[.[\]:]/g, '_'));
  return switchRules(path, changes).filter((r) => namedForField(path, r.field) && last.length > words(r.field).length);
}

/**
 * Rules whose removed or moved field a value names as a field (`SC_RESULT_ADVICE_FIELD: advice`, `summary_field =
 * advice`, `read-update-msg = msg`) or as its whole path (`triage_explanation.potential_condition.triage`,
 * `$.triage_explanation…`). A name alone counts where its key says it holds a field (a field word, or the field's
 * own name) and the path names the field's resource or parent, or no other resource of the catalogue has the field.
 */
export function fieldNameRules(path: readonly string[], value: string, changes: readonly Change[]): FieldRule[] {
  const text = value.trim().replace(/^\$?\./, '');
  if (!/^[A-Za-z_][\w.]*$/.test(text)) return [];
  const segs = text.split('.');
  const w = pathWords(path);
  const lastWords = words((path[path.length - 1] ?? '').replace(/[.[\]:]/g, '_'));
  const seen = new Set<string>();
  return fieldRules(changes).filter((r) => {
    const full = r.path.filter((s) => s !== '*');
    let hit: boolean;
    if (segs.length > 1) hit = full.length === segs.length && full.every((s, i) => s === segs[i]) && !r.path.includes('*');
    else {
      if (text !== r.field || !(lastWords.some((x) => FIELD_WORDS.has(x)) || namedForField(path, r.field))) return false;
      const parent = r.path.slice(0, -1).filter((s) => s !== '*');
      const owner = parent.length > 0 ? parent : api.resources[r.resource].nouns;
      hit = owner.some((o) => hasField(w, o)) || fieldPlaces(r.field).size === 1;
    }
    const k = `${r.change.id}\u0000${r.field}`;
    if (!hit || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Words of a key that holds one field's name: `SC_RESULT_ADVICE_FIELD`, `summary_key`, `lab_attribute`. */
const FIELD_WORDS = new Set(['field', 'key', 'attribute', 'attr', 'column', 'property', 'prop']);

/**
 * Where the whole catalogue puts a field, as `resource:path` (any kind of rule, whatever changes a run selects):
 * `extra` is a complaint's and an answer's, `triage` is at the top of a result too, `advice` is a result's only.
 */
function fieldPlaces(field: string): Set<string> {
  const out = new Set<string>();
  for (const c of catalogue) {
    for (const r of c.rules) {
      const paths = 'path' in r && Array.isArray(r.path) ? [r.path] : r.kind === 'response-field-moved' ? [r.from, r.to] : [];
      for (const p of paths) if ('resource' in r && p.includes(field)) out.add(`${r.resource}:${p.join('.')}`);
    }
  }
  return out;
}

/** Words of a key that holds field names: `SC_PROFILE_FIELDS`, `result_columns`, `SC_RESULT_SECTIONS`, `interview_attributes`. */
const LIST_WORDS = new Set(['field', 'fields', 'column', 'columns', 'attribute', 'attributes', 'props', 'property', 'properties', 'key', 'keys', 'section', 'sections', 'part', 'parts']);

/** Rules whose removed fields a list of field names under this key (`SC_PROFILE_FIELDS`, `result_columns`) names. */
export function fieldListRules(path: readonly string[], items: readonly string[], changes: readonly Change[]): FieldRule[] {
  const w = pathWords(path);
  if (!w.some((x) => LIST_WORDS.has(x))) return [];
  const names = new Set(items.map((s) => s.trim().toLowerCase()));
  const seen = new Set<string>();
  return fieldRules(changes).filter((r) => {
    const parent = r.path.slice(0, -1).filter((s) => s !== '*');
    const owner = parent.length > 0 ? parent : api.resources[r.resource].nouns;
    if (!names.has(r.field.toLowerCase()) || !owner.some((o) => hasField(w, o))) return false;
    const k = `${r.change.id}\u0000${r.field}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const STATUS_WORDS = new Set(['status', 'statuses', 'code', 'codes']);

/** Status rules a key and a numeric value speak of (`mode-update-accepted-status: 202`). */
export function statusRules(path: readonly string[], value: string, changes: readonly Change[]): RuleRef<'status-changed'>[] {
  if (!/^\d{3}$/.test(value)) return [];
  const last = path[path.length - 1] ?? '';
  const lw = words(last.replace(/[.[\]:]/g, '_'));
  if (!lw.some((x) => STATUS_WORDS.has(x))) return [];
  const w = new Set(pathWords(path));
  return rulesOfKind('status-changed', changes).filter(({ rule }) => {
    if (rule.from !== Number(value)) return false;
    const related = [...words(rule.operation), ...api.resources[rule.resource].nouns, ...words(rule.condition.replace(/'s\b/g, '')).filter((x) => x.length >= 6)];
    return related.some((x) => w.has(x) || w.has(`${x}s`));
  });
}

/** The v1 base paths of the configured environments (`/api/`), for values that hold only the path. */
export function v1BasePaths(config: Config): Set<string> {
  const out = new Set<string>();
  for (const env of Object.values(config.environments)) {
    const p = parseBase(env.v1.baseUrl).path;
    if (p) {
      out.add(p);
      out.add(`${p}/`);
    }
  }
  return out;
}

/** Whether a key names a path (`api_path`, `basePath`, `PATH_PREFIX`). */
export function isPathKey(path: readonly string[]): boolean {
  const last = path[path.length - 1] ?? '';
  return words(last.replace(/[.[\]:]/g, '_')).some((x) => x === 'path' || x === 'prefix');
}
