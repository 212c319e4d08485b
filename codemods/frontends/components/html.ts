import { parse } from 'parse5';
import type { Extracted, ScriptBlock } from './blocks';
import { forAlias } from './aliases';
import { complement } from './ranges';
import { mustaches, templateSegments } from './templates';
import type { TemplateAlias, TemplateExpression } from './template-reads';

/* eslint-disable @typescript-eslint/no-explicit-any -- parse5's tree is walked generically. */

const JS_TYPES = /^(|text\/javascript|application\/javascript|module|text\/babel|application\/x-javascript)$/i;
/** Attributes whose value is an expression in the template languages that live in .html files. */
const EXPRESSION_ATTR = /^(?:v-[\w-]+|:[\w.-]+|@[\w.-]+|\*ng\w+|\[[\w.-]+\]|\(\w+\)|ng-[\w-]+|x-[\w-]+|:?bind:[\w-]+)$/;
const LOOP_ATTR = /^(?:v-for|\*ngFor|ng-repeat|x-for)$/;

/**
 * An HTML page, read with parse5 (the WHATWG parser): inline `<script>` blocks (not `src=`) go through the JS
 * engine; `{{ … }}` interpolations and expression attributes (Angular, Vue, AngularJS, Alpine templates kept
 * in .html files) are read for removed fields.
 */
export function extractHtml(source: string): Extracted {
  const doc = parse(source, { sourceCodeLocationInfo: true });
  const scripts: ScriptBlock[] = [];
  const skip: { start: number; end: number }[] = [];
  const expressions: TemplateExpression[] = [];
  const aliases: TemplateAlias[] = [];
  const walk = (node: any, anchor: number) => {
    const loc = node.sourceCodeLocation;
    const own = node.tagName && loc ? loc.startOffset : anchor;
    if (node.tagName === 'script' || node.tagName === 'style') {
      const attrs = Object.fromEntries((node.attrs ?? []).map((a: any) => [a.name, a.value]));
      const text = node.childNodes?.[0];
      if (node.tagName === 'script' && !('src' in attrs) && JS_TYPES.test(attrs.type ?? '') && text?.sourceCodeLocation) {
        scripts.push({ start: text.sourceCodeLocation.startOffset, end: text.sourceCodeLocation.endOffset, parser: 'babylon' });
      }
      if (loc) skip.push({ start: loc.startOffset, end: loc.endOffset });
      return;
    }
    if (node.nodeName === '#text' && loc && /\{\{|\{%|<%/.test(node.value)) {
      const segs = templateSegments(source.slice(loc.startOffset, loc.endOffset));
      for (const m of segs.expressions) expressions.push({ ...m, start: m.start + loc.startOffset, anchor });
      aliases.push(...segs.aliases);
    }
    for (const a of node.attrs ?? []) {
      const at = loc?.attrs?.[a.name];
      if (!at) continue;
      const raw = source.slice(at.startOffset, at.endOffset);
      const q = raw.search(/=\s*["']?/);
      if (q < 0) continue;
      const valueStart = at.startOffset + q + /=\s*["']?/.exec(raw.slice(q))![0].length;
      if (EXPRESSION_ATTR.test(a.name)) {
        expressions.push({ text: a.value, start: valueStart, anchor: own });
        if (LOOP_ATTR.test(a.name)) {
          const alias = forAlias(a.value);
          if (alias) aliases.push(alias);
        }
      } else if (a.value.includes('{{')) {
        for (const m of mustaches(a.value)) expressions.push({ ...m, start: m.start + valueStart, anchor: own });
      }
    }
    for (const c of node.childNodes ?? []) walk(c, own);
    if (node.content) walk(node.content, own);
  };
  walk(doc, 0);
  return { scripts, expressions, aliases, templateRanges: complement(skip, source.length) };
}
