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
  if (!isClassicScript(ctx)) return [];
  const out: { owner: string; name: string; fn: Path }[] = [];
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
export function scriptGlobalReceiver(callee: Path): string | null {
  const n = callee.node;
  if (!isMember(n) || n.computed || n.object.type !== 'Identifier' || LIBRARY_GLOBALS.has(n.object.name) || !memberName(n)) return null;
  return bindingOf(callee.get('object')) ? null : n.object.name;
}

/** The script globals whose methods a file calls (the project then analyses it again with their facts). */
export function usedScriptGlobals(ctx: FileContext): string[] {
  const out = new Set<string>();
  for (const call of ctx.nodesOf('CallExpression')) {
    const name = scriptGlobalReceiver(call.get('callee'));
    if (name) out.add(name);
  }
  return [...out].sort();
}
