import { api, type Operation, type ResourceName } from '../../../catalogue';
import { calleeName, type Node } from '../ast';
import { words } from '../words';
import type { Tie } from './tie';

/**
 * Names that tie code to the API where nothing else does: `result`, `lastResult`, `options`, `createInterview()`.
 * The weakest reason: a name-only tie adds manual sites and report lines, never a rewrite (except through a
 * request type, see types.ts).
 */

/** A resource, or a nested object of one, that a name designates. */
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

/** Verbs that start the names of client helpers, and the operation each names. */
const HELPER_VERBS: Record<string, Operation> = {
  create: 'create',
  start: 'create',
  new: 'create',
  update: 'update',
  get: 'read',
  fetch: 'read',
  load: 'read',
  read: 'read',
  list: 'list',
};

/** What a call to `verbNoun(…)` returns, when the verb says the operation and the noun the resource. */
export function helperNameTie(name: string): Tie | null {
  const w = words(name);
  if (w.length < 2) return null;
  const op = HELPER_VERBS[w[0]!];
  const noun = nounTie(w.slice(1).join('_'));
  if (!op || !noun || noun.path.length > 0) return null;
  return { resource: noun.resource, role: 'result', path: [], op: noun.list && op === 'read' ? 'list' : op, via: 'name', list: noun.list };
}

/** The tie a variable's name gives it (`lastResult` → a result body). */
export function nameTie(name: string): Tie | null {
  const byName = nounTie(name);
  return byName ? { resource: byName.resource, role: 'body', path: byName.path, via: 'name', list: byName.list } : null;
}

/** Whether a name designates an interview mode (`mode`, `nextMode`, `DEFAULT_MODE`, `modes`, `InterviewMode`). */
export function isModeName(name: string): boolean {
  const w = words(name);
  const last = w[w.length - 1] ?? '';
  const field = api.modeField.toLowerCase();
  return last === field || last === `${field}s`;
}

/** Calls whose results are never this API's data, whatever the variable is called. */
const FOREIGN_CALLS = new Set(['exec', 'match', 'matchAll', 'getContext', 'useContext', 'createContext', 'test', 'querySelector']);

/** A variable's name may stand for the API's data only when its value could be it. */
export function nameMayTie(init: Node): boolean {
  switch (init.type) {
    case 'AwaitExpression':
      return nameMayTie(init.argument);
    case 'CallExpression':
    case 'OptionalCallExpression':
      return !FOREIGN_CALLS.has(calleeName(init.callee));
    case 'Identifier':
    case 'MemberExpression':
    case 'OptionalMemberExpression':
    case 'TSAsExpression':
      return true;
    default:
      return false;
  }
}
