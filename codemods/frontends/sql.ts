import { api, type ResourceName } from '../../catalogue';
import { findV1Urls } from '../../config/urls';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../lib/types';
import { words } from '../engine/words';
import { commentStyleFor } from './comments';
import { apiHosts } from './polyglot/file';
import { modelTie } from './polyglot/ties';
import { norm, resourcesOfField, vocabularyFor, type FieldSite, type Vocabulary } from './polyglot/vocabulary';
import { TextFile } from './text-file';
import { plainTextAddresses } from './text';

/**
 * SQL files (`.sql`, SQLDelight's `.sq` and `.sqm`) of a run that talks to the API: a warehouse table that mirrors the API's data (`CREATE TABLE
 * analytics.symptom_checker_results (…, race VARCHAR, height_cm NUMERIC, advice TEXT, …)`) keeps columns for fields
 * v2 no longer sends. A table is the API's when its name is a resource's (`results`, `interviews`) and at least two of
 * its columns are named for removed fields: a field of the table's resource or of a resource another column names
 * (`interview_token`), bare or with a unit (`height_cm`), or a part's field after the part's noun
 * (`top_condition_triage` for `potential_condition.triage`). A moved field's bare name is its new place's. Queries
 * and views over such a table (`COUNT(advice)`, `WHERE mode IN ('complaint', …)`) are sites too. All manual: the
 * table holds rows already loaded. A statement that names another service's address is left alone.
 */
export const sqlFrontEnd: FrontEnd = {
  id: 'sql',
  describe: "SQL files (.sql, and SQLDelight's .sq / .sqm) of a run that talks to the API: columns of the API's tables named for removed fields, their reads and mode values in queries; manual findings",
  // SQLDelight (Kotlin Multiplatform, Android) keeps a schema and its labelled queries in `.sq` files, migrations in `.sqm`.
  matches: (absPath) => /\.(?:sql|sq|sqm)$/i.test(absPath),
  // A DDL file names no address: it is read when the run's other files talk to the API.
  linked: (source, project) => !!project.poly && !project.poly.empty && /\bcreate\s+table\b/i.test(source),
  analyze: analyzeSql,
};

interface Statement {
  start: number;
  end: number;
  /** The text with comments and quoted strings blanked (offsets kept). */
  code: string;
  /** The text with only comments blanked. */
  text: string;
}

interface Column {
  name: string;
  start: number;
  end: number;
  site?: FieldSite;
}

const IDENT = String.raw`(?:"[^"]+"|\x60[^\x60]+\x60|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
const TABLE_NAME = String.raw`(${IDENT}(?:\s*\.\s*${IDENT})*)`;
const CONSTRAINT = /^(?:primary|foreign|unique|constraint|check|index|key|exclude|like|period)$/i;
const UNITS = /^(\w+?)_(?:cm|mm|m|in|inches|ft|kg|g|lb|lbs|pct|percent)$/;
/** A column that holds a row of another table by its key: the API's id field (`interview_token`), or a database's own. */
const OWN_KEY = new Set([api.idField, 'id', 'uuid', 'key']);

const unquote = (s: string) => s.replace(/^["`[]|["`\]]$/g, '');
const lastName = (qualified: string) => unquote(qualified.split('.').pop()!.trim());

function analyzeSql(input: FrontEndInput): FrontEndOutput {
  const file = new TextFile(input.source, input.changes, input.markers ? commentStyleFor(input.filePath) : null);
  plainTextAddresses(file, input, { rewrite: true });
  const vocab = vocabularyFor(input.changes);
  const hosts = apiHosts(input.config);
  const statements = split(input.source);
  const foreign = (s: Statement) =>
    [...input.source.slice(s.start, s.end).matchAll(/https?:\/\/([^/\s:'")]+)[^\s'")]*/gi)].some(
      (m) => findV1Urls(input.config, m[0]).length === 0 && !hosts.includes(m[1]!.toLowerCase()),
    );
  // The API's tables of this file, by their last name: their columns named for removed fields.
  const tables = new Map<string, Column[]>();
  for (const s of statements) {
    const m = new RegExp(String.raw`\bcreate\s+(?:(?:global\s+|local\s+)?(?:temporary|temp|unlogged|external)\s+)?table\s+(?:if\s+not\s+exists\s+)?${TABLE_NAME}\s*\(`, 'i').exec(s.code);
    if (!m || foreign(s)) continue;
    const name = lastName(m[1]!);
    const tie = modelTie(name);
    if (!tie) continue;
    const open = m.index + m[0].length - 1;
    const columns = columnsOf(s, open);
    const resources = new Set<ResourceName>([tie.resource, ...columns.flatMap((c) => ownedResource(c.name))]);
    for (const c of columns) c.site = columnSite(vocab, c.name, resources);
    const removed = columns.filter((c) => c.site && file.has(c.site.change.id));
    if (new Set(removed.map((c) => c.name)).size < 2) continue;
    tables.set(name.toLowerCase(), removed);
    for (const c of removed) file.manual(c.site!.change.id, s.start + c.start, s.start + c.end, c.site!.message, { subject: c.name });
  }
  if (tables.size > 0) for (const s of statements) queryOf(file, vocab, s, tables, foreign);
  return file.finish(input.markers);
}

/** Reads of the API's tables' removed columns, and mode values compared with the mode column, in a statement that reads one. */
function queryOf(file: TextFile, vocab: Vocabulary, s: Statement, tables: Map<string, Column[]>, foreign: (s: Statement) => boolean): void {
  if (/^\s*create\s+(?:(?:global\s+|local\s+)?(?:temporary|temp|unlogged|external)\s+)?table\b/i.test(s.code) || foreign(s)) return;
  const read = [...s.code.matchAll(new RegExp(String.raw`\b(?:from|join|update|into)\s+${TABLE_NAME}`, 'gi'))].map((m) => tables.get(lastName(m[1]!).toLowerCase())).filter((t): t is Column[] => !!t);
  if (read.length === 0) return;
  const byName = new Map(read.flat().map((c) => [c.name.toLowerCase(), c.site!] as const));
  // SQLDelight's labelled statement (`selectResult:` on the line above): markers go above the label, not between it and its statement.
  const label = /^\s*[A-Za-z_]\w*\s*:(?!:)/.exec(s.code);
  const anchor = label ? { anchor: s.start + label[0].search(/\S/) } : {};
  // Everything after the statement's head (a view's or an index's own name is no column).
  const body = /\bas\s+select\b|\bselect\b|\bset\b|\bwhere\b/i.exec(s.code)?.index ?? 0;
  for (const m of s.code.slice(body).matchAll(/(?<![\w.$"])([A-Za-z_][\w$]*)(?![\w$(])/g)) {
    const site = byName.get(m[1]!.toLowerCase());
    if (!site) continue;
    const at = s.start + body + m.index!;
    file.manual(site.change.id, at, at + m[1]!.length, site.message, { subject: m[1]!, ...anchor });
  }
  if (!vocab.modeResource) return;
  // `mode IN ('complaint', 'triage')`, `mode = 'safe'`, `mode <> 'complaint'`.
  const modeCol = new RegExp(String.raw`(?<![\w$])${vocab.modeField}\s*(?:not\s+)?(?:in\s*\(([^)]*)\)|(?:=|<>|!=)\s*('[^']*'))`, 'gi');
  for (const m of s.text.matchAll(modeCol)) {
    const list = m[1] ?? m[2]!;
    const offset = s.start + m.index! + m[0].lastIndexOf(list);
    for (const v of list.matchAll(/'([^']*)'/g)) {
      const mode = vocab.modes.get(v[1]!);
      if (!mode || !file.has(mode.change.id)) continue;
      const at = offset + v.index!;
      file.manual(mode.change.id, at, at + v[0].length, mode.message, { subject: v[0], ...anchor });
    }
  }
}

/** The column definitions inside a CREATE TABLE's parentheses (offsets within the statement). */
function columnsOf(s: Statement, open: number): Column[] {
  const out: Column[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open; i < s.code.length; i++) {
    const ch = s.code[i];
    if (ch === '(') depth++;
    else if (ch === ')' || (ch === ',' && depth === 1)) {
      if (ch === ')') depth--;
      if (depth <= 1) {
        const def = s.code.slice(from, i);
        const m = new RegExp(`^(\\s*)(${IDENT})`).exec(def);
        if (m && !CONSTRAINT.test(m[2]!)) out.push({ name: unquote(m[2]!), start: from + m[1]!.length, end: from + m[1]!.length + m[2]!.length });
        from = i + 1;
      }
      if (depth === 0) break;
    }
  }
  return out;
}

/** The resource a column's name says the row belongs to (`interview_token`, `result_id`). */
export function ownedResource(column: string): ResourceName[] {
  const w = words(column);
  if (w.length !== 2 || !OWN_KEY.has(w[1]!)) return [];
  return w[0]! in api.resources ? [w[0] as ResourceName] : [];
}

/** The removed field a column of a table of these resources is named for, or undefined. */
export function columnSite(vocab: Vocabulary, column: string, resources: ReadonlySet<ResourceName>, opts: { prefixedOnly?: boolean } = {}): FieldSite | undefined {
  const name = norm(column);
  const bare = vocab.fieldNames.has(name) ? name : UNITS.exec(name)?.[1];
  const candidates: { field: string; part: string | null }[] = [];
  if (bare && vocab.fieldNames.has(bare) && !opts.prefixedOnly) candidates.push({ field: bare, part: null });
  // `top_condition_triage`: a part's noun, then its field.
  const w = name.split('_');
  for (let i = w.length - 1; i > 0; i--) {
    const field = w.slice(i).join('_');
    if (vocab.fieldNames.has(field)) candidates.push({ field, part: w[i - 1]! });
  }
  for (const { field, part } of candidates) {
    for (const side of ['response', 'request'] as const) {
      const places = resourcesOfField(vocab, field, side).filter((p) => resources.has(p.resource) && (part === null ? true : partNamed(p.resource, p.path, part)));
      const sites = places.map((p) => vocab.fields(p.resource, p.path, side)[0]).filter((s): s is FieldSite => !!s);
      if (sites.length === 0 || !sites.every((x) => x.change.id === sites[0]!.change.id)) continue;
      const site = sites[0]!;
      // A moved field's bare name is the field at its new place (`triage` of a result is the top-level one).
      if (site.kind === 'moved' && part === null) continue;
      return site;
    }
  }
  return undefined;
}

/** Whether `word` is the noun of the part a field's path ends in (`condition` of `potential_condition`). */
function partNamed(resource: ResourceName, path: readonly string[], word: string): boolean {
  if (path.length < 2) return false;
  const parent = norm(path[path.length - 2]!);
  const subject = Object.values(api.subjects).find((s) => s.parent === resource && norm(s.path.filter((p) => p !== '*').pop()!) === parent);
  const nouns = new Set([parent, ...parent.split('_').slice(-1), ...(subject?.nouns ?? []).map(norm)]);
  return nouns.has(word);
}

/** Statements split at top-level semicolons; comments blanked in `text`, comments and strings in `code`. */
function split(source: string): Statement[] {
  let text = '';
  let code = '';
  for (let i = 0; i < source.length; ) {
    const two = source.slice(i, i + 2);
    let j = i + 1;
    if (two === '--') j = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
    else if (two === '/*') j = source.indexOf('*/', i + 2) < 0 ? source.length : source.indexOf('*/', i + 2) + 2;
    else if (source[i] === "'") {
      j = i + 1;
      while (j < source.length && !(source[j] === "'" && source[j + 1] !== "'")) j += source[j] === "'" ? 2 : 1;
      j = Math.min(source.length, j + 1);
      const chunk = source.slice(i, j);
      text += chunk;
      code += chunk.replace(/[^\n]/g, ' ');
      i = j;
      continue;
    } else {
      text += source[i];
      code += source[i];
      i = j;
      continue;
    }
    const blank = source.slice(i, j).replace(/[^\n]/g, ' ');
    text += blank;
    code += blank;
    i = j;
  }
  const out: Statement[] = [];
  let start = 0;
  for (let i = 0; i <= code.length; i++) {
    if (i === code.length || code[i] === ';') {
      if (code.slice(start, i).trim()) out.push({ start, end: i, code: code.slice(start, i), text: text.slice(start, i) });
      start = i + 1;
    }
  }
  return out;
}
