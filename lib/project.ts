import * as path from 'node:path';
import { SOURCE_EXTENSIONS } from '../codemods/engine';
import { noProject, sameValue, type ActionType, type ExternalUse, type FileFacts, type ProjectFacts } from '../codemods/engine/ties/project';
import type { Tie } from '../codemods/engine/ties/tie';
import { SCRIPT_GLOBAL } from '../codemods/engine/ties/script-globals';
import type { PolyFacts } from '../codemods/frontends/polyglot/project';
import { buildIndex } from '../codemods/frontends/polyglot/project-index';
import type { RunFacts, RunFileFacts } from './types';

/**
 * Facts across the files of one run: which constants each JS/TS file exports and how other files use them
 * (codemods/engine/ties/project.ts), and the polyglot files' models, endpoints and host constants
 * (codemods/frontends/polyglot/project.ts). Built from what the first analysis of every file reported; the files
 * they concern (definitions used elsewhere, uses of names defined elsewhere) are analysed once more with them.
 */
export function buildProject(all: ReadonlyMap<string, RunFileFacts>, known: ReadonlySet<string>): { facts: RunFacts; rerun: string[] } | null {
  const js = new Map<string, FileFacts>();
  const poly = new Map<string, PolyFacts>();
  for (const [file, f] of all) {
    if ('kind' in f) poly.set(file, f);
    else js.set(file, f);
  }
  const jsProject = buildJsProject(js, known);
  const index = poly.size > 0 ? buildIndex([...poly.values()]) : null;
  const polyRerun = index && poly.size > 1 ? [...poly].filter(([, f]) => index.concerns(f)).map(([file]) => file) : [];
  // Server templates, once the index knows what they read: what the app's own routes forward, the models' derived readers.
  if (index?.forTemplates) for (const [file, f] of js) if (f.readsPoly) polyRerun.push(file);
  if (!jsProject && polyRerun.length === 0 && (!index || index.empty)) return null;
  const rerun = [...new Set([...(jsProject?.rerun ?? []), ...polyRerun])].sort();
  return { facts: { ...(jsProject?.facts ?? noProject), ...(index ? { poly: index } : {}) }, rerun };
}

function buildJsProject(all: ReadonlyMap<string, FileFacts>, known: ReadonlySet<string>): { facts: ProjectFacts; rerun: string[] } | null {
  const usesByFile = new Map<string, ExternalUse[]>();
  const rerun = new Set<string>();
  // Through a barrel's re-exports (`export { InterviewMode } from './models/InterviewMode'`): the module that defines
  // the name, and the name it has there.
  const origin = (from: string, specifier: string, name: string, depth = 0): { target: string; name: string } | null => {
    const target = resolveKnown(from, specifier, known);
    const f = target ? all.get(target) : undefined;
    if (!target || !f) return null;
    if (f.exports[name] || f.functions?.[name] || f.numbers?.[name] !== undefined || f.storeValues?.[name] || f.carried?.[name] || depth > 3) return { target, name };
    for (const r of f.reexports ?? []) {
      if (r.name !== name && r.name !== '*') continue;
      const hit = origin(target, r.specifier, r.local === '*' ? name : r.local, depth + 1);
      if (hit && hit.target !== target && (r.name === name || all.get(hit.target)?.exports[hit.name] || all.get(hit.target)?.functions?.[hit.name] || all.get(hit.target)?.numbers?.[hit.name] !== undefined)) return hit;
    }
    return { target, name };
  };
  for (const [from, f] of all) {
    for (const r of f.reexports ?? []) {
      const t = resolveKnown(from, r.specifier, known);
      if (t && t !== from) rerun.add(from);
    }
  }
  for (const [from, f] of all) {
    for (const use of f.uses) {
      const o = origin(from, use.specifier, use.name);
      const target = o?.target ?? null;
      if (o && o.name !== use.name) continue;
      // Numeric constants (`STATUS = { NO_NEXT_STEP: 202 }`) are not among the string exports; their status uses count.
      if (!target || (!all.get(target)?.exports[use.name] && !(use.role === 'status' && all.has(target)))) continue;
      const list = usesByFile.get(target) ?? [];
      list.push(use);
      usesByFile.set(target, list);
      rerun.add(target);
    }
    for (const spec of f.imports) {
      const target = resolveKnown(from, spec, known);
      const t = target ? all.get(target) : undefined;
      if (t && (Object.keys(t.exports).length > 0 || (t.reexports ?? []).length > 0 || Object.keys(t.functions ?? {}).length > 0 || Object.keys(t.numbers ?? {}).length > 0 || t.storeValues || t.carried || t.otherApiOnly)) rerun.add(from);
    }
  }
  // Redux actions: what each type's payload is, by the type's text or the constant it is defined as.
  const payloads = new Map<string, Tie | null>();
  const keysOf = (from: string, type: ActionType): string[] => {
    if (typeof type === 'string') return [`=${type}`];
    const target = resolveKnown(from, type.specifier, known);
    if (!target) return [];
    const value = all.get(target)?.exports[type.name];
    return [`${target}#${type.name}`, ...(value?.kind === 'string' ? [`=${value.value}`] : [])];
  };
  for (const [from, f] of all) {
    for (const { type, tie } of f.actions ?? []) {
      for (const key of keysOf(from, type)) {
        const had = payloads.get(key);
        // Two payloads of one type that disagree tie it to neither.
        payloads.set(key, had === undefined || (had && had.resource === tie.resource && had.path.join('.') === tie.path.join('.')) ? (had ?? tie) : null);
      }
    }
  }
  if (payloads.size > 0) for (const [file, f] of all) if (f.readsActions) rerun.add(file);
  // Vuex modules by the namespace their file gives them (`store/modules/results.js`, Nuxt's `store/interview.js`).
  const modules = new Map<string, Record<string, Tie>[]>();
  const moduleActions = new Map<string, Record<string, Record<string, Tie>>[]>();
  for (const [file, f] of all) {
    if (!f.store && !f.storeActions) continue;
    const base = path.basename(file).replace(/\.[^.]+$/, '');
    const ns = base === 'index' ? path.basename(path.dirname(file)) : base;
    if (f.store) modules.set(ns, [...(modules.get(ns) ?? []), f.store]);
    if (f.storeActions) moduleActions.set(ns, [...(moduleActions.get(ns) ?? []), f.storeActions]);
  }
  if (modules.size > 0 || moduleActions.size > 0) for (const [file, f] of all) if (f.readsStore) rerun.add(file);
  // Values handed to other files' functions: by the function's file, name and parameter; calls that disagree, or
  // one the engine cannot tie, tie the parameter to nothing.
  const passed = new Map<string, { tie: Tie | null }>();
  for (const [from, f] of all) {
    for (const p of f.passes ?? []) {
      const target = resolveKnown(from, p.specifier, known);
      if (!target || target === from) continue;
      const key = `${target}\u0000${p.name}\u0000${p.index}\u0000${p.prop ?? ''}`;
      const had = passed.get(key);
      passed.set(key, { tie: had === undefined ? p.tie : had.tie && p.tie && sameValue(had.tie, p.tie) ? had.tie : null });
      if (p.tie) rerun.add(target);
    }
  }
  // Classic scripts' global namespaces: a method by `Global.method`, from the one file that defines the global.
  const globalOwners = new Map<string, string | null>();
  for (const [file, f] of all) for (const g of f.scriptGlobals ?? []) globalOwners.set(g, globalOwners.has(g) ? null : file);
  for (const [file, f] of all) {
    if ((f.usesScriptGlobals ?? []).some((g) => { const owner = globalOwners.get(g); return !!owner && owner !== file; })) rerun.add(file);
  }
  const globalFunction = (name: string) => {
    const owner = globalOwners.get(name.split('.')[0]!);
    return (owner ? all.get(owner)?.functions?.[name] : undefined) ?? null;
  };
  // Electron IPC: what each channel's handler sends, for the files that send over IPC (two handlers that disagree: none).
  const ipc = new Map<string, { index: number; tie: Tie }[] | null>();
  for (const f of all.values()) {
    for (const [key, params] of Object.entries(f.ipcHandlers ?? {})) ipc.set(key, ipc.has(key) ? null : params);
  }
  if (ipc.size > 0) for (const [file, f] of all) if (f.sendsIpc) rerun.add(file);
  if (rerun.size === 0) return null;
  const facts: ProjectFacts = {
    ipcHandler(channel) {
      return ipc.get(channel) ?? null;
    },
    importedConst(fromFile, specifier, name) {
      const o = origin(fromFile, specifier, name);
      const value = o ? all.get(o.target)?.exports[o.name] : undefined;
      return value && o ? { ...value, file: o.target } : null;
    },
    importedFunction(fromFile, specifier, name) {
      if (specifier === SCRIPT_GLOBAL) return globalFunction(name);
      const o = origin(fromFile, specifier, name);
      return (o ? all.get(o.target)?.functions?.[o.name] : undefined) ?? null;
    },
    actionPayload(fromFile, type) {
      for (const key of keysOf(fromFile, type)) {
        const t = payloads.get(key);
        if (t !== undefined) return t;
      }
      return null;
    },
    storeMember(namespace, name) {
      // Two modules of one name that disagree say nothing.
      const ties = (modules.get(namespace) ?? []).map((m) => (Object.hasOwn(m, name) ? m[name] : undefined));
      const first = ties[0];
      return first && ties.every((t) => t && sameValue(t, first)) ? first : null;
    },
    storeActionKey(namespace, action, key) {
      const ties = (moduleActions.get(namespace) ?? []).map((m) => (Object.hasOwn(m, action) && Object.hasOwn(m[action]!, key) ? m[action]![key] : undefined));
      const first = ties[0];
      return first && ties.every((t) => t && sameValue(t, first)) ? first : null;
    },
    importedStore(fromFile, specifier, name) {
      const o = origin(fromFile, specifier, name);
      const values = o ? all.get(o.target)?.storeValues : undefined;
      return values && Object.hasOwn(values, o!.name) ? values[o!.name]! : null;
    },
    carriedChecks(fromFile, specifier, name) {
      const o = origin(fromFile, specifier, name);
      const carried = o ? all.get(o.target)?.carried : undefined;
      return carried && Object.hasOwn(carried, o!.name) ? carried[o!.name]! : null;
    },
    calledWith(file, name, index, prop) {
      return passed.get(`${file}\u0000${name}\u0000${index}\u0000${prop ?? ''}`) ?? null;
    },
    importedNumber(fromFile, specifier, name) {
      const o = origin(fromFile, specifier, name);
      return (o ? all.get(o.target)?.numbers?.[o.name] : undefined) ?? null;
    },
    otherApiModule(fromFile, specifier) {
      const target = resolveKnown(fromFile, specifier, known);
      return !!(target && all.get(target)?.otherApiOnly);
    },
    usesOf(file, name, key) {
      return (usesByFile.get(file) ?? []).filter((u) => u.name === name && (key === null || u.key === key));
    },
  };
  return { facts, rerun: [...rerun].sort() };
}

const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** resolveImport, memoised per set of files (which the run never changes): the answer depends only on the file's folder and the specifier. */
function resolveKnown(fromFile: string, specifier: string, known: ReadonlySet<string>): string | null {
  let memo = resolved.get(known);
  if (!memo) {
    memo = new Map();
    resolved.set(known, memo);
  }
  const key = `${path.dirname(fromFile)}\u0000${specifier}`;
  let hit = memo.get(key);
  if (hit === undefined) {
    hit = resolveImport(fromFile, specifier, known);
    memo.set(key, hit);
  }
  return hit;
}
const resolved = new WeakMap<ReadonlySet<string>, Map<string, string | null>>();

/**
 * The file among `known` (absolute paths) that a relative specifier in `fromFile` names: the exact path,
 * the path plus a source extension, its `index` file, or for `./x.js` a `./x.ts` (TypeScript's ESM style).
 */
export function resolveImport(fromFile: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (specifier.startsWith('.')) return resolveFrom(path.resolve(path.dirname(fromFile), specifier), known);
  // Source-folder aliases (Vite/Nuxt `@/` and `~/`, SvelteKit `$lib/`): tried against every `src/` above the file.
  const alias = /^(@|~|\$lib)\/(.*)$/.exec(specifier);
  if (!alias) return null;
  // `@/x` and `~/x` are `src/x` (Vite, Vue CLI), `app/x` (Remix) or the project's root (Nuxt): tried in that order.
  const subs = alias[1] === '$lib' ? [path.join('src', 'lib', alias[2]!)] : [path.join('src', alias[2]!), path.join('app', alias[2]!), alias[2]!];
  for (let d = path.dirname(fromFile); ; d = path.dirname(d)) {
    for (const sub of subs) {
      const hit = resolveFrom(path.join(d, sub), known);
      if (hit) return hit;
    }
    if (path.dirname(d) === d) return null;
  }
}

function resolveFrom(base: string, known: ReadonlySet<string>): string | null {
  const candidates = [base];
  for (const ext of SOURCE_EXTENSIONS) candidates.push(base + ext);
  for (const ext of SOURCE_EXTENSIONS) candidates.push(path.join(base, `index${ext}`));
  const ext = path.extname(base);
  for (const swap of JS_TO_TS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + swap);
  return candidates.find((c) => known.has(c)) ?? null;
}
