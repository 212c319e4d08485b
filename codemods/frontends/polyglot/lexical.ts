import * as path from 'node:path';
import { api, rulesOfKind, type Change } from '../../../catalogue';
import { findV1Urls } from '../../../config/urls';
import type { FrontEndInput } from '../../../lib/types';
import type { Finding } from '../../types';
import { TextFile } from '../text-file';

/**
 * Source in a language without a parser here (Objective-C, Scala, Elixir, C, Lua…) read by its tokens: its string
 * literals. A file that speaks to this API — it holds a v1 address, or a literal that is one of the API's resource
 * paths (`@"interviews/%@/"`, `"/api/complaints/"`) — is reported, in reports only (no marker in a file nobody
 * parsed), at each literal that names what v2 changed: a removed or moved field (`objectForKey:@"advice"`), a
 * renamed or removed mode on a line that says mode (`kModeComplaint = @"complaint"`), and a status v2 no
 * longer answers on a line that compares one (`statusCode == 202`). Nothing is rewritten: these are pointers for
 * a person, beside the file-level finding that says the file was not parsed.
 */

interface Needle {
  change: string;
  message: string;
  /** Only on a line that names the mode field (`@"safe"` is a mode there; `@"triage"` is also a result's field). */
  modeLine?: boolean;
}

/** Languages that write strings in single quotes too. */
const SINGLE_QUOTED = new Set(['lua', 'r', 'pl', 'pm', 'ex', 'exs', 'groovy', 'cr', 'nim', 'erl']);

let needlesMemo: Map<string, Needle[]> | null = null;

/** The literal texts the catalogue names, each with the changes it stands for. */
function needles(): Map<string, Needle[]> {
  if (needlesMemo) return needlesMemo;
  const out = new Map<string, Needle[]>();
  const add = (text: string, n: Needle) => {
    const list = out.get(text) ?? [];
    if (!list.some((x) => x.change === n.change)) list.push(n);
    out.set(text, list);
  };
  for (const { change, rule } of rulesOfKind('request-field-removed')) add(rule.path[rule.path.length - 1]!, { change: change.id, message: rule.message });
  for (const { change, rule } of rulesOfKind('response-field-removed')) {
    for (const name of [rule.path[rule.path.length - 1]!, ...(rule.spellings ?? [])]) add(name, { change: change.id, message: rule.message });
  }
  for (const { change, rule } of rulesOfKind('response-field-moved')) add(rule.from[rule.from.length - 1]!, { change: change.id, message: rule.message });
  for (const { change, rule } of rulesOfKind('value-renamed')) {
    add(rule.from, { change: change.id, message: `${rule.field} '${rule.from}' renamed '${rule.to}'`, modeLine: rule.field === api.modeField });
  }
  for (const { change, rule } of rulesOfKind('value-removed')) {
    for (const v of rule.values) add(v, { change: change.id, message: rule.message, modeLine: rule.field === api.modeField });
  }
  return (needlesMemo = out);
}

/** Statuses v2 no longer answers where v1 did, specific enough to be read as such (not a generic 400). */
function retiredStatuses(changes: readonly Change[]): Map<number, Needle> {
  const out = new Map<number, Needle>();
  for (const { change, rule } of rulesOfKind('status-changed', changes)) {
    if (rule.from >= 200 && rule.from < 300) out.set(rule.from, { change: change.id, message: rule.message });
  }
  return out;
}

/** A literal given as a description, a log line or a title (`expectationWithDescription:@"msg"`, `NSLog(@"extra")`): words, not a key. */
const PROSE_BEFORE = /(?:description|log|print|title|label)\w*\s*[:(]\s*$/i;

/** A relative path to one of the API's resources (`interviews/%@/`, `$base/complaints/`); an absolute URL says its host itself. */
const RESOURCE_PATH = new RegExp(`^(?![a-z]+://)(?:.*/)?(?:${Object.values(api.resources).map((r) => r.segment).join('|')})(?:/|$|\\?)`);

export function lexicalSites(input: FrontEndInput): Finding[] {
  const ext = path.extname(input.filePath).slice(1).toLowerCase();
  const source = input.source;
  const quote = SINGLE_QUOTED.has(ext) ? /@?"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g : /@?"((?:[^"\\\n]|\\.)*)"/g;
  const literals: { start: number; end: number; text: string }[] = [];
  for (const m of source.matchAll(quote)) {
    if (isCommentLine(source, m.index!)) continue;
    literals.push({ start: m.index!, end: m.index! + m[0].length, text: m[1] ?? m[2] ?? '' });
  }
  const speaks = findV1Urls(input.config, source).length > 0 || literals.some((l) => RESOURCE_PATH.test(l.text));
  if (!speaks) return [];
  const file = new TextFile(source, input.changes, null);
  const why = `(found by its text: sc-migrate has no parser for .${ext} files; check it by hand)`;
  const wanted = needles();
  for (const l of literals) {
    const found = wanted.get(l.text) ?? [];
    // A mode's name (`@"triage"`) is only read as a mode, on a line that says mode; a result keeps a `triage` of its own.
    const asMode = found.some((n) => n.modeLine);
    if (found.length === 0 || PROSE_BEFORE.test(source.slice(Math.max(0, l.start - 40), l.start))) continue;
    for (const n of found) {
      if (!file.has(n.change) || (asMode && !n.modeLine) || (n.modeLine && !/mode/i.test(lineOf(source, l.start)))) continue;
      file.manual(n.change, l.start, l.end, `${n.message} ${why}`, { subject: l.text, marker: false });
    }
  }
  for (const [status, n] of retiredStatuses(input.changes)) {
    for (const m of source.matchAll(new RegExp(`(?:==|!=|case)\\s*${status}\\b|\\b${status}\\s*(?:==|!=)`, 'g'))) {
      if (file.has(n.change) && !isCommentLine(source, m.index!)) file.manual(n.change, m.index!, m.index! + m[0].length, `${n.message} ${why}`, { marker: false });
    }
  }
  return file.finish(false).findings;
}

function lineOf(source: string, at: number): string {
  const start = source.lastIndexOf('\n', at - 1) + 1;
  const end = source.indexOf('\n', at);
  return source.slice(start, end < 0 ? source.length : end);
}

/** A line that starts with a comment (`//`, `#`, `--`, `%`, `;`, `*` inside a block comment). */
function isCommentLine(source: string, at: number): boolean {
  return /^\s*(?:\/\/|#(?!import|include|define|if|else|endif|pragma)|--|%|;|\*|\/\*)/.test(lineOf(source, at));
}
