import { api } from '../../../catalogue';
import { statusOfName } from '../../http-status';
import { bindingOf, calleeName, chainNames, constInit, declaratorOf, isCall, isFunction, isMember, keyName, memberName, objectLiteral, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { patternTie, tieOf } from '../ties/flow';
import { calledStatusTie } from '../ties/passed-values';
import { importedNumber } from '../ties/numbers';
import { mockedResponses, mockOperationMatches } from '../ties/mocks';
import { operationFor, requestConfig, urlTarget } from '../ties/url';
import type { Tie } from '../ties/tie';
import { words } from '../words';
import type { RuleImpl } from './types';
import { assertedCarriedChecks, type StatusCheck } from '../ties/carried-statuses';

const STATUS_FIELDS = new Set(['status', 'statusCode']);
/**
 * Methods of a response that answer its status: Playwright's `status()`, Apps Script's `getResponseCode()`
 * (UrlFetchApp), `getStatusCode()` of Java-like clients.
 */
const STATUS_METHODS = new Set(['status', 'statusCode', 'getResponseCode', 'getStatusCode']);
/**
 * The status of a response a wrapper hands back as `{ code, body }` (`return { code: r.getResponseCode(), body: … }`):
 * `res.code` of a call tied to the API, the response itself (not a part of its body).
 */
const WRAPPED_STATUS = 'code';
/** Assertions of equality in the usual test libraries (chai, jest/vitest, node:assert). */
const ASSERT_EQUAL = new Set(['equal', 'equals', 'eql', 'toBe', 'toEqual', 'toStrictEqual', 'strictEqual', 'deepEqual', 'deepStrictEqual']);

/**
 * The tie of a status expression: `res.status` of a tied response, `status` destructured from one, or the
 * status of an error caught around a tied call: `e.response.status`, `err.status`, `statusOf(e)`.
 */
export function statusTie(ctx: FileContext, path: Path): Tie | null {
  const n = path.node;
  if (isMember(n) && memberName(n) === WRAPPED_STATUS) {
    const raw = tieOf(ctx, path.get('object'));
    return raw && raw.role === 'result' && raw.path.length === 0 ? raw : null;
  }
  if (isMember(n) && STATUS_FIELDS.has(memberName(n) ?? '')) {
    const raw = tieOf(ctx, path.get('object'));
    if (raw && raw.role === 'result') return raw;
    // `err.response.status`: the error's response is the call's.
    const obj = path.get('object');
    if (isMember(obj.node) && memberName(obj.node) === 'response') {
      const t = tieOf(ctx, obj.get('object')) ?? endpointCallbackTie(ctx, obj.get('object'), 1);
      if (t && t.role === 'result') return t;
    }
    // RTK Query's `transformErrorResponse: (error) => error.status === 400`.
    const errorOf = endpointCallbackTie(ctx, obj, 0, true);
    if (errorOf) return errorOf;
    // `const response = (err as AxiosError).response; … response.status === 400`: the caught error's response.
    const held = obj.node.type === 'Identifier' ? constInit(obj) : null;
    if (held && isMember(held.node) && memberName(held.node) === 'response') {
      const caught = rootPath(held).node.type === 'Identifier' ? caughtTie(ctx, rootPath(held)) : null;
      if (caught) return caught;
    }
    const chainRoot = rootPath(path);
    if (chainRoot.node.type === 'Identifier' && chainNames(n).length <= 4) {
      const caught = caughtTie(ctx, chainRoot);
      if (caught) return caught;
    }
    const chain = chainNames(n);
    const root = rootPath(path);
    return chain.length <= 4 && root.node.type === 'Identifier' ? caughtTie(ctx, root) : null;
  }
  // Playwright's `response.status()`, UrlFetchApp's `response.getResponseCode()`: a method of the answer the call gave.
  if (isCall(n) && n.arguments.length === 0 && isMember(n.callee) && STATUS_METHODS.has(memberName(n.callee) ?? '')) {
    const raw = tieOf(ctx, path.get('callee', 'object'));
    return raw && raw.role === 'result' ? raw : null;
  }
  if (n.type === 'Identifier' && STATUS_FIELDS.has(n.name)) {
    const binding = bindingOf(path);
    const prop = binding ? parentOf(binding) : null;
    if (prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property')) {
      const t = patternTie(ctx, parentOf(prop)!);
      return t && t.role === 'result' ? t : null;
    }
  }
  // `const status = err.response && err.response.status; … status === 400`: a const holding a status read.
  if (n.type === 'Identifier') {
    // `function presentModeUpdate(status, data)` called with `r.status` of one operation's answer.
    const binding = bindingOf(path);
    const called = binding && isFunction(parentOf(binding)?.node) ? calledStatusTie(ctx, binding) : null;
    if (called) return called;
    const init = constInit(path);
    if (init && init.node.type === 'LogicalExpression' && init.node.operator === '&&') return statusTie(ctx, init.get('right'));
    if (init && isMember(init.node)) return statusTie(ctx, init);
  }
  if (isCall(n) && words(calleeName(n.callee)).includes('status')) {
    for (let i = 0; i < n.arguments.length; i++) {
      const arg = path.get('arguments', i);
      if (arg.node.type === 'Identifier') {
        const t = caughtTie(ctx, arg) ?? (tieOf(ctx, arg)?.role === 'result' ? tieOf(ctx, arg) : null);
        if (t) return t;
      }
    }
  }
  return null;
}

/**
 * A generic proxy names the endpoint in the condition itself: `method === 'POST' && path === 'interviews/anonymous/'
 * && upstream.status === 400` is about creating an interview. The status must be read from a variable holding
 * what an awaited call returned; the path and the method are compared with literals in the same `&&` chain.
 */
function endpointInCondition(ctx: FileContext, bin: Path, statusPath: Path): Tie | null {
  const root = rootPath(statusPath);
  if (!isMember(statusPath.node) || !STATUS_FIELDS.has(memberName(statusPath.node) ?? '') || root.node.type !== 'Identifier') return null;
  const init = constInit(root);
  if (!init || init.node.type !== 'AwaitExpression' || !isCall(init.node.argument)) return null;
  let chain: Path = bin;
  while (parentOf(chain)?.node.type === 'LogicalExpression' && parentOf(chain)!.node.operator === '&&') chain = parentOf(chain)!;
  const conjuncts: Node[] = [];
  const collect = (n: Node): void => {
    if (n.type === 'LogicalExpression' && n.operator === '&&') {
      collect(n.left);
      collect(n.right);
    } else conjuncts.push(n);
  };
  collect(chain.node);
  let target: ReturnType<typeof urlTarget> = null;
  let method = '';
  for (const c of conjuncts) {
    if (c.type !== 'BinaryExpression' || (c.operator !== '===' && c.operator !== '==')) continue;
    const text = stringValue(c.right) ?? stringValue(c.left);
    if (text === null) continue;
    if (/^(GET|POST|PUT|PATCH|DELETE)$/i.test(text)) method = text.toUpperCase();
    else if (/\//.test(text)) target = urlTarget(ctx, text) ?? target;
  }
  if (!target) return null;
  // Without a method, the interview creation's own path (`interviews/anonymous/`) still says the operation.
  if (!method && target.resource === 'interview' && target.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''))) method = 'POST';
  return { resource: target.resource, op: operationFor(target, method || 'GET', []), role: 'result', path: [], via: 'flow' };
}

/** RTK Query's response callbacks of an endpoint: the `meta` (second parameter) of each, the error (first) of the error one. */
const ENDPOINT_CALLBACKS = new Set(['transformResponse', 'transformErrorResponse']);

/**
 * A parameter of an endpoint's response callback (`transformResponse: (raw, meta) => meta?.response?.status === 202`)
 * is the response of the request its `query` describes (`query: (t) => ({ url: \`interviews/${t}/\`, method: 'PUT', … })`).
 */
function endpointCallbackTie(ctx: FileContext, idPath: Path, index: number, errorOnly = false): Tie | null {
  if (idPath.node?.type !== 'Identifier') return null;
  const binding = bindingOf(idPath);
  const fn = binding ? parentOf(binding) : null;
  if (!fn || !['ArrowFunctionExpression', 'FunctionExpression'].includes(fn.node.type) || fn.node.params[index] !== binding!.node) return null;
  const prop = parentOf(fn);
  const key = prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property') ? keyName(prop.node) : null;
  if (!key || !ENDPOINT_CALLBACKS.has(key) || (errorOnly && key !== 'transformErrorResponse')) return null;
  const query = propertyPath(parentOf(prop!)!, 'query');
  const q = query?.get('value');
  if (!q || !['ArrowFunctionExpression', 'FunctionExpression'].includes(q.node.type)) return null;
  let body: Path = q.get('body');
  if (body.node.type === 'BlockStatement') {
    const i = body.node.body.findIndex((st: Node) => st.type === 'ReturnStatement');
    if (i < 0) return null;
    body = body.get('body', i, 'argument');
  }
  const obj = objectLiteral(body);
  const call = obj ? requestConfig(ctx, obj) : null;
  return call ? { resource: call.resource, op: call.op, role: 'result', path: [], via: 'flow' } : null;
}

function rootPath(path: Path): Path {
  let p = path;
  while (isMember(p.node) || ['TSAsExpression', 'TSNonNullExpression', 'ParenthesizedExpression'].includes(p.node.type)) p = p.get(isMember(p.node) ? 'object' : 'expression');
  return p;
}

/** The call a caught error comes from: the one API operation the `try` block performs, if it is one. */
function caughtTie(ctx: FileContext, idPath: Path, depth = 0): Tie | null {
  // `const err = e as AxiosError`: the caught error under another name.
  const alias = depth < 3 ? constInit(idPath) : null;
  if (alias && rootPath(alias).node.type === 'Identifier' && !isMember(alias.node)) return caughtTie(ctx, rootPath(alias), depth + 1);
  const binding = bindingOf(idPath);
  const clause = binding ? parentOf(binding) : null;
  if (!clause || clause.node.type !== 'CatchClause' || clause.node.param !== binding!.node) return null;
  const tryStmt = parentOf(clause)!;
  const found = new Map<string, Tie>();
  ctx.j(tryStmt.get('block')).find(ctx.j.CallExpression).forEach((call: Path) => {
    const t = tieOf(ctx, call);
    if (t && t.role === 'result' && t.op) found.set(`${t.resource}:${t.op}`, t);
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** Enums and maps of HTTP statuses by reason phrase that libraries export (Angular, NestJS, http-status-codes, Deno). */
const STATUS_HOLDERS = /^(HttpStatusCode|HttpStatus|StatusCodes?|HTTP_STATUS(_CODES?)?|httpStatus|Status)$/;

/**
 * A number literal, or a constant holding one (`const LOCATION_ERROR = 400`): its value and the constant's declarator;
 * `external` for a constant another file of the run exports (reported there, where it is written).
 */
function numberOf(ctx: FileContext, path: Path): { value: number; decl: Path | null; external?: boolean } | null {
  const n = path.node;
  const imported = importedNumber(ctx, path);
  if (imported !== null) return { value: imported, decl: null, external: true };
  if ((n.type === 'NumericLiteral' || n.type === 'Literal') && typeof n.value === 'number') return { value: n.value, decl: null };
  if (n.type === 'Identifier') {
    const init = constInit(path);
    const v = init?.node;
    if (v && (v.type === 'NumericLiteral' || v.type === 'Literal') && typeof v.value === 'number') return { value: v.value, decl: declaratorOf(path) };
  }
  // A library's named status: Angular's `HttpStatusCode.Accepted`, Nest's `HttpStatus.ACCEPTED`, `StatusCodes.BAD_REQUEST`.
  if (isMember(n) && n.object.type === 'Identifier' && STATUS_HOLDERS.test(n.object.name)) {
    const code = statusOfName(memberName(n) ?? '');
    if (code !== null) return { value: code, decl: null };
  }
  // `STATUS.NO_NEXT_STEP` of a constant map: reported where the map declares it.
  if (isMember(n) && n.object.type === 'Identifier') {
    const obj = objectLiteral(path.get('object'));
    const prop = obj ? propertyPath(obj, memberName(n) ?? '') : null;
    const v = prop?.node.value;
    if (v && (v.type === 'NumericLiteral' || v.type === 'Literal') && typeof v.value === 'number') return { value: v.value, decl: prop };
  }
  return null;
}

/**
 * The old status handed on where the check holds: `if (res.status === 400 && …) throw new ApiError(400, 'location')`,
 * `return { status: 400, … }`: the number literal given to an error or written into an object in the `if`'s own branch.
 */
function passedOn(ctx: FileContext, bin: Path, from: number): Path[] {
  let test: Path = bin;
  while (parentOf(test)?.node.type === 'LogicalExpression') test = parentOf(test)!;
  const stmt = parentOf(test);
  if (stmt?.node.type !== 'IfStatement' || stmt.node.test !== test.node) return [];
  const out: Path[] = [];
  ctx.j(stmt.get('consequent')).find(ctx.j.Node).forEach((p: Path) => {
    const n = p.node;
    if (!((n.type === 'NumericLiteral' || n.type === 'Literal') && n.value === from)) return;
    const holder = parentOf(p)?.node;
    const given = holder?.type === 'NewExpression' && holder.arguments.includes(n);
    const written = (holder?.type === 'ObjectProperty' || holder?.type === 'Property') && holder.value === n && STATUS_FIELDS.has(keyName(holder) ?? '');
    if (given || written) out.push(p);
  });
  return out;
}

/** Tests that a status is one of a list. */
const STATUS_LISTS = new Set(['includes', 'indexOf', 'toContain', 'toBeOneOf', 'oneOf']);

/** The value an assertion chain is about: `expect(x).to.be.oneOf(…)` → `x`. */
function expectSubject(object: Path): Path | null {
  let root: Path = object;
  while (isMember(root.node)) root = root.get('object');
  return isCall(root.node) && calleeName(root.node.callee) === 'expect' && root.node.arguments[0] ? root.get('arguments', 0) : null;
}

/** A comparison of a tied status with a number (`status === 202`): the operation and the number (ties/carried-statuses.ts). */
export const statusComparison: StatusCheck = (ctx, bin) => {
  const right = numberOf(ctx, bin.get('right'));
  const left = right ? null : numberOf(ctx, bin.get('left'));
  const tie = right ? statusTie(ctx, bin.get('left')) : left ? statusTie(ctx, bin.get('right')) : null;
  return tie?.op ? { resource: tie.resource, op: tie.op, status: (right ?? left)!.value } : null;
};

/**
 * A status that changed for one operation: comparisons with the old status on a response tied to the
 * operation are marked (and a constant that holds the old status, where it is declared); `s === 200 || s ===
 * 202` loses its redundant alternative where the rule is auto.
 */
export const statusChanged: RuleImpl<'status-changed'> = (ctx, change, rule) => {
  const applies = (t: Tie | null) => !!t && t.resource === rule.resource && t.op === rule.operation;
  const isNum = (n: Node, v: number) => (n.type === 'NumericLiteral' || n.type === 'Literal') && n.value === v;
  ctx.nodesOf('BinaryExpression').forEach((bin: Path) => {
    const n = bin.node;
    if (!['===', '==', '!==', '!='].includes(n.operator)) return;
    const right = numberOf(ctx, bin.get('right'));
    const left = numberOf(ctx, bin.get('left'));
    const side = right?.value === rule.from ? 'left' : left?.value === rule.from ? 'right' : null;
    if (!side) return;
    const number = side === 'left' ? right! : left!;
    const statusPath = bin.get(side);
    const tie = statusTie(ctx, statusPath) ?? endpointInCondition(ctx, bin, statusPath);
    if (!applies(tie)) return;
    const parent = parentOf(bin)!;
    const statusText = ctx.source.slice(statusPath.node.start, statusPath.node.end);
    // A status handed to a function by its callers (weak) is only reported.
    if (!number.decl && !number.external && !tie!.weak && rule.codemod === 'auto' && parent.node.type === 'LogicalExpression' && parent.node.operator === (n.operator.startsWith('!') ? '&&' : '||')) {
      const other = parent.node.left === n ? parent.node.right : parent.node.left;
      const otherSide =
        other.type === 'BinaryExpression' && other.operator === n.operator
          ? isNum(other.right, rule.to) ? other.left : isNum(other.left, rule.to) ? other.right : null
          : null;
      if (otherSide && ctx.source.slice(otherSide.start, otherSide.end) === statusText) {
        const start = parent.node.left === n ? n.start : other.end;
        const end = parent.node.left === n ? other.start : n.end;
        ctx.fix(change, start, end, '', `redundant ${rule.from} check removed: v2 answers ${rule.to} (${rule.condition})`, n);
        return;
      }
    }
    ctx.manual(change, bin, rule.message, n);
    if (number.decl) ctx.manual(change, number.decl, rule.message, number.decl.node.init ?? number.decl.node.value);
    for (const passed of passedOn(ctx, bin, rule.from)) ctx.manual(change, passed, `${rule.message} (the old status is passed on here)`, passed.node);
  });
  // `export const LOCATION_FAILURE_STATUS = 400`, `STATUS = { MODE_PENDING: 202 }`: a constant named for the
  // situation, or one other files of the run compare with a status.
  // A file of constants that never names the API (`export const MODE_UPDATE_ACCEPTED = 202`) still holds them when
  // other files compare them with this operation's status only.
  if (rule.codeNames?.length) {
    const touches = ctx.touchesApi();
    const operation = `${rule.resource}:${rule.operation}`;
    // Compared with this operation's status elsewhere, and with no status the engine cannot tie (`STATUS.ACCEPTED`
    // also checked on another API's answer: the comparisons change, not the shared constant).
    const comparedElsewhere = (owner: string | null, key: string | null) => {
      const uses = owner ? ctx.project.usesOf(ctx.filePath, owner, key).filter((u) => u.role === 'status') : [];
      return uses.some((u) => u.operation === operation) && uses.every((u) => u.operation !== undefined);
    };
    const named = (name: string | null, owner: string | null = name, key: string | null = null) =>
      (touches && !!name && words(name).some((w) => rule.codeNames!.includes(w))) || comparedElsewhere(owner, key);
    for (const decl of ctx.nodesOf('VariableDeclarator')) {
      const v = decl.node.init;
      if (decl.node.id.type === 'Identifier' && v && isNum(v, rule.from) && named(decl.node.id.name)) ctx.manual(change, decl, rule.message, v);
    }
    for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
      const v = prop.node.value;
      const decl = parentOf(parentOf(prop)!);
      const owner = decl?.node.type === 'VariableDeclarator' && decl.node.id.type === 'Identifier' ? decl.node.id.name : null;
      if (v && isNum(v, rule.from) && named(keyName(prop.node), owner, keyName(prop.node))) ctx.manual(change, prop, rule.message, v);
    }
  }
  // Test doubles that answer the old status (`nock(…).put(…).reply(202)`, msw `ctx.status(400)`).
  for (const mock of mockedResponses(ctx)) {
    if (mock.status && isNum(mock.status.node, rule.from) && mockOperationMatches(mock.call, rule.resource, rule.operation)) {
      ctx.manual(change, mock.status, `${rule.message} (this test double answers the old status)`, mock.status.node);
    }
  }
  // Assertions on the status of the operation: `expect(res.status).toBe(202)`, `assert.equal(outcome.status, 202)`.
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    const name = calleeName(n.callee);
    if (!ASSERT_EQUAL.has(name)) continue;
    let subject: Path | null = null;
    let expected: Path | null = null;
    if (isMember(n.callee) && n.arguments.length === 1) {
      let root: Path = call.get('callee', 'object');
      while (isMember(root.node)) root = root.get('object');
      if (isCall(root.node) && calleeName(root.node.callee) === 'expect' && root.node.arguments[0]) subject = root.get('arguments', 0);
      expected = call.get('arguments', 0);
    } else if (n.arguments.length >= 2) {
      subject = call.get('arguments', 0);
      expected = call.get('arguments', 1);
    }
    if (!subject || !expected) continue;
    const num = numberOf(ctx, expected);
    if (num?.value === rule.from && applies(statusTie(ctx, subject))) ctx.manual(change, expected, rule.message, expected.node);
  }
  // A list of accepted statuses that holds the old one: `[200, 202].includes(res.status)`, `expect([200,
  // 202]).toContain(res.status())`, `expect(res.status).toBeOneOf([200, 202])`, chai's `.to.be.oneOf([…])`.
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    const name = calleeName(n.callee);
    if (!STATUS_LISTS.has(name) || !isMember(n.callee) || n.arguments.length !== 1) continue;
    let list: Path | null = null;
    let subject: Path | null = null;
    const object = call.get('callee', 'object');
    const expectArg = expectSubject(object);
    if (name === 'includes' || name === 'indexOf') [list, subject] = [object, call.get('arguments', 0)];
    else if (name === 'toContain') [list, subject] = [expectArg, call.get('arguments', 0)];
    else [list, subject] = [call.get('arguments', 0), expectArg];
    if (!list || !subject || list.node.type !== 'ArrayExpression') continue;
    const i = list.node.elements.findIndex((e: Node) => e && isNum(e, rule.from));
    if (i >= 0 && applies(statusTie(ctx, subject))) ctx.manual(change, list.get('elements', i), rule.message, list.node.elements[i]);
  }
  // A test that asserts the flag a wrapper returns for the old status (`expect(update.pending).toBe(true)`).
  assertedCarriedChecks(ctx, statusComparison, (read, check) => {
    if (check.resource === rule.resource && check.op === rule.operation && check.status === rule.from) ctx.manual(change, read, `${rule.message} (\`${check.member}\` is the old status check, returned by the call it is read from)`, read.node);
  });
  ctx.nodesOf('SwitchCase').forEach((c: Path) => {
    if (!c.node.test || !isNum(c.node.test, rule.from)) return;
    const sw = parentOf(c)!;
    if (sw.node.type === 'SwitchStatement' && applies(statusTie(ctx, sw.get('discriminant')))) ctx.manual(change, c, rule.message, c.node.test);
  });
};
