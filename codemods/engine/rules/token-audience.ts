import { api } from '../../../catalogue';
import { bindingOf, calleeName, chainNames, constInit, declaratorOf, isCall, isFunction, isMember, keyName, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import { constRef, importedConst } from '../ties/constants';
import { staticText } from '../ties/static-text';
import { analyzeAddresses } from './addresses';
import { words } from '../words';
import { findV1Urls } from '../../../config/urls';
import type { RuleImpl } from './types';

/**
 * Token audiences: literal and constant v1 audiences are rewritten by role in addresses.ts; here, the audience
 * of a token request that is computed at run time (an environment variable, a parameter) is marked for a person.
 */
export const tokenAudience: RuleImpl<'token-audience'> = (ctx, change, rule) => {
  analyzeAddresses(ctx);
  const t = api.tokenRequest;
  // Audience constants already reported where they fall back to the base: their uses are that site's.
  const reportedAtDefinition = new Set<Node>();
  const visit = (path: Path, depth = 0): void => {
    const n = path.node;
    if (!n || depth > 3 || ctx.claimed.has(n)) return;
    if (n.type === 'ConditionalExpression') {
      visit(path.get('consequent'), depth + 1);
      visit(path.get('alternate'), depth + 1);
      return;
    }
    if (n.type === 'LogicalExpression') {
      visit(path.get('left'), depth + 1);
      visit(path.get('right'), depth + 1);
      return;
    }
    // Literals and constants are the address analysis's; values of a configuration object are found where the
    // configuration sets them (config files, which the run reads too). What stays unknown here is computed at run
    // time, an environment variable included: the deployment that sets it may be outside the repository.
    if (stringValue(n) !== null || constRef(ctx, path) !== null) return;
    if (n.type === 'Identifier' && reportedAtDefinition.has(declaratorOf(path)?.node)) return;
    if (namedAsBase(n) && ctx.touchesApi() && !ctx.otherApiOnly()) return ctx.manual(change, path, rule.sharedBaseMessage, n);
    if (readsSettings(ctx, path)) return;
    ctx.manual(change, path, rule.dynamicMessage, n);
  };
  // Client settings (`{ clientId, baseUrl, audience: env.SC_AUDIENCE || baseUrl }`): only an audience that falls
  // back to the base address is known to be wrong; other values are found where the settings are used.
  const sharedBase = (path: Path, depth = 0): void => {
    const n = path.node;
    if (!n || depth > 3 || ctx.claimed.has(n)) return;
    if (n.type === 'LogicalExpression') return void (sharedBase(path.get('left'), depth + 1), sharedBase(path.get('right'), depth + 1));
    if (n.type === 'ConditionalExpression') return void (sharedBase(path.get('consequent'), depth + 1), sharedBase(path.get('alternate'), depth + 1));
    if (stringValue(n) === null && constRef(ctx, path) === null && namedAsBase(n)) ctx.manual(change, path, rule.sharedBaseMessage, n);
  };
  // `const AUDIENCE = env.SC_AUDIENCE || API_URL`, where `API_URL` is built from v1 addresses: a fallback to the base.
  ctx.nodesOf('VariableDeclarator').forEach((decl: Path) => {
    const id = decl.node.id;
    if (id.type !== 'Identifier' || words(id.name).at(-1) !== t.audienceField || decl.node.init?.type !== 'LogicalExpression') return;
    for (let p: Path = decl.get('init'); ; p = p.get('left')) {
      const right = p.get('right');
      if (right.node.type === 'Identifier' && namedAsBase(right.node) && !ctx.claimed.has(right.node) && holdsApiBase(ctx, right)) {
        ctx.manual(change, right, rule.sharedBaseMessage, right.node);
        reportedAtDefinition.add(decl.node);
      }
      if (p.node.left.type !== 'LogicalExpression') break;
    }
  });
  // An audience given the base where it is set or computed: `env.scAudience = env.scApiBase`, `audience() { return
  // settings.audience || settings.apiBase }`, `audienceFor(env) { if (…) return SETTINGS.apiBase; … }`.
  if (ctx.touchesApi() && !ctx.otherApiOnly()) {
    ctx.nodesOf('AssignmentExpression').forEach((a: Path) => {
      if (a.node.operator === '=' && namesAudience(a.node.left)) sharedBase(a.get('right'));
    });
  }
  // …and, in a file that only asks for tokens, a function whose result its token request sends as the audience
  // (`audience: getAudience()`) that falls back to an entry of a map of v1 bases (`SYMPTOM_CHECKER_BASES[env]`).
  const ownFile = ctx.touchesApi() && !ctx.otherApiOnly();
  const asked = ownFile ? new Set<string>() : askedAudiences(ctx);
  ctx.nodesOf('ReturnStatement').forEach((r: Path) => {
    const name = functionName(ownFunction(r));
    if (!r.node.argument || !namesAudience(name)) return;
    if (ownFile) sharedBase(r.get('argument'));
    else if (asked.has(name.name)) fallbacks(r.get('argument')).filter((p) => v1BaseEntry(ctx, p)).forEach((p) => sharedBase(p));
  });
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
    if (!keys.has(t.audienceField)) return;
    const isTokenRequest = keys.has(t.grantTypeField) || keys.has(t.clientIdField) || sentToTokenService(ctx, obj);
    const prop = propertyPath(obj, t.audienceField);
    if (!prop) return;
    if (isTokenRequest && !sentToOtherHost(ctx, obj)) visit(prop.get('value'));
    else if (ctx.touchesApi() && !ctx.otherApiOnly() && [...keys].some((k) => typeof k === 'string' && (words(k).includes('client') || isBaseName(k)))) sharedBase(prop.get('value'));
  });
  // Client settings that name the API's audience among others (Nuxt's `privateRuntimeConfig: { symptomClientId,
  // symptomAudience: env.SYMPTOM_AUDIENCE || DEFAULTS.base }`): the same fallback to the base.
  if (ctx.touchesApi() && !ctx.otherApiOnly()) {
    ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
      const keys = obj.node.properties.map((p: Node) => keyName(p)).filter((k: unknown): k is string => typeof k === 'string');
      if (keys.includes(t.audienceField) || !keys.some((k: string) => words(k).includes('client') || isBaseName(k))) return;
      for (const k of keys) {
        if (words(k).at(-1) !== t.audienceField) continue;
        const prop = propertyPath(obj, k);
        // Only a base this file writes with v1 addresses (`DEFAULTS.base`, `API_BASE`): another service's settings stay.
        for (const f of prop ? fallbacks(prop.get('value')) : []) {
          const holder = f.node.type === 'Identifier' ? f : isMember(f.node) && f.node.object.type === 'Identifier' ? f.get('object') : null;
          if (holder && namedAsBase(f.node) && holdsApiBase(ctx, holder)) sharedBase(f);
        }
      }
    });
  }
};

/** The alternatives of a value: `a || b`, `c ? a : b`. */
function fallbacks(path: Path, depth = 0): Path[] {
  const n = path.node;
  if (depth < 4 && n.type === 'LogicalExpression') return [...fallbacks(path.get('left'), depth + 1), ...fallbacks(path.get('right'), depth + 1)];
  if (depth < 4 && n.type === 'ConditionalExpression') return [...fallbacks(path.get('consequent'), depth + 1), ...fallbacks(path.get('alternate'), depth + 1)];
  return [path];
}

/** `BASES[env]` of a map (of this file, or imported) whose values are v1 addresses. */
function v1BaseEntry(ctx: Parameters<RuleImpl<'token-audience'>>[0], path: Path): boolean {
  const n = path.node;
  if (!isMember(n) || !n.computed || n.object.type !== 'Identifier') return false;
  const holder = path.get('object');
  const imported = importedConst(ctx, holder);
  if (imported) return imported.value.kind === 'map' && Object.values(imported.value.entries).some((v) => findV1Urls(ctx.config, v).length > 0);
  return holdsApiBase(ctx, holder);
}

/** The functions whose results token requests of this file send as the audience: `getAudience` of `audience: getAudience()`. */
function askedAudiences(ctx: Parameters<RuleImpl<'token-audience'>>[0]): Set<string> {
  const t = api.tokenRequest;
  const out = new Set<string>();
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
    const value = keys.has(t.audienceField) && (keys.has(t.grantTypeField) || keys.has(t.clientIdField)) ? propertyPath(obj, t.audienceField)?.node.value : null;
    if (isCall(value) && value.arguments.length === 0 && value.callee.type === 'Identifier') out.add(value.callee.name);
  });
  return out;
}

/** Whether a variable, member or function name says it is a token audience (`scAudience`, `audienceFor`, `getAudience`). */
function namesAudience(n: Node): boolean {
  const name = !n ? null : n.type === 'Identifier' ? n.name : isMember(n) ? keyName({ key: n.property, computed: n.computed }) : null;
  return name !== null && words(name).includes(api.tokenRequest.audienceField);
}

/** The function (or method) a return statement returns from. */
function ownFunction(path: Path): Path | null {
  let p = parentOf(path);
  while (p && !isFunction(p.node) && p.node.type !== 'ObjectMethod' && p.node.type !== 'ClassMethod') p = parentOf(p);
  return p;
}

/** The name of a function: its own, its variable's, its method's or its property's key (as an identifier node). */
function functionName(fn: Path | null): Node {
  if (!fn) return null;
  if (fn.node.id) return fn.node.id;
  if (fn.node.type === 'ClassMethod' || fn.node.type === 'ObjectMethod') return fn.node.computed ? null : fn.node.key;
  const up = parentOf(fn)?.node;
  if (up?.type === 'VariableDeclarator' && up.init === fn.node) return up.id;
  if ((up?.type === 'ObjectProperty' || up?.type === 'Property' || up?.type === 'MethodDefinition' || up?.type === 'ClassProperty') && !up.computed) return up.key;
  return null;
}

/** Whether a constant of this file is written with the API's base addresses (v1, or v2 after a first run), itself or through the constants it is built from. */
function holdsApiBase(ctx: Parameters<RuleImpl<'token-audience'>>[0], idPath: Path, depth = 0): boolean {
  const init = constInit(idPath);
  if (!init || depth > 2) return false;
  const text = ctx.source.slice(init.node.start, init.node.end);
  // A v1 base, or the v2 base a first run wrote there (the audience still falls back to a base: a second run keeps its marker).
  if (findV1Urls(ctx.config, text).length > 0 || Object.values(ctx.config.environments).some((e) => text.includes(e.v2.baseUrl.replace(/\/+$/, '')))) return true;
  let found = false;
  ctx.j(init).find(ctx.j.Identifier).forEach((ref: Path) => {
    const up = parentOf(ref)?.node;
    found ||= ref.node !== idPath.node && !(isMember(up) && up.property === ref.node && !up.computed) && holdsApiBase(ctx, ref, depth + 1);
  });
  return found;
}

/**
 * Whether an expression is a variable or member named for the API's base address, or an entry of a map of them by
 * environment (`SYMPTOM_CHECKER_BASES[env]`, `apiUrls[getEnvironment()]`).
 */
function namedAsBase(n: Node): boolean {
  if (isMember(n) && n.computed) {
    const holder = n.object.type === 'Identifier' ? n.object.name : isMember(n.object) ? keyName({ key: n.object.property, computed: n.object.computed }) : null;
    const w = holder === null ? [] : words(holder);
    return w.length > 0 && isBaseName([...w.slice(0, -1), w.at(-1)!.replace(/s$/, '')].join('_'));
  }
  const name = n.type === 'Identifier' ? n.name : isMember(n) ? keyName({ key: n.property, computed: n.computed }) : null;
  return name !== null && isBaseName(name);
}

/** Names of a base address: `baseUrl`, `apiRoot`, `SC_API_BASE`, `apiUrl` (not `authUrl`, `tokenBase`). */
function isBaseName(name: string): boolean {
  const w = words(name);
  if (w.some((x) => ['auth', 'token', 'oauth', 'audience'].includes(x))) return false;
  return w.includes('base') || w.includes('root') || (w.length >= 2 && w.at(-2) === 'api' && ['url', 'uri'].includes(w.at(-1)!));
}

/** The static address of the call an object is an argument of (or inside one), if any. */
function sentTo(ctx: Parameters<RuleImpl<'token-audience'>>[0], obj: Path): string | null {
  let p: Path | null = parentOf(obj);
  for (let i = 0; i < 5 && p; i++, p = parentOf(p)) {
    // Past a call that only wraps the body (`JSON.stringify({ … })`) to the one given an address.
    const text = isCall(p.node) && p.node.arguments.length > 0 ? staticText(ctx, p.get('arguments', 0)) : null;
    if (text) return text;
  }
  return null;
}

/** Whether an object is an argument (or inside one) of a call to the token service's path. */
function sentToTokenService(ctx: Parameters<RuleImpl<'token-audience'>>[0], obj: Path): boolean {
  return sentTo(ctx, obj)?.includes(api.tokenRequest.path) ?? false;
}

/** Whether an object is sent to an absolute address on a host no environment uses (another service's token request). */
function sentToOtherHost(ctx: Parameters<RuleImpl<'token-audience'>>[0], obj: Path): boolean {
  const m = /^https?:\/\/([^/?#:\s{}]+)[:/]/i.exec(sentTo(ctx, obj) ?? '');
  return !!m && !ctx.mapper.configuredHosts().has(m[1]!.toLowerCase());
}

/** Names of configuration objects: `config.audience`, `this.cfg.audience`, `settings.SC.audience`. */
const SETTINGS = /^(config|cfg|conf|configuration|settings|options|opts|runtimeConfig)$/i;

/** Whether an expression reads a setting (through consts, fallbacks and parameter defaults). */
function readsSettings(ctx: Parameters<RuleImpl<'token-audience'>>[0], path: Path, depth = 0): boolean {
  const n = path.node;
  if (!n || depth > 4) return false;
  if (n.type === 'LogicalExpression') return readsSettings(ctx, path.get('left'), depth + 1) || readsSettings(ctx, path.get('right'), depth + 1);
  if (n.type === 'ConditionalExpression') return readsSettings(ctx, path.get('consequent'), depth + 1) || readsSettings(ctx, path.get('alternate'), depth + 1);
  if (n.type === 'TSAsExpression' || n.type === 'TSNonNullExpression' || n.type === 'ParenthesizedExpression') return readsSettings(ctx, path.get('expression'), depth + 1);
  if (isMember(n)) return chainNames(n).some((w) => SETTINGS.test(w));
  if (isCall(n)) return /^(useRuntimeConfig)$/.test(calleeName(n.callee)) || (calleeName(n.callee) === 'get' && readsSettings(ctx, path.get('callee'), depth + 1));
  if (n.type === 'Identifier') {
    const init = constInit(path);
    if (init) return readsSettings(ctx, init, depth + 1);
    // A parameter with a default: `audience = this.cfg.audience`.
    const binding = bindingOf(path);
    const parent = binding ? parentOf(binding) : null;
    if (parent?.node.type === 'AssignmentPattern' && parent.node.left === binding!.node) return readsSettings(ctx, parent.get('right'), depth + 1);
    return false;
  }
  return false;
}
