import * as path from 'node:path';
import { decode, isBinary, readUpTo } from './read';
import { resolveImport } from './project';
import type { SelectedFile } from './select';
import type { FrontEnd, RunFileFacts } from './types';

/**
 * Vuex modules tied to the API (ties/store-members.ts): the run's components that map one of them by its namespace
 * (`...mapState('interview', ['marketplace'])`, `this.$store.state.interview.marketplace`, `$store.getters['results/advice']`) or
 * dispatch to its actions (`dispatch('interview/addComplaint', …)`) are read too, as importers of a passing module are: they import
 * only `vuex`.
 */
export function storeMapperUsers(facts: ReadonlyMap<string, RunFileFacts>, selected: readonly SelectedFile[], frontEnds: ReadonlyMap<string, FrontEnd>, passing: ReadonlySet<string>, maxSize: number): string[] {
  const modules = new Set<string>();
  for (const [file, f] of facts) {
    if ('kind' in f || (!f.store && !f.storeActions)) continue;
    const base = path.basename(file).replace(/\.[^.]+$/, '');
    modules.add(base === 'index' ? path.basename(path.dirname(file)) : base);
  }
  if (modules.size === 0) return [];
  const names = [...modules].map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const mapper = new RegExp(
    [
      `\\bmap(?:State|Getters)\\s*\\(\\s*(['"\`])(?:[\\w-]+/)*(?:${names})/?\\1`,
      `\\bdispatch\\s*\\(\\s*(['"\`])(?:[\\w-]+/)*(?:${names})/[\\w$]+\\2`,
      `\\bstate\\s*\\.\\s*(?:${names})\\s*\\.`,
      `\\$store\\s*\\.\\s*getters\\s*\\[\\s*['"\`](?:[\\w-]+/)*(?:${names})/`,
    ].join('|'),
  );
  const out: string[] = [];
  for (const file of selected) {
    if (passing.has(file.absPath) || !frontEnds.get(file.absPath)?.imports) continue;
    const { buf } = readUpTo(file.absPath, maxSize);
    if (buf && !isBinary(buf) && mapper.test(decode(buf).text)) out.push(file.absPath);
  }
  return out;
}

/**
 * Modules that export stores whose value is tied (codemods/engine/ties/exported-stores.ts): the run's files that import
 * one and were not read yet (a component that reads `$bodyStats.bmi`, two hops from the API module) are read too.
 */
export function storeValueUsers(facts: ReadonlyMap<string, RunFileFacts>, candidates: readonly { file: SelectedFile; specs: string[] }[], known: ReadonlySet<string>, outcomes: ReadonlyMap<string, unknown>): string[] {
  const stores = new Set<string>();
  for (const [file, f] of facts) if (!('kind' in f) && f.storeValues) stores.add(file);
  if (stores.size === 0) return [];
  const out: string[] = [];
  for (const { file, specs } of candidates) {
    if (outcomes.has(file.absPath)) continue;
    if (specs.some((s) => /^[.@~$]/.test(s) && stores.has(resolveImport(file.absPath, s, known) ?? ''))) out.push(file.absPath);
  }
  return out;
}
