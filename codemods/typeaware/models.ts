import * as path from 'node:path';
import { ts } from 'ts-morph';
import { scopeKey, type Scope, type Vocabulary } from './vocabulary';

/**
 * A declaration whose members are fields of a representation: an interface, an object type literal, or a class that
 * models a resource (a DTO, an ORM entity that keeps its fields: `saved.advice` of `saved: Result`).
 */
export type Container = ts.InterfaceDeclaration | ts.TypeLiteralNode | ts.ClassDeclaration;

/**
 * The client's own declared types that model an API resource or an object nested in one, found in one
 * program. A type is modelled when
 *  - it is an interface or a type alias declared by the client (a source file under the root, not in
 *    node_modules, not inside an ambient `declare module '…'` block: a library's `Result<T>` is not taken),
 *  - its name names a resource or subject (vocabulary.scopesOfName: `TriageResult`, `InterviewProfile`,
 *    `QuestionOption`; not `ResultCardProps`), and
 *  - it has at least one data member (not a method, not function-typed) whose name the catalogue knows at
 *    that scope;
 * or when a modelled type reaches it through a member the catalogue knows something below
 * (`Interview.profile: Profile`, `Question.options: Option[]`, an inline `profile: { … }`), or it is a base
 * interface of a modelled one.
 */
export class Models {
  private readonly scopes = new Map<Container, Scope[]>();
  private readonly typeScopes = new Map<ts.Type, Scope[]>();

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
    private readonly vocabulary: Vocabulary,
    private readonly root: string,
  ) {
    const queue: [Container, Scope][] = [];
    const add = (container: Container, scope: Scope) => {
      const list = this.scopes.get(container) ?? [];
      if (list.some((s) => scopeKey(s) === scopeKey(scope))) return;
      list.push(scope);
      this.scopes.set(container, list);
      queue.push([container, scope]);
    };

    for (const sf of program.getSourceFiles()) {
      if (!this.isClientFile(sf)) continue;
      for (const decl of namedDeclarations(sf)) {
        for (const scope of vocabulary.scopesOfName(decl.name.text)) {
          const type = checker.getTypeAtLocation(decl.name);
          const known = vocabulary.knownAt(scope);
          const evidence = checker.getPropertiesOfType(type).some((p) => known.has(p.name) && this.isDataMember(p));
          if (!evidence) continue;
          for (const c of this.containersOf(type)) add(c, scope);
        }
      }
    }

    // Follow members to the types nested below (breadth first; each container/scope pair once).
    for (let i = 0; i < queue.length; i++) {
      const [container, scope] = queue[i]!;
      const type = checker.getTypeAtLocation(ts.isInterfaceDeclaration(container) || ts.isClassDeclaration(container) ? (container.name ?? container) : container);
      const known = vocabulary.knownAt(scope);
      for (const prop of checker.getPropertiesOfType(type)) {
        if (!known.has(prop.name)) continue;
        const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(prop));
        for (const part of unionParts(memberType)) {
          const element = this.elementType(part);
          const child = vocabulary.childScope(scope, prop.name, element !== undefined);
          if (!child) continue;
          for (const c of this.containersOf(element ?? part)) add(c, child);
        }
      }
    }
  }

  /** Scopes of a container, or none when it does not model a representation. */
  scopesOfContainer(node: ts.Node): readonly Scope[] {
    return ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node) || ts.isClassDeclaration(node) ? (this.scopes.get(node) ?? []) : [];
  }

  /** Modelled containers declared in a source file, with their scopes. */
  containersIn(sf: ts.SourceFile): [Container, readonly Scope[]][] {
    return [...this.scopes].filter(([c]) => c.getSourceFile() === sf);
  }

  /** The scopes a value of this type sits at (through aliases, unions with null/undefined, Readonly<…>). */
  scopesOfType(type: ts.Type): Scope[] {
    let out = this.typeScopes.get(type);
    if (!out) {
      out = [];
      for (const c of this.containersOf(type)) {
        for (const s of this.scopes.get(c) ?? []) if (!out.some((o) => scopeKey(o) === scopeKey(s))) out.push(s);
      }
      this.typeScopes.set(type, out);
    }
    return out;
  }

  /** The client-declared containers that make up a type. */
  private containersOf(type: ts.Type, seen = new Set<ts.Type>()): Container[] {
    if (seen.has(type)) return [];
    seen.add(type);
    const out: Container[] = [];
    const t = this.checker.getNonNullableType(type);
    if (t.isUnionOrIntersection()) {
      for (const part of t.types) out.push(...this.containersOf(part, seen));
      return out;
    }
    for (const decl of t.getSymbol()?.declarations ?? []) {
      if (!this.isClientDeclaration(decl)) continue;
      if (ts.isTypeLiteralNode(decl)) out.push(decl);
      if (ts.isInterfaceDeclaration(decl)) out.push(decl, ...this.baseInterfaces(decl, seen));
      if (ts.isClassDeclaration(decl) && decl.name) out.push(decl);
    }
    // A library alias over the client's type (Readonly<Result>, Partial<Profile>): look at its arguments.
    if (t.aliasSymbol && !t.aliasSymbol.declarations?.some((d) => this.isClientDeclaration(d))) {
      for (const arg of t.aliasTypeArguments ?? []) out.push(...this.containersOf(arg, seen));
    }
    return out;
  }

  private baseInterfaces(decl: ts.InterfaceDeclaration, seen: Set<ts.Type>): Container[] {
    const out: Container[] = [];
    for (const clause of decl.heritageClauses ?? []) {
      for (const base of clause.types) out.push(...this.containersOf(this.checker.getTypeAtLocation(base), seen));
    }
    return out;
  }

  /** The item type of an array or tuple-like list type, or undefined. */
  private elementType(type: ts.Type): ts.Type | undefined {
    if (!this.checker.isArrayType(type) && !this.checker.isTupleType(type)) return undefined;
    return this.checker.getIndexTypeOfType(type, ts.IndexKind.Number);
  }

  /** A field a JSON body can carry: declared as a property and not callable. */
  private isDataMember(prop: ts.Symbol): boolean {
    const decls = prop.declarations ?? [];
    if (decls.length === 0) return false;
    if (!decls.every((d) => ts.isPropertySignature(d) || ts.isPropertyDeclaration(d))) return false;
    return this.checker.getNonNullableType(this.checker.getTypeOfSymbol(prop)).getCallSignatures().length === 0;
  }

  private isClientFile(sf: ts.SourceFile): boolean {
    if (this.program.isSourceFileDefaultLibrary(sf) || this.program.isSourceFileFromExternalLibrary(sf)) return false;
    const rel = path.relative(this.root, sf.fileName);
    return !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.split(/[\\/]/).includes('node_modules');
  }

  private isClientDeclaration(decl: ts.Node): boolean {
    if (!this.isClientFile(decl.getSourceFile())) return false;
    for (let n: ts.Node | undefined = decl.parent; n; n = n.parent) {
      if (ts.isModuleDeclaration(n) && ts.isStringLiteral(n.name)) return false;
    }
    return true;
  }
}

function unionParts(type: ts.Type): readonly ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

/** Interfaces, type aliases and named classes of a file, including those in namespaces, excluding ambient modules. */
function namedDeclarations(sf: ts.SourceFile): (ts.InterfaceDeclaration | ts.TypeAliasDeclaration | (ts.ClassDeclaration & { name: ts.Identifier }))[] {
  const out: (ts.InterfaceDeclaration | ts.TypeAliasDeclaration | (ts.ClassDeclaration & { name: ts.Identifier }))[] = [];
  const visit = (statements: readonly ts.Statement[]) => {
    for (const s of statements) {
      if (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) out.push(s);
      else if (ts.isClassDeclaration(s) && s.name) out.push(s as ts.ClassDeclaration & { name: ts.Identifier });
      else if (ts.isModuleDeclaration(s) && !ts.isStringLiteral(s.name)) {
        let body = s.body;
        while (body && ts.isModuleDeclaration(body)) body = body.body;
        if (body && ts.isModuleBlock(body)) visit(body.statements);
      }
    }
  };
  visit(sf.statements);
  return out;
}
