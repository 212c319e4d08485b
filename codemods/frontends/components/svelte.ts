import { lazyModule } from '../../../lib/lazy';
import { ParseError } from '../../types';
import { parserForLang, type Extracted, type ScriptBlock } from './blocks';
import { complement } from './ranges';
import type { TemplateAlias, TemplateExpression } from './template-reads';
import type { ComponentProp } from './handed';

/* eslint-disable @typescript-eslint/no-explicit-any -- Svelte's legacy AST is walked generically. */

/** Svelte's compiler, loaded with the first component (100 ms of start-up otherwise). */
const svelte = lazyModule<typeof import('svelte/compiler')>('svelte/compiler');

/** A Svelte component, read with Svelte's own parser: instance and module scripts, and the markup's expressions. */
export function extractSvelte(source: string, filePath: string): Extracted {
  let ast: any;
  try {
    ast = svelte().parse(source, { filename: filePath });
  } catch (err) {
    const e = err as Error & { start?: { line: number; column: number } };
    throw new ParseError(`${filePath}: ${e.message}`, e.start?.line, e.start ? e.start.column + 1 : undefined);
  }
  const scripts: ScriptBlock[] = [];
  const skip: { start: number; end: number }[] = [];
  for (const s of [ast.module, ast.instance]) {
    if (!s) continue;
    // The legacy AST keeps no script attributes: read `lang` from the opening tag.
    const lang = /\blang\s*=\s*["']?(\w+)/.exec(source.slice(s.start, s.content.start))?.[1];
    scripts.push({ start: s.content.start, end: s.content.end, parser: parserForLang(lang) });
    skip.push({ start: s.start, end: s.end });
  }
  if (ast.css) skip.push({ start: ast.css.start, end: ast.css.end });
  const expressions: TemplateExpression[] = [];
  const aliases: TemplateAlias[] = [];
  const props: ComponentProp[] = [];
  const walk = (node: any, anchor: number) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const c of node) walk(c, anchor);
      return;
    }
    const own = node.type === 'Element' || node.type === 'InlineComponent' || node.type === 'SlotTemplate' || /Block$/.test(node.type ?? '') ? node.start : anchor;
    // `<ProfileSummary marketplace={interview.marketplace} {profile} title="x" />`: what the child is handed.
    if (node.type === 'InlineComponent' && typeof node.name === 'string') {
      for (const a of node.attributes ?? []) {
        if (a.type !== 'Attribute') continue;
        const v = Array.isArray(a.value) && a.value.length === 1 ? a.value[0] : null;
        const e = v && (v.type === 'MustacheTag' || v.type === 'AttributeShorthand') ? v.expression : null;
        props.push({ component: node.name, prop: a.name, text: e ? source.slice(e.start, e.end) : null });
      }
    }
    const e = node.expression;
    if (e && typeof e.start === 'number' && typeof e.end === 'number') {
      const text = source.slice(e.start, e.end);
      // `bind:value={detail}`: a two-way binding, as Vue's `v-model`.
      expressions.push({ text, start: e.start, anchor: own, ...(node.type === 'Binding' && node.name === 'value' ? { directive: 'model' } : {}) });
      if (node.type === 'EachBlock' && node.context?.type === 'Identifier') aliases.push({ name: node.context.name, of: text });
    }
    for (const key of ['children', 'attributes', 'value', 'else', 'then', 'catch', 'pending']) if (key in node) walk(node[key], own);
  };
  walk(ast.html, 0);
  return { scripts, expressions, aliases, templateRanges: complement(skip, source.length), props };
}
