import type { SgNode } from '@ast-grep/napi';
import { namedKids, sameNode } from './lang';

/**
 * The type a builder's next argument list constructs: Play's form mapping `mapping("text" -> nonEmptyText, "extra" ->
 * optional(text))(ComplaintForm.apply)(ComplaintForm.unapply)` builds a `ComplaintForm`, its keys the type's fields.
 */
export function appliedType(container: SgNode): string | null {
  const up = container.parent();
  if (up?.kind() !== 'call_expression' || !sameNode(namedKids(up)[0] ?? up, container)) return null;
  const args = namedKids(up).find((k) => k.kind() === 'arguments');
  return /^\(\s*([A-Z]\w*)\.apply\b/.exec(args?.text() ?? '')?.[1] ?? null;
}
