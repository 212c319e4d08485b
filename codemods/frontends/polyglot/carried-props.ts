import { rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import type { Finding } from '../../types';
import { LineIndex } from '../../engine/edits';
import { words } from '../../engine/words';
import type { Ctx } from './context';
import { span } from './lang';
import type { PolyFile } from './file';
import { norm } from './vocabulary';

/** A property of another object whose value a site sends for a removed request field. */
export interface CarriedProp {
  prop: string;
  resource: ResourceName;
  field: string;
}

/**
 * Properties of another object read where a removed request field is sent (PHP): `'interview_mode' =>
 * $this->config->interviewMode` of a CodeIgniter config class, `addComplaint($token, $form->complaint,
 * $form->complaintExtra)` of a Yii form model. Found from the sites the analysis reported (facts stage, like
 * own-routes.ts forwardedFields); only a property named for the field (`complaintExtra` for `extra`,
 * `interviewMode` for `interview_mode`), so that a property that only passes through (`$form->note`) is left.
 */
export function carriedProps(lang: string, source: string, findings: readonly Finding[], changes: readonly Change[]): CarriedProp[] {
  if (lang !== 'php' || findings.length === 0 || !source.includes('->')) return [];
  const removed = rulesOfKind('request-field-removed', changes);
  const lines = new LineIndex(source);
  const out = new Map<string, CarriedProp>();
  for (const f of findings) {
    const rules = removed.filter((r) => r.change.id === f.change);
    if (rules.length === 0) continue;
    const text = source.slice(lines.lineStart(f.line) + f.column - 1, lines.lineStart(f.endLine) + f.endColumn - 1);
    // `$form->complaintExtra`, `$this->config->interviewMode`: a property of another object than `$this` (own-property
    // sites are endpoint-args.ts heldByProperty's), not a method's call.
    for (const m of text.matchAll(/\$(\w+)((?:->\w+)+)->(\w+)\b(?!\s*\()|\$(?!this\b)(\w+)->(\w+)\b(?!\s*\()/g)) {
      const prop = m[3] ?? m[5]!;
      for (const { rule } of rules) {
        const field = rule.path[rule.path.length - 1]!;
        if (!words(prop).join('_').endsWith(words(field).join('_'))) continue;
        out.set(`${prop}\u0000${rule.resource}\u0000${field}`, { prop, resource: rule.resource, field });
      }
    }
  }
  return [...out.values()];
}

/** Form builders that bind a field to a model's property by its name (`$form->field($model, 'complaintExtra')`, `Html::activeTextInput`). */
const FORM_FIELD = /^(?:field|active[A-Z]\w*|form_\w+|add)$/;

/** The names a PHP file's form builders bind (facts stage): such a file is analysed again once a property is known carried. */
export function boundNames(file: PolyFile): string[] {
  if (file.spec.id !== 'php') return [];
  const out = new Set<string>();
  for (const call of file.x.calls) {
    if (!FORM_FIELD.test(call.callee)) continue;
    for (const a of call.args) {
      const lit = file.lit(a);
      if (lit?.simple && /^[A-Za-z_]\w*$/.test(lit.text)) out.add(lit.text);
    }
  }
  return [...out];
}

/**
 * The declarations of those properties in the run (`public $complaintExtra;` of the form model, `public $interviewMode =
 * true;` of the config class), and the form fields bound to them by name: each holds the value sent for the removed
 * field, a site for a person.
 */
export function carriedPropSites(ctx: Ctx): void {
  const { file, vocab, out, index } = ctx;
  const carried = index.carriedProps;
  if (!carried || carried.size === 0 || file.spec.id !== 'php') return;
  const site = (prop: string) => {
    const c = carried.get(prop)?.[0];
    const s = c ? vocab.fields(c.resource, [norm(c.field)], 'request')[0] : undefined;
    return s && out.has(s.change.id) ? s : undefined;
  };
  for (const t of file.x.types) {
    for (const f of t.fields) {
      const s = site(f.name);
      if (!s) continue;
      const at = span(f.nameNode);
      const start = file.source[at.start] === '$' ? at.start + 1 : at.start;
      if (!out.hasSiteOn(s.change.id, start)) out.manual(s.change.id, start, at.end, s.message, { anchor: start, subject: f.name });
    }
  }
  for (const call of file.x.calls) {
    if (!FORM_FIELD.test(call.callee)) continue;
    for (const a of call.args) {
      const lit = file.lit(a);
      const s = lit?.simple ? site(lit.text) : undefined;
      if (!s || out.hasSiteOn(s.change.id, lit!.start)) continue;
      out.manual(s.change.id, lit!.start, lit!.end, s.message, { anchor: lit!.start, subject: lit!.text });
    }
  }
}
