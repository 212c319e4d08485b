import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import { sameNode, span } from './lang';

/**
 * What stands for the function around a node of a script's top level (a notebook's cells, a Python or Ruby
 * script with no function): the top-level statement it sits in, and the values of the top-level names that
 * statement reads (`resp = requests.put(url, json={"mode": …})` for `resp.status_code != 202` below it). Not the
 * whole file: a script that sends to the API and checks another service's answer keeps that check its own.
 */
export function scriptScopes(file: PolyFile, n: SgNode): SgNode[] {
  let stmt: SgNode | null = n;
  while (stmt && stmt.parent() && !sameNode(stmt.parent(), file.root)) stmt = stmt.parent();
  if (!stmt || sameNode(stmt, file.root)) return [];
  const at = span(stmt);
  const names = new Set(stmt.text().match(/[A-Za-z_]\w*/g) ?? []);
  const inits = file.x.decls.filter((d) => d.init && names.has(d.name) && file.scopeOf(d.node) === file.root && span(d.node).end <= at.start);
  return [stmt, ...inits.map((d) => d.init!)];
}
