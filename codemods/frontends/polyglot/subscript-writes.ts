import { containerTie, encloses, type Ctx } from './context';
import { span, type Lit } from './lang';
import { api } from '../../../catalogue';
import { norm } from './vocabulary';

/**
 * Keys written into a body after it is built (`$body['extra'] = $extra;`, `body[:extra] = extra if extra.present?`,
 * `payload["detail"] = detail`): the variable's literal tells where the body goes (containerTie: sent to a
 * resource's URL, through a path constant, or a model's name), and a removed request field written into it is
 * reported where it is written. Reported, not deleted: the statement may carry conditions of its own.
 */
export function subscriptWrites(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const lit of file.lits) {
    const k = norm(lit.text);
    if (!lit.simple || !vocab.fieldNames.has(k)) continue;
    // A key given whole to a string wrapper: cpprestsdk's `body[U("extra")] = …`.
    const before = /([$@]{0,2}[A-Za-z_]\w*)\s*\[\s*(?:\w+\s*\(\s*)?$/.exec(file.source.slice(Math.max(0, lit.start - 60), lit.start));
    if (!before || !/^\s*\)?\s*\]\s*(\|\|)?=(?![=>~])/.test(file.source.slice(lit.end, lit.end + 12))) continue;
    const name = before[1]!.replace(/^[$@]+/, '');
    const tie = bodyTie(ctx, name, lit);
    if (!tie) continue;
    const site = vocab.fields(tie.resource, [...tie.path, k], 'request')[0];
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
  }
}

/** Literals that start an empty body: `{}`, `[]`, `array()`, `dict()`, C++'s `json::object()`, `json::value::object()`, `QJsonObject()`. */
const EMPTY_BODY = /^\s*[[{]|^\s*(array\s*\(|new\s+Dictionary|new\s+Hash|Hash\.new|dict\(|(?:[\w:]*::)?object\s*\(|QJsonObject\b)/i;

/** Where the body a variable holds is sent: its declaration's literal (in the same function, before the write) tied by containerTie. */
function bodyTie(ctx: Ctx, name: string, lit: Lit) {
  const { file } = ctx;
  const scope = file.scopeOf(lit.node);
  const decl = file.declsOf(name, lit.node).find((d) => d.init && span(d.node).start < lit.start && encloses(scope, d.node) && EMPTY_BODY.test(d.init.text()));
  return decl?.init ? containerTie(ctx, decl.init) : null;
}

/**
 * A mode written into a body after it is built (`body["mode"] = "complaint"`, C++'s `body[U("mode")] =
 * json::value::string(U("complaint"))`, the literal given whole to a wrapper or two): a mode the body sends when
 * the body is sent to the mode's resource (values.ts).
 */
export function subscriptMode(ctx: Ctx, lit: Lit): boolean {
  const { file, vocab } = ctx;
  const head = /([$@]{0,2}[A-Za-z_]\w*)\s*\[\s*(?:\w+\s*\(\s*)?(["'])([\w-]+)\2\s*\)?\s*\]\s*=\s*(?:[\w:.]+\s*\(\s*){0,2}$/.exec(file.source.slice(Math.max(0, lit.start - 120), lit.start));
  if (!head || norm(head[3]!) !== norm(api.modeField) || !vocab.modeResource) return false;
  if (!/^\s*(?:\)\s*){0,2}[;\n]/.test(file.source.slice(lit.end, lit.end + 8))) return false;
  const tie = bodyTie(ctx, head[1]!.replace(/^[$@]+/, ''), lit);
  return !!tie && tie.resource === vocab.modeResource && tie.path.length === 0;
}
