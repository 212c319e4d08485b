import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { span } from './lang';
import type { StatusSite } from './vocabulary';

/**
 * An error type that carries an old status as its own (`class LocationUnavailableException extends ApiException {
 * LocationUnavailableException() : super(HttpStatus.badRequest); }`, `super(400, 'could not locate', body)`,
 * `: base(400)`, `super().__init__(400, …)`), raised in a function of the file that performs the operation whose
 * status changed: the status it carries is v1's answer to that operation, reported (manual) where the type gives it.
 * The same type raised only elsewhere (a desk's `TicketRejected() : super(400)`) stays.
 */
export function raisedStatuses(
  ctx: Ctx,
  statusOf: (n: SgNode) => number | null,
  performs: (scope: SgNode, site: StatusSite) => boolean,
  report: (site: StatusSite, n: SgNode) => void,
): void {
  const { file, vocab } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  for (const call of file.x.calls) {
    if (!SUPER.test(call.callee) || !/^\s*(?:super|base)\b|super\(\s*\)\s*\.\s*__init__/.test(call.node.text())) continue;
    const arg = call.args.find((a) => codes.has(statusOf(a) ?? -1));
    if (!arg) continue;
    const type = typeAround(file.source, span(call.node).start);
    if (!type) continue;
    const code = statusOf(arg)!;
    const raised = file.x.calls.filter((c) => c.callee === type && !(span(c.node).start >= span(call.node).start && span(c.node).end <= span(call.node).end));
    for (const site of vocab.statuses) {
      if (site.rule.from !== code) continue;
      if (raised.some((c) => file.scopesOf(c.node).some((scope) => performs(scope, site)))) report(site, arg);
    }
  }
}

/**
 * An error of the app raised with the old status written as an argument (`raise LocationError(400, "location could
 * not be determined")`, `throw new LocationException(400)`) in a function that performs the operation whose status
 * changed: the status it carries is v1's answer there. A web framework's own error (`HTTPError(400)`,
 * `HttpException`) is the app's answer to its own client, and an error raised where the API is not called stays.
 */
export function raisedWithStatus(
  ctx: Ctx,
  statusOf: (n: SgNode) => number | null,
  performs: (scope: SgNode, site: StatusSite) => boolean,
  report: (site: StatusSite, n: SgNode) => void,
): void {
  const { file, vocab } = ctx;
  const codes = new Set(vocab.statuses.map((s) => s.rule.from));
  for (const call of file.x.calls) {
    if (!ERROR_TYPE.test(call.callee) || /^(?:HTTP|Http)/.test(call.callee) || !RAISE.test(call.node.parent()?.kind() as string)) continue;
    const arg = call.args.find((a) => /^\d{3}$/.test(a.text().trim()) && codes.has(statusOf(a) ?? -1));
    if (!arg) continue;
    for (const site of vocab.statuses) {
      if (site.rule.from === statusOf(arg) && file.scopesOf(call.node).some((scope) => performs(scope, site))) report(site, arg);
    }
  }
}

/** An error type by its name (`LocationError`, `BuoyException`). */
const ERROR_TYPE = /^[A-Z]\w*(?:Error|Exception)$/;
/** What raises it: Python's `raise`, `throw` elsewhere. */
const RAISE = /^(?:raise_statement|throw_statement|throw_expression)$/;

/** A call of the type's parent constructor: `super(…)` (Dart, JS, Java, Kotlin), `base(…)` (C#), `super().__init__(…)` (Python). */
const SUPER = /^(?:super|base|__init__)$/;

/** The type whose body a position is in: the nearest `class Name` before it whose body has not closed (by indentation or braces, roughly). */
function typeAround(source: string, at: number): string | null {
  const before = source.slice(0, at);
  const all = [...before.matchAll(/\bclass\s+([A-Z]\w*)/g)];
  const last = all[all.length - 1];
  if (!last) return null;
  // A brace-delimited body: the class's braces must still be open at the call.
  const body = before.slice(last.index!);
  const open = body.indexOf('{');
  if (open >= 0) {
    let depth = 0;
    for (const ch of body.slice(open)) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
    if (depth <= 0) return null;
  }
  return last[1]!;
}
