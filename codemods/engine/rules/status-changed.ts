import { bindingOf, isMember, memberName, parentOf, type Node, type Path } from '../ast';
import { patternTie, tieOf } from '../ties/flow';
import type { Tie } from '../ties/tie';
import type { RuleImpl } from './types';

const STATUS_FIELDS = new Set(['status', 'statusCode']);

/** The tie of a status expression: `res.status`, or `status` destructured from a tied response. */
function statusTie(ctx: Parameters<RuleImpl<'status-changed'>>[0], path: Path): Tie | null {
  const n = path.node;
  if (isMember(n) && STATUS_FIELDS.has(memberName(n) ?? '')) {
    const raw = tieOf(ctx, path.get('object'));
    return raw && raw.role === 'result' ? raw : null;
  }
  if (n.type === 'Identifier' && STATUS_FIELDS.has(n.name)) {
    const binding = bindingOf(path);
    const prop = binding ? parentOf(binding) : null;
    if (prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property')) {
      const t = patternTie(ctx, parentOf(prop)!);
      return t && t.role === 'result' ? t : null;
    }
  }
  return null;
}

const isNum = (n: Node, v: number) => (n.type === 'NumericLiteral' || n.type === 'Literal') && n.value === v;

/**
 * A status that changed for one operation: comparisons with the old status on a response tied to the
 * operation are marked; `s === 200 || s === 202` loses its redundant alternative where the rule is auto.
 */
export const statusChanged: RuleImpl<'status-changed'> = (ctx, change, rule) => {
  const applies = (t: Tie | null) => !!t && t.resource === rule.resource && t.op === rule.operation;
  ctx.nodesOf('BinaryExpression').forEach((bin: Path) => {
    const n = bin.node;
    if (!['===', '==', '!==', '!='].includes(n.operator)) return;
    const side = isNum(n.right, rule.from) ? 'left' : isNum(n.left, rule.from) ? 'right' : null;
    if (!side) return;
    const statusPath = bin.get(side);
    if (!applies(statusTie(ctx, statusPath))) return;
    const parent = parentOf(bin)!;
    const statusText = ctx.source.slice(statusPath.node.start, statusPath.node.end);
    if (rule.codemod === 'auto' && parent.node.type === 'LogicalExpression' && parent.node.operator === (n.operator.startsWith('!') ? '&&' : '||')) {
      const other = parent.node.left === n ? parent.node.right : parent.node.left;
      const otherSide =
        other.type === 'BinaryExpression' && other.operator === n.operator
          ? isNum(other.right, rule.to) ? other.left : isNum(other.left, rule.to) ? other.right : null
          : null;
      if (otherSide && ctx.source.slice(otherSide.start, otherSide.end) === statusText) {
        const start = parent.node.left === n ? n.start : other.end;
        const end = parent.node.left === n ? other.start : n.end;
        ctx.fix(change, start, end, '', `redundant ${rule.from} check removed: v2 answers ${rule.to} (${rule.condition})`, n);
        return;
      }
    }
    ctx.manual(change, bin, rule.message, n);
  });
  ctx.nodesOf('SwitchCase').forEach((c: Path) => {
    if (!c.node.test || !isNum(c.node.test, rule.from)) return;
    const sw = parentOf(c)!;
    if (sw.node.type === 'SwitchStatement' && applies(statusTie(ctx, sw.get('discriminant')))) ctx.manual(change, c, rule.message, c.node.test);
  });
};
