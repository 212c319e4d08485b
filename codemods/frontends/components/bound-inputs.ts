import { rulesOfKind, type Change } from '../../../catalogue';
import { bindingOf, constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { atRequestField, removedFieldValues } from '../../engine/rules/removed-field-values';
import { requestTieOfObject } from '../../engine/ties/requests';
import type { TemplateExpression, TemplateRead } from './template-reads';

/**
 * Form inputs bound to a value the script sends as a removed request field: `<textarea v-model="extra" />` with
 * `const extra = ref('')` and `store.submitComplaint(text.value, extra.value || undefined)`, whose action sends it
 * as the complaint's `extra`. The input asks the user for something v2 no longer takes: a site for a person.
 */

export interface SentCell {
  change: string;
  message: string;
  field: string;
}

/** The script's reactive cells (`ref(…)`) whose value it hands over as a removed request field, by name. */
export function sentCells(ctx: FileContext, changes: readonly Change[]): Map<string, SentCell> {
  const out = new Map<string, SentCell>();
  for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
    const field = rule.path[rule.path.length - 1]!;
    removedFieldValues(ctx, atRequestField(rule.resource, rule.operations, rule.path, rule.codemod === 'auto'), (site) => {
      for (const cell of cellsRead(site)) if (!out.has(cell.node.name) && isCell(cell, field)) out.set(cell.node.name, { change: change.id, message: rule.message, field });
      // Vue's options API: `this.extra`, a field the component's `data ()` declares.
      for (const name of dataRead(site)) if (!out.has(name) && dataFields(ctx).has(name)) out.set(name, { change: change.id, message: rule.message, field });
    });
    // Svelte: `createIntent(token, { name, detail, context })`, an object a wrapper sends, its key given the state.
    if (rule.path.length !== 1) continue;
    for (const obj of ctx.nodesOf('ObjectExpression')) {
      const i = obj.node.properties.findIndex((p: Node) => (p.type === 'ObjectProperty' || p.type === 'Property') && !p.computed && keyName(p) === field && p.value?.type === 'Identifier');
      if (i < 0 || !isCall(parentOf(obj)?.node)) continue;
      const tie = requestTieOfObject(ctx, obj);
      if (!tie || tie.role !== 'request' || tie.resource !== rule.resource || tie.path.length > 0 || (tie.op && !rule.operations.includes(tie.op))) continue;
      const value = obj.get('properties', i, 'value');
      if (!out.has(value.node.name) && isCell(value, field)) out.set(value.node.name, { change: change.id, message: rule.message, field });
    }
  }
  return out;
}

/** The data fields an argument is, or falls back to: `this.extra`, `this.extra || undefined`. */
function dataRead(path: Path, depth = 0): string[] {
  const n: Node = path.node;
  if (depth > 3 || !n) return [];
  if (n.type === 'ObjectProperty' || n.type === 'Property') return dataRead(path.get('value'), depth + 1);
  if (isMember(n) && n.object.type === 'ThisExpression') return [memberName(n) ?? ''].filter(Boolean);
  if (n.type === 'LogicalExpression') return [...dataRead(path.get('left'), depth + 1), ...dataRead(path.get('right'), depth + 1)];
  if (n.type === 'ConditionalExpression') return [...dataRead(path.get('consequent'), depth + 1), ...dataRead(path.get('alternate'), depth + 1)];
  return [];
}

/** The keys of the object a component's `data ()` returns (`data () { return { text: '', extra: '' } }`). */
function dataFields(ctx: FileContext): Set<string> {
  const out = new Set<string>();
  for (const prop of ctx.nodesOf('ObjectMethod', 'ObjectProperty', 'Property')) {
    if (keyName(prop.node) !== 'data') continue;
    const fn = prop.node.type === 'ObjectMethod' ? prop.node : isFunction(prop.node.value) ? prop.node.value : null;
    const body = fn?.body;
    const value = !body ? null : body.type !== 'BlockStatement' ? body : body.body.find((st: Node) => st.type === 'ReturnStatement')?.argument;
    const obj = value?.type === 'ParenthesizedExpression' ? value.expression : value;
    if (obj?.type === 'ObjectExpression') for (const p of obj.properties) if (keyName(p)) out.add(keyName(p)!);
  }
  return out;
}

/** The cells whose `.value` an argument is, or falls back to: `extra.value`, `extra.value || undefined`, `long ? note.value : ''`. */
function cellsRead(path: Path, depth = 0): Path[] {
  const n: Node = path.node;
  if (depth > 3 || !n) return [];
  if (isMember(n) && memberName(n) === 'value' && n.object.type === 'Identifier') return [path.get('object')];
  // Svelte's component state, handed as is: `createComplaint(token, text, details)`, `{ name, detail, context }`.
  if (n.type === 'Identifier') return [path];
  if ((n.type === 'ObjectProperty' || n.type === 'Property') && !n.computed) return cellsRead(path.get('value'), depth + 1);
  if (n.type === 'LogicalExpression') return [...cellsRead(path.get('left'), depth + 1), ...cellsRead(path.get('right'), depth + 1)];
  if (n.type === 'ConditionalExpression') return [...cellsRead(path.get('consequent'), depth + 1), ...cellsRead(path.get('alternate'), depth + 1)];
  return [];
}

function isCell(id: Path, field: string): boolean {
  if (isMember(parentOf(id)?.node) && parentOf(id)!.node.object === id.node) {
    const init = constInit(id);
    return !!init && isCall(init.node) && init.node.callee.type === 'Identifier' && ['ref', 'shallowRef'].includes(init.node.callee.name);
  }
  // A plain variable only where it is named for the field: `let duration` handed as `extra` asks for something else.
  return id.node.name === field && componentState(id);
}

/** A `let` of the component script's top level (Svelte's state: `let detail = ''`, bound with `bind:value={detail}`). */
function componentState(id: Path): boolean {
  const binding = bindingOf(id);
  const decl = binding ? parentOf(binding) : null;
  const stmt = decl ? parentOf(decl) : null;
  return decl?.node.type === 'VariableDeclarator' && decl.node.id === binding!.node && stmt?.node.kind === 'let' && parentOf(stmt)?.node.type === 'Program';
}

/** The template's two-way bindings (`v-model="extra"`) of those cells. */
export function boundInputs(exprs: readonly TemplateExpression[], cells: ReadonlyMap<string, SentCell>): TemplateRead[] {
  const out: TemplateRead[] = [];
  for (const e of exprs) {
    const cell = e.directive === 'model' ? cells.get(e.text.trim()) : undefined;
    if (!cell) continue;
    const at = e.start + e.text.indexOf(e.text.trim());
    out.push({ start: at, end: at + e.text.trim().length, anchor: e.anchor, change: cell.change, message: `${cell.message} (this input's value is sent as \`${cell.field}\`)`, subject: cell.field });
  }
  return out;
}
