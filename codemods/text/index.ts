import * as path from 'node:path';
import { api, getChange, selectChanges, type Change } from '../../catalogue';
import type { Config } from '../../config';
import { UrlMapper } from '../../config/urls';
import type { Finding, MigrateOptions, MigrateResult } from '../types';

/**
 * Migration of configuration text files: `.env*`, JSON and YAML. Only exact configured addresses change:
 * a v1 base address (and whatever path follows it) becomes the v2 base of the same environment; the value
 * of an audience key that is exactly a v1 audience becomes the v2 audience. The edit is made inside the
 * value's characters, line by line, so quoting, comments, indentation, key order and line endings stay as
 * they were. A value that is exactly a bare v1 host (no `/api/` path) is reported as a manual site; text
 * files get no marker comment (JSON has no comments), so it appears in reports and summaries only.
 */

export type TextFormat = 'env' | 'json' | 'yaml';

/** The text format of a file, by name, or null when it is not one this module migrates. */
export function textFormatOf(filePath: string): TextFormat | null {
  const base = path.basename(filePath).toLowerCase();
  if (base.startsWith('.env')) return 'env';
  const ext = path.extname(base);
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return null;
}

export function isTextFile(filePath: string): boolean {
  return textFormatOf(filePath) !== null;
}

/** A key names an audience when one of its words is `aud`, `audience` or `audiences` (not `audit`). */
export function isAudienceKey(key: string | null): boolean {
  if (!key) return false;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const field = api.tokenRequest.audienceField;
  return words.some((w) => w === field.slice(0, 3) || w === field || w === `${field}s`);
}

/** A scalar value inside one line: `[start, end)` offsets in the line, and the key it belongs to. */
interface Scalar {
  start: number;
  end: number;
  key: string | null;
}

const mappers = new WeakMap<Config, UrlMapper>();
function mapperFor(config: Config): UrlMapper {
  let m = mappers.get(config);
  if (!m) mappers.set(config, (m = new UrlMapper(config)));
  return m;
}

/**
 * Rewrite v1 addresses in a `.env`, JSON or YAML text. Never throws on malformed input: lines it cannot
 * read are left as they are.
 */
export function migrateText(source: string, options: MigrateOptions): MigrateResult {
  const format = textFormatOf(options.filePath) ?? 'env';
  const changes: Change[] = selectChanges(options.only);
  const baseId = getChange('base-url').id;
  const audienceId = getChange('token-audience').id;
  const doBase = changes.some((c) => c.id === baseId);
  const doAudience = changes.some((c) => c.id === audienceId);
  const hostOnlyMessage = baseUrlRuleMessage();
  const mapper = mapperFor(options.config);
  const findings: Finding[] = [];
  const scanner = format === 'json' ? jsonScanner() : format === 'yaml' ? yamlScanner() : envScanner();

  const lines = source.split(/(?<=\n)/);
  const out: string[] = [];
  lines.forEach((raw, index) => {
    const eol = /\r?\n$/.exec(raw)?.[0] ?? '';
    const line = raw.slice(0, raw.length - eol.length);
    const scalars = scanner(line);
    if (scalars.length === 0) {
      out.push(raw);
      return;
    }
    let result = '';
    let cursor = 0;
    for (const s of scalars) {
      const value = line.slice(s.start, s.end);
      let replacement: string | null = null;
      let change: string | null = null;
      let message = '';
      if (isAudienceKey(s.key)) {
        const hit = doAudience ? mapper.mapAudience(value) : null;
        if (hit && value.trim() === value) {
          replacement = hit.to;
          change = audienceId;
          message = `v1 token audience (${hit.env}) replaced by the v2 audience`;
        }
      } else if (doBase && mapper.hasV1Base(value)) {
        const r = mapper.rewriteBases(value);
        if (r.text !== value) {
          replacement = r.text;
          change = baseId;
          message = `v1 base address (${[...new Set(r.envs)].join(', ')}) replaced by the v2 base address`;
        }
      }
      // Positions are in the original text (what a report on it points at), end exclusive like the engine's.
      const column = s.start + 1;
      const endColumn = s.end + 1;
      if (replacement !== null && change !== null) {
        result += line.slice(cursor, s.start) + replacement;
        cursor = s.end;
        findings.push({
          line: index + 1,
          column,
          endLine: index + 1,
          endColumn,
          change,
          fix: 'auto',
          message,
          replacement,
        });
      } else if (doBase && mapper.isBareV1Host(value)) {
        findings.push({
          line: index + 1,
          column,
          endLine: index + 1,
          endColumn,
          change: baseId,
          fix: 'manual',
          message: hostOnlyMessage,
        });
      }
    }
    out.push(result + line.slice(cursor) + eol);
  });
  return { output: out.join(''), findings };
}

function baseUrlRuleMessage(): string {
  for (const rule of getChange('base-url').rules) if (rule.kind === 'base-url') return rule.hostOnlyMessage;
  return getChange('base-url').title;
}

/** Offset of the closing quote of a string opened at `open`, or -1. */
function closingQuote(line: string, open: number): number {
  const q = line[open]!;
  for (let i = open + 1; i < line.length; i++) {
    if (line[i] === '\\' && q !== "'") i++;
    else if (line[i] === q) {
      if (q === "'" && line[i + 1] === "'") i++; // YAML '' escape
      else return i;
    }
  }
  return -1;
}

/** The scalar that starts at `from` (after spaces): quoted contents, or plain text up to ` #` / end. */
function scalarAt(line: string, from: number, key: string | null, comments: boolean): Scalar | null {
  let i = from;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  if (i >= line.length) return null;
  const c = line[i]!;
  if (c === '"' || c === "'" || c === '`') {
    const close = closingQuote(line, i);
    return close < 0 ? null : { start: i + 1, end: close, key };
  }
  let end = line.length;
  if (comments) {
    const m = /\s#/.exec(line.slice(i));
    if (m) end = i + m.index;
  }
  while (end > i && /\s/.test(line[end - 1]!)) end--;
  return end > i ? { start: i, end, key } : null;
}

/** `KEY=value`, `export KEY="value"`; comment lines skipped. */
function envScanner(): (line: string) => Scalar[] {
  return (line) => {
    const m = /^(\s*(?:export\s+)?)([A-Za-z_][\w.-]*)(\s*=)/.exec(line);
    if (!m) return [];
    const s = scalarAt(line, m[0].length, m[2]!, true);
    return s ? [s] : [];
  };
}

/** Every string literal of a JSON line; a literal followed by `:` is a key, the others are values of the last key. */
function jsonScanner(): (line: string) => Scalar[] {
  let lastKey: string | null = null;
  return (line) => {
    const out: Scalar[] = [];
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== '"') continue;
      const close = closingQuote(line, i);
      if (close < 0) break;
      const text = line.slice(i + 1, close);
      if (/^\s*:/.test(line.slice(close + 1))) lastKey = text;
      else out.push({ start: i + 1, end: close, key: lastKey });
      i = close;
    }
    return out;
  };
}

/**
 * `key: value`, `- value`, `- key: value`, flow lists `[a, "b"]`, and the lines of block scalars (`|`, `>`).
 * A list item belongs to the last key that had no value on its own line.
 */
function yamlScanner(): (line: string) => Scalar[] {
  let parentKey: string | null = null;
  let block: { indent: number; key: string | null } | null = null;
  return (line) => {
    const indent = /^\s*/.exec(line)![0].length;
    if (block) {
      if (line.trim() === '' || indent > block.indent) {
        const end = line.trimEnd().length;
        return end > indent ? [{ start: indent, end, key: block.key }] : [];
      }
      block = null;
    }
    if (/^\s*(#|$|---|\.\.\.)/.test(line)) return [];
    const item = /^\s*(?:-(?:\s+|$))*/.exec(line)![0];
    const rest = line.slice(item.length);
    const kv = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},:][^#]*?)\s*:(?=\s|$)/.exec(rest);
    let key: string | null;
    let from: number;
    if (kv) {
      key = kv[1]!.replace(/^["']|["']$/g, '');
      from = item.length + kv[0].length;
      if (line.slice(from).trim() === '' || /^\s*#/.test(line.slice(from))) {
        parentKey = key;
        return [];
      }
    } else {
      key = parentKey;
      from = item.length;
    }
    const valueStart = from + (/^\s*/.exec(line.slice(from))?.[0].length ?? 0);
    const first = line[valueStart];
    if (first === '|' || first === '>') {
      block = { indent, key };
      return [];
    }
    if (first === '[' || first === '{') return flowScalars(line, valueStart + 1, key);
    const s = scalarAt(line, from, key, true);
    return s ? [s] : [];
  };
}

/** Items of a one-line flow collection; in a flow mapping, `k: v` items take their own key. */
function flowScalars(line: string, from: number, key: string | null): Scalar[] {
  const out: Scalar[] = [];
  let i = from;
  while (i < line.length) {
    while (i < line.length && /[\s,]/.test(line[i]!)) i++;
    const c = line[i];
    if (c === undefined || c === ']' || c === '}' || c === '#') break;
    let s: Scalar | null;
    if (c === '"' || c === "'") {
      const close = closingQuote(line, i);
      if (close < 0) break;
      s = { start: i + 1, end: close, key };
      i = close + 1;
    } else {
      const m = /^[^,\]}#]*/.exec(line.slice(i))![0];
      const end = i + m.trimEnd().length;
      s = end > i ? { start: i, end, key } : null;
      i += m.length;
    }
    // `k: v` inside a flow mapping: the part after `: ` is the value of k.
    if (s && /:\s/.test(line.slice(s.start, s.end))) {
      const text = line.slice(s.start, s.end);
      const colon = text.search(/:\s/);
      const itemKey = text.slice(0, colon).replace(/^["']|["']$/g, '');
      const v = scalarAt(line, s.start + colon + 1, itemKey, false);
      s = v ? { ...v, end: Math.min(v.end, s.end) } : null;
    }
    if (s) out.push(s);
  }
  return out;
}
