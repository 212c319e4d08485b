import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import type { PolyFile } from './file';
import { chainSegments, dataSegments } from './ties';
import type { StatusSite } from './vocabulary';
import { statusOfNumberedName, statusOfSpelling } from '../../http-status';

/**
 * Status constants across the files of a run: `MODE_UPDATE_PENDING = 202` in a constants module, compared in the
 * client (`if response.status_code == MODE_UPDATE_PENDING:`) inside the function that updates the mode. The
 * comparison is a site once the index knows the constant's value; the definition is one once the index knows
 * another file compares it with the status of that operation. A constant nobody compares so stays unreported
 * (a helpdesk's `TICKET_QUEUED = 202`).
 */

/** Names a constant (`MODE_PENDING`, `ModePending`, `kModePending`), not a local variable. */
export const CONSTANT_NAME = /^[A-Z_][A-Z0-9_]*$|^[A-Z]|^k[A-Z]/;

/** The file's constants holding a status some change of the catalogue changed (PolyFacts.statusConstants). */
export function statusConstantFacts(file: PolyFile): { name: string; code: number }[] {
  const codes = new Set(file.vocab.statuses.map((s) => s.rule.from));
  return file.x.decls
    .map((d) => ({ d, code: d.init ? constantStatus(d.init.text()) : null }))
    .filter(({ d, code }) => code !== null && codes.has(code) && (CONSTANT_NAME.test(d.name) || STATIC_CONSTANT.test(d.node.text())))
    .map(({ d, code }) => ({ name: d.name, code: code! }));
}

/** The status a constant's value holds: a number (`= 202`) or a library's named status (`= HTTPStatus.ACCEPTED`). */
export function constantStatus(init: string): number | null {
  const t = init.trim();
  return /^\d{3}$/.test(t) ? Number(t) : statusOfSpelling(t);
}

/** A type's static constant, whatever its name's case (Swift's `static let modeUpdateAccepted = 202`, Dart's `static const`). */
export const STATIC_CONSTANT = /^\s*(?:(?:public|private|internal|fileprivate)\s+)?static\s+(?:let|const|final)\b/;

/** A member read through the types that group it (`Constants.StatusCode.modeUpdateAccepted`). */
const TYPE_QUALIFIED = /^(?:[A-Z]\w*\s*\.\s*)+[a-z]\w*$/;

/**
 * A read of a response's status (`response.status_code`, `res.statusCode`, `$response->status()`, `resp.StatusCode`),
 * or a variable named for it (Lua's `local status, body = request(…)`).
 */
const STATUS_READ = /(?:\.|->)\s*(?:get_?)?(?:status_?code|status|code)(?:\(\s*\))?$|^(?:status|status_?code)$/i;

/**
 * Comparisons of a response's status with another file's constant, in a function that performs a status rule's
 * operation: reported when the index knows the constant holds the rule's old status, and recorded for the file
 * that defines it (Ctx.statusCompared).
 */
export function comparedStatusConstants(
  ctx: Ctx,
  local: ReadonlyMap<string, unknown>,
  performing: (node: SgNode, site: StatusSite) => boolean,
  report: (site: StatusSite, n: SgNode) => void,
): void {
  const { file, vocab, index } = ctx;
  for (const cmp of file.x.compares) {
    if (cmp.sides.length !== 2) continue;
    for (const [i, side] of cmp.sides.entries()) {
      const other = cmp.sides[1 - i]!;
      const text = side.text().trim();
      const name = dataSegments(chainSegments(text, 0)).pop()?.name;
      if (!name || !text.endsWith(name) || !(CONSTANT_NAME.test(name) || TYPE_QUALIFIED.test(text)) || local.has(name) || !STATUS_READ.test(other.text().trim())) continue;
      const code = index.statusConstant(name);
      for (const site of vocab.statuses) {
        if ((code !== null && code !== site.rule.from) || !performing(side, site)) continue;
        (ctx.statusCompared ??= []).push({ name, change: site.change.id });
        if (code !== null) report(site, side);
      }
    }
  }
}

/** This file's constants that another file of the run compares with the status of the operation whose old status they hold. */
export function constantsComparedElsewhere(ctx: Ctx, local: ReadonlyMap<string, { decl: SgNode; code: number }>, report: (site: StatusSite, n: SgNode) => void): void {
  for (const [name, c] of local) {
    // A name that only spells HTTP's status (`#define SC_STATUS_ACCEPTED 202`, `HTTP_202_ACCEPTED`): an entry of a table
    // of HTTP's codes, whatever operation compares it; the comparisons are the sites, not the definition.
    if (statusOfNumberedName(name) === c.code) continue;
    const changes = ctx.index.statusCompared(name);
    for (const site of ctx.vocab.statuses) if (site.rule.from === c.code && changes.includes(site.change.id)) report(site, c.decl);
  }
}
