import { chainNames, isMember, memberName, parentOf, type Node, type Path } from '../engine/ast';
import { isModeName } from '../engine/ties/names';
import { statusComparison, statusTie } from '../engine/rules/status-changed';
import { carriedStatusChecks } from '../engine/ties/carried-statuses';
import type { FileContext } from '../engine/file';
import { importOf } from '../engine/ties/constants';
import { fileExports } from '../engine/ties/file-exports';
import { sendingFunctions } from '../engine/ties/wrappers';
import { scriptGlobalMethods, usedScriptGlobals } from '../engine/ties/script-globals';
import { passedValues } from '../engine/ties/passed-values';
import { numberExports } from '../engine/ties/numbers';
import { dispatchedPayloads, readsActions } from '../engine/ties/actions';
import { mapsStore, storeActions, storeMembers } from '../engine/ties/store-members';
import { setterStoreValues } from '../engine/ties/setter-stores';
import { exportedStores } from '../engine/ties/exported-stores';
import type { ExternalUse, FileFacts, UseRole } from '../engine/ties/project';
import { isValueContext } from '../engine/rules/value-context';
import { api } from '../../catalogue';
import { ipcHandlerParams, sendsIpc } from '../engine/ties/ipc-channels';

/**
 * What a JS/TS file tells the other files of a run (lib/project.ts): the constants it exports, the modules it
 * imports constants from, and how it uses imported constants (as an interview mode here; addresses.ts adds
 * audience and URL uses).
 */
export function collectFacts(ctx: FileContext, extraUses: readonly ExternalUse[] = []): FileFacts {
  const imports = new Set<string>();
  for (const imp of ctx.nodesOf('ImportDeclaration')) {
    const spec = String(imp.node.source.value);
    if (/^(\.|@\/|~\/|\$lib\/)/.test(spec) && (imp.node.specifiers ?? []).length > 0) imports.add(spec);
  }
  const uses: ExternalUse[] = [...extraUses];
  const seen = new Set<Node>();
  const imported = ctx.importedLocals();
  const visit = (path: Path) => {
    const n = path.node;
    if (seen.has(n)) return;
    const root = isMember(n) ? rootPath(path) : path;
    if (root.node.type !== 'Identifier' || !imported.has(root.node.name)) return;
    const imp = importOf(root);
    if (!imp) return;
    imports.add(imp.specifier);
    const use = useRole(ctx, path);
    if (!use) return;
    seen.add(n);
    const key = isMember(n) && n.object.type === 'Identifier' ? memberName(n) : null;
    uses.push({ specifier: imp.specifier, name: imp.exportName, key: key === '*' ? null : key, ...use, at: `${ctx.filePath}:${ctx.lines.lineCol(n.start).line}` });
  };
  for (const p of ctx.nodesOf('MemberExpression', 'OptionalMemberExpression')) visit(p);
  for (const p of ctx.nodesOf('Identifier')) visit(p);
  const actions = dispatchedPayloads(ctx);
  const passes = passedValues(ctx);
  const globals = [...new Set(scriptGlobalMethods(ctx).map((m) => m.owner))];
  const usesGlobals = usedScriptGlobals(ctx);
  const reexports = reexportsOf(ctx);
  const store = storeMembers(ctx);
  const actionKeys = storeActions(ctx);
  const storeValues = { ...exportedStores(ctx), ...setterStoreValues(ctx) };
  const ipcHandlers = ipcHandlerParams(ctx);
  const carried = carriedStatusChecks(ctx, statusComparison, true);
  return {
    exports: fileExports(ctx),
    uses,
    imports: [...imports],
    functions: sendingFunctions(ctx),
    ...numbersOf(ctx),
    // Only what a module exports reaches its importers.
    ...(ctx.nodesOf('ExportNamedDeclaration', 'ExportDefaultDeclaration').length > 0 && ctx.otherApiOnly() ? { otherApiOnly: true } : {}),
    ...(actions.length > 0 ? { actions } : {}),
    ...(readsActions(ctx) ? { readsActions: true } : {}),
    ...(passes.length > 0 ? { passes } : {}),
    ...(globals.length > 0 ? { scriptGlobals: globals } : {}),
    ...(usesGlobals.length > 0 ? { usesScriptGlobals: usesGlobals } : {}),
    ...(reexports.length > 0 ? { reexports } : {}),
    ...(Object.keys(store).length > 0 ? { store } : {}),
    ...(Object.keys(actionKeys).length > 0 ? { storeActions: actionKeys } : {}),
    ...(Object.keys(storeValues).length > 0 ? { storeValues } : {}),
    ...(Object.keys(carried).length > 0 ? { carried } : {}),
    ...(mapsStore(ctx) ? { readsStore: true as const } : {}),
    ...(Object.keys(ipcHandlers).length > 0 ? { ipcHandlers } : {}),
    ...(sendsIpc(ctx) ? { sendsIpc: true as const } : {}),
  };
}

/** A barrel's `export { A, B as C } from './x'` and `export * from './y'` (type-only exports left out: they hold no value). */
function reexportsOf(ctx: FileContext): NonNullable<FileFacts['reexports']> {
  const out: NonNullable<FileFacts['reexports']> = [];
  for (const p of ctx.nodesOf('ExportNamedDeclaration', 'ExportAllDeclaration')) {
    const n = p.node;
    const spec = n.source ? String(n.source.value) : null;
    if (!spec || !/^(\.|@\/|~\/|\$lib\/)/.test(spec) || n.exportKind === 'type') continue;
    if (n.type === 'ExportAllDeclaration') {
      if (!n.exported) out.push({ name: '*', local: '*', specifier: spec });
      continue;
    }
    for (const sp of n.specifiers ?? []) {
      if (sp.type !== 'ExportSpecifier' || sp.exportKind === 'type') continue;
      const local = sp.local?.name ?? sp.local?.value;
      const name = sp.exported?.name ?? sp.exported?.value ?? local;
      if (typeof local === 'string' && typeof name === 'string') out.push({ name, local, specifier: spec });
    }
  }
  return out;
}

function numbersOf(ctx: FileContext): { numbers?: Record<string, number | Record<string, number>> } {
  const numbers = numberExports(ctx);
  return Object.keys(numbers).length > 0 ? { numbers } : {};
}

function rootPath(path: Path): Path {
  let p = path;
  while (isMember(p.node)) p = p.get('object');
  return p;
}

/** The role an expression plays where it stands: an interview mode value, a map looked up by mode, a status. */
function useRole(ctx: FileContext, path: Path): { role: UseRole; operation?: string } | null {
  const role = roleAt(ctx, path);
  if (role !== 'status') return role ? { role } : null;
  // The operation whose status it is compared with, where the engine can tell.
  const parent = parentOf(path)!;
  const other = parent.node.type === 'BinaryExpression' ? parent.get(parent.node.left === path.node ? 'right' : 'left') : parentOf(parentOf(parent)!)?.get('discriminant');
  const t = other?.node ? statusTie(ctx, other) : null;
  // A comparison the engine cannot tie is kept without an operation: the constant is shared with it.
  return t && t.op ? { role, operation: `${t.resource}:${t.op}` } : { role };
}

function roleAt(ctx: FileContext, path: Path): UseRole | null {
  const n = path.node;
  const parent = parentOf(path);
  // `STEP_LABELS[interview.mode]`
  if (n.type === 'Identifier' && parent && isMember(parent.node) && parent.node.object === n && parent.node.computed) {
    const key = parent.node.property;
    const k = key.type === 'Identifier' ? key.name : isMember(key) ? memberName(key) : null;
    if (k && (k === api.modeField || isModeName(k))) return 'mode-key';
  }
  if (chainNames(n).length > 2) return null;
  // `res.status === STATUS.NO_NEXT_STEP`, `case LOCATION_FAILURE:` in a switch on a status.
  if (parent?.node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(parent.node.operator)) {
    const other = parent.node.left === n ? parent.node.right : parent.node.left;
    const name = isMember(other) ? memberName(other) : other.type === 'Identifier' ? other.name : null;
    if (name && /^status(Code)?$/.test(name)) return 'status';
  }
  if (parent?.node.type === 'SwitchCase' && parent.node.test === n) return 'status';
  return isValueContext(ctx, path, api.modeField) ? 'mode' : null;
}
