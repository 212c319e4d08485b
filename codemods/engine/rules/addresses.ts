import { getChange, type Change } from '../../../catalogue';
import { findV1Urls, type V1Occurrence } from '../../../config/urls';
import { bothRolesMessage, unknownRoleMessage, type Role } from '../../roles';
import { baseRuleMessage } from '../../frontends/text';
import { bindingOf, innerRange, isMember, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { bindingOfLiteral, bindingUses, externalUses, positionOf, type AddressUse } from '../ties/addresses';
import { constRef, importOf } from '../ties/constants';
import { basePathChecks, builtAddresses, hostedBasePaths } from './built-addresses';
import { proxyRewrites } from './proxy-rewrites';

/**
 * v1 addresses in JS/TS, by role (ties/addresses.ts). A v1 base with a path after it is the API's: it becomes
 * the v2 base. The bare v1 address (in v1 both the base and the audience) becomes the v2 value of the role its
 * uses give it; used in both roles, it is split when every audience use is a direct reference — the value becomes
 * the v2 base and each audience use the v2 audience literal — and otherwise left for a person with a finding
 * that says so, as is a value whose role nothing tells. A bare v1 host is left for a person. Runs once per file
 * for both changes (base-url, token-audience), emitting only what the run selected.
 */
export function analyzeAddresses(ctx: FileContext): void {
  if (done.has(ctx)) return;
  done.add(ctx);
  const base = getChange('base-url');
  const aud = getChange('token-audience');
  const literals = [
    ...ctx.nodesOf('StringLiteral'),
    ...ctx.nodesOf('Literal').filter((p: Path) => typeof p.node.value === 'string'),
    ...ctx.nodesOf('TemplateElement'),
  ];
  for (const path of literals) {
    const n = path.node;
    if (ctx.claimed.has(n)) continue;
    const { start, end } = innerRange(n);
    const raw = ctx.source.slice(start, end);
    if (!ctx.mapper.scanNeedles().some((h) => raw.toLowerCase().includes(h))) continue;
    const occurrences = findV1Urls(ctx.config, raw);
    if (occurrences.length === 0) continue;
    if (occurrences.some((o) => o.kind === 'host' || o.schemeless)) {
      if (ctx.hasChange(base.id)) ctx.manual(base, path, baseRuleMessage(), n);
      continue;
    }
    if (n.type === 'TemplateElement' || occurrences.length > 1 || !isExact(ctx, occurrences[0]!, raw)) {
      rewriteBase(ctx, base, start, end, raw, n);
      continue;
    }
    decide(ctx, path, occurrences[0]!, { base, aud });
  }
  importedAudiences(ctx, aud);
  if (ctx.hasChange(base.id)) {
    addressPatterns(ctx, base);
    builtAddresses(ctx, base);
    hostedBasePaths(ctx, base);
    basePathChecks(ctx, base);
    proxyRewrites(ctx, base);
  }
}
const done = new WeakSet<FileContext>();

/** A regular expression that matches v1 addresses (`/https?:\/\/(www|sandbox)\.example\.com\/api\//`): for a person. */
function addressPatterns(ctx: FileContext, change: Change): void {
  const bases = Object.values(ctx.config.environments).map((e) => e.v1.baseUrl);
  for (const p of [...ctx.nodesOf('RegExpLiteral'), ...ctx.nodesOf('Literal').filter((x: Path) => x.node.regex)]) {
    const n = p.node;
    const pattern: string = n.pattern ?? n.regex?.pattern ?? '';
    const flags: string = n.flags ?? n.regex?.flags ?? '';
    let re: RegExp;
    try {
      re = new RegExp(pattern, flags.replace(/[gy]/g, ''));
    } catch {
      continue;
    }
    // Only a pattern that names a v1 host (`buoyhealth\.com`), not one that matches any URL (`/\/+$/`).
    const literal = pattern.replace(/\\/g, '').toLowerCase();
    const names = ctx.mapper.scanNeedles().flatMap((h) => h.split('.').filter((part) => part.length > 3 && !['www', 'com', 'net', 'org'].includes(part)));
    if (bases.some((b) => re.test(b)) && names.some((x) => literal.includes(x))) ctx.manual(change, p, `this pattern matches v1 addresses; ${baseRuleMessage()}`, n);
  }
}

/** Whether the literal is exactly one v1 address with nothing after it (it could be a base or an audience). */
function isExact(ctx: FileContext, o: V1Occurrence, raw: string): boolean {
  return o.start === 0 && o.end === raw.length && (o.kind === 'audience' || ctx.mapper.isExactV1Base(raw));
}

function rewriteBase(ctx: FileContext, change: Change, start: number, end: number, raw: string, n: Node): void {
  if (!ctx.hasChange(change.id)) return;
  const r = ctx.mapper.rewriteBases(raw);
  if (r.text !== raw) ctx.fix(change, start, end, r.text, `v1 base address of ${[...new Set(r.envs)].join(', ')} replaced by the v2 one`, n, 'base');
}

function rewriteAudience(ctx: FileContext, change: Change, path: Path, raw: string, note = ''): boolean {
  const hit = ctx.mapper.mapAudience(raw);
  if (!hit || !ctx.hasChange(change.id)) return false;
  const { start, end } = innerRange(path.node);
  return ctx.fix(change, start, end, hit.to, `v1 audience of ${hit.env} replaced by the v2 audience${note}`, path.node, 'audience');
}

/** The exact v1 address: its role from its own position, its name, its uses here and in the run's other files. */
function decide(ctx: FileContext, path: Path, o: V1Occurrence, c: { base: Change; aud: Change }): void {
  const { start, end } = innerRange(path.node);
  const raw = ctx.source.slice(start, end);
  if (o.kind === 'audience') {
    rewriteAudience(ctx, c.aud, path, raw);
    return;
  }
  const own = positionOf(path);
  const binding = bindingOfLiteral(path);
  const uses: AddressUse[] = binding ? bindingUses(ctx, binding) : [];
  const ext = binding ? externalUses(ctx, binding) : [];
  const hints = new Set<Role>();
  if (own.role) hints.add(own.role);
  const audienceUses = uses.filter((u) => u.role === 'audience');
  const hasAudience = hints.has('audience') || audienceUses.length > 0 || ext.some((u) => u.role === 'audience');
  const hasBase = hints.has('base') || uses.some((u) => u.role === 'base') || ext.some((u) => u.role === 'base');
  if (!hasAudience && !hasBase) {
    if (ctx.hasChange(c.base.id)) ctx.manual(c.base, path, unknownRoleMessage(), path.node);
    return;
  }
  if (!hasAudience) {
    rewriteBase(ctx, c.base, start, end, raw, path.node);
    return;
  }
  if (!hasBase) {
    rewriteAudience(ctx, c.aud, path, raw);
    return;
  }
  // Both roles. Split only when the value itself is not named an audience and every audience use is a direct reference.
  const splittable = !hints.has('audience') && audienceUses.every((u) => u.replaceable) && ext.every((u) => u.role !== 'audience' || u.replaceable);
  const where = [...audienceUses.map((u) => `line ${ctx.lines.lineCol(u.site.node.start).line}`), ...ext.filter((u) => u.role === 'audience').map((u) => u.at)].join(', ');
  const doBase = ctx.hasChange(c.base.id);
  const doAudience = ctx.hasChange(c.aud.id);
  // Without the audience change selected, rewriting the value to the base would make its audience uses wrong.
  if (!splittable || !doAudience) {
    if (doBase) ctx.manual(c.base, path, bothRolesMessage(where || 'its name says audience'), path.node);
    for (const u of audienceUses.filter((x) => !x.replaceable)) {
      if (doAudience) ctx.manual(c.aud, u.site, derivedAudienceMessage(), u.site.node);
    }
    return;
  }
  const hit = ctx.mapper.mapAudience(raw)!;
  const quote = quoteOf(ctx, path.node);
  for (const u of audienceUses) {
    ctx.fix(c.aud, u.site.node.start, u.site.node.end, `${quote}${hit.to}${quote}`, `the v1 address here was also the API base; as the token audience it is now the v2 audience of ${hit.env}`, u.site.node, 'split');
  }
  if (doBase) {
    const r = ctx.mapper.rewriteBases(raw);
    ctx.fix(c.base, start, end, r.text, `v1 address split: here the v2 base address; its uses as the token audience (${where}) get the v2 audience`, path.node, 'split');
  }
}

/**
 * Uses in this file of another file's constant that holds the exact v1 address: a direct use as the audience is
 * replaced by the v2 audience (the defining file gives the constant the role of its other uses); an audience
 * reached through a variable is left for a person.
 */
function importedAudiences(ctx: FileContext, aud: Change): void {
  if (!ctx.hasChange(aud.id)) return;
  const imported = v1Holders(ctx);
  if (imported.size === 0) return;
  for (const p of ctx.nodesOf('Identifier', 'MemberExpression', 'OptionalMemberExpression')) {
    const n = p.node;
    if (isMember(n) ? !imported.has(rootOf(p).node.name) : !imported.has(n.name)) continue;
    const parent = parentOf(p);
    if (parent && isMember(parent.node) && (parent.node.object === n ? false : parent.node.property === n)) continue;
    if (parent && isMember(parent.node) && parent.node.object === n) continue; // take the longest chain
    // Only references: not the names a pattern, a parameter or an import declares.
    if (n.type === 'Identifier' && (bindingOf(p)?.node === n || (parent && (parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parentOf(parent)?.node.type === 'ObjectPattern'))) continue;
    const root = rootOf(p);
    if (root.node.type !== 'Identifier' || !importOf(root)) continue;
    const ref = constRef(ctx, p);
    const direct = ref?.external ? ref : null;
    const pos = positionOf(p);
    if (direct && pos.role === 'audience' && ctx.mapper.isExactV1Base(direct.value)) {
      const hit = ctx.mapper.mapAudience(direct.value);
      if (hit && pos.direct) {
        ctx.fix(aud, n.start, n.end, `'${hit.to}'`, `\`${direct.name}\` holds the v1 address, which was also the API base; as the token audience it is now the v2 audience of ${hit.env}`, n, 'split');
      } else if (hit) {
        ctx.manual(aud, p, derivedAudienceMessage(), n);
      }
    } else if (pos.bind && !direct) {
      // `const baseUrl = env.X || URLS[env]` (URLS imported, holding v1 addresses) then `audience: baseUrl`.
      const imported = importOf(root);
      const fact = imported ? ctx.project.importedConst(ctx.filePath, imported.specifier, imported.exportName) : null;
      const holdsV1 = fact && (fact.kind === 'map' ? Object.values(fact.entries) : [fact.value]).some((v) => ctx.mapper.isExactV1Base(v));
      if (!holdsV1) continue;
      for (const u of bindingUses(ctx, { id: pos.bind, keys: [] })) {
        if (u.role === 'audience') ctx.manual(aud, u.site, derivedAudienceMessage(), u.site.node);
      }
    }
  }
}

/**
 * The names this file imports whose constant (in the run's other files) holds a v1 base address, as a string or
 * in a map: only their uses can carry a v1 audience here. The others are not looked at.
 */
function v1Holders(ctx: FileContext): Set<string> {
  const holds = (specifier: string, exportName: string) => {
    const fact = ctx.project.importedConst(ctx.filePath, specifier, exportName);
    return !!fact && (fact.kind === 'map' ? Object.values(fact.entries) : [fact.value]).some((v) => ctx.mapper.isExactV1Base(v));
  };
  return new Set(ctx.imports().filter((i) => holds(i.specifier, i.exportName)).map((i) => i.local));
}

function rootOf(path: Path): Path {
  let p = path;
  while (isMember(p.node)) p = p.get('object');
  return p;
}

function quoteOf(ctx: FileContext, n: Node): string {
  const q = ctx.source[n.start];
  return q === '"' || q === "'" ? q : "'";
}

export function derivedAudienceMessage(): string {
  return 'this token audience is derived from the v1 address, which was also the API base; in v2 they differ. Give the audience its own value: the v2 audience of the environment (the API-specific host), not the v2 base address.';
}
