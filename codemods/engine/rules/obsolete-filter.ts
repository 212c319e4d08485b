import { bindingOf, calleeName, constInit, isFunction, isMember, keyName, memberName, parentOf, stringValue, type Node, type Path } from '../ast';
import { nodesBelow } from '../node-index';
import type { RuleImpl } from './types';

/** A filter that only drops items whose `field` is set, on the `list` v2 already filters: removed (not in a file that talks only to another API and names nothing of this one). */
export const obsoleteFilter: RuleImpl<'obsolete-filter'> = (ctx, change, rule) => {
  // A file that talks only to another API and names nothing of this one filters that API's lists (a helpdesk
  // form's `options`); a file with no calls (a helpers module) or one that names a question still has the filter.
  if (ctx.otherApiOnly() && !ctx.touchesApi()) return;
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
  /** The predicate only keeps items whose `field` is set: `o => o.preselected`, lodash's `'preselected'`. */
  const testsFieldSet = (fn: Node): boolean => {
    if (stringValue(fn) === rule.field) return true;
    if (!isFunction(fn) || fn.params.length !== 1 || fn.params[0].type !== 'Identifier') return false;
    const body = fn.body.type === 'BlockStatement' && fn.body.body.length === 1 && fn.body.body[0].type === 'ReturnStatement' ? fn.body.body[0].argument : fn.body;
    return isMember(body) && body.object.type === 'Identifier' && body.object.name === fn.params[0].name && memberName(body) === rule.field;
  };
  /** A predicate written in place, or the function of this file it names (`options.filter(isSelectable)`). */
  const predicate = (p: Path): Node => {
    if (p.node.type !== 'Identifier') return p.node;
    const init = constInit(p);
    if (init) return isFunction(init.node) && parentOf(parentOf(init)!)?.node.kind === 'const' ? init.node : p.node;
    const binding = bindingOf(p);
    const decl = binding ? parentOf(binding) : null;
    return decl?.node.type === 'FunctionDeclaration' && decl.node.id === binding!.node ? decl.node : p.node;
  };
  const message = `filter on \`${rule.field}\` removed: v2 leaves those ${rule.list} out`;
  const claim = (p: Path) => nodesBelow(ctx.j, p).forEach((x: Path) => ctx.claimed.add(x.node));
  ctx.nodesOf('CallExpression').forEach((call: Path) => {
    const callee = call.node.callee;
    const args = call.node.arguments;
    // `q.options.filter(o => !o.preselected)`
    if (isMember(callee) && memberName(callee) === 'filter' && args.length === 1) {
      const list = callee.object;
      if (!isMember(list) || memberName(list) !== rule.list || !onlyTestsField(predicate(call.get('arguments', 0)))) return;
      ctx.fix(change, list.end, call.node.end, '', message, call.node);
      claim(call.get('arguments', 0));
      return;
    }
    // `$.grep(q.options, o => !o.preselected)`, `_.filter(…)`, `_.reject(q.options, 'preselected')`
    const name = calleeName(callee);
    if (!['grep', 'filter', 'reject'].includes(name) || args.length !== 2 || !isMember(args[0]) || memberName(args[0]) !== rule.list) return;
    const keeps = name === 'reject' ? testsFieldSet(predicate(call.get('arguments', 1))) : onlyTestsField(predicate(call.get('arguments', 1)));
    if (!keeps) return;
    ctx.fix(change, call.node.start, call.node.end, ctx.source.slice(args[0].start, args[0].end), message, call.node);
    claim(call.get('arguments', 1));
  });
};
