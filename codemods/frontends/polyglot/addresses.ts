import type { SgNode } from '@ast-grep/napi';
import { api, getChange } from '../../../catalogue';
import { findV1Urls, parseBase } from '../../../config/urls';
import { bothRolesMessage, keyRole, type Role } from '../../roles';
import { rewriteOccurrence } from '../text';
import { containerType, encloses, type Ctx } from './context';
import { inApiScope } from '../config/vocab';
import { chainSegments, dataSegments } from './ties';
import { escapeRe } from './file';
import { HOLE, sameNode, span, type Lit, type Pair } from './lang';
import { stubPaths } from './stub-paths';

/**
 * v1 base and audience addresses inside string literals (never comments or names), rewritten by role with the
 * shared helpers: the role comes from the key or name the literal is stored under (`SC_AUDIENCE = "…"`,
 * `'audience' => env('…', "…")`, `BaseUrl { get; set; } = "…"`) and from the uses of that name in the file
 * (`API + "results/"`, `{"audience": API}`). A value used in both roles, or in none that can be told, is left
 * for a person. An audience taken from a name that holds the base is marked too.
 */
export function addressRules(ctx: Ctx): void {
  const { file, out, mapper } = ctx;
  for (const lit of file.lits) {
    for (const part of lit.parts) {
      for (const o of findV1Urls(file.config, part.text)) {
        const start = part.start + o.start;
        const end = part.start + o.end;
        const { hints, both } = roleHints(ctx, lit);
        const r = rewriteOccurrence(mapper, { ...o, start, end }, hints);
        if (!out.has(r.change)) continue;
        if (r.text !== null) out.fix(r.change, start, end, r.text, r.message);
        else out.manual(r.change, start, end, r.role === 'both' && both ? bothRolesMessage(both) : r.message, { anchor: lineAnchor(ctx, lit.node) });
      }
    }
  }
  audienceFromBase(ctx);
  basesFromHosts(ctx);
  pathPrefixes(ctx);
  stubPaths(ctx);
}

/**
 * A constant holding the v1 path alone (`API = "/api/"`, `API_PREFIX: &str = "/api/"`), joined to this API's resource
 * paths (`urlEqualTo(API + "interviews/anonymous/")`) or to a stub server's address as the base of a settings type of
 * the API (`SymptomCheckerSettings { base_url: Some(format!("{}{}", server.uri(), API_PREFIX)) }`): the v1 half of
 * the base a test serves the API under. Left for a person: v2 serves it under another path.
 */
function pathPrefixes(ctx: Ctx): void {
  const { file, out } = ctx;
  const id = getChange('base-url').id;
  if (!out.has(id)) return;
  const paths = [...new Set(Object.values(file.config.environments).map((e) => parseBase(e.v1.baseUrl).path.replace(/^\/|\/$/g, '')).filter(Boolean))];
  if (paths.length === 0) return;
  const bare = new RegExp(`^/?(?:${paths.map(escapeRe).join('|')})/?$`);
  for (const lit of file.lits) {
    if (!lit.simple || !bare.test(lit.text) || out.hasSiteOn(id, lit.start)) continue;
    const decl = file.x.decls.find((d) => d.init && span(d.init).start === lit.start && span(d.init).end === lit.end);
    if (!decl) continue;
    const joined = file.usesOf(decl.name).some((use) => {
      if (span(use).start === span(decl.nameNode).start) return false;
      // The expression it is joined in (a concatenation, a format call) holds one of the API's resource paths.
      for (let n: SgNode | null = use.parent(), up = 0; n && up < 3; n = n.parent(), up++) if (file.resourcesIn(n).length > 0) return true;
      const pair = file.x.pairs.find((p) => p.value && encloses(p.value, use));
      return !!pair && keyRole(pair.key) === 'base' && inApiScope(file.config, [containerType(ctx, pair.container) ?? '']);
    });
    if (!joined) continue;
    const message = `\`${decl.name}\` is the v1 path of the API's base address; in v2 the API is served under ${api.v2BasePath} (on its own host): use the v2 path, or the v2 base address of the environment.`;
    out.manual(id, lit.start, lit.end, message, { anchor: lineAnchor(ctx, lit.node), subject: decl.name });
  }
}

/**
 * A base address built from a name holding a v1 host and the v1 path: `f"https://{settings.SC_HOST}/api/"`,
 * `host + "/api/"`, `fmt.Sprintf("https://%s/api/", host)`. The host may be defined in another file (the run's
 * index). Left for a person: the v2 base has another host and another path.
 */
function basesFromHosts(ctx: Ctx): void {
  const { file, out } = ctx;
  const id = getChange('base-url').id;
  if (!out.has(id)) return;
  const paths = [...new Set(Object.values(file.config.environments).map((e) => parseBase(e.v1.baseUrl).path).filter(Boolean))];
  if (paths.length === 0) return;
  const after = new RegExp(`(?:^|${HOLE}|%[sv]|\\{\\d*\\})(?:${paths.map(escapeRe).join('|')})(?:/|$)`);
  const bare = new RegExp(`^/?(?:${paths.map((p) => escapeRe(p.replace(/^\//, ''))).join('|')})/?$`);
  // The names of this file that hold a v1 host (`ProductionHost = "https://www.buoyhealth.com"`).
  const hostNames = file.x.decls.filter((d) => ctx.index.host(d.name)).map((d) => d.name);
  for (const lit of file.lits) {
    // `ApiPath = "/api/"` declared beside the host constants it is joined to: the v1 half of the base.
    const decl = lit.simple && bare.test(lit.text) && hostNames.length > 0 ? file.x.decls.find((d) => d.init && span(d.init).start === lit.start && span(d.init).end === lit.end) : undefined;
    if (decl && /path|prefix|base|root/i.test(decl.name)) {
      const message = `this is the v1 path of the API's base address, joined to a v1 host (\`${hostNames[0]}\`); in v2 the API has its own host and the path ${api.v2BasePath}: use the v2 base address of the environment.`;
      out.manual(id, lit.start, lit.end, message, { anchor: lineAnchor(ctx, lit.node), subject: decl.name });
      continue;
    }
    if (!after.test(lit.text)) continue;
    // The names the literal is built with: its own interpolations, or the concatenation or call around it.
    let host: string | undefined;
    for (let n: SgNode | null = lit.node, up = 0; n && !host && up < 4; n = lit.text.includes(HOLE) ? null : n.parent(), up++) {
      host = [...codeOf(ctx, n).matchAll(/[A-Za-z_]\w*/g)].map((m) => m[0]).find((x) => ctx.index.host(x));
    }
    if (!host) continue;
    const message = `this base address is built from a v1 host (\`${host}\`) and the v1 path; in v2 the API has its own host and the path ${api.v2BasePath}: use the v2 base address of the environment.`;
    out.manual(id, lit.start, lit.end, message, { anchor: lineAnchor(ctx, lit.node), subject: host });
  }
}

/** A node's text with the content of its string literals blanked (`isPath("/api/tickets/")` names no `api`), interpolations kept. */
function codeOf(ctx: Ctx, n: SgNode): string {
  const at = span(n);
  const chars = ctx.file.source.slice(at.start, at.end).split('');
  for (const l of ctx.file.lits) {
    if (l.start < at.start || l.end > at.end) continue;
    for (const p of l.parts) for (let i = p.start; i < p.end; i++) chars[i - at.start] = ' ';
  }
  return chars.join('');
}

/** The start of the statement a node is in (markers go above it). */
export function lineAnchor(ctx: Ctx, n: SgNode): number {
  return span(n).start;
}

/** The names a literal is stored under, and the roles they and their uses in the file give it. */
function roleHints(ctx: Ctx, lit: Lit): { hints: (Role | null)[]; both: string | null } {
  const { file } = ctx;
  const hints: (Role | null)[] = [];
  const names: string[] = [];
  let n: SgNode | null = lit.node;
  let limit = 5;
  for (let depth = 0; n && depth < limit; depth++, n = n.parent()) {
    const node: SgNode = n;
    const pair = file.x.pairs.find((p) => p.value && encloses(p.value, node) && span(p.value).start === span(node).start);
    if (pair) hints.push(keyRole(pair.key));
    // A closure that only gives a default (`env::var("SC_BASE_URL").unwrap_or_else(|_| "https://…".into())`): the value of what holds it.
    if (file.spec.lambdas?.kinds.includes(node.kind() as string) && !/[{;]/.test(file.source.slice(span(node).start, lit.start))) {
      limit = depth + 4;
      continue;
    }
    if (file.spec.functionKinds.includes(node.kind() as string)) {
      const fname = node.children().find((c) => file.spec.nameKinds.includes(c.kind() as string))?.text();
      if (fname) hints.push(keyRole(fname));
      break;
    }
    const decl = file.x.decls.find((d) => d.init && span(d.init).start === span(node).start);
    if (decl) {
      hints.push(keyRole(decl.name));
      names.push(decl.name);
    }
    // `getenv("SC_AUDIENCE", "https://…")`: the first string argument names the value.
    const call = file.x.calls.find((c) => c.args.some((a) => encloses(a, lit.node)) && sameNode(c.node, node));
    if (call && call.args.length > 1 && !encloses(call.args[0]!, lit.node)) {
      const key = file.lit(call.args[0]);
      if (key?.simple) hints.push(keyRole(key.text));
    }
    if ((pair && keyRole(pair.key)) || decl) break;
  }
  const used = new Set<Role>();
  for (const name of names) for (const role of useRoles(ctx, name, lit)) used.add(role);
  hints.push(...used);
  const both = used.size === 2 ? `${names[0]} is used for requests and as the token audience` : null;
  return { hints, both };
}

/** Roles the uses of a name give it: the key it is stored under, concatenation with a path, an HTTP call. */
function useRoles(ctx: Ctx, name: string, lit: Lit): Role[] {
  const { file } = ctx;
  const roles: Role[] = [];
  for (const use of file.usesOf(name)) {
    if (encloses(lit.node, use) || file.x.decls.some((d) => span(d.nameNode).start === span(use).start)) continue;
    const pair = file.x.pairs.find((p) => p.value && encloses(p.value, use));
    if (pair) {
      const r = keyRole(pair.key);
      if (r) roles.push(r);
      continue;
    }
    const decl = file.x.decls.find((d) => d.init && encloses(d.init, use));
    if (decl && keyRole(decl.name)) roles.push(keyRole(decl.name)!);
    const parent = use.parent();
    if (parent && /binary|additive|concat|interpol|template/.test(parent.kind() as string) && file.lits.some((l) => encloses(parent, l.node) && l.text.length > 0)) roles.push('base');
  }
  return roles;
}

/** `audience = BASE_URL`, `"audience": settings.API_BASE`, `func audience() { return c.BaseURL }`: the v1 habit of one value for both. */
function audienceFromBase(ctx: Ctx): void {
  const { file, out } = ctx;
  const id = getChange('token-audience').id;
  // Another service's token (`'aud': self._token_uri`) is not this API's; a token helper the API's client calls
  // (`get_access_token()` in the client's headers) is this API's, though its file names no address.
  if (!out.has(id) || !(ctx.tied || file.functions().some((f) => !!f.name && ctx.index.tiedCallee(f.name)))) return;
  const message = 'the token audience is taken from the API base address; in v2 they differ: give the audience its own value (the v2 audience of the environment).';
  const check = (slot: string, value: SgNode | null, anchor: SgNode, siblings: Pair[] = []) => {
    if (!value || keyRole(slot) !== 'audience') return;
    // `copy(baseUrl = picked, audience = picked)`: the same name given to the base beside it.
    const name = value.text().trim();
    const same = /^[\w.$@]+$/.test(name) && siblings.some((q) => q.value?.text().trim() === name && keyRole(q.key) === 'base');
    // `'audience': _sandbox` where `const _sandbox = 'https://…/api/'` is also the base (`baseUrl: _sandbox`): one value in both roles.
    const held = /^[$@]?[A-Za-z_]\w*$/.test(name) && file.declsOf(name.replace(/^[$@]+/, ''), value).some((d) => {
      const l = file.lit(d.init);
      return !!l && (ctx.mapper.isExactV1Base(l.text) || ctx.mapper.isExactV2Base(l.text)) && keyRole(d.name) !== 'audience' && useRoles(ctx, d.name, l).includes('base');
    });
    if (!namesBase(value) && !same && !held) return;
    out.manual(id, span(value).start, span(value).end, message, { anchor: span(anchor).start });
  };
  const at = (n: SgNode) => span(n).start;
  for (const p of file.x.pairs) check(p.key, p.value, p.node, file.x.pairs.filter((q) => at(q.container) === at(p.container) && q !== p));
  for (const d of file.x.decls) check(d.name, d.init, d.node);
  // A setting bound by its name with a default (MicroProfile's `@ConfigProperty(name = "sc.auth.audience", defaultValue =
  // Defaults.SANDBOX_BASE_URL)`, Spring Shell's `@Option(name = …, defaultValue = …)`): the default is the setting's value.
  for (const p of file.x.pairs) {
    if (!/^default(?:_?value)?$/i.test(p.key)) continue;
    const named = file.x.pairs.find((q) => q !== p && at(q.container) === at(p.container) && /^(?:name|key|property)$/.test(q.key));
    const key = named?.value ? file.lit(named.value) : null;
    if (key?.simple) check(key.text, p.value, p.node);
  }
  // A setting named by its first argument and given its value next (dry-configurable's `setting :audience, …`, Sinatra's `set :audience, …`).
  for (const c of file.x.calls) {
    const key = SETTING_CALL.test(c.callee) && c.args.length >= 2 ? file.lit(c.args[0]!) : null;
    if (key?.simple) check(key.text, c.args[1]!, c.node);
  }
  for (const fn of file.within(file.root, file.spec.functionKinds)) {
    // A computed property (Swift's `var audience: String { switch self { … } }`) is named by the declaration around it.
    const parent = fn.parent();
    const name = fn.children().find((c) => file.spec.nameKinds.includes(c.kind() as string))?.text() ?? (parent ? file.x.decls.find((d) => sameNode(d.node, parent))?.name : undefined);
    if (!name || keyRole(name) !== 'audience') continue;
    const returns = file.within(fn, file.spec.returnKinds);
    for (const ret of returns) check(name, ret, ret);
    // `def audience … settings.fetch(:api_base) end`, `fun audience() = baseUrl`: the value of its last expression.
    const last = returns.length === 0 ? lastExpression(fn) : null;
    if (last) check(name, last, last);
  }
}

/** Calls that name a setting and give its value: `setting :audience, …`, `set :audience, …`. */
const SETTING_CALL = /^(?:setting|set)$/;

/** The last expression of a function that returns it without `return` (Ruby, a Kotlin or Dart expression body). */
export function lastExpression(fn: SgNode): SgNode | null {
  let n: SgNode | undefined = fn.children().filter((c) => c.isNamed()).pop();
  for (let depth = 0; n && depth < 3 && /body|block|statements/.test(n.kind() as string); depth++) n = n.children().filter((c) => c.isNamed()).pop();
  return n && !/body|block|statements|parameters|identifier/.test(n.kind() as string) ? n : null;
}

/** Whether an expression reads a name or key that says base (`SC_API_BASE`, `c.cfg.BaseURL`, `@config[:api_url]`). */
function namesBase(expr: SgNode): boolean {
  const text = expr.text();
  if (/https?:\/\//.test(text)) return false;
  const names = [...text.matchAll(/[A-Za-z_$@:][\w]*/g)].map((m) => m[0].replace(/^[$@:]+/, ''));
  const segs = dataSegments(chainSegments(text, 0)).map((s) => s.name);
  return [...names, ...segs].some((n) => keyRole(n) === 'base');
}
