import { rulesOfKind } from '../../../catalogue';
import { calleeName, enclosingFunction, isCall, keyName, parentOf, stringValue, type Path } from '../ast';
import type { FileContext } from '../file';
import { isModeName } from './names';

/**
 * A map of modes that can only be this API's: named for a mode (`MODES`, `INTERVIEW_MODES`, not `TICKET_MODES`)
 * and holding at least two of the mode values v2 renamed or removed (`complaint`, `safe`, …, from the catalogue).
 * A constants module that holds one (`return { MODES: { COMPLAINT: 'complaint', SAFE: 'safe' } }`) deals with the
 * API even when it names nothing else of it.
 */
export function holdsApiModeMap(ctx: FileContext): boolean {
  const values = new Set<string>();
  for (const { rule } of rulesOfKind('value-renamed')) values.add(rule.from);
  for (const { rule } of rulesOfKind('value-removed')) for (const v of rule.values) values.add(v);
  return ctx.nodesOf('ObjectExpression').some((obj: Path) => {
    const name = mapName(obj) ?? moduleValueName(ctx, obj);
    if (!name || !isModeName(name)) return false;
    const seen = new Set<string>();
    for (const p of obj.node.properties ?? []) {
      const v = p.value ? stringValue(p.value) : null;
      if (v && values.has(v)) seen.add(v);
    }
    return seen.size >= 2;
  });
}

/** The name a map is given: its variable, its key in an enclosing object, or the name it is registered under. */
function mapName(obj: Path): string | null {
  const up = parentOf(obj)?.node;
  if (!up) return null;
  if (up.type === 'VariableDeclarator' && up.init === obj.node && up.id.type === 'Identifier') return up.id.name;
  if ((up.type === 'ObjectProperty' || up.type === 'Property') && up.value === obj.node) return keyName(up);
  if (up.type === 'CallExpression' && up.arguments.length === 2 && up.arguments[1] === obj.node) return stringValue(up.arguments[0]);
  return null;
}

/**
 * The name of a module whose whole value an object is, its file's (`modes` of `js/models/modes.js`): an AMD factory's
 * returned object (`define(['dep'], function () { return { COMPLAINT: 'complaint' }; })`), `export default { … }`,
 * `module.exports = { … }`. What names a map of modes when the module holds nothing else.
 */
export function moduleValueName(ctx: FileContext, obj: Path): string | null {
  let p = obj;
  for (let up = parentOf(p); up && ['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(up.node.type); up = parentOf(p)) p = up;
  const parent = parentOf(p);
  if (!parent) return null;
  const pn = parent.node;
  const fileName = () => ctx.filePath.replace(/^.*[\\/]/, '').replace(/\..*$/, '') || null;
  if (pn.type === 'ExportDefaultDeclaration') return fileName();
  if (pn.type === 'AssignmentExpression' && pn.right === p.node && pn.left.type === 'MemberExpression' && pn.left.object.type === 'Identifier' && pn.left.object.name === 'module' && pn.left.property.type === 'Identifier' && pn.left.property.name === 'exports') return fileName();
  if (pn.type !== 'ReturnStatement') return null;
  const fn = enclosingFunction(parent);
  const call = fn ? parentOf(fn) : null;
  if (!call || !isCall(call.node) || calleeName(call.node.callee) !== 'define' || call.node.arguments[call.node.arguments.length - 1] !== fn!.node) return null;
  // The factory's own return, at the top of its body.
  return parentOf(parentOf(parent)!)?.node === fn!.node ? fileName() : null;
}
