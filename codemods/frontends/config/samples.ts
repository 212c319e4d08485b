import * as path from 'node:path';
import type { Node } from 'jsonc-parser';
import { api, catalogue, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import type { Site } from './model';
import { indexOfRun } from './vocab';
import { holdsApiAddress } from './rules';
import type { Config } from '../../../config';

/**
 * Recorded or hand-written answers of the API kept as JSON files (test fixtures, WireMock `__files`, mock
 * servers, QA's expected bodies): a file named for a resource (`interview_created.json`, `result-sample.json`,
 * `questions.json`) whose object (or list of objects) has the resource's id or `_links` and at least two of the keys
 * the catalogue knows for that resource (its id, `_links`, the mode, the fields its changes name) is a sample of its
 * answer, and so are such objects one level down (a list's wrapper, the resource under its own name). The fields v2 no
 * longer returns (by the catalogue's name or another spelling clients give it, `preselected_value`; `null` too: v2 answers
 * leave the key out) and the modes v2 renamed or removed are sites for a person: the sample must become a v2 answer
 * (reports only: JSON has no comments).
 */

/** The resource a file's name speaks of (`interview-mode-accepted.json` → interview), when it names exactly one. */
export function sampleResource(filePath: string): ResourceName | null {
  const w = words(path.basename(filePath).replace(/\.[^.]+$/, '').replace(/\./g, '_'));
  const hits = (Object.keys(api.resources) as ResourceName[]).filter((r) => api.resources[r].nouns.some((n) => w.includes(n.toLowerCase()) || w.includes(`${n.toLowerCase()}s`)));
  if (hits.length > 0) return hits.length === 1 ? hits[0]! : null;
  // Named for an operation of several words that the catalogue's rules give one resource (`mode-update.json`).
  const byOp = new Set<ResourceName>();
  for (const c of catalogue) {
    for (const r of c.rules) {
      if (!('resource' in r)) continue;
      const ops = 'operations' in r && r.operations ? r.operations : 'operation' in r ? [r.operation] : [];
      if (ops.some((op) => words(op).length > 1 && indexOfRun(w, words(op)) >= 0)) byOp.add(r.resource);
    }
  }
  return byOp.size === 1 ? [...byOp][0]! : null;
}

/**
 * The resource of an answer whose file name says nothing (`testdata/update.json`): an object whose `_links` point at
 * the API (a v1 or v2 address) and whose other top-level keys are those the catalogue knows for one resource more than
 * for any other (`msg` and `mode` beside them: an interview's).
 */
function linkedAnswerResource(root: Node, config: Config): ResourceName | null {
  if (root.type !== 'object') return null;
  const keys = keysOf(root);
  const links = keys.get(api.linksField)?.children?.[1];
  if (!links || !stringsIn(links).some((t) => holdsApiAddress(config, t))) return null;
  let best: ResourceName | null = null;
  let most = 1;
  let tie = false;
  for (const r of Object.keys(api.resources) as ResourceName[]) {
    const known = knownKeys(r);
    const hits = [...keys.keys()].filter((k) => known.has(k)).length;
    if (hits > most) [best, most, tie] = [r, hits, false];
    else if (hits === most && best !== null) tie = true;
  }
  return tie ? null : best;
}

function stringsIn(n: Node): string[] {
  if (n.type === 'string') return [String(n.value)];
  return (n.children ?? []).flatMap(stringsIn);
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
export function sampleSites(root: Node, filePath: string, changes: readonly Change[], config?: Config): Site[] {
  const resource = sampleResource(filePath) ?? (config ? linkedAnswerResource(root, config) : null);
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
  // A wrapper that holds the resource under its own name (`{"msg": …, "interview": {…}}`): its own top-level keys
  // that the catalogue moves or removes from that resource's answer (the message of an update).
  for (const item of items) {
    if (samples.includes(item)) continue;
    const holds = [...keysOf(item)].some(([key, prop]) => nouns.has(key.toLowerCase()) && prop.children?.[1] && objectsIn(prop.children[1]).some((o) => samples.includes(o)));
    if (!holds) continue;
    for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
      if (rule.resource === resource && rule.from.length === 1) for (const key of reach(item, rule.from)) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.from[0] });
    }
  }
  for (const sample of samples) out.push(...answerSites(sample, resource, changes));
  return out;
}

/**
 * The sites of one answer of a resource: the fields v2 no longer returns or moved, the modes it renamed or removed.
 * With `fix`, a renamed mode is rewritten (a stub's answer: what v2 answers instead).
 */
export function answerSites(sample: Node, resource: ResourceName, changes: readonly Change[], fix = false): Site[] {
  const out: Site[] = [];
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) {
    if (rule.resource !== resource) continue;
    // The field by the catalogue's name, or by another spelling clients give it (an option's `preselected_value`).
    const paths = [rule.path, ...(rule.spellings ?? []).map((s) => [...rule.path.slice(0, -1), s])];
    for (const key of paths.flatMap((p) => reach(sample, p))) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.path[rule.path.length - 1] });
  }
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === resource) for (const key of reach(sample, rule.from)) out.push({ change: change.id, start: key.offset, end: key.offset + key.length, message: `this sample of a v1 ${resource} answer has it: ${rule.message}`, subject: rule.from[rule.from.length - 1] });
  }
  const mode = keysOf(sample).get(api.modeField)?.children?.[1];
  const value = mode?.type === 'string' ? String(mode.value) : null;
  if (!mode || value === null) return out;
  for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
    if (rule.resource !== resource || rule.field !== api.modeField || rule.from !== value) continue;
    const message = `this sample of a v1 ${resource} answer has the ${rule.field} '${rule.from}': v2 answers '${rule.to}'`;
    out.push(fix ? { change: change.id, start: mode.offset + 1, end: mode.offset + mode.length - 1, message, text: rule.to } : { change: change.id, start: mode.offset, end: mode.offset + mode.length, message });
  }
  for (const { change, rule } of rulesOfKind('value-removed', changes)) {
    if (rule.resource === resource && rule.field === api.modeField && rule.values.includes(value)) out.push({ change: change.id, start: mode.offset, end: mode.offset + mode.length, message: `this sample of a v1 ${resource} answer has the ${rule.field} '${value}': ${rule.message}`, subject: value });
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
export function reach(n: Node, p: readonly string[]): Node[] {
  if (p.length === 0) return [];
  const [head, ...rest] = p;
  if (head === '*') return n.type === 'array' ? (n.children ?? []).flatMap((c) => reach(c, rest)) : [];
  // A list where the catalogue names an object (`triage_explanation` as a list of explanations): each of its items.
  if (n.type === 'array') return (n.children ?? []).filter((c) => c.type === 'object').flatMap((c) => reach(c, p));
  const prop = keysOf(n).get(head!);
  if (!prop) return [];
  const [key, value] = prop.children!;
  // `"preselected": null` too: a v2 answer has no such key, so a sample that keeps it still has the v1 shape.
  if (rest.length === 0) return [key!];
  return value ? reach(value, rest) : [];
}
