import { innerRange, type Node, type Path } from '../ast';
import type { RuleImpl } from './types';

/** v1 base addresses inside string literals and template parts become the v2 ones; a bare v1 host is marked. */
export const baseUrl: RuleImpl<'base-url'> = (ctx, change, rule) => {
  const visitString = (path: Path, n: Node) => {
    if (ctx.claimed.has(n)) return;
    const { start, end } = innerRange(n);
    const raw = ctx.source.slice(start, end);
    const rewrite = ctx.mapper.rewriteBases(raw);
    if (rewrite.envs.length > 0) {
      ctx.fix(change, start, end, rewrite.text, `v1 base address of ${rewrite.envs.join(', ')} replaced by the v2 one`, n);
    } else if (ctx.mapper.isBareV1Host(raw)) {
      ctx.manual(change, path, rule.hostOnlyMessage, n);
    }
  };
  ctx.nodesOf('StringLiteral').forEach((p: Path) => visitString(p, p.node));
  ctx.nodesOf('Literal').forEach((p: Path) => {
    if (typeof p.node.value === 'string') visitString(p, p.node);
  });
  ctx.nodesOf('TemplateElement').forEach((p: Path) => visitString(p, p.node));
};
