import * as path from 'node:path';
import type { CommentStyle } from '../../markers';
import { forAlias } from './aliases';
import type { Extracted } from './blocks';
import type { TemplateAlias } from './template-reads';

/**
 * Server-side template languages (Django/Jinja/Nunjucks/Twig/Liquid `{{ }}` and `{% %}`, ERB/EJS `<%= %>`,
 * Handlebars/Mustache `{{ }}`): their expression tags are read for removed fields; loop tags give aliases
 * (`{% for o in question.options %}`, `<% @question['options'].each do |o| %>`). Nothing else is parsed.
 */

const TAGS = /\{\{-?([\s\S]*?)-?\}\}|\{%-?([\s\S]*?)-?%\}|<%[=-]?([\s\S]*?)-?%>/g;

export interface Segment {
  text: string;
  start: number;
}

/** Expression tags of a text, with offsets of their inside, and the loop aliases they declare. */
export function templateSegments(text: string): { expressions: Segment[]; aliases: TemplateAlias[] } {
  const expressions: Segment[] = [];
  const aliases: TemplateAlias[] = [];
  for (const m of text.matchAll(TAGS)) {
    const inner = digAsKeys(m[1] ?? m[2] ?? m[3] ?? '');
    if (/^\s*[#!]/.test(inner)) continue; // a comment tag
    const start = m.index + m[0].indexOf(inner);
    expressions.push({ text: inner, start });
    const loop = /^\s*for\s+(.+)$/s.exec(inner);
    const alias = loop ? forAlias(loop[1]!) : null;
    if (alias) aliases.push(alias);
    const each = /([@$]?[\w.[\]'"]+)\.each(?:_with_index)?\s+do\s*\|\s*(\w+)/.exec(inner);
    if (each) aliases.push({ name: each[2]!, of: each[1]! });
    // `<% pc = @result.potential_condition %>`, `{% set pc = result.potential_condition %}`: a name for the value itself.
    const set = /^\s*(?:set\s+)?([A-Za-z_]\w*)\s*=(?!=)\s*([@$]?[A-Za-z_][\w.[\]'" ]*?)\s*$/.exec(inner);
    if (set) aliases.push({ name: set[1]!, of: set[2]!, same: true });
    // Django's `{% with pc=result.triage_explanation.potential_condition other=… %}`.
    const w = /^\s*with\s+(.*)$/s.exec(inner);
    for (const a of w ? w[1]!.matchAll(/([A-Za-z_]\w*)=([A-Za-z_][\w.]*)/g) : []) aliases.push({ name: a[1]!, of: a[2]!, same: true });
  }
  return { expressions, aliases };
}

/**
 * Ruby's `h.dig("profile", "height")` (or `dig(:profile, :height)`) written as the keys it reads,
 * `h[   "profile"]["height"]`, the same length so offsets hold; left as it is when the keys would not fit.
 */
function digAsKeys(text: string): string {
  return text.replace(/\.dig\(\s*((?:(?:"\w+"|'\w+'|:\w+)\s*,\s*)*(?:"\w+"|'\w+'|:\w+))\s*\)/g, (all, args: string) => {
    const keys = [...args.matchAll(/["':](\w+)/g)].map((k) => `["${k[1]}"]`);
    const body = keys.join('');
    if (body.length > all.length) return all;
    return `[${' '.repeat(all.length - body.length)}${body.slice(1)}`;
  });
}

/** `{{ … }}` interpolations of a text (Angular, Vue, AngularJS and Django templates in .html files). */
export function mustaches(text: string): Segment[] {
  return templateSegments(text).expressions;
}

/** Comment syntax of each template language, by file extension (the configuration templates share it). */
export const TEMPLATE_COMMENTS: Record<string, CommentStyle> = {
  twig: { open: '{#', close: '#}' },
  jinja: { open: '{#', close: '#}' },
  jinja2: { open: '{#', close: '#}' },
  j2: { open: '{#', close: '#}' },
  njk: { open: '{#', close: '#}' },
  erb: { open: '<%#', close: '%>' },
  ejs: { open: '<%#', close: '%>' },
  hbs: { open: '{{!--', close: '--}}' },
  handlebars: { open: '{{!--', close: '--}}' },
  mustache: { open: '{{!', close: '}}' },
};

export const TEMPLATE_EXTENSIONS = [...Object.keys(TEMPLATE_COMMENTS), 'liquid'];

export function templateCommentStyle(filePath: string): CommentStyle | null {
  return TEMPLATE_COMMENTS[path.extname(filePath).slice(1).toLowerCase()] ?? null;
}

/** A server-side template file: its expression tags, each anchored on its own line. */
export function extractTemplate(source: string, filePath: string): Extracted {
  const { expressions, aliases } = templateSegments(source);
  return {
    scripts: [],
    expressions: expressions.map((e) => ({ ...e, anchor: e.start })),
    aliases,
    templateRanges: [{ start: 0, end: source.length }],
    style: templateCommentStyle(filePath),
  };
}
