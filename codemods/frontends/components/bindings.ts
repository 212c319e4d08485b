import { calleeName, isCall, keyName, parentOf, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { assignedTie, patternTie, tieOf } from '../../engine/ties/flow';
import { isFallback } from '../../engine/ties/vuex';
import { step, type Tie } from '../../engine/ties/tie';
import { typeTie } from '../../engine/ties/types';
import { namesAnotherThing } from '../../engine/ties/mode-types';

/** Wrappers whose type argument is the value's type: `ref<Result>()`, `writable<Result>()`, `useState<Result>()`. */
const REACTIVE = new Set(['ref', 'shallowRef', 'reactive', 'shallowReactive', 'computed', 'readonly', 'writable', 'readable', 'derived', 'useState', 'signal', 'atom', 'defineModel']);

/**
 * What the names a component's script declares at its top level are, for its template: data flow from API
 * calls, declared types, the type argument of reactive wrappers, and Vue's `defineProps<{ result: Result }>()`.
 */
export function bindingTies(ctx: FileContext): Map<string, Tie> {
  const out = new Map<string, Tie>();
  for (const decl of ctx.nodesOf('VariableDeclarator')) {
    const stmt = parentOf(decl);
    const owner = stmt ? parentOf(stmt) : null;
    const top = owner && (owner.node.type === 'Program' || owner.node.type === 'ExportNamedDeclaration');
    if (!top) continue;
    const id = decl.node.id;
    if (id.type === 'Identifier') {
      const t =
        typeTie(id.typeAnnotation) ??
        (decl.node.init ? tieOf(ctx, decl.get('init')) ?? reactiveTie(decl.get('init')) : null) ??
        // Svelte's `let saved = null;` later given `saved = await createIntent(…)`: what it is assigned.
        (stmt!.node.kind !== 'const' && (!decl.node.init || isFallback(decl.node.init)) ? assignedTie(ctx, decl.get('id')) : null);
      if (t) out.set(id.name, t);
      propsTies(decl.get('init'), out);
    } else if (id.type === 'ObjectPattern') {
      const t = patternTie(ctx, decl.get('id'));
      if (t) {
        id.properties.forEach((p: Node) => {
          const key = keyName(p);
          const local = p.value?.type === 'Identifier' ? p.value.name : null;
          const s = key ? step(t, key) : null;
          if (local && s) out.set(local, s);
        });
      }
      propsTies(decl.get('init'), out);
    }
  }
  for (const call of ctx.nodesOf('CallExpression')) propsTies(call, out);
  // Svelte's reactive declarations: `$: condition = result?.triage_explanation?.potential_condition`.
  for (const label of ctx.nodesOf('LabeledStatement')) {
    const body = label.node.body;
    if (label.node.label.name !== '$' || body.type !== 'ExpressionStatement' || body.expression.type !== 'AssignmentExpression') continue;
    const left = body.expression.left;
    const t = left.type === 'Identifier' ? tieOf(ctx, label.get('body', 'expression', 'right')) : null;
    if (t) out.set(left.name, t);
  }
  return out;
}

function reactiveTie(init: Path): Tie | null {
  let n = init.node;
  if (n?.type === 'AwaitExpression') n = n.argument;
  if (!isCall(n) || !REACTIVE.has(calleeName(n.callee))) return null;
  const param = (n.typeParameters ?? n.typeArguments)?.params?.[0];
  return param ? typeTie(param) : null;
}

/** `defineProps<{ result: Result }>()`: each typed prop is visible to the template by its name. */
function propsTies(path: Path | null, out: Map<string, Tie>): void {
  const n = path?.node;
  if (!isCall(n) || calleeName(n.callee) !== 'defineProps') return;
  const param = (n.typeParameters ?? n.typeArguments)?.params?.[0];
  if (param?.type !== 'TSTypeLiteral') return;
  for (const m of param.members) {
    const key = keyName(m);
    const t = key ? typeTie(m.typeAnnotation) : null;
    if (key && t) out.set(key, t);
  }
}

/** Store helpers that bind a store's members into a component by name (Vuex, Pinia). */
const STORE_MAPPERS = new Set(['mapState', 'mapGetters', 'mapActions', 'mapMutations', 'mapWritableState', 'mapStores']);

/**
 * Names a component binds from a store named for another thing: `...mapState('helpdesk', ['mode'])`,
 * `mapState(useTicketStore, { mode: 'mode' })`. Their `mode` in the template is that thing's, not the interview's.
 */
export function foreignBindings(ctx: FileContext): Set<string> {
  const out = new Set<string>();
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (!STORE_MAPPERS.has(calleeName(n.callee)) || n.arguments.length < 2) continue;
    const ns = n.arguments[0];
    const name = ns.type === 'StringLiteral' || ns.type === 'Literal' ? String(ns.value) : ns.type === 'Identifier' ? ns.name.replace(/^use/, '').replace(/Store$/, '') : null;
    if (!name || !namesAnotherThing(name)) continue;
    const list = n.arguments[1];
    if (list.type === 'ArrayExpression') {
      for (const e of list.elements) if (e && (e.type === 'StringLiteral' || e.type === 'Literal')) out.add(String(e.value));
    } else if (list.type === 'ObjectExpression') {
      for (const p of list.properties) {
        const key = keyName(p);
        if (key) out.add(key);
      }
    }
  }
  return out;
}
