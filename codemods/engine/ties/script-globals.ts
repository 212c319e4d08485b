import { bindingOf, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';

/**
 * Classic scripts (no imports, no exports) share their top-level names through the page: `var Buoy = (function ($) {
 * … return { addComplaint: addComplaint } })(jQuery)` in one file, `Buoy.addComplaint(token, text, form.extra.value)`
 * in a page's inline script or a QUnit test. The project facts (lib/project.ts) answer for such a global under this
 * specifier, by `Global.method`.
 */
export const SCRIPT_GLOBAL = '<script-global>';

/** Globals of libraries and the browser, never an app's namespace. */
const LIBRARY_GLOBALS = new Set(['$', 'jQuery', '_', 'window', 'document', 'console', 'JSON', 'Math', 'Object', 'Array', 'Promise', 'Handlebars', 'Mustache', 'QUnit', 'angular', 'Backbone', 'localStorage', 'sessionStorage', 'location', 'navigator']);

/** Whether the file is a classic script: no import, export or `require`. */
function isClassicScript(ctx: FileContext): boolean {
  if (ctx.nodesOf('ImportDeclaration', 'ExportNamedDeclaration', 'ExportDefaultDeclaration').length > 0) return false;
  return !ctx.nodesOf('CallExpression').some((c) => c.node.callee.type === 'Identifier' && c.node.callee.name === 'require');
}

/**
 * The methods a classic script's top-level namespaces offer: `var X = (function () { function a() {…} return { a: a } })()`,
 * `var X = { a: function () {…} }`; each with its function, as `X.a`.
 */
export function scriptGlobalMethods(ctx: FileContext): { owner: string; name: string; fn: Path }[] {
  const out: { owner: string; name: string; fn: Path }[] = angularServiceMethods(ctx);
  if (!isClassicScript(ctx)) return out;
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    const stmt = parentOf(decl);
    if (parentOf(stmt!)?.node.type !== 'Program' || decl.node.id.type !== 'Identifier' || !decl.node.init) continue;
    const owner: string = decl.node.id.name;
    const obj = namespaceObject(decl.get('init'));
    if (!obj) continue;
    obj.node.properties.forEach((p: Node, i: number) => {
      const name = keyName(p);
      if (!name) return;
      if (p.type === 'ObjectMethod') return void out.push({ owner, name, fn: obj.get('properties', i) });
      const value = obj.get('properties', i, 'value');
      if (isFunction(value.node)) return void out.push({ owner, name, fn: value });
      if (value.node?.type !== 'Identifier') return;
      const binding = bindingOf(value);
      const holder = binding ? parentOf(binding) : null;
      if (holder?.node.type === 'FunctionDeclaration' && holder.node.id === binding!.node) out.push({ owner, name, fn: holder });
    });
  }
  return out;
}

/**
 * AngularJS services share their methods through the injector rather than the page: `angular.module('app')
 * .factory('ComplaintService', ComplaintService)` whose function returns `{ createComplaint: createComplaint }`, or
 * `.service('ComplaintService', function () { this.createComplaint = function (…) {…} })`; each method as
 * `ComplaintService.createComplaint`, what a controller given `ComplaintService` calls (module or classic script).
 */
function angularServiceMethods(ctx: FileContext): { owner: string; name: string; fn: Path }[] {
  const out: { owner: string; name: string; fn: Path }[] = [];
  for (const call of ctx.nodesOf('CallExpression')) {
    const callee = call.node.callee;
    const kind = isMember(callee) && !callee.computed ? memberName(callee) : null;
    if ((kind !== 'factory' && kind !== 'service') || call.node.arguments.length !== 2 || !registersWithAngular(callee.object)) continue;
    const owner = call.node.arguments[0];
    if (owner.type !== 'StringLiteral' && !(owner.type === 'Literal' && typeof owner.value === 'string')) continue;
    const fn = injectedFunction(call.get('arguments', 1));
    if (!fn || fn.node.body.type !== 'BlockStatement') continue;
    const methods = (obj: Path) =>
      obj.node.properties.forEach((p: Node, i: number) => {
        const name = keyName(p);
        if (!name) return;
        if (p.type === 'ObjectMethod') return void out.push({ owner: owner.value, name, fn: obj.get('properties', i) });
        const f = functionValue(obj.get('properties', i, 'value'));
        if (f) out.push({ owner: owner.value, name, fn: f });
      });
    const body: Node[] = fn.node.body.body;
    body.forEach((stmt, i) => {
      // A factory returns its service: `return { createComplaint: createComplaint }`, `var service = {…}; return service`.
      if (kind === 'factory' && stmt.type === 'ReturnStatement' && stmt.argument) {
        const returned = fn.get('body', 'body', i, 'argument');
        const obj = returned.node.type === 'ObjectExpression' ? returned : returned.node.type === 'Identifier' ? objectBound(returned) : null;
        if (obj) methods(obj);
      }
      // A service is constructed: `this.createComplaint = function (…) {…}`.
      if (kind === 'service' && stmt.type === 'ExpressionStatement' && stmt.expression.type === 'AssignmentExpression' && isMember(stmt.expression.left) && stmt.expression.left.object.type === 'ThisExpression') {
        const name = memberName(stmt.expression.left);
        const f = functionValue(fn.get('body', 'body', i, 'expression', 'right'));
        if (name && name !== '*' && f) out.push({ owner: owner.value, name, fn: f });
      }
    });
  }
  return out;
}

/** `angular.module('app')`, or a chain of registrations on it (`.factory(…).service(…)`), or a module kept in a name. */
function registersWithAngular(n: Node): boolean {
  while (isCall(n) && isMember(n.callee)) {
    if (n.callee.object.type === 'Identifier' && n.callee.object.name === 'angular' && memberName(n.callee) === 'module') return true;
    n = n.callee.object;
  }
  return n.type === 'Identifier' && n.name !== 'angular' && /module|app/i.test(n.name);
}

/** The function a registration names: inline, by a declaration of the file, or last in an array annotation (`['$http', function ($http) {…}]`). */
function injectedFunction(arg: Path): Path | null {
  if (arg.node.type === 'ArrayExpression' && arg.node.elements.length > 0) return injectedFunction(arg.get('elements', arg.node.elements.length - 1));
  return functionValue(arg);
}

/** A function, or the declaration of the one an identifier names. */
function functionValue(value: Path): Path | null {
  if (isFunction(value.node)) return value;
  if (value.node?.type !== 'Identifier') return null;
  const binding = bindingOf(value);
  const holder = binding ? parentOf(binding) : null;
  if (holder?.node.type === 'FunctionDeclaration' && holder.node.id === binding!.node) return holder;
  if (holder?.node.type === 'VariableDeclarator' && holder.node.id === binding!.node && isFunction(holder.node.init)) return holder.get('init');
  return null;
}

/** The object literal a local name is declared with (`var service = { … }`). */
function objectBound(id: Path): Path | null {
  const binding = bindingOf(id);
  const holder = binding ? parentOf(binding) : null;
  return holder?.node.type === 'VariableDeclarator' && holder.node.id === binding!.node && holder.node.init?.type === 'ObjectExpression' ? holder.get('init') : null;
}

/** The object a namespace's initialiser gives: an object literal, or what an immediately called function returns. */
function namespaceObject(init: Path): Path | null {
  let p = init;
  if (p.node.type === 'ParenthesizedExpression') p = p.get('expression');
  if (p.node.type === 'ObjectExpression') return p;
  if (!isCall(p.node)) return null;
  let fn = p.get('callee');
  if (fn.node.type === 'ParenthesizedExpression') fn = fn.get('expression');
  if (!isFunction(fn.node) || fn.node.body.type !== 'BlockStatement') return null;
  const body: Node[] = fn.node.body.body;
  const i = body.findIndex((s) => s.type === 'ReturnStatement' && s.argument?.type === 'ObjectExpression');
  return i < 0 ? null : fn.get('body', 'body', i, 'argument');
}

/** `Buoy.addComplaint` of a call on a name no scope of the file declares (a script global): the global's name. */
export function scriptGlobalReceiver(ctx: FileContext, callee: Path): string | null {
  const n = callee.node;
  if (!isMember(n) || n.computed || n.object.type !== 'Identifier' || LIBRARY_GLOBALS.has(n.object.name) || !memberName(n)) return null;
  const binding = bindingOf(callee.get('object'));
  if (!binding) return n.object.name;
  // AngularJS injects a service by its parameter's name: `function ComplaintCtrl($scope, ComplaintService)`.
  const fn = parentOf(binding);
  return fn && isFunction(fn.node) && fn.node.params.includes(binding.node) && injectedByAngular(ctx, fn) ? n.object.name : null;
}

/** The script globals whose methods a file calls (the project then analyses it again with their facts). */
export function usedScriptGlobals(ctx: FileContext): string[] {
  const out = new Set<string>();
  for (const call of ctx.nodesOf('CallExpression')) {
    const name = scriptGlobalReceiver(ctx, call.get('callee'));
    if (name) out.add(name);
  }
  return [...out].sort();
}

/**
 * Whether a function's parameters are AngularJS injections: the file registers with `angular.module(…)`, or
 * annotates a function for the injector (`Ctrl.$inject = [...]`, an array annotation).
 */
function injectedByAngular(ctx: FileContext, fn: Path): boolean {
  if (parentOf(fn)?.node.type === 'ArrayExpression') return true;
  let memo = angularFiles.get(ctx);
  if (memo === undefined) {
    memo =
      ctx.nodesOf('MemberExpression').some((m: Path) => !m.node.computed && memberName(m.node) === '$inject') ||
      ctx.nodesOf('CallExpression').some((c: Path) => isMember(c.node.callee) && c.node.callee.object.type === 'Identifier' && c.node.callee.object.name === 'angular' && memberName(c.node.callee) === 'module');
    angularFiles.set(ctx, memo);
  }
  return memo;
}
const angularFiles = new WeakMap<FileContext, boolean>();
