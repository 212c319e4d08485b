import * as path from 'node:path';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../../lib/types';
import type { CommentStyle } from '../../markers';
import { commentStyleFor } from '../comments';
import { TEMPLATE_COMMENTS } from '../components/templates';
import { analyzeConfig } from './analyze';
import { configFrontEnds, mayMatter, readers } from './index';
import { scanRefs } from './refs';

/**
 * Templates of configuration files (`symptom-checker.env.j2`, `application.yml.tmpl`, `settings.json.tpl`):
 * read as the format their name ends in before the template's extension, with the template's directives
 * (`{% … %}`, `{# … #}`) blanked to the same length and its expressions (`{{ name }}`) read as references, so
 * `SC_AUDIENCE={{ sc_api_base }}` uses sc_api_base as the audience. Markers are comments of the format when it
 * has them (they survive rendering), else of the template language.
 */

/** Go templates' comments; the Jinja family's come from the server-template front-end's table. */
const GO_TEMPLATE: CommentStyle = { open: '{{/*', close: '*/}}' };
const TEMPLATE_EXTENSIONS: Record<string, CommentStyle> = {
  j2: TEMPLATE_COMMENTS.j2!,
  jinja: TEMPLATE_COMMENTS.jinja!,
  jinja2: TEMPLATE_COMMENTS.jinja2!,
  njk: TEMPLATE_COMMENTS.njk!,
  tmpl: GO_TEMPLATE,
  tpl: GO_TEMPLATE,
  gotmpl: GO_TEMPLATE,
};

/** The config front-end of a template's inner format, and the path without the template's extension. */
function inner(absPath: string): { fe: FrontEnd; innerPath: string; style: CommentStyle } | null {
  const ext = path.extname(absPath).slice(1).toLowerCase();
  const style = TEMPLATE_EXTENSIONS[ext];
  if (!style) return null;
  const innerPath = absPath.slice(0, -(ext.length + 1));
  if (!path.extname(innerPath) && !path.basename(innerPath).startsWith('.env')) return null;
  const fe = configFrontEnds.find((f) => f.matches(innerPath));
  return fe ? { fe, innerPath, style } : null;
}

/** Directives blanked to the same length; in JSON, an expression outside quotes becomes a number. */
export function blankDirectives(source: string, json: boolean): string {
  let out = source.replace(/\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g, (m) => m.replace(/[^\n]/g, ' '));
  if (json) out = out.replace(/([:[,]\s*)(\{\{[\s\S]*?\}\})/g, (_m, before: string, expr: string) => before + '0' + expr.slice(1).replace(/[^\n]/g, ' '));
  return out;
}

export const configTemplateFrontEnd: FrontEnd = {
  id: 'config-template',
  describe: 'templates of configuration files (x.env.j2, x.yml.tmpl, x.json.tpl): read as their format, {{ name }} as references, directives blanked',
  matches: (absPath) => inner(absPath) !== null,
  analyze(input: FrontEndInput): FrontEndOutput {
    const i = inner(input.filePath)!;
    const blanked = blankDirectives(input.source, i.fe.id === 'json');
    const { parsed, opts } = readers.get(i.fe)!(blanked, { ...input, source: blanked, filePath: i.innerPath });
    for (const v of parsed.values) {
      const more = scanRefs(input.source, v.start, v.end, ['jinja']).filter((r) => !v.refs.some((o) => o.start <= r.start && o.end >= r.end));
      v.refs = [...v.refs, ...more].sort((a, b) => a.start - b.start);
    }
    const style = opts?.style === null ? null : (opts?.style ?? commentStyleFor(i.innerPath) ?? i.style);
    return analyzeConfig(input, parsed, { ...opts, style });
  },
  selects: (source, config) => mayMatter(config, source),
  readsNameUses: true,
};
