import type { Ctx } from './context';
import { span } from './lang';
import { norm } from './vocabulary';

/** `Form[controllers.ComplaintForm]`: a Play form's type, and the model it binds. */
const FORM_TYPE = /^Form\[\s*(?:\w+\.)*([A-Z]\w*)\s*\]$/;

/**
 * A Play form's field looked up by its key (`complaintForm("extra")`, `@helper.inputText(intentForm("detail"))` in a
 * Twirl template): the form of a model (`complaintForm: Form[ComplaintForm]`, `Form(mapping(…)(ComplaintForm.apply)(…))`)
 * that the API's resource ties, its key a request field v2 removed. Reported: the field goes with the model's.
 */
export function formLookups(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  const forms = new Map<string, string>();
  for (const d of file.x.decls) {
    const init = d.init?.text() ?? '';
    const type = FORM_TYPE.exec(d.type ?? '')?.[1] ?? (/^Form\s*\(/.test(init) ? /\(\s*([A-Z]\w*)\.apply\b/.exec(init)?.[1] : undefined);
    if (type) forms.set(d.name, type);
  }
  if (forms.size === 0) return;
  for (const call of file.x.calls) {
    const type = forms.get(call.callee);
    const lit = type && call.args.length === 1 ? file.lit(call.args[0]!) : null;
    if (!type || !lit?.simple) continue;
    const tie = ctx.ties.model(type);
    const site = tie ? vocab.fields(tie.resource, [...tie.path, norm(lit.text)], 'request')[0] : undefined;
    if (!site || !out.has(site.change.id)) continue;
    out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: span(call.node).start, subject: lit.text });
  }
}
