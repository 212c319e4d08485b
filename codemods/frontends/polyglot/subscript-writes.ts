import { containerTie, encloses, type Ctx } from './context';
import { span } from './lang';
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
    const before = /([$@]{0,2}[A-Za-z_]\w*)\s*\[\s*$/.exec(file.source.slice(Math.max(0, lit.start - 60), lit.start));
    if (!before || !/^\s*\]\s*(\|\|)?=(?![=>~])/.test(file.source.slice(lit.end, lit.end + 12))) continue;
    const name = before[1]!.replace(/^[$@]+/, '');
    const scope = file.scopeOf(lit.node);
    const decl = file.declsOf(name, lit.node).find((d) => d.init && span(d.node).start < lit.start && encloses(scope, d.node) && /^\s*[[{]|^\s*(array\s*\(|new\s+Dictionary|new\s+Hash|Hash\.new|dict\()/i.test(d.init.text()));
    if (!decl?.init) continue;
    const tie = containerTie(ctx, decl.init);
    if (!tie) continue;
    const site = vocab.fields(tie.resource, [...tie.path, k], 'request')[0];
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
  }
}
