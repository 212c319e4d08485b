import { api, catalogue, type Change } from '../../catalogue';
import type { Config } from '../../config';
import { UrlMapper, parseBase } from '../../config/urls';
import { MARKER_PREFIX } from '../types';

/**
 * The cheap text scan that decides, before any parsing, whether a file can matter: it must contain a v1
 * host, a token-service host, an API path segment (`interviews/`…), a field name only this API uses
 * (`triage_explanation`, `interview_mode`…), or an existing marker. Files that import such a file are
 * added by the pipeline (one hop), so typed models and components that only use the client's types are
 * still analysed.
 */
export function scanNeedles(config: Config, changes: readonly Change[] = catalogue): string[] {
  const needles = new Set<string>(new UrlMapper(config).scanNeedles());
  // With the v2 hosts a first run wrote in place of the v1 ones: a second run reads the same files.
  for (const env of Object.values(config.environments)) for (const u of [env.authUrl, env.v2.baseUrl, env.v2.audience]) needles.add(parseBase(u).host);
  for (const r of Object.values(api.resources)) needles.add(`${r.segment}/`);
  needles.add(api.tokenRequest.grantType);
  for (const change of changes) {
    for (const rule of change.rules) {
      const paths =
        rule.kind === 'response-field-moved'
          ? [rule.from, rule.to]
          : 'path' in rule
            ? [rule.path]
            : [];
      for (const p of paths) for (const seg of p) if (isDistinctive(seg)) needles.add(seg);
      // A filter on a removed field is itself a v1 site, whatever the field's name.
      if (rule.kind === 'obsolete-filter') needles.add(rule.field);
    }
  }
  needles.add(MARKER_PREFIX);
  return [...needles];
}

/** A field name distinctive enough to select a file by: snake_case names are this API's, not everyday words. */
function isDistinctive(name: string): boolean {
  return name.includes('_') && name.length > 4;
}

/**
 * A read of a removed or moved response field through a name that says its owner (`result.advice`,
 * `lastResult?.test`, `interview.profile.race`, `option.preselected`; `o.preselected` is not one, nor is
 * `options.context`: `context` is an intent's): such files matter even when they name no address (a component
 * whose data comes through a store). Each field is paired with the nouns of the resource it belongs to and of
 * the subjects on its path, from the catalogue.
 */
export function namedReadPattern(changes: readonly Change[] = catalogue): RegExp | null {
  const byNoun = readFieldsByNoun(changes);
  if (byNoun.size === 0) return null;
  const alternatives = [...byNoun].map(
    ([noun, fields]) => `${esc(noun)}s?\\b[\\w$?.\\[\\]'"]*?[.[]['"]?(?:${[...fields].map(esc).join('|')})\\b`,
  );
  return new RegExp(`(?:${alternatives.join('|')})`, 'i');
}

/**
 * A GraphQL selection of a removed or moved response field under a field or type named for its owner
 * (`result(token: $t) { token advice }`, `addComplaint(input: $i) { extra }`, `potentialCondition { name triage }`,
 * `fragment F on Question { preselected }`): a client's documents name no address, and their fields are camelCase.
 */
export function selectionPattern(changes: readonly Change[] = catalogue): RegExp | null {
  const byNoun = readFieldsByNoun(changes);
  if (byNoun.size === 0) return null;
  const camel = (x: string) => x.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const alternatives = [...byNoun].map(
    ([noun, fields]) => `(?:${esc(noun)}|${esc(camel(noun))})s?\\s*(?:\\([^()]*\\))?\\s*\\{[^{}]*?\\b(?:${[...new Set([...fields].flatMap((f) => [f, camel(f)]))].map(esc).join('|')})\\b`,
  );
  return new RegExp(`(?:${alternatives.join('|')})`, 'i');
}

/** What a text holding a GraphQL selection has: a tag, or an operation's keyword. */
const GRAPHQL_HINT = /\b(?:gql|graphql|query|mutation|fragment)\b/;

/**
 * What every match of namedReadPattern contains, its field read (`.advice`, `["msg"]`): a text without one cannot
 * match it. Its first character is `.` or `[`, which the regular expression engine finds quickly; the pattern
 * itself starts with a noun, tried at every letter.
 */
function namedReadHint(changes: readonly Change[]): RegExp | null {
  const fields = new Set([...readFieldsByNoun(changes).values()].flatMap((f) => [...f]));
  return fields.size === 0 ? null : new RegExp(`[.[]['"]?(?:${[...fields].map(esc).join('|')})\\b`, 'i');
}

/** Removed and moved response fields, by the nouns of their resource and of the subjects on their path. */
function readFieldsByNoun(changes: readonly Change[]): Map<string, Set<string>> {
  const byNoun = new Map<string, Set<string>>();
  const add = (nouns: readonly string[], field: string) => {
    for (const n of nouns) {
      const set = byNoun.get(n) ?? new Set<string>();
      set.add(field);
      byNoun.set(n, set);
    }
  };
  for (const change of changes) {
    for (const rule of change.rules) {
      if (rule.kind !== 'response-field-removed' && rule.kind !== 'response-field-moved') continue;
      const path = rule.kind === 'response-field-removed' ? rule.path : rule.from;
      const field = path[path.length - 1]!;
      add(api.resources[rule.resource]?.nouns ?? [], field);
      for (const s of Object.values(api.subjects)) {
        if (s.parent === rule.resource && s.path.length < path.length && s.path.every((seg, i) => seg === path[i])) add(s.nouns, field);
      }
    }
  }
  return byNoun;
}

const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What else makes a source worth reading: an enumerated value of this API as a string (`'complaint'`, a mode
 * that changed), and a declared model named for a resource (`interface Result`, `class CreateComplaintDto`,
 * `@typedef {Object} Interview`), from the catalogue's values and nouns. The noun ends a word of the name
 * (`UserProfile`, `ProfileDto`, `Results`), so `class Profiler` is not a model.
 */
export function modelOrValuePattern(changes: readonly Change[] = catalogue, opts: { modelNames?: boolean } = {}): RegExp {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const values = new Set<string>();
  for (const change of changes) {
    for (const rule of change.rules) {
      if (rule.kind === 'value-renamed') values.add(rule.from);
      if (rule.kind === 'value-removed') for (const v of rule.values) values.add(v);
    }
  }
  const nouns = [...Object.values(api.resources).flatMap((r) => r.nouns), ...Object.values(api.subjects).filter((s) => s.keys).flatMap((s) => s.nouns)].map((n) => n[0]!.toUpperCase() + n.slice(1));
  const quoted = values.size ? `['"\`](?:${[...values].map(esc).join('|')})['"\`]` : '(?!)';
  if (opts.modelNames === false) return new RegExp(quoted);
  return new RegExp(`${quoted}|\\b(?:interface|type|class|enum|typedef\\s+\\{\\w+\\})\\s+\\w*(?:${nouns.map(esc).join('|')})s?(?:[A-Z0-9_$]\\w*)?\\b`);
}

/**
 * The pre-scan: whether a source may speak this API. With `{ modelNames: false }` a declared model named for a
 * resource alone does not count — for front-ends whose own `selects` decides on models by their fields too
 * (FrontEnd.selectsModels: the polyglot languages, where `enum …Result` is everywhere).
 */
export type Scanner = (source: string, opts?: { modelNames?: boolean }) => boolean;

export function makeScanner(config: Config, changes?: readonly Change[]): Scanner {
  const segments = new Set(Object.values(api.resources).map((r) => `${r.segment}/`.toLowerCase()));
  const all = scanNeedles(config, changes).map((n) => n.toLowerCase());
  const needles = all.filter((n) => !segments.has(n));
  const paths = all.filter((n) => segments.has(n));
  const hosts = UrlMapper.of(config).configuredHosts();
  // Every needle and path segment in one pass over the text (one `includes` per needle was twice the time), the
  // needles first: where one starts, no path segment needs its URL checked.
  const anyNeedle = all.length > 0 ? new RegExp([...needles, ...paths].map(esc).join('|'), 'g') : null;
  const pathSet = new Set(paths);
  const mentions = (lower: string): boolean => {
    if (!anyNeedle) return false;
    anyNeedle.lastIndex = 0;
    for (let m = anyNeedle.exec(lower); m; m = anyNeedle.exec(lower)) {
      if (!pathSet.has(m[0])) return true;
      const at = m.index;
      if (paths.some((n) => lower.startsWith(n, at) && outsideForeignUrl(lower, at, hosts))) return true;
      anyNeedle.lastIndex = at + 1;
    }
    return false;
  };
  const reads = namedReadPattern(changes);
  const readHint = namedReadHint(changes ?? catalogue);
  const selections = selectionPattern(changes);
  const models = modelOrValuePattern(changes);
  const values = modelOrValuePattern(changes, { modelNames: false });
  return (source, opts) =>
    mentions(source.toLowerCase()) ||
    (reads !== null && readHint !== null && readHint.test(source) && reads.test(source)) ||
    (selections !== null && GRAPHQL_HINT.test(source) && selections.test(source)) ||
    (opts?.modelNames === false ? values : models).test(source);
}

/** Where a URL token ends, looking back from a path segment. */
const TOKEN_START = /[\s'"`(<>,=;{}[\]|\\]/;

/**
 * Whether a path segment (`questions/`) occurs other than in an absolute URL on a host that is not this API's
 * (`https://stackoverflow.com/questions/…` in a comment, a helpdesk's `https://desk.example.org/api/results/`):
 * the engines never take such a URL for this API, so it does not make a file worth reading. A relative path, a
 * template (`${base}/questions/`) or a URL on one of the configured hosts does.
 */
export function segmentOutsideForeignUrl(lower: string, segment: string, hosts: ReadonlySet<string>): boolean {
  for (let at = lower.indexOf(segment); at >= 0; at = lower.indexOf(segment, at + segment.length)) {
    if (outsideForeignUrl(lower, at, hosts)) return true;
  }
  return false;
}

/** Whether the text at `at` (a path segment's start) is outside an absolute URL on a host that is not this API's. */
function outsideForeignUrl(lower: string, at: number, hosts: ReadonlySet<string>): boolean {
  let start = at;
  while (start > 0 && at - start < 2048 && !TOKEN_START.test(lower[start - 1]!)) start--;
  const token = lower.slice(start, at);
  const abs = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]+)/.exec(token);
  return !abs || hosts.has(abs[1]!.replace(/:\d+$/, ''));
}
