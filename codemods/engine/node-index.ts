import type { Collection, JSCodeshift } from 'jscodeshift';
import { parentOf, type Node, type Path } from './ast';

/** The indexes of one parsed file, each built on first use from one walk of the tree. */
export class NodeIndex {
  private index: Map<string, Path[]> | null = null;
  private names: Map<string, Path[]> | null = null;
  private locals: Set<string> | null = null;

  constructor(
    private readonly j: JSCodeshift,
    private readonly root: Collection,
  ) {}

  private build(): void {
    const { byType, byName } = indexNodes(this.j, this.root);
    this.index = byType;
    this.names = byName;
  }

  /** Every node of the given exact types, in the order `find` gives them within each type. */
  nodesOf(...types: string[]): Path[] {
    if (!this.index) this.build();
    if (types.length === 1) return this.index!.get(types[0]!) ?? [];
    const key = types.join(',');
    let list = this.combined.get(key);
    if (!list) {
      list = types.flatMap((t) => this.index!.get(t) ?? []);
      this.combined.set(key, list);
    }
    return list;
  }
  private readonly combined = new Map<string, Path[]>();

  /**
   * What this file imports by name: `import { A as B } from './x'` → B from './x' as A, a default import as
   * `default`, `const { M } = require('./m')` → M from './m' as M (namespace imports are not constants' names).
   */
  imports(): readonly { local: string; specifier: string; exportName: string }[] {
    if (!this.imported) {
      const out: { local: string; specifier: string; exportName: string }[] = [];
      for (const p of this.nodesOf('ImportSpecifier', 'ImportDefaultSpecifier')) {
        const decl = parentOf(p)?.node;
        const local = p.node.local?.name;
        if (!local || decl?.type !== 'ImportDeclaration') continue;
        const exportName = p.node.type === 'ImportDefaultSpecifier' ? 'default' : (p.node.imported.name ?? p.node.imported.value);
        out.push({ local, specifier: String(decl.source.value), exportName });
      }
      for (const p of this.nodesOf('VariableDeclarator')) {
        const { id, init } = p.node;
        if (id?.type !== 'ObjectPattern' || init?.type !== 'CallExpression' || init.callee?.name !== 'require') continue;
        const arg = init.arguments[0];
        const specifier = arg?.type === 'StringLiteral' || arg?.type === 'Literal' ? String(arg.value) : null;
        if (!specifier) continue;
        for (const prop of id.properties ?? []) {
          const key = prop.key?.name ?? prop.key?.value;
          if (prop.value?.type === 'Identifier' && typeof key === 'string') out.push({ local: prop.value.name, specifier, exportName: key });
        }
      }
      this.imported = out;
    }
    return this.imported;
  }
  private imported: { local: string; specifier: string; exportName: string }[] | null = null;

  /** Names that imports bind here (plus namespace imports): an identifier with another name is not imported. */
  importedLocals(): Set<string> {
    if (!this.locals) {
      this.locals = new Set(this.imports().map((i) => i.local));
      for (const p of this.nodesOf('ImportNamespaceSpecifier')) if (p.node.local?.name) this.locals.add(p.node.local.name);
    }
    return this.locals;
  }

  /**
   * Every identifier named `name` inside `scope` (not the scope node itself), in document order: the paths
   * `j(scope).find(j.Identifier, { name })` returns, without a traversal per call.
   */
  identifiersIn(scope: Path, name: string): Path[] {
    if (!this.names) this.build();
    const all = this.names!.get(name) ?? [];
    if (scope.node.type === 'File' || scope.node.type === 'Program') return all;
    const { start, end } = scope.node as { start?: number; end?: number };
    if (typeof start !== 'number' || typeof end !== 'number') {
      const out: Path[] = [];
      this.j(scope).find(this.j.Identifier, { name }).forEach((p: Path) => void out.push(p));
      return out;
    }
    return all.filter((p) => p.node !== scope.node && p.node.start >= start && p.node.end <= end);
  }
}

/**
 * Every node of a parsed file (the root excluded) by exact type, in document order: the paths `root.find(j.Node)` yields, from one
 * walk that does what ast-types' PathVisitor does for it (fill each node's missing fields with their defaults,
 * descend every field in definition order, reuse the cached child paths) without creating a visitor, a context
 * per node and a path for every primitive field. The same Path objects: later `j(path).find(…)` calls share them.
 */
export function indexNodes(j: JSCodeshift, root: Collection): { byType: Map<string, Path[]>; byName: Map<string, Path[]> } {
  const isIdentifier = subtypesOf(j, 'Identifier');
  const index = new Map<string, Path[]>();
  // What `find(j.Identifier, { name })` matches (Identifier, JSXIdentifier, TSTypeParameter), by name, in the
  // traversal's order (not the text's: a function's parameters come before its type parameters).
  const names = new Map<string, Path[]>();
  walkNodes(j, root.paths() as Path[], (path, value) => {
    const list = index.get(value.type);
    if (list) list.push(path);
    else index.set(value.type, [path]);
    if (isIdentifier(value.type) && typeof value.name === 'string') {
      const same = names.get(value.name);
      if (same) same.push(path);
      else names.set(value.name, [path]);
    }
  });
  return { byType: index, byName: names };
}

/**
 * The paths `j(path).find(j.Node)` yields (every node below `path`, in the traversal's order), from the same walk
 * as the index, without a PathVisitor (building one per call costs more than the walk of a small subtree).
 */
export function nodesBelow(j: JSCodeshift, path: Path): Path[] {
  const out: Path[] = [];
  walkNodes(j, [path], (p) => void out.push(p));
  return out;
}

/** The walk of `indexNodes`: every node below the roots (the roots excluded), in PathVisitor's order. */
function walkNodes(j: JSCodeshift, rootPaths: Path[], onNode: (path: Path, value: Node) => void): void {
  const { getFieldNames, getFieldValue, namedTypes } = j.types as unknown as {
    getFieldNames(v: unknown): string[];
    getFieldValue(v: unknown, f: string): unknown;
    namedTypes: Record<string, unknown>;
  };
  const isNode = subtypesOf(j, 'Node');
  let fieldsByType = fieldMemo.get(j.types);
  if (!fieldsByType) {
    fieldsByType = new Map();
    fieldMemo.set(j.types, fieldsByType);
  }
  const roots = new Set(rootPaths);
  const stack: Path[] = [...roots].reverse();
  while (stack.length > 0) {
    const path = stack.pop()!;
    const value = path.value;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) if (value[i] !== null && typeof value[i] === 'object') stack.push(path.get(i));
      continue;
    }
    // Like `find`, the collection's own paths are not among the results.
    if (typeof value.type === 'string' && isNode(value.type) && !roots.has(path)) onNode(path, value);
    // The field names of a known node type depend on the type alone (ast-types copies them on every call).
    let fields = typeof value.type === 'string' ? fieldsByType.get(value.type) : undefined;
    if (!fields) {
      fields = getFieldNames(value) as string[];
      if (typeof value.type === 'string' && Object.prototype.hasOwnProperty.call(namedTypes, value.type)) fieldsByType.set(value.type, fields);
    }
    for (const field of fields) {
      if (!Object.prototype.hasOwnProperty.call(value, field)) value[field] = getFieldValue(value, field);
    }
    for (let i = fields.length - 1; i >= 0; i--) {
      const child = value[fields[i]!];
      if (child !== null && typeof child === 'object') stack.push(path.get(fields[i]!));
    }
    // A class property's decorators, which ast-types' definitions leave out (`@Column({ default: InterviewMode.Complaint })
    // mode`, `@ApiProperty({ example: … })`): pushed last, so walked first, as they are written first.
    if (PROPERTY_TYPES.has(value.type) && Array.isArray(value.decorators) && value.decorators.length > 0 && !fields.includes('decorators')) stack.push(path.get('decorators'));
  }
}

const fieldMemo = new WeakMap<object, Map<string, string[]>>();

/** Class members whose decorators ast-types does not list among their fields. */
const PROPERTY_TYPES = new Set(['ClassProperty', 'ClassPrivateProperty', 'ClassAccessorProperty', 'PropertyDefinition']);

/** Whether a node type is a subtype of `base` for ast-types (what a `visit<base>` method is called for). */
function subtypesOf(j: JSCodeshift, base: string): (type: string) => boolean {
  const byBase = memo.get(j.types) ?? new Map<string, (type: string) => boolean>();
  memo.set(j.types, byBase);
  const cached = byBase.get(base);
  if (cached) return cached;
  const { Type, namedTypes } = j.types as unknown as {
    Type: { def(name: string): { isSupertypeOf(d: unknown): boolean } };
    namedTypes: Record<string, unknown>;
  };
  const node = Type.def(base);
  const known = new Map<string, boolean>();
  const test = (type: string): boolean => {
    let r = known.get(type);
    if (r === undefined) {
      r = Object.prototype.hasOwnProperty.call(namedTypes, type) && node.isSupertypeOf(Type.def(type));
      known.set(type, r);
    }
    return r;
  };
  byBase.set(base, test);
  return test;
}
const memo = new WeakMap<object, Map<string, (type: string) => boolean>>();
