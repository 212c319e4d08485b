import { forAlias } from './aliases';
import type { TemplateAlias } from './template-reads';

/**
 * Angular's built-in control flow in template text: `@if (interview()?.profile; as profile) {`, `@else if (…)`,
 * `@for (o of q.options; track o.id) {`, `@switch (mode())`, `@case ('complaint')`, `@let r = result();`. Each
 * header's expression is read like an interpolation; `as x` in an `@if` names the value itself, `x of list` in a
 * `@for` an item of the list, `@let x = …` the value.
 */

export interface ControlFlow {
  expressions: { text: string; start: number }[];
  aliases: TemplateAlias[];
}

const HEADER = /@(?:if|else\s+if|for|switch|case)\s*\(|@let\s+([A-Za-z_$][\w$]*)\s*=/g;

export function controlFlow(text: string): ControlFlow {
  const out: ControlFlow = { expressions: [], aliases: [] };
  if (!text.includes('@')) return out;
  for (const m of text.matchAll(HEADER)) {
    const open = m.index + m[0].length;
    if (m[1]) {
      // `@let name = expr;`
      const end = text.indexOf(';', open);
      if (end < 0) continue;
      const expr = text.slice(open, end);
      out.expressions.push({ text: expr, start: open });
      out.aliases.push({ name: m[1], of: expr.trim(), same: true });
      continue;
    }
    const close = matchingParen(text, open);
    if (close < 0) continue;
    const inner = text.slice(open, close);
    const semi = inner.indexOf(';');
    const head = semi < 0 ? inner : inner.slice(0, semi);
    if (/^@for/.test(m[0])) {
      const alias = forAlias(head);
      if (!alias) continue;
      const at = head.lastIndexOf(alias.of);
      out.expressions.push({ text: alias.of, start: open + at });
      out.aliases.push(alias);
      continue;
    }
    out.expressions.push({ text: head, start: open });
    const as = semi < 0 ? null : /^\s*as\s+([A-Za-z_$][\w$]*)\s*$/.exec(inner.slice(semi + 1));
    if (as) out.aliases.push({ name: as[1]!, of: head.trim(), same: true });
  }
  return out;
}

/** The offset of the `)` closing the parenthesis opened just before `from`, or -1. */
function matchingParen(text: string, from: number): number {
  let depth = 1;
  let quote = '';
  for (let i = from; i < text.length && i < from + 2000; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}
