import * as path from 'node:path';
import type { Node } from 'jsonc-parser';
import { api, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import type { Site } from './model';

/**
 * Recorded or hand-written answers of the API kept as JSON files (test fixtures, WireMock `__files`, mock
 * servers, QA's expected bodies): a file named for a resource (`interview_created.json`, `result-sample.json`,
 * `questions.json`) whose object (or list of objects) has the resource's id or `_links` and at least two of the keys
 * the catalogue knows for that resource (its id, `_links`, the mode, the fields its changes name) is a sample of its
 * answer, and so are such objects one level down (a list's wrapper, the resource under its own name). The fields v2 no
 * longer returns (even as `null`) and the modes v2 renamed or removed are sites for a person: the sample must become a v2 answer
 * (reports only: JSON has no comments).
 */

/** The resource a file's name speaks of (`interview-mode-accepted.json` → interview), when it names exactly one. */
export function sampleResource(filePath: string): ResourceName | null {
  const w = words(path.basename(filePath).replace(/\.[^.]+$/, ''));
  const hits = (Object.keys(api.resources) as ResourceName[]).filter((r) => api.resources[r].nouns.some((n) => w.includes(n.toLowerCase()) || w.includes(`${n.toLowerCase()}s`)));
  return hits.length === 1 ? hits[0]! : null;
}

/** The top-level keys the catalogue knows for a resource's answer. */
function knownKeys(resource: ResourceName): Set<string> {
  const out = new Set<string>([api.idField, api.linksField]);
  for (const { rule } of rulesOfKind('response-field-removed')) if (rule.resource === resource) out.add(rule.path[0]!);
  for (const { rule } of rulesOfKind('response-field-added')) if (rule.resource === resource) out.add(rule.path[0]!);
  for (const { rule } of rulesOfKind('response-field-moved')) if (rule.resource === resource) out.add(rule.from[0]!).add(rule.to[0]!);
  for (const { rule } of [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')]) if (rule.resource === resource) out.add(rule.field);
  out.delete('*');
  return out;
}

const keysOf = (n: Node): Map<string, Node> => {
  const out = new Map<string, Node>();
  for (const p of n.type === 'object' ? n.children ?? [] : []) {
    const [k, v] = p.children ?? [];
    if (k && v && typeof k.value === 'string') out.set(k.value, p);
  }
  return out;
};

/** The sites of a JSON document that is a sample of a resource's answer; none when it is not one. */
export function sampleSites(root: Node, filePath: string, changes: readonly Change[]): Site[] {
  const resource = sampleResource(filePath);
  if (!resource) return [];
  const items = objectsIn(root);
  const known = knownKeys(resource);
  const deep = deepPaths(resource);
  const isSample = (o: Node) => {
    const keys = [...keysOf(o).keys()];
    const hits = keys.filter((k) => known.has(k)).length;
    if (keys.includes(api.idField) || keys.includes(api.linksField)) return hits >= 2;
    // A hand-written answer without its id (`tests/fixtures/result.json`): three known keys, one of them nested as the
    // catalogue nests it (`triage_explanation[].potential_condition.triage`).
    return hits >= 3 && deep.some((p) => reach(o, p).length > 0);
  };
  const samples = items.filter(isSample);
  // One level down: the items of a wrapper that is no sample itself (`{"count": 1, "results": [{…}]}`), and the
  // resource under its own name beside a sample's message (`{"msg": …, "interview": {…}, "_links": …}`).
  const nouns = new Set(api.resources[resource].nouns.flatMap((n) => [n.toLowerCase(), `${n.toLowerCase()}s`]));
  for (const item of items) {
    for (const [key, prop] of keysOf(item)) {
      if (isSample(item) && !nouns.has(key.toLowerCase())) continue;
      samples.push(...(prop.children?.[1] ? objectsIn(prop.children[1]) : []).filter((o) => isSample(o) && !samples.includes(o)));
    }
  }
  const out: Site[] = [];
  // The wrapper that holds a sample under the resource's own name beside a moved field's old place (an update's
  // `{"msg": …, "interview": {…}}`): that field is the answer's, at the top level where v1 put it.
  for (const item of items) {
    if (samples.includes(item) || ![...keysOf(item)].some(([key, prop]) => nouns.has(key.toLowerCase()) && objectsIn(prop.children?.[1] ?? prop).some((o) => samples.includes(o)))) continue;
    for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
      if (rule.resource === resource && rule.from.length === 1) for (const key of reach(item, rule.from)) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.from[0] });
    }
  }
  for (const sample of samples) {
    for (const { change, rule } of rulesOfKind('response-field-removed', changes)) {
      if (rule.resource === resource) for (const key of reach(sample, rule.path)) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.path[rule.path.length - 1] });
    }
    for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
      if (rule.resource === resource) for (const key of reach(sample, rule.from)) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.from[rule.from.length - 1] });
    }
    const mode = keysOf(sample).get(api.modeField)?.children?.[1];
    const value = mode?.type === 'string' ? String(mode.value) : null;
    if (!mode || value === null) continue;
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.resource === resource && rule.field === api.modeField && rule.from === value) out.push({ change: change.id, start: mode.offset, end: mode.offset + mode.length, message: `this sample of a v1 ${resource} answer has the ${rule.field} '${rule.from}': v2 answers '${rule.to}'` });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.resource === resource && rule.field === api.modeField && rule.values.includes(value)) out.push({ change: change.id, start: mode.offset, end: mode.offset + mode.length, message: `this sample of a v1 ${resource} answer has the ${rule.field} '${value}': ${rule.message}`, subject: value });
    }
  }
  return out;
}

/** The paths of fields the catalogue names three levels down or more in a resource's answer. */
function deepPaths(resource: ResourceName): (readonly string[])[] {
  const out: (readonly string[])[] = [];
  for (const { rule } of rulesOfKind('response-field-removed')) if (rule.resource === resource && rule.path.length >= 3) out.push(rule.path);
  for (const { rule } of rulesOfKind('response-field-moved')) if (rule.resource === resource && rule.from.length >= 3) out.push(rule.from);
  return out;
}

/** An object, or the objects of a list. */
const objectsIn = (n: Node): Node[] => (n.type === 'array' ? (n.children ?? []).filter((c) => c.type === 'object') : n.type === 'object' ? [n] : []);

/** The key nodes at a path (`*` for every item of a list). */
function reach(n: Node, p: readonly string[]): Node[] {
  if (p.length === 0) return [];
  const [head, ...rest] = p;
  if (head === '*') return n.type === 'array' ? (n.children ?? []).flatMap((c) => reach(c, rest)) : [];
  // A list where the catalogue names an object (`triage_explanation` as a list of explanations): each of its items.
  if (n.type === 'array') return (n.children ?? []).filter((c) => c.type === 'object').flatMap((c) => reach(c, p));
  const prop = keysOf(n).get(head!);
  if (!prop) return [];
  const [key, value] = prop.children!;
  // `"preselected": null` too: v2 answers have no such key at all, and a sample that keeps it is still a v1 answer.
  if (rest.length === 0) return value ? [key!] : [];
  return value ? reach(value, rest) : [];
}
