import { rulesOfKind } from '../../../catalogue';
import type { FrontEndInput } from '../../../lib/types';
import { isModeName } from '../../engine/ties/names';
import type { Extracted } from './blocks';
import type { TemplateRead } from './template-reads';

/**
 * The interview modes offered in a form: `<select name="mode">` with `<option value="complaint">`, ERB's
 * `f.select :mode, options_for_select([['Describe it', 'complaint'], …])`, Blade's `Form::select('mode', […])`.
 * Templates are never rewritten, so each v1 mode offered is a site for a person. The field must be named as a mode
 * (`mode`, `interview[mode]`, not `theme_mode`) and its options must hold two of the API's mode names (a helpdesk's
 * `complaint` among `question` and `incident` is another thing's).
 */
export function modeOptions(input: FrontEndInput, extracted: Extracted): TemplateRead[] {
  const renamed = rulesOfKind('value-renamed', input.changes);
  const removed = rulesOfKind('value-removed', input.changes);
  const known = new Set([...renamed.flatMap(({ rule }) => [rule.from, rule.to]), ...removed.flatMap(({ rule }) => rule.values)]);
  if (known.size === 0) return [];
  const source = input.source;
  const inTemplate = (at: number) => extracted.templateRanges.some((r) => at >= r.start && at < r.end);
  const groups: { values: { value: string; at: number }[]; anchor: number | null }[] = [];
  for (const m of source.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
    if (!inTemplate(m.index) || !namesMode(m[1]!)) continue;
    const bodyAt = m.index + m[0].indexOf('>') + 1;
    const values = [...m[2]!.matchAll(/<option\b[^>]*?\bvalue\s*=\s*(["'])([\w-]+)\1/gi)].map((o) => ({ value: o[2]!, at: bodyAt + o.index + o[0].lastIndexOf(o[2]!) }));
    // A marker may go above each option's line.
    groups.push({ values, anchor: null });
  }
  // Buttons and radios that post a mode: `<button name="mode" value="complaint">`, `<input type="radio" name="mode" value="safe">`.
  const posted = new Map<string, { value: string; at: number }[]>();
  for (const m of source.matchAll(/<(?:button|input)\b[^>]*>/gi)) {
    if (!inTemplate(m.index)) continue;
    const name = /\bname\s*=\s*["']([^"']+)["']/i.exec(m[0]);
    const value = /\bvalue\s*=\s*(["'])([\w-]+)\1/i.exec(m[0]);
    if (!name || !value || !namesMode(`name="${name[1]}"`)) continue;
    const list = posted.get(name[1]!) ?? [];
    list.push({ value: value[2]!, at: m.index + value.index + value[0].lastIndexOf(value[2]!) });
    posted.set(name[1]!, list);
  }
  for (const values of posted.values()) groups.push({ values, anchor: null });
  // Switches on the mode: AngularJS `ng-switch="vm.mode"` with `ng-switch-when="safe"`, Angular `[ngSwitch]="mode"` with
  // `*ngSwitchCase="'triage'"`; the cases up to the next switch.
  const switches = [...source.matchAll(/(?:\bng-switch|\[ngSwitch\])\s*=\s*["']([^"']+)["']/g)];
  switches.forEach((m, i) => {
    const subject = /([\w$]+)\s*$/.exec(m[1]!)?.[1];
    if (!inTemplate(m.index) || !subject || !isModeName(subject)) return;
    const from = m.index + m[0].length;
    const to = switches[i + 1]?.index ?? source.length;
    const body = source.slice(from, to);
    const values = [...body.matchAll(/(?:\bng-switch-when|\*ngSwitchCase)\s*=\s*"'?([\w-]+)'?"/g)].map((c) => ({ value: c[1]!, at: from + c.index + c[0].lastIndexOf(c[1]!) }));
    groups.push({ values, anchor: null });
  });
  for (const e of extracted.expressions) {
    const m = /\bselect(?:_tag|box)?\s*\(?\s*(?::|(["']))([\w[\]]+)\1?/.exec(e.text);
    if (!m || !namesMode(`name="${m[2]}"`)) continue;
    const rest = e.text.slice(m.index + m[0].length);
    const values = [...rest.matchAll(/(["'])([\w-]+)\1/g)].map((v) => ({ value: v[2]!, at: e.start + m.index + m[0].length + v.index + 1 }));
    // Inside a tag, a marker must go above the tag, never between the lines of its code.
    groups.push({ values, anchor: lineStart(source, e.anchor) });
  }
  const out: TemplateRead[] = [];
  for (const g of groups) {
    if (new Set(g.values.map((v) => v.value).filter((v) => known.has(v))).size < 2) continue;
    for (const { value, at } of g.values) {
      const r = renamed.find(({ rule }) => rule.from === value);
      if (r) {
        out.push({ start: at, end: at + value.length, anchor: g.anchor ?? lineStart(source, at), change: r.change.id, subject: value, message: `the ${r.rule.field} '${value}' is '${r.rule.to}' in v2; templates are not rewritten: change this option.` });
        continue;
      }
      const d = removed.find(({ rule }) => rule.values.includes(value));
      if (d) out.push({ start: at, end: at + value.length, anchor: g.anchor ?? lineStart(source, at), change: d.change.id, subject: value, message: d.rule.message });
    }
  }
  return out;
}

/** A select's attributes that name it after the mode field (`name="mode"`, `id="interview_mode"`, `wire:model="mode"`). */
function namesMode(attrs: string): boolean {
  for (const m of attrs.matchAll(/\b(?:name|id|wire:model(?:\.\w+)*|v-model|x-model|asp-for|formControlName)\s*=\s*["']([^"']+)["']/g)) {
    const last = /(\w+)\W*$/.exec(m[1]!)?.[1];
    if (last && isModeName(last)) return true;
  }
  return false;
}

function lineStart(source: string, at: number): number {
  return source.lastIndexOf('\n', at - 1) + 1;
}
