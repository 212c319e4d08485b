import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import { span, type Lit } from './lang';

type ResourceLit = { lit: Lit; resource: ResourceName; rest: string };

const CONCAT = /binary|concat|additive/;

/** The outermost concatenation a literal is part of (`"interviews/" .. token .. "/complaints/"`), or null. */
function concatOf(n: SgNode): SgNode | null {
  let top: SgNode | null = null;
  for (let p = n.parent(); p && CONCAT.test(p.kind() as string); p = p.parent()) top = p;
  return top;
}

/**
 * A resource nested under another's token, written as one concatenation (`"interviews/" .. token .. "/complaints/"`,
 * `"interviews/" + t + "/complaints/"`): the path addresses the inner resource, so the outer literal addresses
 * nothing of its own there. Literals that are not joined so keep what they address.
 */
export function nestedResourceLits(found: ResourceLit[]): ResourceLit[] {
  return found.filter((outer) => {
    if (outer.rest.replace(/\/+$/, '') !== '') return true;
    const top = concatOf(outer.lit.node);
    if (!top) return true;
    const { start, end } = span(top);
    return !found.some((inner) => inner !== outer && inner.lit.start > outer.lit.end && inner.lit.end <= end && inner.lit.start >= start && /^\//.test(inner.lit.text) && inner.resource !== outer.resource);
  });
}
