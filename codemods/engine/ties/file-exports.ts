import { chainNames, isFunction, isMember, keyName, objectLiteral, unwrap, type Node, type Path } from '../ast';
import { taggedDocumentText } from '../../frontends/graphql/embedded';
import type { FileContext } from '../file';
import type { ConstValue } from './project';
import { constRef, enumKey } from './constants';
import { isPathText, localFunction, methodOf, returnedText } from './static-text';

/**
 * What a file exports with a static string value (constants, enum members, `as const` and frozen maps, functions
 * returning a fixed address), collected once per file for the run's other files (project.importedConst).
 */

/** The constants this file exports with static string values (for other files of the run). */
export function fileExports(ctx: FileContext): Record<string, ConstValue & { line: number }> {
  const out: Record<string, ConstValue & { line: number }> = {};
  const add = (name: string, valuePath: Path | null, at: Node) => {
    const v = valueOf(ctx, valuePath);
    if (v) out[name] = { ...v, line: ctx.lines.lineCol(at.start).line };
  };
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type === 'VariableDeclaration') {
      d.declarations.forEach((decl: Node, i: number) => {
        if (decl.id.type === 'Identifier') add(decl.id.name, exp.get('declaration', 'declarations', i, 'init'), decl);
      });
    } else if (d?.type === 'FunctionDeclaration' && d.id) {
      add(d.id.name, exp.get('declaration'), d);
    } else if (d?.type === 'TSEnumDeclaration') {
      const entries: Record<string, string> = {};
      d.members.forEach((m: Node, i: number) => {
        const r = m.initializer ? constRef(ctx, exp.get('declaration', 'members', i, 'initializer')) : null;
        const k = enumKey(m);
        if (r && k) entries[k] = r.value;
      });
      if (Object.keys(entries).length > 0) out[d.id.name] = { kind: 'map', entries, line: ctx.lines.lineCol(d.start).line };
    } else if (!d) {
      for (const s of exp.node.specifiers ?? []) {
        if (s.type !== 'ExportSpecifier' || exp.node.source) continue;
        const local = s.local.name;
        const exported = s.exported.name ?? s.exported.value;
        for (const decl of ctx.nodesOf('VariableDeclarator')) {
          if (decl.node.id.type === 'Identifier' && decl.node.id.name === local && decl.scope?.isGlobal !== false) {
            add(exported, decl.get('init'), decl.node);
          }
        }
      }
    }
  }
  // `export default { interview: (t) => \`interviews/${t}/\` }`, `export default PATHS`: the module's default value.
  for (const exp of ctx.nodesOf('ExportDefaultDeclaration')) {
    const d = exp.node.declaration;
    if (/Declaration$/.test(d.type)) continue;
    // A component's or a store module's options (`{ name: 'Result', data () {…} }`) are no map of constants.
    const v = valueOf(ctx, exp.get('declaration'));
    const obj = objectLiteral(exp.get('declaration'));
    if (v?.kind === 'map' && obj && Object.keys(v.entries).length + Object.keys(v.calls ?? {}).length < obj.node.properties.length) continue;
    add('default', exp.get('declaration'), d);
  }
  // CommonJS: `module.exports = { MODES, PATHS: {…} }`, `module.exports.X = …`, `exports.X = …`.
  for (const assign of ctx.nodesOf('AssignmentExpression')) {
    const left = assign.node.left;
    const chain = isMember(left) ? chainNames(left) : [];
    if (chain[0] === 'module' && chain[1] === 'exports' && chain.length === 2) {
      const obj = objectLiteral(assign.get('right'));
      obj?.node.properties.forEach((prop: Node, i: number) => {
        const k = keyName(prop);
        if (k) add(k, obj.get('properties', i, 'value'), prop);
      });
    } else if ((chain[0] === 'module' && chain[1] === 'exports' && chain.length === 3) || (chain[0] === 'exports' && chain.length === 2)) {
      add(chain[chain.length - 1]!, assign.get('right'), assign.node);
    }
  }
  return out;
}

/** A constant's value when it is a string, an object/frozen map of strings (and of path builders) or a path builder. */
function valueOf(ctx: FileContext, path: Path | null): ConstValue | null {
  if (!path || !path.node) return null;
  const r = constRef(ctx, path);
  if (r) return { kind: 'string', value: r.value, ...(r.name ? { alias: r.name } : {}) };
  const doc = taggedDocumentText(ctx.source, unwrap(path).node);
  if (doc !== null) return { kind: 'document', value: doc };
  const fn = functionValue(path);
  if (fn) {
    const text = returnedText(ctx, fn, 0);
    return text !== null && isPathText(text) ? { kind: 'builder', value: text } : null;
  }
  const obj = objectLiteral(path);
  if (!obj) return null;
  const entries: Record<string, string> = {};
  const calls: Record<string, string> = {};
  obj.node.properties.forEach((prop: Node, i: number) => {
    const k = keyName(prop);
    const v = k && prop.value ? constRef(ctx, obj.get('properties', i, 'value')) : null;
    if (k && v) entries[k] = v.value;
    const method = k ? methodOf(obj, k) : null;
    const text = method ? returnedText(ctx, method, 0) : null;
    if (k && text !== null && isPathText(text)) calls[k] = text;
  });
  if (Object.keys(calls).length > 0) return { kind: 'map', entries, calls };
  return Object.keys(entries).length > 0 ? { kind: 'map', entries } : null;
}

/** The function an exported value is: written there, or a function of this file it names. */
function functionValue(path: Path): Path | null {
  const p = unwrap(path);
  if (isFunction(p.node)) return p;
  return p.node.type === 'Identifier' ? localFunction(p) : null;
}
