import type { Path } from '../../engine/ast';
import { calleeName, isCall, keyName, parentOf } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import type { FrontEndInput } from '../../../lib/types';
import { bindingTies } from './bindings';
import { extractHtml } from './html';
import { templateReads } from './template-reads';

/** Decorators and calls whose `template` option is markup: Angular `@Component`, `Vue.component`, `defineComponent`. */
const COMPONENT_CALLS = new Set(['Component', 'component', 'defineComponent', 'createApp', 'extend']);

/**
 * Templates written inline in a script (`@Component({ template: \`…\` })`, `Vue.component('x', { template: '…' })`):
 * read like an .html template for removed fields. The script is never rewritten there; the marker goes above the
 * `template:` line, where a comment is the script's own.
 */
export function inlineTemplateReads(ctx: FileContext, input: Pick<FrontEndInput, 'changes'>): void {
  if (!ctx.source.includes('template')) return;
  let ties: ReturnType<typeof bindingTies> | null = null;
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
    const value = prop.node.value;
    if (keyName(prop.node) !== 'template' || !value || !isComponentOptions(parentOf(prop))) continue;
    const text = templateText(ctx.source, value);
    if (text === null || !/[{@]|\bng-|\bv-|\*ng|\[/.test(text)) continue;
    const offset = value.start + 1;
    const extracted = extractHtml(text);
    ties ??= bindingTies(ctx);
    const exprs = extracted.expressions.map((e) => ({ ...e, start: e.start + offset, anchor: prop.node.start }));
    for (const read of templateReads(input as FrontEndInput, exprs, ties, extracted.aliases)) {
      const change = input.changes.find((c) => c.id === read.change);
      if (change) ctx.manualAt(change, read.start, read.end, prop.node.start, read.message, read.subject);
    }
  }
}

/** Whether an object literal is the options of a component (an argument of `Component(…)`, `defineComponent(…)`). */
function isComponentOptions(obj: Path | null): boolean {
  const call = obj ? parentOf(obj) : null;
  return !!call && isCall(call.node) && call.node.arguments.includes(obj!.node) && COMPONENT_CALLS.has(calleeName(call.node.callee));
}

/** The markup of a string or expression-free template literal, as written (offsets start one after the quote). */
function templateText(source: string, n: Path['node']): string | null {
  const literal = (n.type === 'TemplateLiteral' && n.expressions.length === 0) || ((n.type === 'StringLiteral' || n.type === 'Literal') && typeof n.value === 'string');
  return literal ? source.slice(n.start + 1, n.end - 1) : null;
}
