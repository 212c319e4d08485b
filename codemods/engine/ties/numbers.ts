import { chainNames, constInit, isMember, keyName, memberName, objectLiteral, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf } from './constants';

/**
 * Numbers other files of a run import: `export const LOCATION_UNAVAILABLE_STATUS = 400`, `export const STATUSES =
 * Object.freeze({ MODE_UPDATE_EMPTY: 202 })`. A file that compares a response's status with one of them compares
 * it with that number (status-changed.ts), wherever the constant is written.
 */

/** A file's exported numbers: a number by name, or a map of numbers by key. */
export type NumberExports = Record<string, number | Record<string, number>>;

const isNumber = (n: Node) => (n?.type === 'NumericLiteral' || n?.type === 'Literal') && typeof n.value === 'number';

function numberValue(path: Path | null): number | Record<string, number> | null {
  if (!path?.node) return null;
  if (isNumber(path.node)) return path.node.value;
  const obj = objectLiteral(path);
  if (!obj) return null;
  const entries: Record<string, number> = {};
  for (const prop of obj.node.properties as Node[]) {
    const k = keyName(prop);
    if (k && prop.value && isNumber(prop.value)) entries[k] = prop.value.value;
  }
  return Object.keys(entries).length > 0 ? entries : null;
}

/** The numbers and maps of numbers a file exports (ES named exports, `module.exports.X =`, `exports.X =`). */
export function numberExports(ctx: FileContext): NumberExports {
  const out: NumberExports = {};
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type !== 'VariableDeclaration') continue;
    d.declarations.forEach((decl: Node, i: number) => {
      const v = decl.id.type === 'Identifier' ? numberValue(exp.get('declaration', 'declarations', i, 'init')) : null;
      if (v !== null) out[decl.id.name] = v;
    });
  }
  // `export { STATUS, TIMEOUT as DEFAULT_TIMEOUT }`: local constants exported by a list.
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    if (exp.node.declaration || exp.node.source) continue;
    exp.node.specifiers.forEach((spec: Node, i: number) => {
      if (spec.type !== 'ExportSpecifier' || spec.local.type !== 'Identifier') return;
      const v = numberValue(constInit(exp.get('specifiers', i, 'local')));
      const name = spec.exported.name ?? spec.exported.value;
      if (v !== null && name) out[name] = v;
    });
  }
  for (const assign of ctx.nodesOf('AssignmentExpression')) {
    const chain = isMember(assign.node.left) ? chainNames(assign.node.left) : [];
    if ((chain[0] === 'module' && chain[1] === 'exports' && chain.length === 3) || (chain[0] === 'exports' && chain.length === 2)) {
      const v = numberValue(assign.get('right'));
      if (v !== null) out[chain[chain.length - 1]!] = v;
    }
    // `module.exports = { STATUS, LOCATION_FAILURE: 400 }`: each key, its value or the local constant it names.
    if (chain.length === 2 && chain[0] === 'module' && chain[1] === 'exports' && assign.node.right.type === 'ObjectExpression') {
      assign.node.right.properties.forEach((prop: Node, i: number) => {
        const k = keyName(prop);
        if (!k || !prop.value) return;
        const value = assign.get('right', 'properties', i, 'value');
        const v = prop.value.type === 'Identifier' ? numberValue(constInit(value)) : numberValue(value);
        if (v !== null) out[k] = v;
      });
    }
  }
  return out;
}

/** The number an imported constant holds: `LOCATION_UNAVAILABLE_STATUS`, `STATUSES.MODE_UPDATE_EMPTY` of another file of the run. */
export function importedNumber(ctx: FileContext, path: Path): number | null {
  const n = path.node;
  const id = n.type === 'Identifier' ? path : isMember(n) && n.object.type === 'Identifier' && !n.computed ? path.get('object') : null;
  const imp = id ? importOf(id) : null;
  if (!imp) return null;
  const v = ctx.project.importedNumber?.(ctx.filePath, imp.specifier, imp.exportName);
  if (v === undefined || v === null) return null;
  if (n.type === 'Identifier') return typeof v === 'number' ? v : null;
  const key = memberName(n);
  return typeof v === 'object' && key && typeof v[key] === 'number' ? v[key]! : null;
}
