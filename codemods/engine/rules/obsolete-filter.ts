import { isFunction, isMember, keyName, memberName, type Node, type Path } from '../ast';
import type { RuleImpl } from './types';

/** A filter that only drops items whose `field` is set, on the `list` v2 already filters: removed. */
export const obsoleteFilter: RuleImpl<'obsolete-filter'> = (ctx, change, rule) => {
  /** The predicate only keeps items whose `field` is null/undefined/falsy. */
  const onlyTestsField = (fn: Node): boolean => {
    if (!isFunction(fn) || fn.params.length !== 1) return false;
    const param = fn.params[0];
    let body = fn.body;
    if (body.type === 'BlockStatement') {
      if (body.body.length !== 1 || body.body[0].type !== 'ReturnStatement') return false;
      body = body.body[0].argument;
    }
    const isField = (n: Node): boolean => {
      if (param.type === 'Identifier') {
        return isMember(n) && n.object.type === 'Identifier' && n.object.name === param.name && memberName(n) === rule.field;
      }
      if (param.type === 'ObjectPattern') return n.type === 'Identifier' && param.properties.some((p: Node) => keyName(p) === rule.field && p.value?.name === n.name);
      return false;
    };
    const isNullish = (n: Node) => n.type === 'NullLiteral' || (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'Literal' && n.value === null);
    const test = (n: Node): boolean => {
      if (n.type === 'UnaryExpression' && n.operator === '!') return isField(n.argument);
      if (n.type === 'BinaryExpression' && ['==', '==='].includes(n.operator)) {
        return (isField(n.left) && isNullish(n.right)) || (isField(n.right) && isNullish(n.left));
      }
      if (n.type === 'LogicalExpression' && n.operator === '||') return test(n.left) && test(n.right);
      return false;
    };
    return test(body);
  };
  ctx.nodesOf('CallExpression').forEach((call: Path) => {
    const callee = call.node.callee;
    if (!isMember(callee) || memberName(callee) !== 'filter' || call.node.arguments.length !== 1) return;
    const list = callee.object;
    if (!isMember(list) || memberName(list) !== rule.list) return;
    if (!onlyTestsField(call.node.arguments[0])) return;
    ctx.fix(change, list.end, call.node.end, '', `filter on \`${rule.field}\` removed: v2 leaves those ${rule.list} out`, call.node);
    ctx.j(call.get('arguments', 0)).find(ctx.j.Node).forEach((p: Path) => ctx.claimed.add(p.node));
  });
};
