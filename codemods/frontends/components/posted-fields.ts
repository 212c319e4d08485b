import * as path from 'node:path';
import { api, rulesOfKind, type ResourceName } from '../../../catalogue';
import type { FrontEndInput } from '../../../lib/types';
import { norm, vocabularyFor } from '../polyglot/vocabulary';
import { namesRequestField } from '../polyglot/own-routes';
import { TEMPLATE_EXTENSIONS } from './templates';
import type { TemplateRead } from './template-reads';

/**
 * Forms of a server template that post to the app's own routes, whose handlers pass what they post on to the API
 * (polyglot/own-routes.ts: `extra: params[:extra]` in a call the analysis found creating a complaint, a handler
 * forwarding `params[:mode]` to the interview's update). A field the form posts under a removed request field's name
 * (`f.text_area :extra`, `f.label :extra`, `<textarea name="complaint[extra]">`, Django's `{{ form.extra }}`) to a
 * route named for that field's resource (`interview_complaints_path`, `{% url 'complaint-create' %}`), and a changed
 * mode posted to a route named for the mode's resource (`button_to …, interview_path(t), params: { mode: "triage" }`,
 * `<input type="hidden" name="mode" value="safe">`, `f.hidden_field :mode, value: "safe"`), are sites for a person.
 * Nothing is reported where no handler of the run forwards that field, nor on a route of another resource or host.
 */

const FORM_FILES = new Set([...TEMPLATE_EXTENSIONS, 'html', 'htm']);
/** Something in the file may post a form to a route of the app. */
const POSTS = /\b(?:form_with|form_for|form_tag|button_to|link_to)\b|<form\b/i;

/** A server template or page, read again with the run's polyglot index (FileFacts.readsPoly). */
export function serverTemplate(filePath: string): boolean {
  return FORM_FILES.has(path.extname(filePath).slice(1).toLowerCase());
}

/** The languages whose templates write their constants and models' methods (ERB, Jinja and Django, Blade and Twig). */
export const TEMPLATE_LANGS = ['ruby', 'python', 'php'];

interface Form {
  route: string;
  start: number;
  end: number;
}

/** A tag's attributes, template tags in them included (`action="/interviews/<%= t %>/mode"`). */
const ATTRS = String.raw`(?:<%[\s\S]*?%>|<\?[\s\S]*?\?>|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|[^<{>]|<(?![%?])|\{(?![{%]))*`;
const ERB_TAG = /<%[=-]?([\s\S]*?)-?%>/g;

/** The forms of a template: ERB's block helpers (to their `end`), `button_to`/`link_to` tags (themselves), HTML `<form>` (to `</form>`). */
function formsOf(source: string): Form[] {
  const forms: Form[] = [];
  const tags = [...source.matchAll(ERB_TAG)].map((m) => ({ text: m[1]!, start: m.index, end: m.index + m[0].length }));
  tags.forEach((t, i) => {
    const opener = /\b(form_with|form_for|form_tag|button_to|link_to)\b/.exec(t.text);
    if (!opener) return;
    const route = t.text.slice(opener.index + opener[0].length);
    if (!/\bdo\b\s*(?:\|[^|]*\|)?\s*$/.test(t.text)) return void forms.push({ route, start: t.start, end: t.end });
    let depth = 1;
    for (const u of tags.slice(i + 1)) {
      if (/^\s*end\b/.test(u.text)) depth--;
      else if (/\bdo\b\s*(?:\|[^|]*\|)?\s*$/.test(u.text) || /^\s*(?:if|unless|case|while|until|for|begin)\b/.test(u.text)) depth++;
      if (depth === 0) return void forms.push({ route, start: t.start, end: u.end });
    }
    forms.push({ route, start: t.start, end: source.length });
  });
  for (const m of source.matchAll(new RegExp(`<form\\b(${ATTRS})>`, 'gi'))) {
    const action = /\baction\s*=\s*(["'])([\s\S]*?)\1/i.exec(m[1]!);
    if (!action) continue;
    const close = source.indexOf('</form', m.index);
    forms.push({ route: action[2]!, start: m.index, end: close < 0 ? source.length : close });
  }
  return forms;
}

/** A route of the app (no host) named for one of these words (`interview_complaints_path`, `/complaints/new`, `{% url 'complaint-create' %}`). */
function namesRoute(route: string, words: readonly string[]): boolean {
  if (/\b[a-z][\w+.-]*:\/\//i.test(route)) return false;
  const lower = route.toLowerCase();
  return words.some((w) => new RegExp(`(?:^|[^a-z])${w.toLowerCase()}`).test(lower));
}

/** The fields a form posts, by name, with the offset of the name and the value written with it, if one. */
interface Posted {
  name: string;
  start: number;
  /** The value written with it: a literal, or the last name of a constant (`constant`). */
  value?: { text: string; start: number; constant?: boolean };
}

function fieldsOf(text: string, at: number): Posted[] {
  const out: Posted[] = [];
  const literal = (rest: string, base: number, re: RegExp) => {
    const v = re.exec(rest);
    return v ? { text: v[2]!, start: base + v.index + v[0].lastIndexOf(v[2]!) } : undefined;
  };
  // ERB builders and tag helpers: `f.text_area :extra`, `f.hidden_field :mode, value: "safe"`, `hidden_field_tag :mode, "safe"`.
  for (const m of text.matchAll(/\b(?:\w+\.(?:\w+_field|text_area|label|select|check_box|radio_button|rich_text_area)|\w+_tag)\s*\(?\s*(?::(\w+)|(["'])(\w+)\2)/g)) {
    const name = m[1] ?? m[3]!;
    const start = at + m.index + m[0].lastIndexOf(name);
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 120).split(/%>|\n/)[0]!;
    const base = at + m.index + m[0].length;
    const value = /^\w+_tag\b/.test(m[0])
      ? literal(rest, base, /^\s*,\s*(["'])([\w-]+)\1/)
      : literal(rest, base, /\bvalue:\s*(["'])([\w-]+)\1/);
    out.push({ name, start, value });
  }
  // HTML controls: `<input name="mode" value="safe">`, `<textarea name="complaint[extra]">`.
  for (const m of text.matchAll(new RegExp(`<(?:input|textarea|select|button)\\b${ATTRS}>`, 'gi'))) {
    const name = /\bname\s*=\s*["']([^"']+)["']/i.exec(m[0]);
    const last = name ? /(\w+)\W*$/.exec(name[1]!)?.[1] : undefined;
    if (!name || !last) continue;
    const start = at + m.index + name.index + name[0].lastIndexOf(last);
    // A constant written into the value (`value="<%= Modes::SAFE %>"`, `value="{{ Modes.SAFE }}"`): its last name, resolved by the caller.
    const held = /\bvalue\s*=\s*(["'])(?:<%=|\{\{)\s*(?:[\w]+(?:::|\.))*(\w+)\s*(?:%>|\}\})\1/i.exec(m[0]);
    const value = held ? { text: held[2]!, start: at + m.index + held.index + held[0].lastIndexOf(held[2]!), constant: true } : literal(m[0], at + m.index, /\bvalue\s*=\s*(["'])([\w-]+)\1/i);
    out.push({ name: last, start, value });
  }
  // Django/Jinja form fields: `{{ form.extra }}`, `{{ form.extra.label_tag }}`.
  for (const m of text.matchAll(/\{\{-?\s*form\.(\w+)/g)) out.push({ name: m[1]!, start: at + m.index + m[0].lastIndexOf(m[1]!) });
  // Params a button or link posts: `params: { mode: "triage" }`, `interview_path(t, mode: "safe")`.
  for (const m of text.matchAll(/(?:(["']?)(\w+)\1\s*(?::|=>)\s*)(["'])([\w-]+)\3/g)) {
    if (!/\b(?:button_to|link_to)\b/.test(text)) break;
    out.push({ name: m[2]!, start: at + m.index, value: { text: m[4]!, start: at + m.index + m[0].lastIndexOf(m[4]!) } });
  }
  return out;
}

export function postedFields(input: FrontEndInput): TemplateRead[] {
  if (!serverTemplate(input.filePath)) return [];
  return formSites(input, { modes: true });
}

/**
 * The sites of a page's forms (a server template's, or a PHP view's: `<input name="extra">` in a `<form action="<?=
 * $this->url('symptom-checker/complaint') ?>">`); a PHP view's modes are php-view-modes.ts's (`modes: false`).
 */
export function formSites(input: FrontEndInput, opts: { modes: boolean }): TemplateRead[] {
  const own = input.project.poly?.ownRoutes;
  if (!own || !POSTS.test(input.source)) return [];
  const source = input.source;
  const selected = new Set(input.changes.map((c) => c.id));
  const removed = rulesOfKind('request-field-removed', input.changes);
  const vocab = vocabularyFor(input.changes);
  const nouns = (r: ResourceName) => api.resources[r].nouns;
  const out: TemplateRead[] = [];
  const seen = new Set<string>();
  const push = (r: TemplateRead) => {
    // One site per change and line (`{{ form.extra.label_tag }} {{ form.extra }}`).
    const key = `${r.change}\u0000${lineStart(source, r.start)}`;
    if (seen.has(key) || !selected.has(r.change)) return;
    seen.add(key);
    out.push(r);
  };
  for (const form of formsOf(source)) {
    const text = source.slice(form.start, form.end);
    for (const f of fieldsOf(text, form.start)) {
      if (norm(f.name) === norm(api.modeField)) {
        if (!opts.modes) continue;
        const value = f.value?.constant ? constantMode(input, f.value.text) : f.value?.text;
        const mode = value && own.mode ? vocab.modes.get(value) : undefined;
        if (!mode || !vocab.modeResource || !namesRoute(form.route, [...nouns(vocab.modeResource), api.modeField])) continue;
        push({ start: f.value!.start, end: f.value!.start + f.value!.text.length, anchor: lineStart(source, f.start), change: mode.change.id, subject: f.value!.text, message: mode.message });
        continue;
      }
      for (const fwd of own.fields) {
        if (norm(fwd.field) !== norm(f.name)) continue;
        const rule = removed.find(({ rule, change }) => change.id === fwd.change && namesRequestField(f.name, rule));
        // A name that says its resource (`intent_detail`) may be posted with another of the API's (a complaint form
        // whose handler creates the intent too); a bare one (`extra`) only to its own resource's route.
        const own = rule && norm(rule.rule.path[rule.rule.path.length - 1]!) === norm(f.name) ? nouns(rule.rule.resource) : Object.values(api.resources).flatMap((r) => r.nouns);
        if (!rule || !namesRoute(form.route, own)) continue;
        push({ start: f.start, end: f.start + f.name.length, anchor: lineStart(source, f.start), change: fwd.change, subject: f.name, message: rule.rule.message });
      }
    }
  }
  return out;
}

/** The removed mode a constant of the run's code holds (`SAFE = "safe"` in a module of modes), by its name. */
function constantMode(input: FrontEndInput, name: string): string | null {
  for (const lang of TEMPLATE_LANGS) {
    const value = input.project.poly?.language(lang).removedMode(name);
    if (value) return value;
  }
  return null;
}

function lineStart(source: string, at: number): number {
  return source.lastIndexOf('\n', at - 1) + 1;
}
