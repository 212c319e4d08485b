import { api, getChange } from '../../../catalogue';
import type { Config } from '../../../config';
import { findV1Urls, type UrlMapper, type V1Occurrence } from '../../../config/urls';
import { bothRolesMessage, keyRole, unknownRoleMessage, type Role } from '../../roles';
import { rewriteOccurrence, type RoleRewrite } from '../text';
import type { Emitter } from './emit';
import type { ConfigValue, NameUse, Ref } from './model';
import { holdsApiAddress, isApiHost } from './rules';
import { pathRole, type ValueGraph } from './values';
import { inApiScope } from './vocab';

/**
 * v1 addresses in configuration values, by role. A value's role comes from its key path (the nearest key that
 * says base or audience), from the defaults it is written in (`${SC_API_BASE:-…}` is a base), from the uses
 * of its name in this file and the other files of the run (`SC_AUDIENCE: $SC_API_BASE`), and from an empty
 * audience beside a base (which then usually falls back to it). One role: the v2 value of that role. Two
 * roles: split where the file alone decides (an INI interpolation or a YAML alias that is the whole audience
 * value: the audience gets its own v2 audience, the base the v2 base), else left for a person.
 */

export interface AddressContext {
  emit: Emitter;
  source: string;
  config: Config;
  mapper: UrlMapper;
  graph: ValueGraph;
  /** Uses of names by this file and by the other files of the run. */
  uses: readonly NameUse[];
  lineOf(offset: number): number;
  splits: Splits;
}

export interface Splits {
  /** Audience references replaced by a v2 audience literal, with the value they stood for. */
  audience: Map<Ref, ConfigValue>;
  /** Values rewritten to the v2 base because their audience uses were split off. */
  base: Set<ConfigValue>;
}

const BASE = () => getChange('base-url').id;
const AUD = () => getChange('token-audience').id;

/** A stretch of a value's text outside references, and the reference it is the default of. */
interface Segment {
  start: number;
  end: number;
  defaultOf?: Ref;
}

/** The text of a value outside references, and the defaults of its references (recursively). */
export function segments(v: ConfigValue, start = v.start, end = v.end, defaultOf?: Ref): Segment[] {
  const inside = v.refs.filter((r) => r.start >= start && r.end <= end);
  const top = inside.filter((r) => !inside.some((o) => o !== r && o.start <= r.start && o.end >= r.end && (o.start < r.start || o.end > r.end)));
  top.sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let pos = start;
  for (const r of top) {
    if (r.start > pos) out.push({ start: pos, end: r.start, defaultOf });
    if (r.default) out.push(...segments(v, r.default.start, r.default.end, r));
    pos = Math.max(pos, r.end);
  }
  if (pos < end) out.push({ start: pos, end, defaultOf });
  return out;
}

/** v1 occurrences in a value, with offsets into the source and the reference whose default holds them. */
export function occurrencesIn(ctx: Pick<AddressContext, 'source' | 'config'>, v: ConfigValue): (V1Occurrence & { defaultOf?: Ref; encode?: (s: string) => string })[] {
  const out: (V1Occurrence & { defaultOf?: Ref; encode?: (s: string) => string })[] = [];
  for (const seg of segments(v)) {
    const raw = ctx.source.slice(seg.start, seg.end);
    const decoded = v.codec ? v.codec.decode(raw) : null;
    const text = (decoded ? decoded.text : raw).replace(/,/g, ' ');
    for (const o of findV1Urls(ctx.config, text)) {
      const at = (i: number) => seg.start + (decoded ? (i < decoded.map.length ? decoded.map[i]! : raw.length) : i);
      out.push({ ...o, start: at(o.start), end: at(o.end), defaultOf: seg.defaultOf, encode: v.codec?.encode });
    }
  }
  return out;
}

/** Plan the splits: an audience value that is exactly an in-file reference to a base value that is a v1 address used nowhere else as an audience. */
export function planSplits(ctx: Omit<AddressContext, 'splits' | 'emit'>): Splits {
  const splits: Splits = { audience: new Map(), base: new Set() };
  const candidates = new Map<ConfigValue, Ref[]>();
  for (const a of ctx.graph.values) {
    if (pathRole(a.path) !== 'audience' || a.refs.length !== 1) continue;
    const r = a.refs[0]!;
    if (!r.internal || ctx.source.slice(a.start, r.start).trim() !== '' || ctx.source.slice(r.end, a.end).trim() !== '') continue;
    const targets = ctx.graph.targets(r);
    if (targets.length !== 1) continue;
    const t = targets[0]!;
    const text = ctx.graph.text(t).trim();
    if (t.refs.length > 0 || pathRole(t.path) !== 'base' || !ctx.mapper.isExactV1Base(text) || !ctx.mapper.mapAudience(text)) continue;
    candidates.set(t, [...(candidates.get(t) ?? []), r]);
  }
  for (const [t, refs] of candidates) {
    // Every use of the value as an audience must be one of the references split off, and no alias under a
    // key that says nothing may be left pointing at it (it would follow the base).
    const audienceUses = ctx.graph.usesOf(t, ctx.uses).filter((u) => u.role === 'audience');
    const aliases = ctx.graph.aliasesOf(t).filter((a) => pathRole(a.path) !== 'base');
    if (audienceUses.length !== refs.length || aliases.length !== refs.filter((r) => r.anchor).length) continue;
    splits.base.add(t);
    for (const r of refs) splits.audience.set(r, t);
  }
  return splits;
}

/** Rewrite or report the v1 addresses of one value. */
export function valueAddresses(ctx: AddressContext, v: ConfigValue): void {
  const own = pathRole(v.path);
  const uses = ctx.graph.usesOf(v, ctx.uses);
  const unknownAliases = ctx.graph.aliasesOf(v).filter((a) => pathRole(a.path) === null);
  const emptyAudience = own === 'base' && ctx.graph.siblings(v).some((s) => pathRole(s.path) === 'audience' && s.refs.length === 0 && ctx.graph.isEmpty(s));
  for (const o of occurrencesIn(ctx, v)) {
    // The key and the defaults decide a role; uses elsewhere and an empty audience beside it can only add the
    // other role (then it is left for a person or split), never choose one.
    const hints: (Role | null)[] = [own];
    if (o.defaultOf) hints.push(keyRole(o.defaultOf.name.split('.').pop()));
    let r = keyAgrees(rewriteOccurrence(ctx.mapper, o, hints), own);
    const reasons: string[] = [];
    if (r.role === 'both') reasons.push(`its key says ${own ?? 'nothing'} and it is the default of \`${o.defaultOf?.name}\``);
    if (r.role === 'base' || r.role === 'audience' || r.role === 'unknown') {
      const decided = r.role;
      for (const u of uses) if (u.role !== decided) reasons.push(`used as the ${u.role === 'audience' ? 'token audience' : 'API base'} at ${u.at}`);
      reasons.splice(0, reasons.length, ...listed(reasons));
      if (emptyAudience && decided === 'base') reasons.push('the audience beside it is empty, so it is likely the audience too');
      if (reasons.length > 0 && r.text !== null && isSharedValue(ctx, o.text)) r = { ...r, text: null, role: 'both' };
      // An alias under a key that says nothing would follow a rewrite into a role nobody chose.
      const blind = unknownAliases.map((a) => `it is also used at line ${ctx.lineOf(a.start)} (${a.path[a.path.length - 1] ?? 'top level'}), where nothing says its role`);
      if (blind.length > 0 && r.text !== null && isSharedValue(ctx, o.text)) {
        r = { ...r, change: BASE(), text: null, role: 'unknown', message: `${unknownRoleMessage()} (${blind.join('; ')})` };
      }
    }
    const anchor = v.anchor;
    if (ctx.splits.base.has(v) && r.role === 'both') {
      const b = ctx.mapper.rewriteBases(o.text);
      ctx.emit.fix(BASE(), o.start, o.end, enc(o, b.text), 'v1 base address replaced by the v2 base address; its use as the token audience was given the v2 audience', { role: 'split', anchor });
    } else if (r.text !== null) {
      ctx.emit.fix(r.change, o.start, o.end, enc(o, r.text), r.message, { role: r.role === 'base' || r.role === 'audience' ? r.role : undefined, anchor });
    } else if (r.role === 'both') {
      ctx.emit.manual(BASE(), o.start, o.end, bothRolesMessage(reasons.join('; ')), { anchor });
    } else {
      ctx.emit.manual(r.change, o.start, o.end, reasons.length > 0 ? `${r.message} (${reasons.join('; ')})` : r.message, { anchor });
    }
  }
}

/**
 * A value whose text decides the other role than its key says (a v1 base with a path under an audience key,
 * an audience-only address under a base key) is left for a person: neither v2 value is sure to be right.
 */
export function keyAgrees(r: RoleRewrite, key: Role | null): RoleRewrite {
  if (!key || r.text === null || (r.role !== 'base' && r.role !== 'audience') || r.role === key) return r;
  const said = key === 'audience' ? 'a token audience' : 'the API base';
  const is = r.role === 'audience' ? 'the v1 token audience' : 'a v1 API address';
  return { text: null, change: r.change, role: 'unknown', message: `its key says ${said} but the value is ${is}; in v2 they differ. Put the v2 value of the role this setting plays here.` };
}

/** Whether a v1 value can play both roles (it is exactly a v1 address that was the base and the audience). */
function isSharedValue(ctx: AddressContext, text: string): boolean {
  return ctx.mapper.isExactV1Base(text) && ctx.mapper.mapAudience(text) !== null;
}

/** Reasons without repeats, at most three and a count of the rest. */
function listed(reasons: string[]): string[] {
  const unique = [...new Set(reasons)];
  return unique.length <= 3 ? unique : [...unique.slice(0, 3), `and ${unique.length - 3} more`];
}

function enc(o: { encode?: (s: string) => string }, text: string): string {
  return o.encode ? o.encode(text) : text;
}

/** References that put a value of one role into a key of the other: `audience: ${base-url}`. */
export function refConflicts(ctx: AddressContext, v: ConfigValue): void {
  const own = pathRole(v.path);
  if (!own) return;
  for (const r of v.refs) {
    const split = ctx.splits.audience.get(r);
    if (split) {
      const hit = ctx.mapper.mapAudience(ctx.graph.text(split).trim())!;
      ctx.emit.fix(AUD(), r.start, r.end, hit.to, `the token audience was the v1 address \`${r.name}\` (line ${ctx.lineOf(split.start)}), also the API base; it gets its own v2 audience (${hit.env})`, { role: 'split', anchor: v.anchor });
      continue;
    }
    const role = ctx.graph.refRole(r);
    if (!role || role === own || !tiedToApi(ctx, v, r)) continue;
    const other = role === 'audience' ? 'token audience' : 'API base';
    const mine = own === 'audience' ? 'token audience' : 'API base';
    ctx.emit.manual(
      own === 'audience' ? AUD() : BASE(),
      r.start,
      r.end,
      `this ${mine} is taken from \`${r.name}\`, which holds the ${other}${r.fallbackOf ? ` (when \`${r.fallbackOf}\` is unset)` : ''}; in v2 the API base and the token audience differ. Give the ${mine} its own v2 value here.`,
      { anchor: v.anchor },
    );
  }
}

/** Whether a reference is about this API: its name or the value's key names the API, or what it stands for holds an API address. */
function tiedToApi(ctx: AddressContext, v: ConfigValue, r: Ref): boolean {
  if (inApiScope(ctx.config, v.path) || inApiScope(ctx.config, [r.name])) return true;
  // Or it is built from a value that holds one (`base_url: "https://{{ api_host }}/api/"` with `api_host` the API's host).
  const holds = (t: ConfigValue) => holdsApiAddress(ctx.config, ctx.graph.text(t)) || isApiHost(ctx.config, ctx.graph.text(t));
  return ctx.graph.targets(r).some((t) => holds(t) || t.refs.some((x) => inApiScope(ctx.config, [x.name]) || ctx.graph.targets(x).some((u) => u !== t && holds(u))));
}

/** A value built from references whose values make a v1 base only together (`https://${SC_HOST}/api/`). */
export function composition(ctx: AddressContext, v: ConfigValue): void {
  if (v.refs.length === 0) return;
  const resolve = (start: number, end: number, depth: number): string => {
    let out = '';
    let pos = start;
    const top = v.refs.filter((r) => r.start >= start && r.end <= end).sort((a, b) => a.start - b.start);
    for (const r of top) {
      if (r.start < pos) continue;
      out += ctx.source.slice(pos, r.start);
      const targets = ctx.graph.targets(r).filter((t) => t !== v);
      // Set in several places (`case` branches, environments): the one that holds a v1 address, if any.
      const texts = depth < 3 ? targets.map((t) => valueText(ctx, t, depth + 1)) : [];
      const text = texts.length === 1 ? texts[0] : texts.find((x) => findV1Urls(ctx.config, x).length > 0);
      if (text !== undefined) out += text;
      else if (r.default) out += resolve(r.default.start, r.default.end, depth + 1);
      else out += '\u0000';
      pos = r.end;
    }
    return out + ctx.source.slice(pos, end);
  };
  const raw = resolve(v.start, v.end, 0);
  // Written in the format's own way (xcconfig's `https:/$()/`): read as it reads.
  const full = v.codec ? v.codec.decode(raw).text : raw;
  const found = findV1Urls(ctx.config, full).filter((o) => o.kind === 'base' && !o.schemeless);
  if (found.length === 0 || occurrencesIn(ctx, v).length > 0) return;
  if (v.refs.some((r) => ctx.graph.targets(r).some((t) => occurrencesIn(ctx, t).some((o) => o.kind === 'base')))) return;
  ctx.emit.manual(
    BASE(),
    v.start,
    v.end,
    `this address is built from values that together make the v1 address ${found[0]!.text.split('\u0000').join('…')}; v2 uses an API-specific host and the path ${api.v2BasePath}. Build it from the v2 base address.`,
    { anchor: v.anchor },
  );
}

function valueText(ctx: AddressContext, t: ConfigValue, depth: number): string {
  const r = t.refs.length === 1 && t.refs[0]!.default && t.refs[0]!.start === t.start && t.refs[0]!.end === t.end ? t.refs[0]! : null;
  if (r && depth < 3) return ctx.source.slice(r.default!.start, r.default!.end);
  return t.refs.length === 0 ? ctx.graph.text(t) : '\u0000';
}
