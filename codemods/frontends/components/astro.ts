import { ParseError } from '../../types';
import type { Extracted, ScriptBlock } from './blocks';
import { byteToChar, complement } from './ranges';
import type { TemplateExpression } from './template-reads';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- Astro's AST is walked generically; its sync API is CommonJS. */

type AstroParse = (source: string, opts: { position: boolean }) => { ast: any; diagnostics?: { severity: number; text: string; location?: { line: number; column: number } }[] };
let astroParse: AstroParse | null = null;

/**
 * An Astro component, read with Astro's own compiler (`@astrojs/compiler/sync`, WebAssembly): the frontmatter
 * (TypeScript), `<script>` blocks, and the template's `{…}` expressions. The compiler reports byte offsets;
 * they are turned into character offsets.
 */
export function extractAstro(source: string, filePath: string): Extracted {
  astroParse ??= (require('@astrojs/compiler/sync') as { parse: AstroParse }).parse;
  let result: ReturnType<AstroParse>;
  try {
    result = astroParse(source, { position: true });
  } catch (err) {
    throw new ParseError(`${filePath}: ${(err as Error).message}`);
  }
  const error = result.diagnostics?.find((d) => d.severity === 1);
  if (error) throw new ParseError(`${filePath}: ${error.text}`, error.location?.line, error.location?.column);
  const char = byteToChar(source);
  const scripts: ScriptBlock[] = [];
  const skip: { start: number; end: number }[] = [];
  const fm = /^(\s*---[^\S\r\n]*\r?\n)([\s\S]*?)^---/m.exec(source);
  if (fm && fm.index === 0) {
    scripts.push({ start: fm[1]!.length, end: fm[1]!.length + fm[2]!.length, parser: 'ts' });
    skip.push({ start: 0, end: fm[0].length });
  }
  const expressions: TemplateExpression[] = [];
  const walk = (node: any, anchor: number) => {
    const start = node.position ? char(node.position.start.offset) : anchor;
    if (node.type === 'element' && (node.name === 'script' || node.name === 'style')) {
      const text = node.children?.[0];
      const isScript = node.name === 'script' && !node.attributes?.some((a: any) => a.name === 'src' || (a.name === 'type' && !/module|javascript/.test(a.value)));
      if (isScript && text?.type === 'text' && text.position) {
        const s = char(text.position.start.offset);
        scripts.push({ start: s, end: s + text.value.length, parser: 'ts' });
      }
      if (node.position?.end) skip.push({ start, end: char(node.position.end.offset) });
      return;
    }
    const own = node.type === 'element' || node.type === 'component' ? start : anchor;
    if (node.type === 'expression') {
      for (const c of node.children ?? []) {
        if (c.type === 'text' && c.position) expressions.push({ text: c.value, start: char(c.position.start.offset), anchor: own });
      }
    }
    for (const a of node.attributes ?? []) {
      if (a.kind === 'expression' && a.position) {
        const at = source.indexOf(a.value, char(a.position.start.offset));
        if (at >= 0) expressions.push({ text: a.value, start: at, anchor: own });
      }
    }
    for (const c of node.children ?? []) if (c.type !== 'frontmatter') walk(c, own);
  };
  walk(result.ast, 0);
  return { scripts, expressions, aliases: [], templateRanges: complement(skip, source.length) };
}
