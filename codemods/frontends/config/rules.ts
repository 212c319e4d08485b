import { api, getChange, rulesOfKind, type Change } from '../../../catalogue';
import type { Config } from '../../../config';
import { findV1Urls, parseBase } from '../../../config/urls';
import type { Emitter } from './emit';
import type { ConfigValue } from './model';
import { HELM_LITERAL } from './refs';
import type { ValueGraph } from './values';
import { words } from '../../engine/words';
import { BOOLEAN, fieldListRules, fieldNameRules, inApiScope, isModeKey, isPathKey, pathWords, settingRules, statusRules, switchRules, v1BasePaths } from './vocab';

/**
 * Settings of the API's client that v2 changes, by key and value (catalogue rules, keys of the API only):
 * an interview mode renamed (rewritten) or removed (manual), a status the client expects from an operation
 * whose status changed, a switch about a field v2 no longer has, a list of removed field names, and the v1
 * base path on its own (`/api/`).
 */

export interface RuleContext {
  emit: Emitter;
  source: string;
  config: Config;
  changes: readonly Change[];
  graph: ValueGraph;
}

/** Maps that only gather settings of anything (env lists, ConfigMap data, CI variables): a key beside an address there is not tied to it. */
const CONTAINERS = new Set(['environment', 'env', 'envs', 'data', 'stringdata', 'variables', 'vars', 'args', 'extraenv', 'properties', 'parameters', 'settings', 'values']);

/** Words a key of the API's section may have besides the catalogue's names: `initial_mode`, `expected-status`, `show_advice`. */
const QUALIFIERS = new Set(['initial', 'default', 'start', 'starting', 'first', 'fallback', 'known', 'allowed', 'supported', 'expected', 'accepted', 'send', 'sent', 'include', 'show', 'hide', 'skip', 'enable', 'enabled', 'disable', 'disabled', 'use', 'filter', 'status', 'code', 'fields', 'field', 'on', 'error', 'ok', 'success', 'successful', 'retry', 'retried', 'statuses', 'codes']);

const knownWords = new WeakMap<readonly Change[], Set<string>>();

/** Whether a key names nothing but what the catalogue names (fields, modes, resources, operations) and qualifiers. */
function plainKey(ctx: RuleContext, key: string): boolean {
  const known = knownWords.get(ctx.changes) ?? catalogueWords(ctx.changes);
  knownWords.set(ctx.changes, known);
  return words(key.replace(/[.[\]:]/g, '_')).every((w) => QUALIFIERS.has(w) || known.has(w) || known.has(w.replace(/s$/, '')));
}

function catalogueWords(changes: readonly Change[]): Set<string> {
  const known = new Set<string>([api.modeField, ...Object.values(api.resources).flatMap((r) => r.nouns), ...Object.values(api.methodOperations).flatMap((o) => words(o))]);
  for (const c of changes) {
    for (const r of c.rules) {
      for (const p of 'path' in r ? [r.path] : r.kind === 'response-field-moved' ? [r.from] : []) for (const seg of p) for (const w of words(seg)) known.add(w);
      if (r.kind === 'status-changed') for (const w of [...words(r.operation), ...words(r.condition)]) if (w.length >= 6 || w === api.modeField) known.add(w);
    }
  }
  return known;
}

/** Whether a value sits in a map (a section) that holds an address of the API: `[checker] base_url = … modes = […]`. */
function besideApiAddress(ctx: RuleContext, v: ConfigValue): boolean {
  const prefix = v.path.slice(0, -1);
  if (prefix.length > 0 && CONTAINERS.has(prefix[prefix.length - 1]!.toLowerCase().replace(/[^a-z]/g, ''))) return false;
  if (!plainKey(ctx, v.path[v.path.length - 1]!)) return false;
  const siblings = ctx.graph.samePrefix(v);
  if (!siblings.some((s) => holdsApiAddress(ctx.config, ctx.graph.text(s)))) return false;
  // A file's top level is the API's section only when no other service's public address sits there too (a CLI's
  // `~/.tool.yaml` with `base_url: …/api/` and `default_mode: complaint`; not an `.env` of several services).
  return prefix.length > 0 || !siblings.some((s) => otherPublicHost(ctx.config, ctx.graph.text(s)));
}

/**
 * Whether a value sits in a section named for one of the API's resources (`[interview] start_mode = complaint`) of a
 * file whose other values hold the API's address, none another service's in that section.
 */
function inResourceSection(ctx: RuleContext, v: ConfigValue): boolean {
  const prefix = v.path.slice(0, -1);
  if (prefix.length !== 1 || !plainKey(ctx, v.path[v.path.length - 1]!)) return false;
  const section = words(prefix[0]!).join('_').replace(/s$/, '');
  if (!Object.values(api.resources).some((r) => r.nouns.includes(section))) return false;
  if (ctx.graph.samePrefix(v).some((s) => otherPublicHost(ctx.config, ctx.graph.text(s)))) return false;
  return addressHolders(ctx).some((h) => h.api && !h.value.list);
}

/** Hosts of the configured API addresses (v1 and v2 bases and audiences), lower-cased. */
function apiHosts(config: Config): Set<string> {
  const out = new Set<string>();
  for (const e of Object.values(config.environments)) for (const u of [e.v1.baseUrl, e.v1.audience, e.v2.baseUrl, e.v2.audience]) out.add(parseBase(u).host.toLowerCase());
  return out;
}

/** Hosts of every configured address, the token service's included (the API's own, never another API's). */
function configuredHosts(config: Config): Set<string> {
  const out = apiHosts(config);
  for (const e of Object.values(config.environments)) if (/^https?:\/\//i.test(e.authUrl)) out.add(parseBase(e.authUrl).host.toLowerCase());
  return out;
}

/** The public host (one with a dot) of an address another service answers on, or null: `https://help.example.com/api/`. */
function otherPublicHost(config: Config, text: string): string | null {
  const m = /^\s*["']?https?:\/\/([^/:?#\s"'{}]+)/i.exec(text);
  const host = m?.[1]?.toLowerCase();
  if (!host || !host.includes('.') || configuredHosts(config).has(host)) return null;
  return host;
}

/**
 * Whether a key path shares its leading words with a key that holds an address of the API (an address, or its bare
 * host) more than with any key that holds another public address: `symptom_start_mode` beside
 * `symptom_api_base_url = "https://…/api/"` and `helpdesk_api_base_url = "https://help.example.com/api/"`. What
 * follows the shared words must name nothing but what the catalogue names (`start_mode`, `ok_statuses`).
 */
function prefixedLikeApiAddress(ctx: RuleContext, v: ConfigValue): boolean {
  const own = keyWordsOf(v);
  if (own.length < 2) return false;
  let api = 0;
  let other = 0;
  for (const h of addressHolders(ctx)) {
    if (h.value === v) continue;
    const sw = h.words;
    let n = 0;
    while (n < own.length - 1 && n < sw.length - 1 && own[n] === sw[n]) n++;
    if (n === 0) continue;
    if (h.api) api = Math.max(api, n);
    else other = Math.max(other, n);
  }
  return api > 0 && api > other && plainKey(ctx, own.slice(api).join('_'));
}

/**
 * The values of a file that hold an address (the API's, or another service's public one), with their keys' words:
 * found once per file, not once per value asked about (a large JSON or YAML file has thousands of values).
 */
function addressHolders(ctx: RuleContext): { value: ConfigValue; words: string[]; api: boolean }[] {
  let list = holders.get(ctx.graph);
  if (!list) {
    const hosts = apiHosts(ctx.config);
    list = [];
    for (const s of ctx.graph.values) {
      if (s.list) continue;
      const text = ctx.graph.text(s);
      const api = holdsApiAddress(ctx.config, text) || isApiHost(ctx.config, text, hosts);
      if (api || otherPublicHost(ctx.config, text)) list.push({ value: s, words: keyWordsOf(s), api });
    }
    holders.set(ctx.graph, list);
  }
  return list;
}
const holders = new WeakMap<ValueGraph, { value: ConfigValue; words: string[]; api: boolean }[]>();

/** The words of a value's whole key path (`symptom.start.mode` in a properties file is three keys). */
function keyWordsOf(v: ConfigValue): string[] {
  return pathWords(v.path);
}

/** Whether a value is a host of the API's addresses alone (`symptom_api_host: sandbox.buoyhealth.com`). */
export function isApiHost(config: Config, text: string, hosts = apiHosts(config)): boolean {
  return hosts.has(text.trim().replace(/^["']|["']$/g, '').toLowerCase());
}

/** A v1 address, or a v2 one (so that a second run sees what the first rewrote). */
export function holdsApiAddress(config: Config, text: string): boolean {
  if (findV1Urls(config, text).length > 0) return true;
  return Object.values(config.environments).some((e) => [e.v2.baseUrl, e.v2.audience].some((u) => text.toLowerCase().includes(parseBase(u).host)));
}

/** The literal a value holds: its text, or the default of the one reference it is (`${X:complaint}`, `{{ .Values.x | default "complaint" }}`). */
export function literalOf(source: string, v: ConfigValue): { start: number; end: number; text: string } | null {
  let start = v.start;
  let end = v.end;
  if (v.refs.length > 0) {
    const r = v.refs[0]!;
    const before = source.slice(v.start, r.start);
    const after = source.slice(r.end, v.end);
    // The reference alone, or alone in a Helm expression with a literal default (`{{ .Values.a | default "d" | quote }}`).
    const helm = v.refs.length === 1 && new RegExp(`^\\s*\\{\\{-?\\s*(?:default\\s+${HELM_LITERAL}\\s*)?$`).test(before) && new RegExp(`^(?:\\s*\\|\\s*(?:default\\s+${HELM_LITERAL}|quote|squote))*\\s*-?\\}\\}\\s*$`).test(after);
    const whole = (before.trim() === '' && after.trim() === '') || helm;
    if (!whole || !r.default || v.refs.some((o) => o !== r && o.start >= r.default!.start && o.end <= r.default!.end)) return null;
    ({ start, end } = r.default);
  }
  const raw = source.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
  const quoteShift = raw.trim() !== text ? 1 : 0;
  return { start: start + lead + quoteShift, end: start + lead + quoteShift + text.length, text };
}

/** Whether a key ends in the mode field's name followed by the value it holds: `SC_MODE_SAFE = safe`, `modeComplaint: complaint`. */
function namesItsMode(path: readonly string[], value: string): boolean {
  const key = words((path[path.length - 1] ?? '').replace(/[.[\]:]/g, '_'));
  const val = words(value);
  const at = key.length - val.length - 1;
  return val.length > 0 && at >= 0 && key[at] === api.modeField && val.every((w, i) => key[at + 1 + i] === w);
}

/** Items of a value that lists words (`age,sex,race` or `complaint safe`), with their offsets. */
function items(lit: { start: number; text: string }): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  for (const m of lit.text.matchAll(/[^,\s;|]+/g)) out.push({ start: lit.start + m.index, end: lit.start + m.index + m[0].length, text: m[0] });
  return out;
}

export function valueRules(ctx: RuleContext, v: ConfigValue): void {
  if (!inApiScope(ctx.config, v.path) && !besideApiAddress(ctx, v) && !prefixedLikeApiAddress(ctx, v) && !inResourceSection(ctx, v)) return;
  const lit = literalOf(ctx.source, v);
  if (!lit || lit.text === '') return;
  const anchor = v.anchor;
  // A constant named for the mode it holds (`SC_MODE_COMPLAINT="complaint"`): its name would then lie, so it is marked.
  const namedConstant = !isModeKey(v.path) && namesItsMode(v.path, lit.text);
  if (isModeKey(v.path) || namedConstant) {
    for (const it of items(lit)) {
      for (const { change, rule } of rulesOfKind('value-renamed', ctx.changes)) {
        if (rule.field !== api.modeField || rule.from !== it.text) continue;
        const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
        if (namedConstant) ctx.emit.manual(change.id, it.start, it.end, `${message}: set it to '${rule.to}' (and rename the constant)`, { anchor, subject: it.text });
        else ctx.emit.fix(change.id, it.start, it.end, rule.to, message, { anchor });
      }
      for (const { change, rule } of rulesOfKind('value-removed', ctx.changes)) {
        if (rule.field === api.modeField && rule.values.includes(it.text)) ctx.emit.manual(change.id, it.start, it.end, rule.message, { anchor, subject: it.text });
      }
    }
  }
  // One status, or a list of them (`mode_update_ok_statuses: "200,202"`): each code the client expects.
  const codes = items(lit);
  for (const it of codes.length > 1 && codes.every((i) => /^\d{3}$/.test(i.text)) ? codes : [lit]) {
    for (const { change, rule } of statusRules(v.path, it.text, ctx.changes)) ctx.emit.manual(change.id, it.start, it.end, rule.message, { anchor });
  }
  if (BOOLEAN.test(lit.text)) {
    for (const r of switchRules(v.path, ctx.changes)) {
      ctx.emit.manual(r.change.id, lit.start, lit.end, `this setting is about \`${r.field}\`, which v2 no longer has: ${r.message}`, { anchor, subject: r.field });
    }
  }
  const list = items(lit);
  if (list.length === 1 && !v.list && !BOOLEAN.test(lit.text)) {
    // A field's name or path (`SC_RESULT_ADVICE_FIELD: advice`, `urgency_path = triage_explanation.potential_condition.triage`),
    // else a setting named for a field (`intent.default-context = self`).
    const named = fieldNameRules(v.path, lit.text, ctx.changes);
    for (const r of named) ctx.emit.manual(r.change.id, lit.start, lit.end, `this setting names \`${r.path.filter((s) => s !== '*').join('.')}\`: ${r.message}`, { anchor, subject: r.field });
    if (named.length === 0 && !isModeKey(v.path) && statusRules(v.path, lit.text, ctx.changes).length === 0) {
      for (const r of settingRules(v.path, ctx.changes)) ctx.emit.manual(r.change.id, lit.start, lit.end, `this setting is about \`${r.field}\`, which v2 no longer has: ${r.message}`, { anchor, subject: r.field });
    }
  }
  if (list.length > 1 || v.list) {
    for (const r of fieldListRules(v.path, list.map((i) => i.text), ctx.changes)) {
      const it = list.find((i) => i.text.toLowerCase() === r.field.toLowerCase())!;
      ctx.emit.manual(r.change.id, it.start, it.end, r.message, { anchor, subject: r.field });
    }
  }
  if (v1BasePaths(ctx.config).has(lit.text) && isPathKey(v.path) && ctx.changes.some((c) => c.id === getChange('base-url').id)) {
    ctx.emit.manual(
      getChange('base-url').id,
      lit.start,
      lit.end,
      `this is the v1 base path without its host; v2 uses an API-specific host and the path ${api.v2BasePath}. Build the URL from the v2 base address.`,
      { anchor },
    );
  }
}

/**
 * A map of the API's settings shaped like a part of a request body (`symptom_checker_smoke_profile: {age, sex,
 * race}`: named for the part, with one of its usual keys): its removed fields and values out of range, as if sent.
 */
export function subjectMaps(ctx: RuleContext, values: readonly ConfigValue[]): void {
  const groups = new Map<string, ConfigValue[]>();
  for (const v of values) {
    if (v.path.length < 2) continue;
    const k = `${v.parent}\u0000${v.path.slice(0, -1).join('\u0000')}`;
    groups.set(k, [...(groups.get(k) ?? []), v]);
  }
  for (const group of groups.values()) {
    const owner = group[0]!.path.slice(0, -1);
    if (!inApiScope(ctx.config, owner)) continue;
    const last = words(owner[owner.length - 1]!.replace(/[.[\]:]/g, '_')).pop();
    const keys = new Set(group.map((v) => v.path[v.path.length - 1]!));
    for (const s of Object.values(api.subjects)) {
      if (!s.keys || !s.nouns.some((n) => words(n).at(-1) === last) || !s.keys.some((k) => keys.has(k))) continue;
      for (const v of group) {
        const path = [...s.path, v.path[v.path.length - 1]!];
        const same = (p: readonly string[]) => p.length === path.length && p.every((x, i) => x === path[i]);
        for (const { change, rule } of rulesOfKind('request-field-removed', ctx.changes)) {
          if (rule.resource === s.parent && same(rule.path)) ctx.emit.manual(change.id, v.start, v.end, rule.message, { anchor: v.anchor, subject: path[path.length - 1] });
        }
        const n = Number(literalOf(ctx.source, v)?.text);
        for (const { change, rule } of rulesOfKind('range-constraint', ctx.changes)) {
          if (rule.resource === s.parent && same(rule.path) && Number.isFinite(n) && (n < rule.min || n > rule.max)) ctx.emit.manual(change.id, v.start, v.end, rule.message, { anchor: v.anchor });
        }
      }
    }
  }
}
