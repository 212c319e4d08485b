import * as path from 'node:path';
import type { CommentStyle } from '../../markers';
import { forAlias } from './aliases';
import type { Extracted } from './blocks';
import { leafSegments } from './leaf';
import type { TemplateAlias } from './template-reads';

/**
 * Server-side template languages (Django/Jinja/Nunjucks/Twig/Liquid `{{ }}` and `{% %}`, ERB/EJS `<%= %>`,
 * Handlebars/Mustache `{{ }}`): their expression tags are read for removed fields; loop tags give aliases
 * (`{% for o in question.options %}`, `<% @question['options'].each do |o| %>`), and so do the tags that name a
 * value (`{% with pc=result.triage_explanation.potential_condition %}`, `{% set pc = … %}`, `<% pc = … %>`,
 * `<% const pc = … %>`). Ruby's `dig("a", "b")` reads as `["a"]["b"]`. Nothing else is parsed.
 */

const TAGS = /\{\{-?([\s\S]*?)-?\}\}|\{%-?([\s\S]*?)-?%\}|<%[=-]?([\s\S]*?)-?%>/g;

/** The opener of a Handlebars block (`#if `, `#each `, `else if `, `^`) or Mustache section (`#`), and what it reads. */
const BLOCK_OPENER = /^(\s*(?:[#^](?:(?:if|unless|each|with|let|each-in)\s+)?|else\s+(?:if|unless)\s+))([\s\S]*)$/;

export interface Segment {
  text: string;
  start: number;
}

/** Expression tags of a text, with offsets of their inside, and the loop aliases they declare. */
export function templateSegments(text: string): { expressions: Segment[]; aliases: TemplateAlias[] } {
  const expressions: Segment[] = [];
  const aliases: TemplateAlias[] = [];
  for (const m of text.matchAll(TAGS)) {
    const inner = m[1] ?? m[2] ?? m[3] ?? '';
    // Handlebars/Glimmer block helpers and Mustache sections read their argument: `{{#if @result.advice}}`,
    // `{{#each @question.options as |o|}}`, `{{else if x.test}}`, `{{#advice}}`.
    const block = m[1] !== undefined ? BLOCK_OPENER.exec(inner) : null;
    if (block) {
      const arg = block[2]!.replace(/\s+as\s*\|[^|]*\|\s*$/, '');
      if (arg.trim()) expressions.push({ text: arg, start: m.index + m[0].indexOf(inner) + block[1]!.length });
      continue;
    }
    if (/^\s*[#!]/.test(inner)) continue; // a comment tag
    const start = m.index + m[0].indexOf(inner);
    expressions.push({ text: digAsIndex(inner), start });
    aliases.push(...valueAliases(inner));
    const loop = /^\s*for\s+(.+)$/s.exec(inner);
    // EEx's comprehension: `<%= for pc <- @result.potential_conditions do %>`.
    const comprehension = /^\s*for\s+([A-Za-z_]\w*)\s*<-\s*(.+?)\s+do\s*$/s.exec(inner);
    const alias = comprehension ? { name: comprehension[1]!, of: comprehension[2]! } : loop ? forAlias(loop[1]!) : null;
    if (alias) aliases.push(alias);
    const each = /([@$]?[\w.[\]'"]+)\.each(?:_with_index)?\s+do\s*\|\s*(\w+)/.exec(inner);
    if (each) aliases.push({ name: each[2]!, of: each[1]! });
  }
  return { expressions, aliases };
}

const NAME = '[A-Za-z_$][\\w$]*';
const VALUE = '[@$]?[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*|\\[[^\\]\\n]*\\]|\\.dig\\([^)\\n]*\\))*';

/** Tags that name a value: Django `with a=x b=y` / `with x as a`, Jinja/Twig/Nunjucks `set a = x`, ERB `a = x`, EJS `const a = x`. */
function valueAliases(inner: string): TemplateAlias[] {
  const out: TemplateAlias[] = [];
  const text = digAsIndex(inner).trim();
  const withTag = /^with\s+(.+)$/s.exec(text);
  if (withTag) {
    for (const m of withTag[1]!.matchAll(new RegExp(`(${NAME})\\s*=\\s*(${VALUE})`, 'g'))) out.push({ name: m[1]!, of: m[2]!, same: true });
    const old = new RegExp(`^(${VALUE})\\s+as\\s+(${NAME})$`).exec(withTag[1]!.trim());
    if (old) out.push({ name: old[2]!, of: old[1]!, same: true });
    return out;
  }
  const set = new RegExp(`^(?:set|const|let|var)?\\s*(${NAME})\\s*=(?!=)\\s*(${VALUE})\\s*;?$`).exec(text);
  if (set) out.push({ name: set[1]!, of: set[2]!, same: true });
  return out;
}

/**
 * Ruby's `x.dig("a", :b, 0)` as the index chain it reads (`x["a"]["b"][0]`), padded to the same length so that
 * offsets stay; left as it is where the chain would be longer.
 */
export function digAsIndex(text: string): string {
  if (!text.includes('.dig(')) return text;
  return text.replace(/\.dig\(\s*((?:(?:"[\w-]*"|'[\w-]*'|:\w+|\d+)\s*,\s*)*(?:"[\w-]*"|'[\w-]*'|:\w+|\d+))\s*\)/g, (all, args: string) => {
    const keys = args.split(',').map((a) => a.trim());
    let out = keys.map((k) => (/^\d+$/.test(k) ? `[${k}]` : `["${k.replace(/^[:"']|["']$/g, '')}"]`)).join('');
    if (out.length > all.length) return all;
    out = out.slice(0, -1) + ' '.repeat(all.length - out.length) + ']';
    return out;
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
  // Elixir's EEx and Phoenix's LiveView templates: `<%= @result["advice"] %>`.
  eex: { open: '<%#', close: '%>' },
  leex: { open: '<%#', close: '%>' },
  heex: { open: '<%#', close: '%>' },
  hbs: { open: '{{!--', close: '--}}' },
  handlebars: { open: '{{!--', close: '--}}' },
  mustache: { open: '{{!', close: '}}' },
  // Vapor's Leaf (`#(result.advice)`, leaf.ts): no comment tag of its own; its pages are HTML.
  leaf: { open: '<!--', close: '-->' },
};

export const TEMPLATE_EXTENSIONS = [...Object.keys(TEMPLATE_COMMENTS), 'liquid'];

export function templateCommentStyle(filePath: string): CommentStyle | null {
  return TEMPLATE_COMMENTS[path.extname(filePath).slice(1).toLowerCase()] ?? null;
}

/** A server-side template file: its expression tags, each anchored on its own line. */
export function extractTemplate(source: string, filePath: string): Extracted {
  const { expressions, aliases } = path.extname(filePath).toLowerCase() === '.leaf' ? leafSegments(source) : templateSegments(source);
  return {
    scripts: [],
    expressions: expressions.map((e) => ({ ...e, anchor: e.start })),
    aliases,
    templateRanges: [{ start: 0, end: source.length }],
    style: templateCommentStyle(filePath),
  };
}
