import { innerRange } from '../ast';
import * as path from 'node:path';
import type { FileContext } from '../file';
import { isModeKey, isValueContext } from './value-context';
import { computedKeys, constantUses, keyedProperties, siblingMembers, stringLiterals } from './value-sites';
import type { RuleImpl } from './types';
import { namesOtherServiceOnly, storedAsOtherThing, untiedModeObject } from './untied-mode';

/**
 * An enumerated value renamed: the string is rewritten where it is used as a value of the field (at its
 * definition, when it is a member of a constant map or enum), and so is the key of a map keyed by the field.
 */
export const valueRenamed: RuleImpl<'value-renamed'> = (ctx, change, rule) => {
  const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
  stringLiterals(ctx, new Set([rule.from]), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    if (untiedModeObject(ctx, path, rule.field)) {
      if (namesOtherServiceOnly(ctx) || storedAsOtherThing(path)) return;
      ctx.manual(change, path, `${message} in v2, but nothing in this file ties this object to the interview (it may be another thing's ${rule.field}): rename it if it is sent to the Symptom Checker`, n, n.value);
      return;
    }
    const { start, end } = innerRange(n);
    ctx.fix(change, start, end, rule.to, message, n);
  });
  // Uses of constants (`{ mode: MODES.COMPLAINT }`, `mode === InterviewMode.Complaint`, imported or not): the
  // value is renamed where it is written, the use is reported.
  constantUses(ctx, rule.field, rule.from, (use, ref) => {
    const where = ref.external ? `${relative(ctx, ref.external.file)}:${ref.external.line}` : `line ${ctx.lines.lineCol(ref.literal!.node.start).line}`;
    if (ref.literal && !ctx.claimed.has(ref.literal.node)) {
      const { start, end } = innerRange(ref.literal.node);
      ctx.fix(change, start, end, rule.to, `${message} where \`${ref.name}\` is defined (it is used as the ${rule.field} at line ${ctx.lines.lineCol(use.node.start).line})`, ref.literal.node);
    }
    // A constant of another file that is itself another constant (`INITIAL_MODE = MODES.COMPLAINT`): that line is
    // the site, reported in its own file; a use of the alias is one more step away and is left alone.
    if (ref.external?.alias) return;
    ctx.note(change, use.node, `\`${ref.name}\` is the ${rule.field} '${rule.from}': renamed '${rule.to}' where it is defined (${where}); this use needs no edit`, where);
  });
  // A member of an enum the file uses as the field, though not this member (`Complaint = 'complaint'` beside a used
  // `CheckMode.Symptoms`): the enum is the field's type, its value is renamed where it is written.
  siblingMembers(ctx, rule.field, new Set([rule.from]), (path) => {
    if (ctx.claimed.has(path.node)) return;
    const { start, end } = innerRange(path.node);
    ctx.fix(change, start, end, rule.to, `${message} (a member of an enum used as the ${rule.field})`, path.node);
  });
  keyedProperties(ctx, new Set([rule.from]), (prop) => {
    const k = prop.node.key;
    if (ctx.claimed.has(k) || !isModeKey(ctx, prop)) return;
    const range = k.type === 'Identifier' ? { start: k.start, end: k.end } : innerRange(k);
    ctx.fix(change, range.start, range.end, rule.to, `${message} (a key of a map by ${rule.field})`, k);
  });
  // `[InterviewModes.Complaint]: 'Describe your symptoms'`: the key is the constant, renamed where it is written.
  computedKeys(ctx, new Set([rule.from]), (prop, ref) => {
    if (ctx.claimed.has(prop.node.key) || !isModeKey(ctx, prop)) return;
    const where = ref.external ? `${relative(ctx, ref.external.file)}:${ref.external.line}` : `line ${ctx.lines.lineCol(ref.literal!.node.start).line}`;
    ctx.note(change, prop.node.key, `\`${ref.name}\` is the ${rule.field} '${rule.from}': renamed '${rule.to}' where it is defined (${where}); this key needs no edit`, where);
  });
};

function relative(ctx: FileContext, file: string): string {
  return path.relative(path.dirname(ctx.filePath), file).split(path.sep).join('/');
}
