import { isCall, isMember, keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { constRef, type ConstRef } from '../ties/constants';
import { isValueContext } from './value-context';
import { isModeName } from '../ties/names';
import { words } from '../words';
import { namesAnotherThing } from '../ties/mode-types';
import { namesOtherServiceOnly, storedAsOtherThing, untiedModeObject } from './untied-mode';

/** Where a value of the API can stand in a file: its string literals, the keys of maps keyed by it, constants holding it. */

/** Every string literal whose value is one of `values`. */
export function stringLiterals(ctx: FileContext, values: Set<string>, visit: (path: Path, n: Node) => void): void {
  ctx.nodesOf('StringLiteral').forEach((p: Path) => {
    if (values.has(p.node.value)) visit(p, p.node);
  });
  ctx.nodesOf('Literal').forEach((p: Path) => {
    if (typeof p.node.value === 'string' && values.has(p.node.value)) visit(p, p.node);
  });
  // The traversal does not enter class members' decorators: `@IsIn(['complaint', 'safe']) mode!: string`.
  ctx.nodesOf('ClassProperty', 'PropertyDefinition').forEach((member: Path) => {
    (member.node.decorators ?? []).forEach((d: Node, i: number) => {
      const call = d.expression;
      if (!isCall(call)) return;
      call.arguments.forEach((arg: Node, a: number) => {
        if (arg.type !== 'ArrayExpression') return;
        arg.elements.forEach((el: Node, k: number) => {
          if (el && STRING_LITERALS.has(el.type) && values.has(el.value)) visit(member.get('decorators', i, 'expression', 'arguments', a, 'elements', k), el);
        });
      });
    });
  });
}
const STRING_LITERALS = new Set(['StringLiteral', 'Literal']);

/** Every object property whose key is one of `values` (a map keyed by mode). */
export function keyedProperties(ctx: FileContext, values: Set<string>, visit: (prop: Path, key: string) => void): void {
  ctx.nodesOf('ObjectProperty', 'Property').forEach((p: Path) => {
    const key = keyName(p.node);
    if (key !== null && values.has(key) && !p.node.computed) visit(p, key);
  });
}

/**
 * Every object property whose computed key names a constant holding one of `values` (`[InterviewModes.Safe]:
 * 'Safety check'`, `[DEFAULT_MODE]: …`): a map keyed by mode that spells its keys with the mode constants.
 */
export function computedKeys(ctx: FileContext, values: Set<string>, visit: (prop: Path, ref: ConstRef) => void): void {
  ctx.nodesOf('ObjectProperty', 'Property').forEach((p: Path) => {
    if (!p.node.computed || (p.node.key.type !== 'Identifier' && !isMember(p.node.key))) return;
    const ref = constRef(ctx, p.get('key'));
    if (ref && ref.name && values.has(ref.value)) visit(p, ref);
  });
}

/**
 * A constant handed on under a name, not used: `module.exports = { START_MODE }`, `exports.START_MODE = START_MODE`
 * (an `export { START_MODE }` list is no expression). Its uses are where the importing files read it.
 */
function exportedAsIs(p: Path): boolean {
  if (p.node.type !== 'Identifier') return false;
  const prop = parentOf(p);
  if (prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property') && prop.node.value === p.node) {
    const obj = parentOf(prop);
    const assign = obj ? parentOf(obj) : null;
    return !!assign && assign.node.type === 'AssignmentExpression' && assign.node.right === obj!.node && isModuleExports(assign.node.left);
  }
  return !!prop && prop.node.type === 'AssignmentExpression' && prop.node.right === p.node && isMember(prop.node.left) && (isModuleExports(prop.node.left.object) || (prop.node.left.object.type === 'Identifier' && prop.node.left.object.name === 'exports'));
}

const isModuleExports = (n: Node): boolean =>
  isMember(n) && n.object.type === 'Identifier' && n.object.name === 'module' && n.property.type === 'Identifier' && n.property.name === 'exports';

/**
 * Expressions in a value context of the field that name a constant holding one of `values`: `MODES.COMPLAINT`,
 * `InterviewMode.Safe`, an imported `DEFAULT_MODE`. Not another thing's: a use of a map of another thing's values
 * (`otherThingsHolders`), or one in an untied object of a file that names only another service or of a record
 * stored as another thing.
 */
export function constantUses(ctx: FileContext, field: string, values: string | readonly string[] | null, visit: (use: Path, ref: ConstRef) => void): void {
  const wanted = values === null ? null : new Set(typeof values === 'string' ? [values] : values);
  const others = otherThingsHolders(ctx, field);
  for (const { use, ref } of constantRefs(ctx, field)) {
    if (wanted && !wanted.has(ref.value)) continue;
    const holder = holderOf(ref.name!);
    if ((holder && others.has(holder)) || (untiedModeObject(ctx, use, field) && (namesOtherServiceOnly(ctx) || storedAsOtherThing(use)))) continue;
    visit(use, ref);
  }
}

function constantRefs(ctx: FileContext, field: string): { use: Path; ref: ConstRef }[] {
  const out: { use: Path; ref: ConstRef }[] = [];
  for (const p of ctx.nodesOf('MemberExpression', 'OptionalMemberExpression', 'Identifier')) {
    const n = p.node;
    if (n.type === 'Identifier' && isMember(parentOf(p)?.node) && parentOf(p)!.node.property === n) continue;
    if (exportedAsIs(p) || !isValueContext(ctx, p, field)) continue;
    const ref = constRef(ctx, p);
    if (ref && ref.name) out.push({ use: p, ref });
  }
  return out;
}

/** The map a constant's name goes through (`HELPDESK_TICKET_MODES` of `HELPDESK_TICKET_MODES.COMPLAINT`), or null. */
function holderOf(name: string): string | null {
  const members = name.split('.');
  return members.length > 1 ? members[members.length - 2]! : null;
}

const holdersMemo = new WeakMap<FileContext, Map<string, Set<string>>>();

/**
 * Constant maps of another thing's values of the field: named for another thing (`HELPDESK_TICKET_MODES`,
 * `TicketModes`) and used in an object nothing in the file ties to this API (`{ subject, mode: mode ||
 * HELPDESK_TICKET_MODES.COMPLAINT }` of a ticket builder). Every use of such a map is that thing's
 * (`fileTicket(subject, HELPDESK_TICKET_MODES.FOLLOW_UP)` too): neither rewritten nor reported.
 */
function otherThingsHolders(ctx: FileContext, field: string): Set<string> {
  let byField = holdersMemo.get(ctx);
  if (!byField) holdersMemo.set(ctx, (byField = new Map()));
  let out = byField.get(field);
  if (out) return out;
  out = new Set();
  for (const { use, ref } of constantRefs(ctx, field)) {
    const holder = holderOf(ref.name!);
    if (holder && !out.has(holder) && namesAnotherThing(holder) && untiedModeObject(ctx, use, field)) out.add(holder);
  }
  byField.set(field, out);
  return out;
}

/**
 * The members of this file's enums and constant maps that the file uses as the field (`{ mode: CheckMode.Symptoms }`):
 * such an enum is the field's type, so its other members holding one of `values` (`Safe = 'safe'`) are the field's
 * values where they are written, used or not. Each is visited once, with the literal's path.
 */
export function siblingMembers(ctx: FileContext, field: string, values: Set<string>, visit: (literal: Path) => void): void {
  const holders = new Set<Node>();
  const byHolder: Path[] = [];
  constantUses(ctx, field, null, (_use, ref) => {
    const member = ref.literal && !ref.external ? parentOf(ref.literal) : null;
    const holder = member && ['TSEnumMember', 'ObjectProperty', 'Property'].includes(member.node.type) ? parentOf(member) : null;
    if (!holder || holders.has(holder.node) || !['TSEnumDeclaration', 'TSEnumBody', 'ObjectExpression'].includes(holder.node.type)) return;
    holders.add(holder.node);
    byHolder.push(holder);
  });
  for (const holder of byHolder) {
    const key = holder.node.type === 'ObjectExpression' ? 'properties' : 'members';
    (holder.node[key] ?? []).forEach((m: Node, i: number) => {
      const init = m.type === 'TSEnumMember' ? m.initializer : m.value;
      if (init && STRING_LITERALS.has(init.type) && values.has(init.value)) visit(holder.get(key, i, m.type === 'TSEnumMember' ? 'initializer' : 'value'));
    });
  }
}

/**
 * Members of a mode-named map whose definition this file cannot see (`cfg.modes.TRIAGE` of a global config another
 * script sets, `Modes.Safe` of a module outside the run), in a value context of the field, whose member name spells
 * one of `values` (`TRIAGE`, `Safe`): the value that name says. Only for reports (nothing is rewritten by a name).
 */
export function namedModeMembers(ctx: FileContext, field: string, values: readonly string[], visit: (use: Path, value: string) => void): void {
  for (const p of ctx.nodesOf('MemberExpression', 'OptionalMemberExpression')) {
    const n = p.node;
    if (n.computed || n.property.type !== 'Identifier') continue;
    const holder = n.object.type === 'Identifier' ? n.object.name : isMember(n.object) && !n.object.computed && n.object.property.type === 'Identifier' ? n.object.property.name : null;
    if (!holder || !isModeName(holder)) continue;
    const value = words(n.property.name).join('_');
    if (!values.includes(value) || constRef(ctx, p) || !isValueContext(ctx, p, field)) continue;
    visit(p, value);
  }
}
