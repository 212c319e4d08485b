/* eslint-disable @typescript-eslint/no-explicit-any -- ast-types nodes are a union of hundreds of types;
   the engine narrows them by `type` at each use. */
import type { ASTPath } from 'jscodeshift';
import { lookupBinding } from './scope';

/**
 * Small, stateless questions about Babel/ESTree nodes that every tie and rule asks: names of keys, members and
 * callees, bindings in scope, const initialisers. Nothing here knows about the API.
 */

export type Node = any;
export type Path = ASTPath<any>;

export const MEMBER = ['MemberExpression', 'OptionalMemberExpression'];
export const STRING_TYPES = ['StringLiteral', 'Literal'];

/** The nearest ancestor path that holds a node (ast-types also has paths for the arrays in between). */
export function parentOf(path: Path): Path | null {
  let p = path.parentPath as Path | null;
  while (p && p.value !== p.node) p = p.parentPath as Path | null;
  return p;
}

export function isMember(n: Node): boolean {
  return !!n && MEMBER.includes(n.type);
}

export function isCall(n: Node): boolean {
  return !!n && (n.type === 'CallExpression' || n.type === 'OptionalCallExpression');
}

export function isFunction(n: Node): boolean {
  return !!n && /Function/.test(n.type);
}

/** Static name of an object property's (or member signature's) key. */
export function keyName(prop: Node): string | null {
  if (!prop || !prop.key) return null;
  if (prop.computed) return prop.key.type === 'StringLiteral' ? prop.key.value : null;
  if (prop.key.type === 'Identifier') return prop.key.name;
  if (prop.key.type === 'StringLiteral' || prop.key.type === 'Literal') return String(prop.key.value);
  return null;
}

/** Name of a member expression's property when static; `*` for a computed index. */
export function memberName(n: Node): string | null {
  if (!isMember(n)) return null;
  if (!n.computed) return n.property.type === 'Identifier' ? n.property.name : null;
  if (n.property.type === 'StringLiteral') return n.property.value;
  return '*';
}

/** `fetch` for `fetch(…)`, `post` for `api.post(…)`, '' otherwise. */
export function calleeName(callee: Node): string {
  if (!callee) return '';
  if (callee.type === 'Identifier') return callee.name;
  if (isMember(callee) && !callee.computed) return callee.property.name ?? '';
  return '';
}

/** The string a literal holds (a template without expressions included), or null. */
export function stringValue(n: Node): string | null {
  if (!n) return null;
  if (STRING_TYPES.includes(n.type) && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0].value.cooked;
  return null;
}

/** Offsets of the text inside a string literal's quotes (or of a template element). */
export function innerRange(n: Node): { start: number; end: number } {
  if (n.type === 'TemplateElement') return { start: n.start, end: n.end };
  return { start: n.start + 1, end: n.end - 1 };
}

/** The names along a member chain: `r.a.b.c` → ['r', 'a', 'b', 'c'] ('?' for what is not a name). */
export function chainNames(n: Node): string[] {
  const out: string[] = [];
  let cur = n;
  while (isMember(cur)) {
    out.unshift(memberName(cur) ?? '?');
    cur = cur.object;
  }
  out.unshift(cur.type === 'Identifier' ? cur.name : cur.type === 'ThisExpression' ? 'this' : '?');
  return out;
}

export function propertyPath(objPath: Path, key: string): Path | null {
  const props: Node[] = objPath.node.properties ?? [];
  const i = props.findIndex((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) === key);
  return i >= 0 ? objPath.get('properties', i) : null;
}

/** The path of the identifier that declares `path`'s name in its scope (ast-types' `scope.lookup`, codemods/engine/scope.ts). */
export function bindingOf(path: Path): Path | null {
  const known = bindings.get(path);
  if (known !== undefined) return known;
  const found = lookupBinding(path, path.node.name);
  bindings.set(path, found);
  return found;
}
/** Per path (rules do not change the tree while they analyse it). */
const bindings = new WeakMap<Path, Path | null>();

/** The VariableDeclarator that binds an identifier directly (`const x = …`), if any. */
export function declaratorOf(path: Path): Path | null {
  const binding = bindingOf(path);
  if (!binding) return null;
  const parent = parentOf(binding);
  if (parent && parent.node.type === 'VariableDeclarator' && parent.node.id === binding.node) return parent;
  return null;
}

/** The initializer of a variable an identifier names, if declared in this file. */
export function constInit(path: Path): Path | null {
  const decl = declaratorOf(path);
  if (!decl) return null;
  const init = decl.get('init');
  return init && init.node ? init : null;
}

/** Expression wrappers that do not change a value: `x as T`, `x!`, `(x)`, `x satisfies T`. */
export function unwrap(path: Path): Path {
  let p = path;
  while (p.node && ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression', 'TypeCastExpression'].includes(p.node.type)) {
    p = p.get('expression');
  }
  return p;
}

/** The object literal an expression is, or that a const identifier holds. */
export function objectLiteral(path: Path | null, depth = 0): Path | null {
  if (!path || !path.node || depth > 4) return null;
  const p = unwrap(path);
  const n = p.node;
  if (n.type === 'ObjectExpression') return p;
  if (n.type === 'Identifier') return objectLiteral(constInit(p), depth + 1);
  // `Object.freeze({…})`
  if (isCall(n) && calleeName(n.callee) === 'freeze' && n.arguments[0]) return objectLiteral(p.get('arguments', 0), depth + 1);
  return null;
}

export function objectHasKey(path: Path, key: string): boolean {
  const obj = objectLiteral(path);
  return !!obj && obj.node.properties.some((p: Node) => keyName(p) === key);
}

/** Whether a member or identifier path is written (`x.a = …`, `x.a++`, `delete x.a`) rather than read. */
export function isWrite(path: Path): boolean {
  const parent = parentOf(path)!;
  return (
    (parent.node.type === 'AssignmentExpression' && parent.node.left === path.node) ||
    parent.node.type === 'UpdateExpression' ||
    (parent.node.type === 'UnaryExpression' && parent.node.operator === 'delete')
  );
}

export function isCallee(path: Path): boolean {
  const parent = parentOf(path)!;
  return isCall(parent.node) && parent.node.callee === path.node;
}

/** The enclosing function of a path, or null at the top level. */
export function enclosingFunction(path: Path): Path | null {
  let p = parentOf(path);
  while (p && !isFunction(p.node)) p = parentOf(p);
  return p;
}
