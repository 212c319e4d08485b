import { bindingOf, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';

/**
 * The class an object is an instance of, when the code says so by its type or by how it got it: a service injected
 * through a constructor's parameter property (`constructor(private checker: SymptomCheckerService)`, then
 * `this.checker`), a field (`checker = inject(SymptomCheckerService)`, `checker!: SymptomCheckerService`), or a
 * variable (`let service: SymptomCheckerService`, `service = TestBed.inject(SymptomCheckerService)`, `new X()`).
 * Angular's and NestJS's way of handing a client around. The answer is the path of the class's name in that
 * type or call, for `importOf` to say which file and export it is.
 */
export function receiverClass(ctx: FileContext, object: Path): Path | null {
  const n = object.node;
  if (isMember(n) && n.object.type === 'ThisExpression' && !n.computed) return memberOfClass(object, memberName(n));
  if (n.type === 'Identifier') return variableClass(ctx, object);
  return null;
}

/** `this.<name>`: the class member or constructor parameter property of that name in the enclosing class. */
function memberOfClass(at: Path, name: string | null): Path | null {
  if (!name) return null;
  let body: Path | null = parentOf(at);
  while (body && body.node.type !== 'ClassBody') body = parentOf(body);
  if (!body) return null;
  let found: Path | null = null;
  body.node.body.forEach((m: Node, i: number) => {
    if (found) return;
    const member = body!.get('body', i);
    if ((m.type === 'ClassProperty' || m.type === 'PropertyDefinition') && keyName(m) === name) {
      found = typeName(member, m.typeAnnotation) ?? createdClass(member.get('value'));
    }
    if ((m.type === 'ClassMethod' || m.type === 'MethodDefinition') && keyName(m) === 'constructor') {
      const fn = m.type === 'MethodDefinition' ? member.get('value') : member;
      (fn.node.params ?? []).forEach((p: Node, k: number) => {
        if (found || p.type !== 'TSParameterProperty' || p.parameter?.type !== 'Identifier' || p.parameter.name !== name) return;
        found = typeName(fn.get('params', k, 'parameter'), p.parameter.typeAnnotation);
      });
    }
  });
  return found;
}

/** A variable's class: its declared type, its initialiser, or an assignment to it (`service = TestBed.inject(X)`). */
function variableClass(ctx: FileContext, id: Path): Path | null {
  const binding = bindingOf(id);
  if (!binding) return null;
  const decl = parentOf(binding);
  if (decl?.node.type === 'VariableDeclarator' && decl.node.id === binding.node) {
    const declared = typeName(binding, binding.node.typeAnnotation) ?? createdClass(decl.get('init')) ?? madeBy(ctx, decl.get('init'));
    if (declared) return declared;
  }
  // A parameter declared with the class: `function registerIpc(symptoms: SymptomClient) { symptoms.addIntent(…) }`.
  if (decl && isFunction(decl.node) && decl.node.params.includes(binding.node)) return typeName(binding, binding.node.typeAnnotation);
  // `let service;` … `service = TestBed.inject(X)` in a `beforeEach`.
  for (const p of ctx.nodesOf('AssignmentExpression')) {
    if (p.node.left.type !== 'Identifier' || p.node.left.name !== binding.node.name || bindingOf(p.get('left'))?.node !== binding.node) continue;
    const created = createdClass(p.get('right'));
    if (created) return created;
  }
  return null;
}

/** `makeClient()` of a local function that returns `new X(…)` (a test's factory): the class X. */
function madeBy(ctx: FileContext, init: Path | null | undefined): Path | null {
  const n = init?.node;
  if (!n || !isCall(n) || n.callee.type !== 'Identifier' || n.arguments.length > 0) return null;
  const binding = bindingOf(init!.get('callee'));
  const decl = binding ? parentOf(binding) : null;
  const fn = decl?.node.type === 'FunctionDeclaration' ? decl : decl?.node.type === 'VariableDeclarator' && isFunction(decl.node.init) ? decl.get('init') : null;
  if (!fn) return null;
  if (fn.node.body.type !== 'BlockStatement') return createdClass(fn.get('body'));
  const last = fn.node.body.body.length - 1;
  return last >= 0 && fn.node.body.body[last].type === 'ReturnStatement' ? createdClass(fn.get('body', 'body', last, 'argument')) : null;
}

/** The class name of a type annotation `: X` (not a generic, a union or a literal type). */
function typeName(owner: Path, annotation: Node | null | undefined): Path | null {
  const t = annotation?.typeAnnotation;
  if (!t || t.type !== 'TSTypeReference' || t.typeName?.type !== 'Identifier' || t.typeParameters) return null;
  return owner.get('typeAnnotation', 'typeAnnotation', 'typeName');
}

/** `new X(…)`, `inject(X)`, `TestBed.inject(X)`, `moduleRef.get(X)`: the class named in the call. */
function createdClass(init: Path | null | undefined): Path | null {
  const n = init?.node;
  if (!n) return null;
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier') return init!.get('callee');
  if (isCall(n) && n.arguments.length >= 1 && n.arguments[0].type === 'Identifier') {
    const name = n.callee.type === 'Identifier' ? n.callee.name : isMember(n.callee) ? memberName(n.callee) : null;
    if (name === 'inject' || name === 'get' || name === 'resolve') return init!.get('arguments', 0);
  }
  // `getContext<SymptomCheckerApi>(API_KEY)` (Svelte), `inject<CheckerClient>('checker')` (Vue): the instance a
  // parent provided under a key, of the class the type argument names.
  if (isCall(n) && n.typeParameters?.params?.length === 1) {
    const name = n.callee.type === 'Identifier' ? n.callee.name : isMember(n.callee) ? memberName(n.callee) : null;
    const t = n.typeParameters.params[0];
    if (name && PROVIDED.has(name) && t.type === 'TSTypeReference' && t.typeName?.type === 'Identifier' && !t.typeParameters) return init!.get('typeParameters', 'params', 0, 'typeName');
  }
  return null;
}

/** Calls that hand back what a parent or container provided under a key. */
const PROVIDED = new Set(['getContext', 'inject', 'resolve']);
