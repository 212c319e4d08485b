import { rulesOfKind } from '../../../catalogue';
import { isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { fieldOf, partPath } from './models';
import { isBodyArgument, rootTie, type RootTie } from './operations';

/** The root types of a schema, whose resolvers receive what a client sends. */
const ROOT_TYPES = new Set(['Mutation', 'Query', 'Subscription']);

/**
 * A GraphQL server's resolvers of root fields tied to a resource (`Mutation: { addComplaint: (_root, { input }) => … }`,
 * `createIntent(parent, args)`): the arguments they read that the resource's request no longer takes
 * (`input.extra`, `args.input.detail`, `{ context }`) are what the gateway still passes on to the API. Reports
 * only: the schema that takes them is the gateway's contract with its clients.
 */
export function resolverArgumentSites(ctx: FileContext): void {
  if (!/\b(?:Mutation|Query|Subscription)\b/.test(ctx.source)) return;
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
    if (!ROOT_TYPES.has(keyName(prop.node) ?? '') || prop.node.value?.type !== 'ObjectExpression') continue;
    const resolvers = prop.get('value');
    resolvers.node.properties.forEach((member: Node, i: number) => {
      const root = rootTie(keyName(member) ?? '');
      const fn = member.type === 'ObjectMethod' ? resolvers.get('properties', i) : isFunction(member.value) ? resolvers.get('properties', i, 'value') : null;
      if (root && fn?.node.params[1]) argumentReads(ctx, fn, fn.get('params', 1), root);
    });
  }
}

function argumentReads(ctx: FileContext, fn: Path, param: Path, root: RootTie): void {
  const n = param.node.type === 'AssignmentPattern' ? param.node.left : param.node;
  if (n.type === 'Identifier') {
    // `(_, args) => args.input.extra`: the arguments object, keyed by argument name.
    readsOf(ctx, fn, n.name, root, null);
    return;
  }
  if (n.type !== 'ObjectPattern') return;
  for (const p of n.properties) {
    const k = keyName(p);
    const v = p.value?.type === 'AssignmentPattern' ? p.value.left : p.value;
    if (!k || v?.type !== 'Identifier') continue;
    if (isBodyArgument(k, root)) readsOf(ctx, fn, v.name, root, []);
    else for (const { change, rule } of rulesOfKind('request-field-removed', ctx.changes)) {
      if (rule.resource === root.resource && fieldOf({ path: [] }, k, rule.path)) {
        ctx.manualAt(change, p.start, p.end, fn.node.start, `this resolver takes the ${root.resource}'s \`${k}\` and passes it on: ${rule.message}`, k);
      }
    }
  }
}

/**
 * Reads of `name` in the resolver, at `path` of the request (null: the arguments object, whose body arguments are
 * the request itself).
 */
function readsOf(ctx: FileContext, fn: Path, name: string, root: RootTie, path: string[] | null): void {
  for (const id of ctx.identifiersIn(fn, name)) {
    let at: Path = id;
    let place = path;
    for (let m = parentOf(at); m && isMember(m.node) && m.node.object === at.node; at = m, m = parentOf(m)) {
      const key = memberName(m.node);
      if (!key) break;
      if (place === null) {
        if (isBodyArgument(key, root)) {
          place = [];
          continue;
        }
        place = [];
      }
      const site = m;
      let hit = false;
      for (const { change, rule } of rulesOfKind('request-field-removed', ctx.changes)) {
        if (rule.resource !== root.resource || !fieldOf({ path: place }, key, rule.path)) continue;
        ctx.manual(change, site, `this resolver reads the ${root.resource}'s \`${key}\` from its arguments and passes it on: ${rule.message}`, site.node, key);
        hit = true;
      }
      const inner = hit ? null : partPath({ resource: root.resource, path: place }, key);
      if (!inner) break;
      place = inner;
    }
  }
}
