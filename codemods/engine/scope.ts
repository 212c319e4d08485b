/* eslint-disable @typescript-eslint/no-explicit-any -- ast-types paths and nodes, narrowed by `type`. */
import { lazyModule } from '../../lib/lazy';
import type { Path } from './ast';

/**
 * ast-types' scope lookup (`path.scope.lookup(name)`, then the first of `scope.getBindings()[name]`), done the same
 * way with the same paths, but cheaper: ast-types checks every node's type against its type definitions
 * (`namedTypes.X.check`) many times per node while it scans a scope, and memoises `scope` and `parent` on every path
 * with `Object.defineProperty`; here each check is one lookup by the node's `type` string (answered once per type by
 * ast-types' own check), scopes are found by walking `parentPath`, and bindings are kept in a Map per scope path.
 *
 * Semantics are ast-types 0.16's (lib/scope.js), quirks included: only Program, functions and catch clauses hold
 * bindings (`let` and `const` in a block belong to the enclosing function), expressions are not scanned (an arrow
 * function's parameters are its own scope's), a named function expression's name is bound in its own body, a catch
 * parameter shadows only inside its clause, and a pattern that is not a Pattern throws ast-types' own error.
 */

/** ast-types, through jscodeshift (loaded with the first JS/TS file, not at start-up). */
const jscodeshift = lazyModule<{ types: any }>('jscodeshift');
let astTypes: any;
const types = (): any => (astTypes ??= jscodeshift().types);

type Check = (value: any) => boolean;

/** `namedTypes.A.check(v) || namedTypes.B.check(v) …` (not deep), memoised by the value's `type` string. */
function typeCheck(...names: string[]): Check {
  let defs: { check(v: unknown): boolean }[] | null = null;
  const known = new Map<string, boolean>();
  return (value: any) => {
    defs ??= names.map((name) => types().namedTypes[name]).filter(Boolean) as { check(v: unknown): boolean }[];
    if (value === null || typeof value !== 'object') return false;
    const t = value.type;
    // A non-string type: no definition can match (ast-types looks definitions up by the string); ask it anyway.
    if (typeof t !== 'string') return defs.some((d) => d.check(value));
    let r = known.get(t);
    if (r === undefined) {
      r = defs.some((d) => d.check({ type: t }));
      known.set(t, r);
    }
    return r;
  };
}

const isNode = typeCheck('Node');
const isExpression = typeCheck('Expression');
const isFunction = typeCheck('Function');
const isFunctionExpression = typeCheck('FunctionExpression');
const isFunctionDeclaration = typeCheck('FunctionDeclaration');
const isClassDeclaration = typeCheck('ClassDeclaration');
const isInterface = typeCheck('InterfaceDeclaration', 'TSInterfaceDeclaration');
const isTypeDeclaration = typeCheck('TypeAlias', 'InterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSInterfaceDeclaration');
const isVariableDeclarator = typeCheck('VariableDeclarator');
const isCatchClause = typeCheck('CatchClause');
const isScopeType = typeCheck('Program', 'Function', 'CatchClause');
const hasTypeParameters = typeCheck('Function', 'ClassDeclaration', 'ClassExpression', 'InterfaceDeclaration', 'TSInterfaceDeclaration', 'TypeAlias', 'TSTypeAliasDeclaration');
const isTypeParameter = typeCheck('TypeParameter', 'TSTypeParameter');
const establishesScope = typeCheck(
  'Program',
  'Function',
  'CatchClause',
  'ClassDeclaration',
  'ClassExpression',
  'InterfaceDeclaration',
  'TSInterfaceDeclaration',
  'TypeAlias',
  'TSTypeAliasDeclaration',
);
const isPattern = typeCheck('Pattern');
const isIdentifier = typeCheck('Identifier');
const isAssignmentPattern = typeCheck('AssignmentPattern');
const isObjectPattern = typeCheck('ObjectPattern');
const isPropertyLike = typeCheck('Property', 'ObjectProperty');
const isSpreadProperty = typeCheck('SpreadProperty');
const isArrayPattern = typeCheck('ArrayPattern');
const isSpreadElement = typeCheck('SpreadElement');
const isPropertyPattern = typeCheck('PropertyPattern');
const isRestLike = typeCheck('SpreadElementPattern', 'RestElement', 'SpreadPropertyPattern');

type Bindings = Map<string, Path[]>;

/** The path whose scope governs `path` (ast-types' `path.scope.path`): the nearest one, itself included, that establishes a scope. */
export function scopePathOf(path: Path | null): Path | null {
  for (let p: any = path; p; p = p.parentPath) {
    const v = p.value;
    if (isNode(v) && establishesScope(v)) return p;
  }
  return null;
}

/** The first path that declares `name` in the scope of `path` or an enclosing one, as ast-types' lookup finds it. */
export function lookupBinding(path: Path, name: string): Path | null {
  for (let s = scopePathOf(path); s; s = scopePathOf(s.parentPath as Path | null)) {
    const list = bindingsOf(s).get(name);
    if (list) return list[0] ?? null;
  }
  return null;
}

const scanned = new WeakMap<object, Bindings>();

/** The value bindings of a scope (ast-types' `scope.getBindings()`), scanned on first use. */
function bindingsOf(scopePath: Path): Bindings {
  let b = scanned.get(scopePath);
  if (!b) {
    b = new Map();
    const node = scopePath.value;
    if (hasTypeParameters(node)) {
      // Type bindings are not kept, but ast-types asserts their kind first.
      const params = (scopePath as any).get('typeParameters', 'params');
      if (Array.isArray(params.value)) {
        each(params, (p) => {
          if (!isTypeParameter(p.value)) types().Type.or(types().namedTypes.TypeParameter, types().namedTypes.TSTypeParameter).assert(p.value);
        });
      }
    }
    // Scopes of type parameters only (classes, interfaces, type aliases) hold no value bindings.
    if (isScopeType(node)) {
      // `catch {` (no binding, ES2019) declares nothing.
      if (isCatchClause(node)) {
        if (node.param) addPattern((scopePath as any).get('param'), b);
      } else scanScope(scopePath, b);
    }
    scanned.set(scopePath, b);
  }
  return b;
}

function each(path: any, fn: (child: any) => void): void {
  const value = path.value;
  const len = value.length;
  for (let i = 0; i < len; i++) if (Object.prototype.hasOwnProperty.call(value, i)) fn(path.get(i));
}

const fieldNames = new Map<string, string[]>();

function scanScope(path: any, bindings: Bindings): void {
  const node = path.value;
  const parent = path.parent;
  if (parent && isFunctionExpression(parent.node) && parent.node.id) addPattern(parent.get('id'), bindings);
  if (!node) return;
  if (Array.isArray(node)) {
    each(path, (child) => scanChild(child, bindings));
  } else if (isFunction(node)) {
    each(path.get('params'), (param) => addPattern(param, bindings));
    scanChild(path.get('body'), bindings);
    scanScope(path.get('typeParameters'), bindings);
  } else if (isTypeDeclaration(node)) {
    assertPattern(path.get('id').value); // a type binding: ast-types asserts a Pattern
  } else if (isVariableDeclarator(node)) {
    addPattern(path.get('id'), bindings);
    scanChild(path.get('init'), bindings);
  } else if (node.type === 'ImportSpecifier' || node.type === 'ImportNamespaceSpecifier' || node.type === 'ImportDefaultSpecifier') {
    addPattern(path.get(node.local ? 'local' : node.name ? 'name' : 'id'), bindings);
  } else if (isNode(node) && !isExpression(node)) {
    let names = typeof node.type === 'string' ? fieldNames.get(node.type) : undefined;
    if (!names) {
      names = types().getFieldNames(node) as string[];
      if (typeof node.type === 'string') fieldNames.set(node.type, names);
    }
    for (const name of names) {
      let child = node[name];
      if (child === undefined) child = types().getFieldValue(node, name);
      const childPath = path.get(name);
      if (!pathHasValue(childPath, child)) throw new Error('');
      scanChild(childPath, bindings);
    }
  }
}

function pathHasValue(path: any, value: unknown): boolean {
  if (path.value === value) return true;
  return Array.isArray(path.value) && path.value.length === 0 && Array.isArray(value) && value.length === 0;
}

function scanChild(path: any, bindings: Bindings): void {
  const node = path.value;
  if (!node || isExpression(node)) return;
  if (isFunctionDeclaration(node) && node.id !== null) {
    addPattern(path.get('id'), bindings);
  } else if (isClassDeclaration(node) && node.id !== null) {
    addPattern(path.get('id'), bindings);
    scanScope(path.get('typeParameters'), bindings);
  } else if (isInterface(node)) {
    assertPattern(path.get('id').value);
  } else if (isScopeType(node)) {
    if (isCatchClause(node) && isIdentifier(node.param)) {
      const name = node.param.name;
      const had = bindings.has(name);
      scanScope(path.get('body'), bindings);
      // Declarations in the clause's body named like its parameter are the parameter's.
      if (!had) bindings.delete(name);
    }
  } else {
    scanScope(path, bindings);
  }
}

function assertPattern(value: unknown): void {
  if (!isPattern(value)) types().namedTypes.Pattern.assert(value);
}

function addPattern(patternPath: any, bindings: Bindings): void {
  const pattern = patternPath.value;
  assertPattern(pattern);
  if (isIdentifier(pattern)) {
    const name = pattern.name;
    // ast-types keeps bindings in a plain object: `__proto__` never becomes an own property there.
    if (name === '__proto__') return;
    const list = bindings.get(name);
    if (list) list.push(patternPath);
    else bindings.set(name, [patternPath]);
  } else if (isAssignmentPattern(pattern)) {
    addPattern(patternPath.get('left'), bindings);
  } else if (isObjectPattern(pattern)) {
    each(patternPath.get('properties'), (propertyPath) => {
      const property = propertyPath.value;
      if (isPattern(property)) addPattern(propertyPath, bindings);
      else if (isPropertyLike(property)) addPattern(propertyPath.get('value'), bindings);
      else if (isSpreadProperty(property)) addPattern(propertyPath.get('argument'), bindings);
    });
  } else if (isArrayPattern(pattern)) {
    each(patternPath.get('elements'), (elementPath) => {
      const element = elementPath.value;
      if (isPattern(element)) addPattern(elementPath, bindings);
      else if (isSpreadElement(element)) addPattern(elementPath.get('argument'), bindings);
    });
  } else if (isPropertyPattern(pattern)) {
    addPattern(patternPath.get('pattern'), bindings);
  } else if (isRestLike(pattern)) {
    addPattern(patternPath.get('argument'), bindings);
  }
}
