import { memoByName } from '../memo';
import { api, rulesOfKind, type Operation, type ResourceName } from '../../../catalogue';
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
export const nounTie: (name: string) => NounTie | null = memoByName(computeNounTie);

/** Words test code puts after the noun of the data it stands in for: `resultFixture`, `interviewStub`, `questionSample`, `RESULT_PAYLOAD`. */
const STAND_IN_SUFFIXES = new Set(['fixture', 'mock', 'stub', 'fake', 'sample', 'example', 'dummy', 'payload']);

/** Words after the noun of the data a name holds as the API sends or takes it: `interviewResponse`, `resultData`, `questionJson`. */
const CARRIER_SUFFIXES = new Set(['response', 'resp', 'data', 'json']);

function computeNounTie(name: string): NounTie | null {
  let w = words(name);
  if (w.length > 1 && STAND_IN_SUFFIXES.has(w[w.length - 1]!)) w = w.slice(0, -1);
  // `interviewResponseFixture`, `resultResponse`: the carrier's word goes too (not its noun: `response` alone names nothing).
  if (w.length > 1 && CARRIER_SUFFIXES.has(w[w.length - 1]!)) w = w.slice(0, -1);
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
  add: 'create',
  submit: 'create',
  update: 'update',
  get: 'read',
  fetch: 'read',
  load: 'read',
  read: 'read',
  use: 'read',
  list: 'list',
};

/** Verbs that start the names of helpers that set the enumerated field (`setInterviewMode`, `changeMode`). */
const SET_VERBS = new Set(['set', 'change', 'switch', 'update', 'move']);

/**
 * What a call to `verbNoun(…)` returns, when the verb says the operation and the noun the resource
 * (`createInterview`, `getResult`, `listQuestions`); a helper that sets the mode (`setInterviewMode`,
 * `changeMode`) is a mode update of the resource the mode field belongs to.
 */
export function helperNameTie(name: string): Tie | null {
  // RTK Query's generated hooks: `useGetResultQuery`, `useCreateComplaintMutation` are the endpoint's operation.
  const rtk = /^use(?:Lazy)?([A-Z]\w*?)(Query|Mutation)$/.exec(name);
  if (rtk) return helperNameTie(rtk[1]!.charAt(0).toLowerCase() + rtk[1]!.slice(1));
  const w = words(name);
  if (w.length < 2) return null;
  for (const { rule } of rulesOfKind('value-renamed')) {
    if (SET_VERBS.has(w[0]!) && w[w.length - 1] === rule.field && (w.length === 2 || nounTie(w.slice(1, -1).join('_'))?.resource === rule.resource)) {
      return { resource: rule.resource, role: 'result', path: [], op: 'mode-update', via: 'name' };
    }
  }
  const op = HELPER_VERBS[w[0]!];
  const noun = nounTie(w.slice(1).join('_'));
  if (!op || !noun || noun.path.length > 0) return null;
  return { resource: noun.resource, role: 'result', path: [], op: noun.list && op === 'read' ? 'list' : op, via: 'name', list: noun.list };
}

/** The tie a variable's name gives it (`lastResult` → a result body, `modeUpdateResponse` → a mode update's answer). */
export function nameTie(name: string): Tie | null {
  const byName = nounTie(name);
  if (byName) return { resource: byName.resource, role: 'body', path: byName.path, via: 'name', list: byName.list };
  return modeUpdateNameTie(name);
}

/** Words after the enumerated field that name its update: `modeUpdate`, `modeChanged`. */
const UPDATE_NOUNS = new Set(['update', 'updated', 'change', 'changed', 'switch', 'switched']);

/**
 * The answer to a mode update a name stands for: `modeUpdate`, `interviewModeChanged`, `modeUpdateResponse`,
 * `MODE_UPDATE_FIXTURE`, or a setter's verb before the field with a carrier or stand-in word after it
 * (`setModeResponse`, `updateModeMock`; `setMode` alone is the setter). Never another thing's mode (`themeModeUpdate`).
 */
const modeUpdateNameTie: (name: string) => Tie | null = memoByName((name: string): Tie | null => {
  let w = words(name);
  let carried = false;
  if (w.length > 1 && STAND_IN_SUFFIXES.has(w[w.length - 1]!)) {
    w = w.slice(0, -1);
    carried = true;
  }
  if (w.length > 1 && CARRIER_SUFFIXES.has(w[w.length - 1]!)) {
    w = w.slice(0, -1);
    carried = true;
  }
  for (const { rule } of rulesOfKind('value-renamed')) {
    const field = rule.field.toLowerCase();
    const own = (x: string[]) => x.every((y) => nounTie(y)?.resource === rule.resource);
    const i = w.indexOf(field);
    if (i < 0) continue;
    const before = w.slice(0, i);
    const after = w.slice(i + 1);
    const named =
      (after.length === 1 && UPDATE_NOUNS.has(after[0]!) && own(before)) ||
      (carried && after.length === 0 && before.length >= 1 && SET_VERBS.has(before[0]!) && own(before.slice(1)));
    if (named) return { resource: rule.resource, role: 'body', path: [], op: 'mode-update', via: 'name' };
  }
  return null;
});

/**
 * Words that may qualify the enumerated field's name without making it another thing's mode: `nextMode`,
 * `DEFAULT_MODE`, `InterviewMode`, `scMode` are interview modes; `TicketMode`, `themeMode`, `colorMode` are not.
 */
const MODE_QUALIFIERS = new Set(['default', 'first', 'next', 'current', 'new', 'old', 'initial', 'start', 'starting', 'target', 'selected', 'active', 'prev', 'previous', 'last', 'requested', 'desired', 'wanted', 'legacy', 'v1', 'v2', 'sc', 'api', 'symptom', 'checker', 'all', 'known', 'valid', 'allowed', 'supported', 'the', 'my', 'set', 'to', 'from', 'is', 'get', 'update', 'change']);

function qualifiesMode(w: string[], at: number): boolean {
  const own = Object.values(api.resources).flatMap((r) => r.nouns.map((n) => n.toLowerCase()));
  return w.slice(0, at).every((x) => MODE_QUALIFIERS.has(x) || own.includes(x));
}

/** Whether a name designates an interview mode (`mode`, `nextMode`, `DEFAULT_MODE`, `modes`, `InterviewMode`), not another thing's (`TicketMode`). */
export function isModeName(name: string): boolean {
  // `interview_mode`, spelled as the catalogue spells a field v2 removed: that field (a flag), not a mode.
  if (removedFieldNames().has(name)) return false;
  const w = words(name);
  const last = w[w.length - 1] ?? '';
  const field = api.modeField.toLowerCase();
  return (last === field || last === `${field}s`) && qualifiesMode(w, w.length - 1);
}

let removedNames: Set<string> | null = null;
/** The names, as the catalogue spells them, of the fields v2 removes from requests and answers. */
function removedFieldNames(): Set<string> {
  return (removedNames ??= new Set([...rulesOfKind('request-field-removed'), ...rulesOfKind('response-field-removed')].map(({ rule }) => rule.path[rule.path.length - 1]!)));
}

/** Whether a name designates something keyed by interview mode (`MODE_LABELS`, `modeCopy`, `labelsByMode`). */
export function isModeKeyedName(name: string): boolean {
  const w = words(name);
  const field = api.modeField.toLowerCase();
  const i = w.findIndex((x) => x === field || x === `${field}s`);
  return i >= 0 && (qualifiesMode(w, i) || ['by', 'per', 'for', 'of'].includes(w[i - 1] ?? ''));
}

/** Calls whose results are never this API's data, whatever the variable is called. */
const FOREIGN_CALLS = new Set(['exec', 'match', 'matchAll', 'getContext', 'useContext', 'createContext', 'test', 'querySelector']);

/** A variable's name may stand for the API's data only when its value could be it. */
export function nameMayTie(init: Node): boolean {
  switch (init.type) {
    case 'AwaitExpression':
      return nameMayTie(init.argument);
    // `raw ? JSON.parse(raw) : null`: what a stored copy holds, when there is one.
    case 'ConditionalExpression':
      return nameMayTie(init.consequent) || nameMayTie(init.alternate);
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

/** Verbs that start the names of test helpers that check what they are given: `checkResult(res)`, `assertQuestionShape(q)`. */
const CHECK_VERBS = new Set(['check', 'assert', 'verify', 'expect', 'validate', 'ensure']);

/** Past participles after the noun of such a helper, and the operation each says: `checkInterviewCreated`. */
const CHECKED_OPS: Record<string, Operation> = { created: 'create', started: 'create', submitted: 'create', updated: 'update', read: 'read', fetched: 'read', loaded: 'read', listed: 'list' };

/** Words after the noun that still leave the helper about the resource itself: `assertResultShape`, `checkValidQuestion`. */
const CHECKED_WORDS = new Set(['shape', 'valid', 'ok', 'fields', 'body', 'response', 'res', 'json', 'payload', 'schema', 'contract', 'is', 'has']);

/** Parameter names that hold a whole HTTP answer rather than its body. */
const ANSWER_PARAMS = new Set(['res', 'resp', 'response', 'r', 'reply']);

/**
 * What the first parameter of a test helper named for checking a resource holds (`checkInterviewCreated(res)`,
 * `assertResultShape(body)`, `verifyModeUpdate(response)`): the answer of that resource (of the operation a
 * participle names) when the parameter is named for an answer, else its body. A name-only tie: manual sites only.
 */
export function checkerParamTie(fnName: string, paramName: string): Tie | null {
  const w = words(fnName);
  if (w.length < 2 || !CHECK_VERBS.has(w[0]!)) return null;
  let rest = w.slice(1).filter((x) => x !== 'valid');
  let op: Operation | undefined;
  if (rest.length > 1 && CHECKED_OPS[rest[rest.length - 1]!]) {
    op = CHECKED_OPS[rest[rest.length - 1]!];
    rest = rest.slice(0, -1);
  }
  while (rest.length > 1 && CHECKED_WORDS.has(rest[rest.length - 1]!)) rest = rest.slice(0, -1);
  const joined = rest.join('_');
  const noun = nounTie(joined);
  const base: Tie | null = noun && !noun.list && noun.path.length === 0 ? { resource: noun.resource, role: 'body', path: [], via: 'name', ...(op ? { op } : {}) } : modeUpdateNameTie(joined);
  if (!base) return null;
  return ANSWER_PARAMS.has(paramName.toLowerCase()) ? { ...base, role: 'result' } : base;
}
