import { calleeName, isFunction, keyName, parentOf, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from './constants';
import { tieOf } from './flow';
import type { Tie } from './tie';

/**
 * Vuex: an action commits what the API returned (`commit('SET_INTERVIEW', data)`, `context.commit(…)`,
 * `this.$store.commit('interview/SET_INTERVIEW', res.data)`), and the mutation of that name receives it as its
 * second parameter (`SET_INTERVIEW (state, data) { state.marketplace = data.marketplace }`). Mutations are found
 * under a `mutations` key of the store object (or a `const mutations = {…}`) of the same file; the commits are
 * the file's calls from the node index. The payload crossed a store: its reads are weak (a person confirms).
 */
export function mutationPayloadTie(ctx: FileContext, param: Path): Tie | null {
  const fnPath = parentOf(param);
  if (!fnPath || !(isFunction(fnPath.node) || fnPath.node.type === 'ObjectMethod') || fnPath.node.params[1] !== param.node) return null;
  const name = mutationName(ctx, fnPath);
  if (!name) return null;
  for (const call of ctx.nodesOf('CallExpression')) {
    const args = call.node.arguments;
    if (calleeName(call.node.callee) !== 'commit' || args.length < 2) continue;
    const type = staticText(ctx, call.get('arguments', 0));
    if (type !== name && !type?.endsWith(`/${name}`)) continue;
    const tie = tieOf(ctx, call.get('arguments', 1));
    if (tie && tie.role !== 'request' && !tie.list) return { ...tie, weak: true };
  }
  return null;
}

/** The name of the mutation a function is (`SET_X (state, p) {}`, `SET_X: (state, p) => …`), or null. */
function mutationName(ctx: FileContext, fnPath: Path): string | null {
  let prop: Path = fnPath;
  if (fnPath.node.type !== 'ObjectMethod') {
    prop = parentOf(fnPath)!;
    if (!prop || !['ObjectProperty', 'Property'].includes(prop.node.type) || prop.node.value !== fnPath.node) return null;
  }
  const obj = parentOf(prop);
  if (obj?.node.type !== 'ObjectExpression') return null;
  const holder = parentOf(obj);
  const held =
    holder && (['ObjectProperty', 'Property'].includes(holder.node.type) ? keyName(holder.node) : holder.node.type === 'VariableDeclarator' && holder.node.id.type === 'Identifier' ? holder.node.id.name : null);
  if (held !== 'mutations') return null;
  return keyName(prop.node) ?? (prop.node.computed ? staticText(ctx, prop.get('key')) : null);
}
