import type { SgNode } from '@ast-grep/napi';
import { lastExpression } from './addresses';
import type { PolyFile } from './file';

/**
 * A wrapper that answers with a structure it builds itself (`return ['next' => 'none', 'msg' => $note];`,
 * `return {"status": r.status_code, "mode": mode}`, a Ruby method ending in a hash literal) gives its callers its
 * own keys, not the API's answer: what they read of it is the wrapper's (the API's fields it copies are read in
 * the wrapper, where the URL ties them). Only untyped collection literals count; a model's constructor is a model.
 */
const OWN = /^(?:dictionary|hash|array_creation_expression|array)$/;

/** Whether every `return` of a function (a Ruby method's last expression when it has none) gives a collection literal. */
export function returnsOwnShape(file: PolyFile, fn: SgNode): boolean {
  const returns = file.within(fn, file.spec.returnKinds);
  if (returns.length > 0) return returns.every((r) => OWN.test(returned(r)?.kind() as string));
  const last = lastExpression(fn);
  return !!last && /^hash$/.test(last.kind() as string);
}

/** The expression a return statement gives. */
function returned(r: SgNode): SgNode | undefined {
  return r.children().find((c) => c.isNamed() && c.kind() !== 'comment');
}
