import type { Change } from '../../../catalogue';
import { findV1Urls, parseBase } from '../../../config/urls';
import { bindingOf, calleeName, constInit, innerRange, isCall, isMember, memberName, parentOf, type Node, type Path } from '../ast';
import { inApiScope } from '../../frontends/config/vocab';
import { words } from '../words';
import type { FileContext } from '../file';
import { staticText } from '../ties/static-text';
import { urlTarget } from '../ties/url';

/**
 * v1 addresses assembled from parts, where the address is built: a person changes it there.
 *
 * - `'https://' + HOST + '/api/'`, `${SHARE_HOST}/api/results/…`: the parts' static text is a v1 base (not when
 *   one part already holds a whole v1 base: that part is rewritten where it is written);
 * - `'https://' + hosts[target].api + '/api/'`: a part whose value the file cannot compute, from a binding that
 *   holds v1 hosts, followed by the v1 base path;
 * - `nock(V1_HOST).post(API + 'complaints/')`: a test double for a v1 host, answering paths under the v1 base path.
 */
export function builtAddresses(ctx: FileContext, change: Change): void {
  const holdsBase = (p: Path) => {
    const t = p.node.type === 'TemplateElement' ? p.node.value.cooked : staticText(ctx, p);
    return !!t && findV1Urls(ctx.config, t).some((o) => o.kind === 'base' && !o.schemeless);
  };
  for (const p of [...ctx.nodesOf('BinaryExpression'), ...ctx.nodesOf('TemplateLiteral')]) {
    const n = p.node;
    if (n.type === 'BinaryExpression' && (n.operator !== '+' || parentOf(p)?.node.type === 'BinaryExpression')) continue;
    if (n.type === 'TemplateLiteral' && n.expressions.length === 0) continue;
    const all = parts(p);
    const path = holdsBase(p) ? null : hostThenPath(ctx, all);
    if (holdsBase(p) ? all.some(holdsBase) : !path) continue;
    ctx.manual(change, p, builtMessage(change), n);
    // `const API_PATH = '/api/'` then `HOSTS[env] + API_PATH`: the constant that writes the v1 base path changes too.
    const literal = path?.node.type === 'Identifier' ? constInit(path) : null;
    if (literal && typeof literal.node.value === 'string' && !ctx.claimed.has(literal.node)) ctx.manual(change, literal, builtMessage(change), literal.node);
  }
}

/** Parts in order: one that comes from a binding holding a v1 host, then text that starts with the v1 base path (that part). */
function hostThenPath(ctx: FileContext, all: Path[]): Path | null {
  const basePaths = v1BasePaths(ctx);
  let host = false;
  for (const p of all) {
    const text = p.node.type === 'TemplateElement' ? p.node.value.cooked : staticText(ctx, p);
    if (text === null || text === undefined) {
      host ||= fromV1Hosts(ctx, p) || namedApiHost(ctx, p);
    } else if (host && text !== '') {
      return basePaths.some((b) => text === b || text.startsWith(`${b}/`)) ? p : null;
    }
  }
  return null;
}

/**
 * Whether an expression is a host given at run time under a name that says it is this API's host: `buoyHost`,
 * `SC_HOST`, `symptomCheckerHostname` (a word of the API's name, its initials, or the start of a configured host's
 * name, beside `host`), as configuration keys are told apart.
 */
function namedApiHost(ctx: FileContext, p: Path): boolean {
  const n = p.node;
  const name = n.type === 'Identifier' ? n.name : isMember(n) ? memberName(n) : null;
  if (!name || !words(name).some((w) => w === 'host' || w === 'hostname')) return false;
  return inApiScope(ctx.config, [name]);
}

/** Whether an expression reads a binding of this file whose value literally holds a v1 host (`hosts[target].api`). */
function fromV1Hosts(ctx: FileContext, p: Path): boolean {
  let root: Path = p;
  while (isMember(root.node)) root = root.get('object');
  if (root.node.type !== 'Identifier' || !bindingOf(root)) return false;
  const init = constInit(root);
  if (!init) return false;
  return findV1Urls(ctx.config, ctx.source.slice(init.node.start as number, init.node.end as number)).length > 0;
}

/**
 * `nock(SC_HOST).post(API + 'complaints/', …)` with `SC_HOST` a v1 host: the literal that writes the v1 base path
 * in the interceptor's path (`const API = '/api/'`, or `'/api/interviews/'` inline).
 */
export function hostedBasePaths(ctx: FileContext, change: Change): void {
  const basePaths = v1BasePaths(ctx);
  const seen = new Set<Node>();
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (!isMember(n.callee) || !n.arguments[0]) continue;
    const helper = !nockedV1Host(ctx, call.get('callee', 'object'));
    if (helper && !nockHelperRoute(ctx, call)) continue;
    const first = parts(call.get('arguments', 0)).find((p) => {
      const t = p.node.type === 'TemplateElement' ? p.node.value.cooked : staticText(ctx, p);
      return t !== null && t !== undefined && t !== '';
    });
    if (!first) continue;
    const literal = first.node.type === 'Identifier' ? constInit(first) : first;
    if (!literal || seen.has(literal.node)) continue;
    const text = literal.node.type === 'TemplateElement' ? literal.node.value.cooked : typeof literal.node.value === 'string' ? literal.node.value : null;
    if (text === null || !basePaths.some((b) => text === b || text.startsWith(`${b}/`))) continue;
    // Through a helper whose host this file cannot read: only a path to one of this API's resources.
    if (helper && !urlTarget(ctx, staticText(ctx, call.get('arguments', 0)) ?? '')) continue;
    seen.add(literal.node);
    const { start, end } = innerRange(literal.node);
    if (start < end) ctx.manual(change, literal, builtMessage(change), literal.node);
  }
}

/** String tests a URL check makes with a part of the address: `path.startsWith('/api/')`, `url.indexOf(root) === 0`. */
const URL_TESTS = new Set(['startsWith', 'includes', 'indexOf', 'match', 'test', 'endsWith', 'search']);

/**
 * Checks that decide whether a request goes to this API by the v1 base path, where the address is taken apart:
 * `HOSTS.includes(url.hostname) && url.pathname.startsWith('/api/')` (the same expression tests a binding that holds
 * v1 hosts), or with a v1 host's domain and the base path, `req.url.includes('example.com/api/')`. In v2 the path
 * is another, so such a check no longer matches: for a person.
 */
export function basePathChecks(ctx: FileContext, change: Change): void {
  const basePaths = v1BasePaths(ctx);
  if (basePaths.length === 0) return;
  const hosts = Object.values(ctx.config.environments).map((e) => parseBase(e.v1.baseUrl).host);
  const pathOf = (text: string): boolean => basePaths.some((b) => text === b || text === `${b}/`);
  // `example.com/api/`: a domain of a v1 host (two labels at least) followed by the base path.
  const domainPath = (text: string): boolean => {
    const m = /^([a-z0-9.-]+\.[a-z]{2,})(\/.*)$/i.exec(text);
    return !!m && pathOf(m[2]!) && hosts.some((h) => h === m[1]!.toLowerCase() || h.endsWith(`.${m[1]!.toLowerCase()}`));
  };
  for (const lit of [...ctx.nodesOf('StringLiteral'), ...ctx.nodesOf('Literal')]) {
    const text = lit.node.value;
    if (typeof text !== 'string' || ctx.claimed.has(lit.node) || text.length > 80) continue;
    if (domainPath(text)) {
      if (!ctx.otherApiOnly()) ctx.manual(change, lit, builtMessage(change), lit.node);
      continue;
    }
    if (!pathOf(text)) continue;
    // The path tested where it is written, or through a const that holds it (`const PATH_PREFIX = '/api/'`).
    const holder = parentOf(lit);
    const named = holder?.node.type === 'VariableDeclarator' && holder.node.init === lit.node && holder.node.id.type === 'Identifier' ? holder.node.id.name : null;
    const args = named ? ctx.nodesOf('Identifier').filter((id: Path) => id.node.name === named && id.node !== holder!.node.id) : [lit];
    if (args.some((arg: Path) => testedWithV1Hosts(ctx, arg))) ctx.manual(change, lit, builtMessage(change), lit.node);
  }
}

/** Whether `arg` is what a URL test is given (`pathname.startsWith(arg)`) in an expression that tests v1 hosts too. */
function testedWithV1Hosts(ctx: FileContext, arg: Path): boolean {
  const call = parentOf(arg);
  if (!call || !isCall(call.node) || !call.node.arguments.includes(arg.node) || !URL_TESTS.has(calleeName(call.node.callee))) return false;
  // The whole expression the test is part of (`a || !b.startsWith(…)`, an `if` condition).
  let expr: Path = call;
  while (parentOf(expr) && /Expression$/.test(parentOf(expr)!.node.type) && !/Function/.test(parentOf(expr)!.node.type)) expr = parentOf(expr)!;
  let v1Hosts = false;
  ctx.j(expr).find(ctx.j.Identifier).forEach((id: Path) => {
    v1Hosts ||= !isMember(parentOf(id)?.node) || parentOf(id)!.node.object === id.node ? fromV1Hosts(ctx, id) : false;
  });
  return v1Hosts;
}

/** nock's interceptor methods: `.post(path)` … `.reply(201, body)`. */
const NOCK_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const NOCK_REPLIES = new Set(['reply', 'replyWithError', 'replyWithFile']);

/**
 * `api().post('/api/interviews/…').reply(201, …)` in a test whose nock scope a helper builds (`const api = () =>
 * nock(API)`, here or imported from a test helpers module): an interceptor answered with `.reply`, rooted at a call
 * of a function of this file that calls `nock`, or of an imported one (its host is read where it is written).
 */
function nockHelperRoute(ctx: FileContext, call: Path): boolean {
  const n = call.node;
  if (!NOCK_VERBS.has(calleeName(n.callee)) || ctx.otherApiOnly()) return false;
  let o: Node = n.callee.object;
  while (isCall(o) && isMember(o.callee)) o = o.callee.object;
  if (!isCall(o) || o.callee.type !== 'Identifier' || o.callee.name === 'nock' || o.arguments.length > 0) return false;
  // Answered: `.reply(…)` later in the chain (after `.query()`, `.matchHeader()` and the like).
  let up: Path | null = call;
  let replied = false;
  for (let i = 0; i < 6 && up && !replied; i++) {
    const parent = parentOf(up);
    if (!parent || !isMember(parent.node) || parent.node.object !== up.node) break;
    const outer = parentOf(parent);
    if (!outer || !isCall(outer.node) || outer.node.callee !== parent.node) break;
    replied = NOCK_REPLIES.has(memberName(parent.node) ?? '');
    up = outer;
  }
  if (!replied) return false;
  const callee = ctx.nodesOf('Identifier').find((id: Path) => id.node === o.callee);
  const binding = callee ? bindingOf(callee) : null;
  if (!binding) return false;
  const holder = parentOf(binding)?.node;
  // Imported: `const { api } = require('./helpers')`, `import { api } from './helpers'`.
  if (holder && (holder.type === 'ImportSpecifier' || holder.type === 'ImportDefaultSpecifier' || holder.type === 'ObjectProperty' || holder.type === 'Property')) return true;
  // Defined here: its body calls nock, for a v1 host or one this file cannot read (not another API's host).
  const fn = holder?.type === 'VariableDeclarator' ? holder.init : holder;
  if (!fn || !/Function/.test(fn.type)) return false;
  const nocks = ctx.nodesOf('CallExpression').filter((c: Path) => calleeName(c.node.callee) === 'nock' && c.node.start >= fn.start && c.node.end <= fn.end && c.node.arguments[0]);
  return nocks.length > 0 && nocks.every((c: Path) => {
    const text = staticText(ctx, c.get('arguments', 0));
    return text === null ? true : findV1Urls(ctx.config, text).length > 0;
  });
}

/** Whether a chain is rooted at `nock(x)` with `x` a v1 host or base, written here or imported (`import { BASE } from './fixtures'`). */
function nockedV1Host(ctx: FileContext, path: Path): boolean {
  let o: Path = path;
  while (isCall(o.node) && isMember(o.node.callee)) o = o.get('callee', 'object');
  if (!isCall(o.node) || calleeName(o.node.callee) !== 'nock' || !o.node.arguments[0]) return false;
  const arg = o.node.arguments[0];
  let text: string | null = arg.type === 'StringLiteral' || arg.type === 'Literal' ? String(arg.value) : null;
  if (text === null && arg.type === 'Identifier') {
    const found = ctx.nodesOf('VariableDeclarator').find((d: Path) => d.node.id.type === 'Identifier' && d.node.id.name === arg.name && d.node.init);
    text = found ? staticText(ctx, found.get('init')) : staticText(ctx, o.get('arguments', 0));
  }
  return !!text && findV1Urls(ctx.config, text).length > 0;
}

export function v1BasePaths(ctx: FileContext): string[] {
  return [...new Set(Object.values(ctx.config.environments).map((e) => parseBase(e.v1.baseUrl).path.replace(/\/+$/, '')))].filter((p) => p !== '');
}

/** The operands of a `+` chain, or the expressions and text parts of a template, in source order. */
function parts(p: Path): Path[] {
  const n = p.node;
  if (n.type === 'BinaryExpression' && n.operator === '+') return [...parts(p.get('left')), ...parts(p.get('right'))];
  if (n.type === 'TemplateLiteral') {
    const out: Path[] = [];
    n.quasis.forEach((_: Node, i: number) => {
      out.push(p.get('quasis', i));
      if (i < n.expressions.length) out.push(p.get('expressions', i));
    });
    return out;
  }
  return [p];
}

export function builtMessage(change: Change): string {
  for (const rule of change.rules) if (rule.kind === 'base-url') return rule.builtMessage;
  return change.title;
}
