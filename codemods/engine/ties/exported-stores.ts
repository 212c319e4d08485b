import { bindingOf, calleeName, isFunction, isMember, memberName, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf, namespaceImport } from './constants';
import { returned, valueTie } from './store-members';
import type { Tie } from './tie';

/**
 * Stores a module exports for other modules to read: a Svelte `derived(profile, ($profile) => ({ bmi: $profile.bmi }))`,
 * a nanostores `computed(interview, (i) => i.profile)`. Its value is what its callback returns, when that is tied
 * (through guards, fallbacks and an object that copies one tied value: ties/store-members.ts `valueTie`). Weak, as a
 * Vuex getter's: a person confirms. A file that imports one reads that value as `$bodyStats` (Svelte's
 * auto-subscription), `get(bodyStats)` (svelte/store), `useStore(bodyStats)` (nanostores).
 */
const DERIVING = new Set(['derived', 'computed']);

export function exportedStores(ctx: FileContext): Record<string, Tie> {
  const out: Record<string, Tie> = {};
  if (!/\b(?:derived|computed)\s*\(/.test(ctx.source)) return out;
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type !== 'VariableDeclaration') continue;
    d.declarations.forEach((decl: Node, i: number) => {
      const init = decl.init;
      if (decl.id.type !== 'Identifier' || !init || init.type !== 'CallExpression' || !DERIVING.has(calleeName(init.callee))) return;
      // The store's callback: its last argument, after the stores it derives from (none: Vue's `computed(() => …)` is no store).
      const last = init.arguments.length - 1;
      if (last < 1 || !isFunction(init.arguments[last])) return;
      const value = returned(exp.get('declaration', 'declarations', i, 'init', 'arguments', last));
      const tie = value ? valueTie(ctx, value) : null;
      if (tie && tie.role !== 'request') out[decl.id.name] = { ...tie, weak: true };
    });
  }
  return out;
}

/** Calls that hand back a store's current value: svelte/store's `get(store)`, nanostores' `useStore(store)`. */
const READERS: Record<string, readonly string[]> = { get: ['svelte/store'], useStore: ['@nanostores/react', '@nanostores/vue', '@nanostores/preact', '@nanostores/solid'] };

/** `get(bodyStats)`, `get(stores.bodyStats)`: the store read. */
export function storeReadArgument(ctx: FileContext, call: Path): Path | null {
  const n = call.node;
  if (n.callee.type !== 'Identifier' || n.arguments.length !== 1 || !Object.hasOwn(READERS, n.callee.name)) return null;
  const imp = importOf(call.get('callee'));
  return imp && READERS[n.callee.name]!.includes(imp.specifier) ? call.get('arguments', 0) : null;
}

/**
 * The value of an imported store an expression names: `bodyStats` (imported by name), `stores.bodyStats` (a namespace
 * import), or Svelte's `$bodyStats` (the store `bodyStats` imported by name, subscribed).
 */
export function importedStoreTie(ctx: FileContext, path: Path, subscribed = false): Tie | null {
  const ask = ctx.project.importedStore;
  if (!ask) return null;
  const n = path.node;
  if (n.type === 'Identifier') {
    if (subscribed) {
      if (!n.name.startsWith('$') || bindingOf(path)) return null;
      const imp = ctx.imports().find((i) => i.local === n.name.slice(1));
      return imp ? ask(ctx.filePath, imp.specifier, imp.exportName) : null;
    }
    const imp = importOf(path);
    return imp && imp.exportName !== 'default' ? ask(ctx.filePath, imp.specifier, imp.exportName) : null;
  }
  if (isMember(n) && n.object.type === 'Identifier' && !subscribed) {
    const name = memberName(n);
    const specifier = namespaceImport(path.get('object'));
    return name && name !== '*' && specifier ? ask(ctx.filePath, specifier, name) : null;
  }
  return null;
}

/** A store derived from others (`derived(profile, ($p) => …)`, `computed($interview, (i) => …)`): its callback. */
export function derivedCallback(call: Path): Path | null {
  const n = call.node;
  const last = n.arguments.length - 1;
  return n.callee.type === 'Identifier' && DERIVING.has(n.callee.name) && last >= 1 && isFunction(n.arguments[last]) ? call.get('arguments', last) : null;
}

/** The store a derived store's callback parameter is the value of (one source store, not a list of them). */
export function derivedSource(call: Path, fn: Path, param: Path): Path | null {
  const n = call.node;
  if (derivedCallback(call)?.node !== fn.node || n.arguments.length !== 2 || fn.node.params[0] !== param.node) return null;
  const source = n.arguments[0];
  return source.type === 'Identifier' || isMember(source) ? call.get('arguments', 0) : null;
}
