import { isModeKey, isValueContext } from './value-context';
import { computedKeys, constantUses, keyedProperties, namedModeMembers, siblingMembers, stringLiterals } from './value-sites';
import type { RuleImpl } from './types';

/** Enumerated values that no longer exist: every use as a value of the field, and every map key, is marked. */
export const valueRemoved: RuleImpl<'value-removed'> = (ctx, change, rule) => {
  stringLiterals(ctx, new Set(rule.values), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    ctx.manual(change, path, rule.message, n, n.value);
  });
  // Uses of constants holding a removed value are sites too (the definition is reported where it is written).
  constantUses(ctx, rule.field, rule.values, (use, ref) => ctx.manual(change, use, rule.message, use.node, ref.value));
  // `cfg.modes.TRIAGE` of a config no file of the run defines here: the value its name spells.
  namedModeMembers(ctx, rule.field, rule.values, (use, value) => {
    if (!ctx.claimed.has(use.node)) ctx.manual(change, use, rule.message, use.node, value);
  });
  // The other members of an enum the file uses as the field (`CheckMode.Safe` beside a used `CheckMode.Symptoms`).
  siblingMembers(ctx, rule.field, new Set(rule.values), (path) => {
    if (!ctx.claimed.has(path.node)) ctx.manual(change, path, rule.message, path.node, path.node.value);
  });
  keyedProperties(ctx, new Set(rule.values), (prop, key) => {
    if (ctx.claimed.has(prop.node.key) || !isModeKey(ctx, prop)) return;
    ctx.manual(change, prop, rule.message, prop.node.key, key);
  });
  computedKeys(ctx, new Set(rule.values), (prop, ref) => {
    if (!ctx.claimed.has(prop.node.key) && isModeKey(ctx, prop)) ctx.manual(change, prop, rule.message, prop.node.key, ref.value);
  });
};
