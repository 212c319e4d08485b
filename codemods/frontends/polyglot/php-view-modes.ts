import { api } from '../../../catalogue';
import type { Ctx } from './context';
import { namesModeRoute } from './own-routes';
import type { FrontEndInput } from '../../../lib/types';
import type { CommentStyle } from '../../markers';
import type { PolyIndex } from './project-types';
import { escapeRe } from './file';
import { formSites } from '../components/posted-fields';

/**
 * A PHP view's form that posts a changed mode to the app's own route whose handler passes its request's mode on to the
 * API (own-routes.ts modeForwarded): CodeIgniter's `form_open('interview/' . $token . '/mode')` or a `<form
 * action="…/mode">` holding `<input type="hidden" name="mode" value="safe">` (or a button, a radio, an option of a
 * `<select name="mode">`). Views are never rewritten: each such value is a site for a person. The form's route must name
 * the interviews or their mode (a feedback form's `name="mode" value="complaint"` posts elsewhere).
 */
export function phpViewModes(ctx: Ctx): void {
  const { file, vocab, out, index } = ctx;
  if (file.spec.id !== 'php' || !index.modeForwarded || !/<form\b|form_open\s*\(|beginForm\s*\(/i.test(file.source)) return;
  const field = api.modeField;
  const opens = [...file.source.matchAll(/<form\b[^>]*\baction\s*=\s*(["'])(.*?)\1[^>]*>|form_open(?:_multipart)?\s*\(\s*([^)]*)\)|beginForm\s*\(\s*([^)]*)\)/gi)];
  opens.forEach((m, i) => {
    const route = m[2] ?? m[3] ?? m[4] ?? '';
    if (!namesModeRoute(route, vocab.modeResource)) return;
    const from = m.index + m[0].length;
    const close = /<\/form>|form_close\s*\(|endForm\s*\(/gi;
    close.lastIndex = from;
    const end = Math.min(close.exec(file.source)?.index ?? file.source.length, opens[i + 1]?.index ?? file.source.length);
    const body = file.source.slice(from, end);
    const named = (attrs: string) => new RegExp(`\\bname\\s*=\\s*["'](?:\\w+\\[)?${field}\\]?["']`, 'i').test(attrs);
    const values: { value: string; at: number }[] = [];
    for (const t of body.matchAll(/<(?:input|button)\b[^>]*>/gi)) {
      const v = /\bvalue\s*=\s*(["'])([\w-]+)\1/i.exec(t[0]);
      if (named(t[0]) && v) values.push({ value: v[2]!, at: from + t.index + v.index + v[0].lastIndexOf(v[2]!) });
    }
    for (const sel of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      if (!named(sel[1]!)) continue;
      const at = from + sel.index + sel[0].indexOf('>') + 1;
      for (const o of sel[2]!.matchAll(/<option\b[^>]*?\bvalue\s*=\s*(["'])([\w-]+)\1/gi)) values.push({ value: o[2]!, at: at + o.index + o[0].lastIndexOf(o[2]!) });
    }
    for (const { value, at } of values) {
      const mode = vocab.modes.get(value);
      if (!mode || !out.has(mode.change.id) || out.hasSiteOn(mode.change.id, at)) continue;
      out.manual(mode.change.id, at, at + value.length, mode.message, { anchor: at, subject: value });
    }
  });
}

/**
 * A PHP view's form fields named for a removed request field that its own route's handler passes on to the API
 * (`<input name="extra">` in a `<form action="<?= $this->url('symptom-checker/complaint') ?>">`, the controller sending
 * `$post['extra']` as the complaint's `extra`): components/posted-fields.ts reads them as it reads a server template's.
 */
export function phpViewFields(ctx: Ctx, input: FrontEndInput): void {
  const { file, out } = ctx;
  if (file.spec.id !== 'php' || !input.project.poly?.ownRoutes?.fields.length) return;
  for (const r of formSites(input, { modes: false })) {
    if (!out.has(r.change) || out.hasSiteOn(r.change, r.start)) continue;
    out.manual(r.change, r.start, r.end, r.message, { anchor: r.anchor, subject: r.subject });
  }
}

/** Whether a PHP view posts a form's fields (facts stage: such a file is analysed again once a handler is known to pass one on). */
export function postsFormFields(file: { spec: { id: string }; source: string }): boolean {
  return file.spec.id === 'php' && /<form\b/i.test(file.source) && /<(?:input|textarea|select)\b[^>]*\bname\s*=/i.test(file.source);
}

/** Whether a PHP view the pre-scan left out has a form control named for a field a route of the app passes on (FrontEnd.linked). */
export function postsForwardedField(source: string, index: PolyIndex | undefined): boolean {
  const fields = index?.ownRoutes?.fields ?? [];
  return fields.length > 0 && /<form\b/i.test(source) && fields.some((f) => new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname\\s*=\\s*["'](?:\\w+\\[)?${escapeRe(f.field)}\\]?["']`, 'i').test(source));
}

/** Whether a PHP view posts a mode from a form field (facts stage: such a file is analysed again once a handler is known to pass it on). */
export function postsModeField(file: { spec: { id: string }; source: string }): boolean {
  return file.spec.id === 'php' && new RegExp(`<(?:input|button|select)\\b[^>]*\\bname\\s*=\\s*["'](?:\\w+\\[)?${api.modeField}\\]?["']`, 'i').test(file.source);
}

/** The marker of a PHP view's markup: a PHP comment the page never shows (`// …` there would be text on the page). */
const MARKUP_COMMENT: CommentStyle = { open: '<?php /*', close: '*/ ?>' };

/**
 * Where a PHP file holds markup (a view: `.phtml`, a CodeIgniter or WordPress template), the comment syntax at an offset:
 * outside `<?php … ?>` / `<?= … ?>` a marker is `<?php /* … *\/ ?>`; inside, PHP's own. Null for a file of code only.
 */
export function phpMarkupStyle(source: string): ((offset: number) => CommentStyle | null) | null {
  if (!source.includes('?>')) return null;
  const code: { start: number; end: number }[] = [];
  for (let at = source.indexOf('<?'); at >= 0; ) {
    const close = source.indexOf('?>', at + 2);
    code.push({ start: at, end: close < 0 ? source.length : close + 2 });
    at = close < 0 ? -1 : source.indexOf('<?', close + 2);
  }
  return (offset) => (code.some((c) => c.start < offset && offset < c.end) ? null : MARKUP_COMMENT);
}
