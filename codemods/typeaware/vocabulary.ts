import { api, catalogue, type Change, type JsonPath, type Rule } from '../../catalogue';
import type { ResourceName } from '../../catalogue/api';
import { words } from '../engine/words';

/**
 * What the type-aware pass knows about the API, derived from the catalogue alone: where in a resource a
 * client type can sit (a scope), which fields are known at each scope and which of them v2 responses lost.
 */

/** A place in a resource's representation: the resource itself (`path` []) or an object nested in it. */
export interface Scope {
  resource: ResourceName;
  /** `*` stands for every item of a list: `['options', '*']`. */
  path: readonly string[];
}

export function scopeKey(scope: Scope): string {
  return `${scope.resource}:${scope.path.join('/')}`;
}

/** A response field a read of which is a finding. */
export interface RemovedField {
  field: string;
  change: Change;
  message: string;
}

export interface Vocabulary {
  /** Every removed field name, for the cheap pre-filter before asking the checker anything. */
  removedNames: ReadonlySet<string>;
  /** The removed fields directly at a scope. */
  removedAt(scope: Scope): ReadonlyMap<string, RemovedField>;
  /** Field names the catalogue knows directly at a scope (the evidence that a type models it). */
  knownAt(scope: Scope): ReadonlySet<string>;
  /**
   * The scope a member `field` of a type at `scope` leads to, when the catalogue knows something below it;
   * `list` says the member's type is a list (its items are at `field/*`). Null: nothing to follow.
   */
  childScope(scope: Scope, field: string, list: boolean): Scope | null;
  /** The scopes a type name designates (see `nameScopes`). */
  scopesOfName(name: string): Scope[];
}

/** Every path a rule talks about, to learn which fields exist where. */
function rulePaths(rule: Rule): { resource: ResourceName; path: JsonPath }[] {
  switch (rule.kind) {
    case 'request-field-removed':
    case 'response-field-removed':
    case 'response-field-added':
    case 'range-constraint':
    case 'field-relaxed':
      return [{ resource: rule.resource, path: rule.path }];
    case 'response-field-moved':
      return [
        { resource: rule.resource, path: rule.from },
        { resource: rule.resource, path: rule.to },
      ];
    case 'value-renamed':
    case 'value-removed':
      return [{ resource: rule.resource, path: [rule.field] }];
    case 'obsolete-filter':
      return [{ resource: rule.resource, path: [rule.list, '*', rule.field] }];
    default:
      return [];
  }
}

function startsWith(path: JsonPath, prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
}

/** Identifier words, shared with the syntax engine: `LegacyTriageResultV1` → legacy, triage, result, v1. */
export { words } from '../engine/words';

/**
 * Words that may follow the noun in the name of a type that models a representation (`ResultResponse`,
 * `QuestionDto`, `InterviewJson`). Any other word after the noun makes the name a different thing named
 * after the resource: `ResultCardProps`, `IntentBadgeState`, `InterviewContext` are not representations.
 * Request-side words (`Payload`, `Body`, `Request`, `Input`) are left out: those types model what the client
 * sends, where a removed response field is not a read.
 */
const representationSuffixes = new Set([
  'response',
  'res',
  'reply',
  'dto',
  'data',
  'json',
  'model',
  'representation',
  'resource',
  'entity',
  'record',
  'item',
  'object',
  'obj',
  'raw',
  'type',
  'schema',
  'shape',
  'api',
  'v1',
]);

export function buildVocabulary(changes: readonly Change[] = catalogue): Vocabulary {
  const paths: { resource: ResourceName; path: JsonPath }[] = [];
  for (const change of changes) for (const rule of change.rules) paths.push(...rulePaths(rule));
  // Subjects are part of the vocabulary whatever the selected changes: they say where objects sit.
  for (const s of Object.values(api.subjects)) paths.push({ resource: s.parent, path: s.path });

  const removed = new Map<string, Map<string, RemovedField>>();
  const removedNames = new Set<string>();
  const addRemoved = (resource: ResourceName, path: JsonPath, change: Change, message: string) => {
    const field = path[path.length - 1];
    if (field === undefined || field === '*') return;
    const key = scopeKey({ resource, path: path.slice(0, -1) });
    let at = removed.get(key);
    if (!at) removed.set(key, (at = new Map()));
    if (!at.has(field)) at.set(field, { field, change, message });
    removedNames.add(field);
  };
  for (const change of changes) {
    for (const rule of change.rules) {
      if (rule.kind === 'response-field-removed') addRemoved(rule.resource, rule.path, change, rule.message);
      if (rule.kind === 'response-field-moved') addRemoved(rule.resource, rule.from, change, rule.message);
    }
  }

  const knownCache = new Map<string, Set<string>>();
  const knownAt = (scope: Scope): Set<string> => {
    const key = scopeKey(scope);
    let known = knownCache.get(key);
    if (!known) {
      known = new Set();
      for (const p of paths) {
        if (p.resource !== scope.resource || !startsWith(p.path, scope.path)) continue;
        const next = p.path[scope.path.length];
        if (next !== undefined && next !== '*') known.add(next);
      }
      knownCache.set(key, known);
    }
    return known;
  };

  const childScope = (scope: Scope, field: string, list: boolean): Scope | null => {
    const below = [...scope.path, field];
    const deeper = paths.filter((p) => p.resource === scope.resource && p.path.length > below.length && startsWith(p.path, below));
    if (deeper.length === 0) return null;
    if (list) {
      const items = [...below, '*'];
      return deeper.some((p) => startsWith(p.path, items)) ? { resource: scope.resource, path: items } : null;
    }
    return { resource: scope.resource, path: below };
  };

  const nouns: { words: string[]; scope: Scope }[] = [
    ...(Object.entries(api.resources) as [ResourceName, api.ResourceInfo][]).flatMap(([resource, info]) =>
      info.nouns.map((noun) => ({ words: words(noun), scope: { resource, path: [] as string[] } })),
    ),
    ...Object.values(api.subjects).flatMap((s) =>
      s.nouns.map((noun) => ({ words: words(noun), scope: { resource: s.parent, path: s.path } })),
    ),
  ];

  const scopesOfName = (name: string): Scope[] => {
    const w = words(name);
    const out: Scope[] = [];
    for (const noun of nouns) {
      for (let start = 0; start + noun.words.length <= w.length; start++) {
        const hit = noun.words.every((nw, i) => {
          const word = w[start + i]!;
          // The last noun word may be plural (`Results`, `QuestionOptions`).
          return word === nw || (i === noun.words.length - 1 && word === `${nw}s`);
        });
        if (hit && w.slice(start + noun.words.length).every((rest) => representationSuffixes.has(rest))) {
          if (!out.some((s) => scopeKey(s) === scopeKey(noun.scope))) out.push(noun.scope);
          break;
        }
      }
    }
    return out;
  };

  const empty = new Map<string, RemovedField>();
  return {
    removedNames,
    removedAt: (scope) => removed.get(scopeKey(scope)) ?? empty,
    knownAt,
    childScope,
    scopesOfName,
  };
}
