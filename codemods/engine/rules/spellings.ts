import type { Rule } from '../../../catalogue';

/**
 * A rule as the code may spell its field: the rule itself, then one copy per other spelling the catalogue gives
 * (`options.*.preselected_value` beside `options.*.preselected`), its messages naming the field as the code does.
 */
export function spelledRules(rule: Rule): Rule[] {
  if (rule.kind === 'response-field-removed' && rule.spellings?.length) {
    const field = rule.path[rule.path.length - 1]!;
    return [rule, ...rule.spellings.map((s) => ({ ...rule, path: [...rule.path.slice(0, -1), s], message: rename(rule.message, field, s) }))];
  }
  if (rule.kind === 'obsolete-filter' && rule.spellings?.length) return [rule, ...rule.spellings.map((s) => ({ ...rule, field: s }))];
  return [rule];
}

const rename = (message: string, field: string, spelling: string) => message.split(`\`${field}\``).join(`\`${spelling}\``);
