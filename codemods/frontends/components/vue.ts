import { lazyModule } from '../../../lib/lazy';
import { ParseError } from '../../types';
import { parserForLang, type Extracted, type ScriptBlock } from './blocks';
import { forAlias } from './aliases';
import type { TemplateAlias, TemplateExpression } from './template-reads';
import type { ComponentProp } from './handed';

/* eslint-disable @typescript-eslint/no-explicit-any -- Vue's template AST is walked by node type numbers. */

/** Vue's SFC compiler, loaded with the first component (100 ms of start-up otherwise). */
const sfc = lazyModule<typeof import('@vue/compiler-sfc')>('@vue/compiler-sfc');

const ELEMENT = 1;
const INTERPOLATION = 5;
const DIRECTIVE = 7;
const ATTRIBUTE = 6;
const COMPONENT = 1;

/** A Vue single-file component, read with Vue's own SFC parser: `<script>`, `<script setup>` and the template. */
export function extractVue(source: string, filePath: string): Extracted {
  const { descriptor, errors } = sfc().parse(source, { filename: filePath, sourceMap: false, ignoreEmpty: false });
  if (errors.length > 0) {
    const e = errors[0] as Error & { loc?: { start: { line: number; column: number } } };
    throw new ParseError(`${filePath}: ${e.message}`, e.loc?.start.line, e.loc ? e.loc.start.column : undefined);
  }
  const scripts: ScriptBlock[] = [descriptor.script, descriptor.scriptSetup]
    .filter((b): b is NonNullable<typeof b> => !!b && !b.src)
    .map((b) => ({ start: b.loc.start.offset, end: b.loc.end.offset, parser: parserForLang(b.lang) }));
  const expressions: TemplateExpression[] = [];
  const aliases: TemplateAlias[] = [];
  const template = descriptor.template;
  const templateRanges: { start: number; end: number }[] = [];
  const props: ComponentProp[] = [];
  if (template && !template.src && (!template.lang || template.lang === 'html')) {
    templateRanges.push({ start: template.loc.start.offset, end: template.loc.end.offset });
    const walk = (node: any, parentStart: number) => {
      if (node.type === INTERPOLATION && node.content?.loc) {
        expressions.push({ text: node.content.loc.source, start: node.content.loc.start.offset, anchor: parentStart });
      }
      const own = node.type === ELEMENT ? node.loc.start.offset : parentStart;
      // `<ResultCard :result="result" title="x" />`: what the child is handed.
      if (node.type === ELEMENT && node.tagType === COMPONENT) {
        for (const p of node.props ?? []) {
          if (p.type === ATTRIBUTE) props.push({ component: node.tag, prop: p.name, text: null });
          else if (p.type === DIRECTIVE && p.name === 'bind' && p.arg?.isStatic) props.push({ component: node.tag, prop: p.arg.content, text: p.exp?.loc ? p.exp.loc.source : p.arg.content });
        }
      }
      for (const p of node.props ?? []) {
        if (p.type !== DIRECTIVE || !p.exp?.loc) continue;
        const text: string = p.exp.loc.source;
        if (p.name === 'for') {
          const a = forAlias(text);
          if (a) aliases.push(a);
        }
        expressions.push({ text, start: p.exp.loc.start.offset, anchor: own, directive: p.name });
      }
      for (const c of node.children ?? []) walk(c, own);
    };
    for (const c of template.ast?.children ?? []) walk(c, template.loc.start.offset);
  }
  return { scripts, expressions, aliases, templateRanges, props };
}
