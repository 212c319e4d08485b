import type { TemplateAlias } from './template-reads';
import type { Segment } from './templates';
import { forAlias } from './aliases';
import { matchParen } from './brackets';

/**
 * Vapor's Leaf templates (`.leaf`): `#(interview.profile.race)` and the tags that take an expression (`#if(…):`,
 * `#elseif(…):`, `#unless(…):`, `#count(…)`, `#for(item in result.advice):`, whose loop names an alias), read as
 * the other template languages' expression tags are. `\#(` is Leaf's escape; `#extend`, `#export`, `#import` and
 * `#raw` name blocks, not values. Leaf has no comment tag: its markers go in HTML comments.
 */

const LEAF_TAG = /#([A-Za-z]\w*)?\(/g;
const NAMING = new Set(['extend', 'export', 'import', 'raw', 'date']);

export function leafSegments(text: string): { expressions: Segment[]; aliases: TemplateAlias[] } {
  const expressions: Segment[] = [];
  const aliases: TemplateAlias[] = [];
  for (const m of text.matchAll(LEAF_TAG)) {
    if (text[m.index - 1] === '\\' || NAMING.has(m[1] ?? '')) continue;
    const open = m.index + m[0].length - 1;
    const close = matchParen(text, open);
    if (close < 0) continue;
    const inner = text.slice(open + 1, close);
    expressions.push({ text: inner, start: open + 1 });
    if (m[1] === 'for') {
      const alias = forAlias(inner);
      if (alias) aliases.push(alias);
    }
  }
  return { expressions, aliases };
}
