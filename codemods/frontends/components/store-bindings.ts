import { rulesOfKind } from '../../../catalogue';
import type { FrontEndInput } from '../../../lib/types';
import { isFunction, isMember, keyName, memberName, objectLiteral, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { spelledRules } from '../../engine/rules/spellings';
import { mappedMembers } from '../../engine/ties/store-members';
import { pathMatches, type Tie } from '../../engine/ties/tie';
import type { TemplateAlias, TemplateExpression, TemplateRead } from './template-reads';

/**
 * Vue 2 components bound to Vuex modules: `...mapState('interview', ['marketplace'])` and `...mapGetters('results',
 * ['advice'])` give the template names whose values the module's state and getters hold (ties/store-members.ts, from
 * the run's facts), and a computed property that returns one of them (`metrics () { return this.profileMetrics }`)
 * is that value too. A mapped member that is itself a field v2 removed is a site where it is mapped; a bare use of it
 * in the template (`v-if="advice"`, `{{ marketplace.name }}`, an item of it in `v-for`) is a read of that field.
 */

export interface MappedSite {
  start: number;
  end: number;
  tie: Tie;
  local: string;
}

/** The component's names bound from store modules (added to `ties`), and where each is mapped (offsets in the block). */
export function storeBindings(ctx: FileContext, ties: Map<string, Tie>): MappedSite[] {
  const sites: MappedSite[] = [];
  for (const m of mappedMembers(ctx)) {
    const tie = ctx.project.storeMember?.(m.namespace, m.name);
    if (!tie) continue;
    ties.set(m.local, tie);
    sites.push({ start: m.entry.node.start, end: m.entry.node.end, tie, local: m.local });
  }
  if (sites.length > 0) computedAliases(ctx, ties);
  return sites;
}

/** Svelte's `$bodyStats` in the markup: the value of a store the component imports from another module (ties/exported-stores.ts). */
export function importedStoreBindings(ctx: FileContext, ties: Map<string, Tie>): void {
  // The template reader reads `$bodyStats` by its name without the `$`.
  if (!ctx.filePath.endsWith('.svelte')) return;
  for (const imp of ctx.imports()) {
    const tie = imp.exportName === 'default' ? null : ctx.project.importedStore?.(ctx.filePath, imp.specifier, imp.exportName);
    if (tie && !ties.has(imp.local)) ties.set(imp.local, tie);
  }
}

/** `computed: { metrics () { return this.profileMetrics } }`: `metrics` is what `profileMetrics` is. */
function computedAliases(ctx: FileContext, ties: Map<string, Tie>): void {
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
    if (keyName(prop.node) !== 'computed') continue;
    const obj = objectLiteral(prop.get('value'));
    obj?.node.properties.forEach((p: Node, i: number) => {
      const name = keyName(p);
      const fn: Path | null = p.type === 'ObjectMethod' ? obj.get('properties', i) : isFunction(p.value) ? obj.get('properties', i, 'value') : null;
      const body = fn?.node.body;
      const value = !body ? null : body.type !== 'BlockStatement' ? body : body.body.length === 1 && body.body[0].type === 'ReturnStatement' ? body.body[0].argument : null;
      if (!name || !value || !isMember(value) || value.object.type !== 'ThisExpression') return;
      const tie = ties.get(memberName(value) ?? '');
      if (tie && !ties.has(name)) ties.set(name, tie);
    });
  }
}

type Removed = ReturnType<typeof removedRules>[number];

function removedRules(input: FrontEndInput) {
  return rulesOfKind('response-field-removed', input.changes).flatMap((r) => spelledRules(r.rule).map((rule) => ({ ...r, rule: rule as typeof r.rule })));
}

/** The removed field a value is, or sits inside (an item of a removed list): the rule, or undefined. */
function removedAt(tie: Tie, removed: readonly Removed[]): Removed | undefined {
  if (tie.role === 'request' || tie.path.length === 0) return undefined;
  for (let len = tie.path.length; len >= 1; len--) {
    const path = tie.path.slice(0, len);
    if (path[path.length - 1] === '*') continue;
    const hit = removed.find(({ rule }) => rule.resource === tie.resource && pathMatches(rule.path, path));
    if (hit) return hit;
  }
  return undefined;
}

/** The mapper entries that bind a removed field (`['marketplace']`): sites in the script, offsets in the file. */
export function mappedSiteReads(input: FrontEndInput, sites: readonly MappedSite[], shift: number): TemplateRead[] {
  const removed = removedRules(input);
  const out: TemplateRead[] = [];
  for (const s of sites) {
    const hit = removedAt(s.tie, removed);
    if (hit) out.push({ start: s.start + shift, end: s.end + shift, anchor: s.start + shift, change: hit.change.id, message: hit.rule.message, subject: s.local });
  }
  return out;
}

/** A name at the start of an expression or of a member chain (not a member, a key, a call or inside a word). */
const ROOT = /(?<![\w$.'"`])([A-Za-z_$][\w$]*)(?![\w$]|\s*[(:])/g;

/**
 * Template uses of names bound to a removed field, or to an item of one: `v-if="advice"`, `{{ marketplace.name }}`,
 * `v-for="t in suggestedTests"` then `{{ t.name }}`. Only names the script binds (or loop aliases of them).
 */
export function boundFieldReads(input: FrontEndInput, exprs: readonly TemplateExpression[], ties: ReadonlyMap<string, Tie>, aliases: readonly TemplateAlias[], mapped: ReadonlySet<string>): TemplateRead[] {
  if (mapped.size === 0) return [];
  const removed = removedRules(input);
  const own = (name: string, depth = 0): Tie | null => {
    if (mapped.has(name)) return ties.get(name) ?? null;
    const alias = aliases.find((a) => a.name === name);
    if (!alias || depth > 2) return null;
    const root = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(alias.of)?.[1];
    const t = root ? own(root, depth + 1) : null;
    return t ? (alias.same ? t : t.list ? { ...t, list: false } : { ...t, path: [...t.path, '*'] }) : null;
  };
  const out: TemplateRead[] = [];
  for (const expr of exprs) {
    const seen = new Set<string>();
    for (const m of expr.text.matchAll(ROOT)) {
      const name = m[1]!;
      if (seen.has(name)) continue;
      const tie = own(name);
      const hit = tie ? removedAt(tie, removed) : undefined;
      if (!hit) continue;
      seen.add(name);
      const start = expr.start + m.index;
      out.push({ start, end: start + name.length, anchor: expr.anchor, change: hit.change.id, message: hit.rule.message, subject: name });
    }
  }
  return out;
}
