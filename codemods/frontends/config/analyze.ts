import * as path from 'node:path';
import { findV1Urls } from '../../../config/urls';
import type { FrontEndInput, FrontEndOutput } from '../../../lib/types';
import type { CommentStyle } from '../../markers';
import { keyRole } from '../../roles';
import { commentStyleFor } from '../comments';
import { keyBefore, mapperFor, rewriteOccurrence } from '../text';
import { TextFile } from '../text-file';
import { isApiBase } from './calls';
import { composition, keyAgrees, planSplits, refConflicts, valueAddresses, type AddressContext } from './addresses';
import { Emitter } from './emit';
import { norm, type ConfigValue, type NameUse, type Parsed, type Span } from './model';
import { subjectMaps, valueRules } from './rules';
import { localUses, ValueGraph } from './values';

/**
 * The shared analysis of configuration files: a reader (one module per format family) turns the text into
 * values with key paths and references; this module decides what each value is to v2 (addresses by role,
 * modes, statuses, switches), adds the sites the reader found itself (API calls in scripts), and returns the
 * edited text, the findings, and the uses of names this file makes, for the other files of the run.
 */

export interface ConfigOutput extends FrontEndOutput {
  nameUses: NameUse[];
}

export interface AnalyzeOptions {
  /** Comment syntax for markers (default: by file name). */
  style?: CommentStyle | null;
  /** False: report only (every edit becomes a manual site that says what to write). */
  rewrite?: boolean;
  /** Makes a marker's message safe for the file's comments. */
  safe?: (message: string) => string;
  /** Anchor names of values (YAML `&x`), for aliases. */
  anchors?: ReadonlyMap<ConfigValue, string>;
}

export function analyzeConfig(input: FrontEndInput, parsed: Parsed, opts: AnalyzeOptions = {}): ConfigOutput {
  const rewrite = opts.rewrite ?? true;
  const style = opts.style === undefined ? commentStyleFor(input.filePath) : opts.style;
  const file = new TextFile(input.source, input.changes, style);
  const emit = new Emitter(file, rewrite, opts.safe);
  const mapper = mapperFor(input.config);
  const graph = new ValueGraph(input.source, parsed.values, opts.anchors);
  const lineOf = (offset: number) => file.lines.lineCol(offset).line;
  const own = localUses(graph, lineOf, path.basename(input.filePath));
  for (const u of own) graph.own.add(u);
  const uses = [...own, ...(input.nameUses ?? []).filter((u) => !u.defines)];
  const base = { source: input.source, config: input.config, mapper, graph, uses, lineOf };
  const ctx: AddressContext = { ...base, emit, splits: planSplits(base) };
  const rules = { emit, source: input.source, config: input.config, changes: input.changes, graph };
  const reportOnly = new Emitter(file, false, opts.safe);

  for (const v of parsed.values) {
    const c = v.commented ? { ...ctx, emit: reportOnly } : ctx;
    valueAddresses(c, v);
    refConflicts(c, v);
    composition(c, v);
    valueRules(v.commented ? { ...rules, emit: reportOnly } : rules, v);
  }
  subjectMaps(rules, parsed.values);
  for (const k of parsed.keys ?? []) {
    for (const o of findV1Urls(input.config, input.source.slice(k.start, k.end))) {
      const r = rewriteOccurrence(mapper, o, []);
      emit.manual(r.change, k.start + o.start, k.start + o.end, `a v1 address in a key (keys are never rewritten): ${r.message}`);
    }
  }
  for (const s of parsed.sites ?? []) {
    if (s.text !== undefined) emit.fix(s.change, s.start, s.end, s.text, s.message, { role: s.role, anchor: s.anchor });
    else emit.manual(s.change, s.start, s.end, s.message, { anchor: s.anchor, subject: s.subject });
  }
  // The most specific stretch first: a script inside a structure, a here-doc inside a script, then the whole file.
  const spans = [...(parsed.looseSpans ?? []), ...(parsed.loose ? [{ start: 0, end: input.source.length, anchor: undefined }] : [])];
  if (spans.length > 0) {
    const covered: Span[] = [...parsed.values, ...(parsed.keys ?? []), ...(parsed.skip ?? [])];
    for (const o of findV1Urls(input.config, input.source)) {
      const span = spans.find((s) => o.start >= s.start && o.end <= s.end);
      if (!span || covered.some((c) => o.start < c.end && o.end > c.start)) continue;
      const line = file.lines.lineCol(o.start);
      const before = file.lines.lineText(line.line).slice(0, line.column - 1);
      const key = keyRole(keyBefore(before));
      const r = keyAgrees(rewriteOccurrence(mapper, o, [key]), key);
      const anchor = span.anchor;
      if (r.text !== null) emit.fix(r.change, o.start, o.end, r.text, r.message, { role: r.role === 'base' || r.role === 'audience' ? r.role : undefined, anchor });
      else emit.manual(r.change, o.start, o.end, r.message, { anchor });
    }
  }
  const out = file.finish(input.markers && rewrite);
  return { ...out, nameUses: [...own, ...baseDefinitions(input, parsed.values, lineOf)] };
}

/**
 * The names this file sets to the API's base address as a whole (`baseUrl: https://…/api/`), for the request files
 * of its folder (of its collection, for an environment file under `environments/`).
 */
function baseDefinitions(input: FrontEndInput, values: readonly ConfigValue[], lineOf: (offset: number) => number): NameUse[] {
  const out: NameUse[] = [];
  const where = path.basename(input.filePath);
  const dir = path.dirname(input.filePath);
  const scope = path.basename(dir) === 'environments' ? path.dirname(dir) : dir;
  for (const v of values) {
    const name = v.path[v.path.length - 1];
    if (!name || v.list || !isApiBase(input.config, input.source.slice(v.start, v.end).trim())) continue;
    out.push({ name: norm(name), role: 'base', defines: true, scope, at: `${where}:${lineOf(v.start)} (${name})` });
  }
  return out;
}
