import { api, rulesOfKind, type ResourceName } from '../../catalogue';

/** Split an identifier into lower-case words: `lastTriageResult` → [last, triage, result], `DEFAULT_MODE` → [default, mode]. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function lastWord(name: string): string {
  const w = words(name);
  return w[w.length - 1] ?? '';
}

/** A resource, or a nested object of one, that a name or type name designates. */
export interface NounTie {
  resource: ResourceName;
  path: string[];
  /** The name designates a list of them (`results`, `options`). */
  list: boolean;
}

const nounTable: { noun: string; tie: Omit<NounTie, 'list'> }[] = [
  ...Object.entries(api.resources).flatMap(([name, r]) =>
    r.nouns.map((noun) => ({ noun: noun.toLowerCase(), tie: { resource: name as ResourceName, path: [] } })),
  ),
  ...Object.values(api.subjects).flatMap((s) =>
    s.nouns.map((noun) => ({ noun: words(noun).join(''), tie: { resource: s.parent, path: [...s.path] } })),
  ),
];

/** The resource an identifier's last word names (`result`, `lastResult`, `results`), if any. */
export function nounTie(name: string): NounTie | null {
  const w = words(name);
  if (w.length === 0) return null;
  const candidates = [w[w.length - 1]!, w.slice(-2).join('')];
  for (const c of candidates) {
    for (const { noun, tie } of nounTable) {
      if (c === noun) return { ...tie, path: [...tie.path], list: false };
      if (c === `${noun}s`) return { ...tie, path: [...tie.path], list: true };
    }
  }
  return null;
}

/** Words that mark a type as something sent rather than received. */
const REQUEST_WORDS = new Set(['body', 'request', 'req', 'payload', 'input', 'create', 'update', 'new', 'params']);

/** The resource a type name models, and whether it models a request body (`ComplaintBody`) or a response. */
export function typeNameTie(name: string): (NounTie & { role: 'request' | 'response' }) | null {
  const w = words(name);
  const role = (rest: string[]) =>
    rest.some((x) => RESPONSE_WORDS.has(x)) ? 'response' : rest.some((x) => REQUEST_WORDS.has(x)) ? 'request' : 'response';
  for (let i = w.length - 1; i >= 0; i--) {
    const t = nounTie(w.slice(0, i + 1).join('_'));
    if (!t) continue;
    // `TriageResult`, `ResultResponse`, `ComplaintBody` model the resource; `ResultCardProps` does not.
    const after = w.slice(i + 1);
    if (!after.every((x) => REPRESENTATION_WORDS.has(x) || REQUEST_WORDS.has(x) || RESPONSE_WORDS.has(x))) return null;
    return { ...t, role: role(w.filter((_, k) => k !== i)) };
  }
  // `ModeUpdateBody`: an enumerated field names the resource it belongs to.
  for (const { rule } of [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')]) {
    const i = w.indexOf(rule.field.toLowerCase());
    if (i >= 0) return { resource: rule.resource, path: [], list: false, role: role(w.filter((_, k) => k !== i)) };
  }
  return null;
}

/** Words that may follow the noun in the name of a type that still models the resource itself. */
const REPRESENTATION_WORDS = new Set(['dto', 'data', 'json', 'model', 'type', 'v1', 'v2', 'api', 'raw', 'record', 'entity', 'object', 'shape', 'schema', 'item', 'items', 'list']);

/** Words that mark a type as received, whatever else it says (`ModeUpdateResponse`). */
const RESPONSE_WORDS = new Set(['response', 'res', 'reply', 'resp']);

/** Whether a name designates an interview mode (`mode`, `nextMode`, `DEFAULT_MODE`, `modes`). */
export function isModeName(name: string): boolean {
  const last = lastWord(name);
  const field = api.modeField.toLowerCase();
  return last === field || last === `${field}s`;
}
