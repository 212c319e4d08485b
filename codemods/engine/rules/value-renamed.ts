import { innerRange } from '../ast';
import { isValueContext, stringLiterals } from './value-context';
import type { RuleImpl } from './types';

/** An enumerated value renamed: the string is rewritten where it is used as a value of the field. */
export const valueRenamed: RuleImpl<'value-renamed'> = (ctx, change, rule) => {
  stringLiterals(ctx, new Set([rule.from]), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    const { start, end } = innerRange(n);
    ctx.fix(change, start, end, rule.to, `${rule.field} '${rule.from}' renamed '${rule.to}'`, n);
  });
};
