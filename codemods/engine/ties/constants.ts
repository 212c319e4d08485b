import { bindingOf, constInit, declaratorOf, isCall, isMember, keyName, memberName, objectLiteral, parentOf, propertyPath, stringValue, unwrap, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import type { ConstValue } from './project';

/**
 * Static values through constants: a string literal, a `const`, a member of an `as const` object or an
 * `Object.freeze` map, a TypeScript `enum` member, or a constant imported from another file of the run
 * (`import { MODES } from './modes'` → `MODES.COMPLAINT` → 'complaint'). URLs and mode names are found
 * through these, and a rewrite of a value happens where the value is written: at its definition.
 */

/** Where a static string comes from. */
export interface ConstRef {
  value: string;
  /** The literal's path, when it is written in this file. */
  literal: Path | null;
  /** The constant the expression named (`MODES.COMPLAINT`, `API_BASE`), when it went through one. */
  name?: string;
  /** A constant of another file: where it is defined. */
  external?: { file: string; line: number; exportName: string; key: string | null; alias?: string };
}

const MAX_DEPTH = 6;

/** The static string an expression stands for, and where it is written. */
export function constRef(ctx: FileContext, path: Path | null, depth = 0): ConstRef | null {
  if (!path || !path.node || depth > MAX_DEPTH) return null;
  const p = unwrap(path);
  const n = p.node;
  const value = stringValue(n);
  if (value !== null) return { value, literal: p };
  if (n.type === 'Identifier') {
    const init = constInit(p);
    // `let startMode = 'complaint'` set again later (`startMode = s.startMode || startMode`) holds other values too.
    if (init && reassigned(ctx, p)) return null;
    if (init) {
      const r = constRef(ctx, init, depth + 1);
      return r ? { ...r, name: r.name ?? n.name } : null;
    }
    const imported = importedConst(ctx, p);
    if (imported && imported.value.kind === 'string') {
      const alias = imported.value.alias;
      return { value: imported.value.value, literal: null, name: n.name, external: { ...imported.at, key: null, ...(alias ? { alias } : {}) } };
    }
    return null;
  }
  if (isMember(n)) {
    const key = memberName(n);
    if (!key || key === '*' || n.object.type !== 'Identifier') return null;
    const objPath = p.get('object');
    const name = `${n.object.name}.${key}`;
    const obj = objectLiteral(objPath);
    if (obj) {
      const prop = propertyPath(obj, key);
      const r = prop ? constRef(ctx, prop.get('value'), depth + 1) : null;
      return r ? { ...r, name } : null;
    }
    const member = enumMember(ctx, n.object.name, key);
    if (member) {
      const r = constRef(ctx, member, depth + 1);
      return r ? { ...r, name } : null;
    }
    const imported = importedConst(ctx, objPath);
    if (imported && imported.value.kind === 'map' && key in imported.value.entries) {
      return { value: imported.value.entries[key]!, literal: null, name, external: { ...imported.at, key } };
    }
    // `import * as types from './mutation-types'` → `types.SET_INTERVIEW`: that module's exported string.
    const spec = namespaceImport(objPath);
    const fact = spec ? ctx.project.importedConst(ctx.filePath, spec, key) : null;
    if (fact?.kind === 'string') {
      return { value: fact.value, literal: null, name, external: { file: fact.file, line: fact.line, exportName: key, key: null, ...(fact.alias ? { alias: fact.alias } : {}) } };
    }
  }
  return null;
}

/** Whether a `let`/`var` binding an identifier names is assigned again in the file (`x = …`, `x += …`, `x++`). */
function reassigned(ctx: FileContext, id: Path): boolean {
  const decl = declaratorOf(id);
  const kind = decl ? parentOf(decl)?.node.kind : 'const';
  if (!decl || kind === 'const') return false;
  const binding = decl.node.id;
  const name = binding.type === 'Identifier' ? binding.name : null;
  if (!name) return false;
  for (const a of ctx.nodesOf('AssignmentExpression', 'UpdateExpression')) {
    const target = a.node.type === 'AssignmentExpression' ? a.node.left : a.node.argument;
    if (target?.type !== 'Identifier' || target.name !== name) continue;
    if (declaratorOf(a.get(a.node.type === 'AssignmentExpression' ? 'left' : 'argument'))?.node === decl.node) return true;
  }
  return false;
}

/** The initializer of member `key` of the enum `enumName` declared in this file. */
export function enumMember(ctx: FileContext, enumName: string, key: string): Path | null {
  for (const decl of ctx.nodesOf('TSEnumDeclaration')) {
    if (decl.node.id.name !== enumName) continue;
    const i = decl.node.members.findIndex((m: Node) => enumKey(m) === key);
    if (i >= 0 && decl.node.members[i].initializer) return decl.get('members', i, 'initializer');
  }
  return null;
}

export function enumKey(m: Node): string | null {
  return m.id?.type === 'Identifier' ? m.id.name : m.id?.type === 'StringLiteral' ? m.id.value : null;
}

/** The module and exported name an identifier is imported as (`import { A as B } from './x'`, `require`). */
export function importOf(idPath: Path): { specifier: string; exportName: string } | null {
  const binding = bindingOf(idPath);
  if (!binding) return null;
  const parent = parentOf(binding);
  if (!parent) return null;
  const pn = parent.node;
  if (pn.type === 'ImportSpecifier' || pn.type === 'ImportDefaultSpecifier') {
    const decl = parentOf(parent)!.node;
    const exportName = pn.type === 'ImportDefaultSpecifier' ? 'default' : (pn.imported.name ?? pn.imported.value);
    return { specifier: String(decl.source.value), exportName };
  }
  // `const { MODES } = require('./modes')`
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === binding.node) {
    const decl = parentOf(parentOf(parent)!);
    const init = decl?.node.type === 'VariableDeclarator' ? decl.node.init : null;
    if (init && isCall(init) && init.callee.type === 'Identifier' && init.callee.name === 'require') {
      const spec = stringValue(init.arguments[0]);
      const exportName = keyName(pn);
      if (spec && exportName) return { specifier: spec, exportName };
    }
  }
  return null;
}

/** The module a namespace import binds (`import * as T from './x'` → './x'). */
export function namespaceImport(idPath: Path): string | null {
  const binding = bindingOf(idPath);
  const spec = binding ? parentOf(binding) : null;
  if (spec?.node.type !== 'ImportNamespaceSpecifier') return null;
  return String(parentOf(spec)!.node.source.value);
}

export function importedConst(ctx: FileContext, idPath: Path): { value: ConstValue; at: { file: string; line: number; exportName: string } } | null {
  if (idPath.node.type !== 'Identifier') return null;
  const imp = importOf(idPath);
  if (!imp) return null;
  const fact = ctx.project.importedConst(ctx.filePath, imp.specifier, imp.exportName);
  if (!fact) return null;
  const { file, line, ...value } = fact;
  return { value: value as ConstValue, at: { file, line, exportName: imp.exportName } };
}
