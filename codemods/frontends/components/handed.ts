import { calleeName, isCall, keyName, parentOf } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import type { PassedValue } from '../../engine/ties/project';
import { pathMatches, type Tie } from '../../engine/ties/tie';
import { rulesOfKind } from '../../../catalogue';
import type { FrontEndInput } from '../../../lib/types';
import type { Extracted } from './blocks';
import { tieReader, type TemplateRead } from './template-reads';

/**
 * Values a template hands to child components of other files (`<ProfileSummary marketplace={interview.marketplace} />`,
 * `<ResultCard :result="result" />`): the run's facts carry them, as for JSX (engine/ties/passed-values.ts). A
 * component's props (`export let marketplace`, `defineProps<{ result: … }>()`, `let { result } = $props()`) hold what
 * every render gives them; weak: their template reads are manual, and a prop that IS a removed field (every caller
 * hands `interview.marketplace`) is reported where it is declared and where the template reads it.
 */

/** A prop a template renders a component with; `text` null for a static attribute. */
export interface ComponentProp {
  component: string;
  prop: string;
  text: string | null;
}

const LOCAL = /^(\.|@\/|~\/|\$lib\/)/;
const CHAIN_ONLY = /^\s*[A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*\s*$/;

/** The props a component's script declares, by name and offsets in the block. */
export function propDeclarations(ctx: FileContext): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  // Svelte: `export let marketplace`.
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    const stmt = parentOf(decl);
    const id = decl.node.id;
    if (stmt?.node.kind === 'let' && parentOf(stmt)?.node.type === 'ExportNamedDeclaration' && id.type === 'Identifier') out.push({ name: id.name, start: id.start, end: id.start + id.name.length });
    // Svelte 5: `let { result } = $props()`.
    if (id.type === 'ObjectPattern' && isCall(decl.node.init) && calleeName(decl.node.init.callee) === '$props') {
      for (const p of id.properties) {
        const key = keyName(p);
        if (key) out.push({ name: key, start: p.key.start, end: p.key.end });
      }
    }
  }
  // Vue: `defineProps<{ result: Result }>()`, `defineProps(['result'])`, `defineProps({ result: Object })`.
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (calleeName(n.callee) !== 'defineProps') continue;
    const param = (n.typeParameters ?? n.typeArguments)?.params?.[0];
    const members = param?.type === 'TSTypeLiteral' ? param.members : n.arguments[0]?.type === 'ObjectExpression' ? n.arguments[0].properties : [];
    for (const m of members) {
      const key = keyName(m);
      if (key) out.push({ name: key, start: m.key.start, end: m.key.end });
    }
    if (n.arguments[0]?.type === 'ArrayExpression') {
      for (const e of n.arguments[0].elements) if (e && (e.type === 'StringLiteral' || e.type === 'Literal') && typeof e.value === 'string') out.push({ name: e.value, start: e.start + 1, end: e.end - 1 });
    }
  }
  return out;
}

const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function handedProps(
  input: FrontEndInput,
  extracted: Extracted,
  ties: Map<string, Tie>,
  imported: ReadonlyMap<string, { specifier: string; name: string }>,
  declared: readonly { name: string; start: number; end: number }[],
): { passes: PassedValue[]; reads: TemplateRead[] } {
  const passes: PassedValue[] = [];
  const { chainTie } = tieReader(ties, extracted.aliases);
  for (const p of extracted.props ?? []) {
    const imp = imported.get(p.component) ?? imported.get(pascal(p.component));
    if (!imp || !LOCAL.test(imp.specifier)) continue;
    const tie = p.text !== null && CHAIN_ONLY.test(p.text) ? chainTie(p.text.trim()) : null;
    passes.push({ specifier: imp.specifier, name: imp.name, index: 0, prop: camel(p.prop), tie: tie && tie.role !== 'request' ? { resource: tie.resource, role: tie.role, path: [...tie.path], ...(tie.op ? { op: tie.op } : {}), via: tie.via, ...(tie.list ? { list: true } : {}) } : null });
  }

  const reads: TemplateRead[] = [];
  const selected = new Set(input.changes.map((c) => c.id));
  const gone = [...rulesOfKind('response-field-removed', input.changes).map((r) => ({ ...r, path: r.rule.path })), ...rulesOfKind('response-field-moved', input.changes).map((r) => ({ ...r, path: r.rule.from }))];
  for (const d of declared) {
    if (ties.has(d.name)) continue;
    const fact = input.project.calledWith?.(input.filePath, 'default', 0, d.name);
    if (!fact?.tie) continue;
    const tie: Tie = { ...fact.tie, path: [...fact.tie.path], via: 'name', weak: true };
    ties.set(d.name, tie);
    // The prop is a removed field itself: its declaration and the template's bare reads of it.
    const hit = tie.role !== 'request' && !tie.list ? gone.find(({ rule, path }) => rule.resource === tie.resource && pathMatches(path, tie.path)) : undefined;
    if (!hit || !selected.has(hit.change.id)) continue;
    const read = (start: number, anchor: number) => reads.push({ start, end: start + d.name.length, anchor, change: hit.change.id, message: hit.rule.message, subject: d.name });
    read(d.start, d.start);
    const bare = new RegExp(`(?<![\\w$.'"\`])${d.name.replace(/\$/g, '\\$')}(?![\\w$'"\`])(?!\\s*:)`, 'g');
    for (const e of extracted.expressions) for (const m of e.text.matchAll(bare)) read(e.start + m.index, e.anchor);
  }
  return { passes, reads };
}
