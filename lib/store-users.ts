import * as path from 'node:path';
import { decode, isBinary, readUpTo } from './read';
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
