import { innerRange } from '../ast';
import { isModeKey, isValueContext, keyedProperties, stringLiterals } from './value-context';
import type { RuleImpl } from './types';

/**
 * An enumerated value renamed: the string is rewritten where it is used as a value of the field (at its
 * definition, when it is a member of a constant map or enum), and so is the key of a map keyed by the field.
 */
export const valueRenamed: RuleImpl<'value-renamed'> = (ctx, change, rule) => {
  const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
  stringLiterals(ctx, new Set([rule.from]), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    const { start, end } = innerRange(n);
    ctx.fix(change, start, end, rule.to, message, n);
  });
  keyedProperties(ctx, new Set([rule.from]), (prop) => {
    const k = prop.node.key;
    if (ctx.claimed.has(k) || !isModeKey(ctx, prop)) return;
    const range = k.type === 'Identifier' ? { start: k.start, end: k.end } : innerRange(k);
    ctx.fix(change, range.start, range.end, rule.to, `${message} (a key of a map by ${rule.field})`, k);
  });
};
