import { TEMPLATE_LANGS } from './posted-fields';
import { rulesOfKind, type ResourceName } from '../../../catalogue';
import type { FrontEndInput, RunFacts } from '../../../lib/types';
import { api } from '../../../catalogue';
import { isModeName, nameTie } from '../../engine/ties/names';
import { words } from '../../engine/words';
import { item, pathMatches, step, type Tie } from '../../engine/ties/tie';
import { spelledRules } from '../../engine/rules/spellings';

/**
 * Reads of removed response fields in templates (`{{ result.advice }}`, `{result.advice}`, `v-if="o.preselected"`):
 * always manual, never rewritten. The root of a member chain is tied by what the component's script says it is
 * (bindings.ts), by a loop alias (`v-for="o in question.options"`, `{#each question.options as o}`), or by its
 * name (`result`, `interview`), as in the JS engine.
 */

export interface TemplateExpression {
  /** The expression as written. */
  text: string;
  /** Offset of `text` in the file. */
  start: number;
  /** An offset on the first line of the element that holds the expression: the marker goes above that line. */
  anchor: number;
  /** The directive that holds it, where the framework says (Vue's `model` for `v-model`). */
  directive?: string;
}

/** A loop alias: `o` stands for an item of the list `of` (`question.options`). */
export interface TemplateAlias {
  name: string;
  of: string;
  /** The alias names the value itself (Angular `@if (x; as y)`, `@let y = x`), not an item of it. */
  same?: boolean;
}

export interface TemplateRead {
  start: number;
  end: number;
  anchor: number;
  change: string;
  message: string;
  subject: string;
}

/** A member chain: prefix, root, an Angular signal's call (`result()`), the tail, and a call after it. */
const CHAIN = /(?<![\w$.'"`])([@$]?)([A-Za-z_$][\w$]*)(\(\s*\))?((?:\s*\??\.\s*[A-Za-z_$][\w$]*|\[\s*(['"])[A-Za-z_$][\w$]*\5\s*\]|\[\s*\d+\s*\])+)(\s*\()?/g;
const SEGMENT = /\??\.\s*([A-Za-z_$][\w$]*)|\[\s*(['"])([A-Za-z_$][\w$]*)\2\s*\]|\[\s*(\d+)\s*\]/g;

/** The segments of a member chain's tail: `.a?.b['c'][0]` → ['a', 'b', 'c', '*'] with their end offsets. */
function segments(tail: string): { name: string; end: number }[] {
  const out: { name: string; end: number }[] = [];
  for (const m of tail.matchAll(SEGMENT)) out.push({ name: m[1] ?? m[3] ?? '*', end: m.index + m[0].length });
  return out;
}

/** Callback aliases in JSX-like templates: `{questions.map((q) => <p>{q.text}</p>)}` → q of questions. */
const CALLBACK_ALIAS = /([@$]?[A-Za-z_$][\w$.?]*)\s*\.\s*(?:map|forEach|filter|flatMap|some|every|find)\(\s*(?:async\s*)?\(?\s*([A-Za-z_$][\w$]*)/g;

/** Library iteration in templates: `_.each(question.options, function (o) {…})`, `angular.forEach(list, (o) => …)`. */
const LIBRARY_ALIAS = /\b(?:_|lodash|angular)\s*\.\s*(?:each|forEach|map|filter|find|some|every|reject)\(\s*([@$]?[A-Za-z_$][\w$.?]*)\s*,\s*(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)/g;

function resourceNameTie(name: string): Tie | null {
  const t = nameTie(name);
  return t && t.path.length === 0 ? t : null;
}

/**
 * What a template's names and member chains are: the script's bindings, loop aliases (an item of their list, or the
 * value itself), and otherwise the name (`result`, `interview`), as in the JS engine.
 */
export function tieReader(ties: ReadonlyMap<string, Tie>, aliases: readonly TemplateAlias[]) {
  const rootTie = (name: string, depth = 0): Tie | null => {
    const own = ties.get(name);
    if (own) return own;
    const alias = aliases.find((a) => a.name === name);
    if (alias && depth < 3) {
      const t = chainTie(alias.of, depth + 1);
      return t ? (alias.same ? t : item(t)) : null;
    }
    return nameTie(name);
  };
  const chainTie = (text: string, depth: number): Tie | null => {
    const m = /^\s*[@$]?([A-Za-z_$][\w$]*)(.*)$/s.exec(text);
    if (!m) return null;
    let t = rootTie(m[1]!, depth);
    // `vm.result`, `outcome().result`: a member of something untied, named for a resource itself (not for a part
    // of one: `ticket.options` says nothing).
    for (const s of segments(m[2]!)) t = t ? step(t, s.name) : resourceNameTie(s.name);
    return t;
  };

  return { rootTie, chainTie: (text: string): Tie | null => chainTie(text, 0) };
}

export function templateReads(input: FrontEndInput, exprs: readonly TemplateExpression[], ties: ReadonlyMap<string, Tie>, loopAliases: readonly TemplateAlias[] = [], foreign: ReadonlySet<string> = new Set()): TemplateRead[] {
  const aliases = [...loopAliases];
  for (const e of exprs) {
    for (const m of e.text.matchAll(CALLBACK_ALIAS)) aliases.push({ name: m[2]!, of: m[1]! });
    for (const m of e.text.matchAll(LIBRARY_ALIAS)) aliases.push({ name: m[2]!, of: m[1]! });
  }
  const selected = new Set(input.changes.map((c) => c.id));
  // Each spelling of a field the catalogue gives (`preselected_value` beside `preselected`) is read as the field.
  const removed = rulesOfKind('response-field-removed', input.changes).flatMap((r) => spelledRules(r.rule).map((rule) => ({ ...r, rule: rule as typeof r.rule })));
  const moved = rulesOfKind('response-field-moved', input.changes);
  const gone = [...removed.map((r) => ({ ...r, path: r.rule.path })), ...moved.map((r) => ({ ...r, path: r.rule.from }))];
  const { rootTie } = tieReader(ties, aliases);
  const rendered = renderedFor(input);

  const out: TemplateRead[] = [];
  for (const expr of exprs) {
    for (const m of expr.text.matchAll(CHAIN)) {
      const head = m[2] === 'this' ? null : m[2]!;
      const segs = segments(m[4]!);
      // `question.preselected.join()`: the last segment is a method; the chain before it is read.
      if (m[6]) segs.pop();
      let tie: Tie | null;
      let from = 0;
      if (head === null) {
        if (segs.length < 2) continue;
        tie = rootTie(segs[0]!.name);
        from = 1;
      } else {
        tie = rootTie(head);
      }
      const names = segs.map((s) => s.name);
      const base = expr.start + m.index + m[1]!.length + m[2]!.length + (m[3]?.length ?? 0);
      // `{{ condition_triage.label }}`: a variable named for a part and its removed field (a view flattened it).
      const flat = head !== null && !ties.has(head) && !aliases.some((a) => a.name === head) ? flattened(head, null, gone) : undefined;
      if (flat) {
        if (selected.has(flat.change.id)) out.push({ start: base - m[2]!.length, end: base, anchor: expr.anchor, change: flat.change.id, message: flat.rule.message, subject: head! });
        continue;
      }
      const report = (i: number, change: string, message: string) =>
        out.push({ start: base + (i === 0 ? 0 : segs[i - 1]!.end), end: base + segs[i]!.end, anchor: expr.anchor, change, message, subject: names[i]! });
      // A distinctive moved path is a site whatever the root (`r.triage_explanation.potential_condition.triage`).
      const movedHit = moved.find(({ rule }) => rule.from.length >= 2 && names.length >= rule.from.length && pathMatches(rule.from, names.slice(names.length - rule.from.length)));
      if (movedHit && selected.has(movedHit.change.id)) {
        report(names.length - 1, movedHit.change.id, movedHit.rule.message);
        continue;
      }
      for (let i = from; i < segs.length; i++) {
        if (!tie) {
          // `vm.result.advice`, `$ctrl.interview.profile.bmi`: a member of something untied, named for the resource.
          if (i + 1 < segs.length) tie = nameTie(names[i]!);
          continue;
        }
        if (tie.role !== 'request' && !tie.list) {
          const path = [...tie.path, names[i]!];
          const hit =
            removed.find(({ rule }) => rule.resource === tie!.resource && pathMatches(rule.path, path)) ??
            moved.find(({ rule }) => rule.resource === tie!.resource && pathMatches(rule.from, path)) ??
            // A model that flattens the moved field's parents (`@result.potential_condition.triage`): its last two or more.
            moved.find(({ rule }) => rule.resource === tie!.resource && path.length >= 2 && path.length < rule.from.length && pathMatches(rule.from.slice(-path.length), path));
          // `$result['condition_triage']`: a key of the resource named for a part and its removed field.
          const flat = hit ? undefined : tie.path.length === 0 ? flattened(names[i]!, tie.resource, gone) : undefined;
          if (hit ?? flat) {
            report(i, (hit ?? flat)!.change.id, (hit ?? flat)!.rule.message);
            break;
          }
          // A model's method that reads a removed field (`@interview.profile.body_measurements?`, polyglot/derived.ts).
          const derived = derivedHit(input, tie, names[i]!, expr.text.charAt(m.index + m[0].length - (m[6]?.length ?? 0)) === '?', removed);
          if (derived) {
            report(i, derived.change.id, derived.rule.message);
            break;
          }
        }
        tie = step(tie, names[i]!);
      }
    }
    // `<% if condition_triage %>`: a bare name that flattens a removed field with its part (a view's local).
    for (const m of expr.text.matchAll(BARE)) {
      const name = m[1]!;
      if (ties.has(name) || aliases.some((a) => a.name === name) || ownState(input.source, name)) continue;
      const flat = flattened(name, null, gone);
      if (flat && selected.has(flat.change.id)) out.push({ start: expr.start + m.index, end: expr.start + m.index + name.length, anchor: expr.anchor, change: flat.change.id, message: flat.rule.message, subject: name });
    }
    out.push(...modeComparisons(expr, input, foreign));
    out.push(...renderedReads(expr, rendered, gone, selected));
  }
  return out;
}

/**
 * A name the component's own script declares as its state (Svelte's `let intentDetail = ''`, a Vue `data()`'s
 * `intentDetail: ''`): what the user types, bound by the template, not a local a server handed the view.
 */
function ownState(source: string, name: string): boolean {
  return new RegExp(String.raw`\b(?:let|var|const)\s+${name}\b|^\s*${name}\s*:\s*(?:''|""|null|\[\]|\{\}|false|true|0)\s*,?\s*$`, 'm').test(source);
}

/** A bare name, not a member, a call or a name being assigned: `{{ advice }}`, `{% if advice %}`, `x in preselected`. */
const BARE = /(?<![\w$.'"@])([A-Za-z_]\w*)(?![\w$]|\s*(?:\.|\(|\[|=(?!=)))/g;

/**
 * A template that names no field the pre-scan knows (`{% if advice %}<p>{{ advice }}</p>{% end %}`) is read once the
 * run's code renders a template with one of its bare names (scan's linked files); which template is checked by its path.
 */
export function rendersName(source: string, project: RunFacts): boolean {
  const names = [...(project.poly?.rendered?.values() ?? [])].flatMap((s) => [...s]);
  return (names.length > 0 && [...source.matchAll(/\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}/g)].some((m) => [...(m[1] ?? m[2]!).matchAll(BARE)].some((b) => names.includes(b[1]!)))) || callsDerived(source, project) || namesFlattened(source);
}

/** A template that names a removed field flattened with its part (`<% if @complaint_extra.present? %>`, `{{ condition_triage }}`). */
function namesFlattened(source: string): boolean {
  const removed = rulesOfKind('response-field-removed').map((r) => ({ ...r, path: r.rule.path }));
  const moved = rulesOfKind('response-field-moved').map((r) => ({ ...r, path: r.rule.from }));
  for (const m of source.matchAll(/\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}|<%([\s\S]*?)%>/g)) {
    for (const n of (m[1] ?? m[2] ?? m[3]!).matchAll(/(?<![\w$.'"])[@$]?([A-Za-z_]\w*_\w+)(?![\w$'"])/g)) if (flattened(n[1]!, null, [...removed, ...moved])) return true;
  }
  return false;
}

/** A template that calls a model's derived reader (`<%= result.recommended_tests.to_sentence %>`): which model is checked where it is read. */
function callsDerived(source: string, project: RunFacts): boolean {
  const poly = project.poly;
  if (!poly) return false;
  const derived = new Set(TEMPLATE_LANGS.flatMap((lang) => [...poly.language(lang).derivedNames]));
  return derived.size > 0 && [...source.matchAll(/\.\s*([A-Za-z_]\w*\??)/g)].some((m) => derived.has(m[1]!));
}

/** The names the app renders this template with, each holding the field of that name (polyglot/rendered-names.ts). */
function renderedFor(input: FrontEndInput): ReadonlySet<string> {
  const file = input.filePath.replace(/\\/g, '/');
  const names = new Set<string>();
  for (const [template, set] of input.project.poly?.rendered ?? []) if (file === template || file.endsWith(`/${template}`)) for (const n of set) names.add(n);
  return names;
}

/** A bare name the template is rendered with, given the removed or moved field of that name: one change's field only. */
function renderedReads(expr: TemplateExpression, names: ReadonlySet<string>, gone: readonly { change: { id: string }; rule: { message: string }; path: readonly string[] }[], selected: ReadonlySet<string>): TemplateRead[] {
  const out: TemplateRead[] = [];
  if (names.size === 0) return out;
  for (const m of expr.text.matchAll(BARE)) {
    const name = m[1]!;
    if (!names.has(name)) continue;
    const hits = gone.filter((g) => g.path[g.path.length - 1] === name);
    if (hits.length === 0 || new Set(hits.map((h) => h.change.id)).size !== 1 || !selected.has(hits[0]!.change.id)) continue;
    out.push({ start: expr.start + m.index, end: expr.start + m.index + name.length, anchor: expr.anchor, change: hits[0]!.change.id, message: hits[0]!.rule.message, subject: name });
  }
  return out;
}

/**
 * The removed field a name flattens with its parent (`condition_triage`: the potential condition's `triage`,
 * `interview_marketplace`): the words of a noun of the part (or of the resource, for a top-level field), then the
 * field's words, nothing else.
 */
export function flattened(name: string, resource: string | null, fields: readonly { change: { id: string }; rule: { resource: ResourceName; message: string }; path: readonly string[] }[]) {
  const w = words(name.replace(/^[@$]/, ''));
  if (w.length < 2) return undefined;
  return fields.find(({ rule, path }) => {
    if (resource !== null && rule.resource !== resource) return false;
    const field = words(path[path.length - 1]!);
    const parent = path.slice(0, -1).filter((p) => p !== '*');
    const nouns =
      parent.length === 0
        ? api.resources[rule.resource].nouns
        : Object.values(api.subjects).filter((x) => x.parent === rule.resource && x.path.filter((p) => p !== '*').join('.') === parent.join('.')).flatMap((x) => x.nouns);
    return nouns.some((n) => {
      const nw = words(n);
      return w.length === nw.length + field.length && [...nw, ...field].every((x, i) => x === w[i]);
    });
  });
}

const COMPARED = /(?<![\w$.?)])([A-Za-z_$][\w$]*(?:\(\s*\))?(?:\??\.[A-Za-z_$][\w$]*(?:\(\s*\))?)*)\s*(?:===?|!==?)\s*(['"])([\w-]+)\2|(['"])([\w-]+)\4\s*(?:===?|!==?)\s*([A-Za-z_$][\w$.?]*)|([A-Za-z_$][\w$.?]*)\(\s*(['"])([\w-]+)\8\s*\)/g;

/**
 * A mode compared with a v1 mode name in a template (`v-if="store.mode === 'complaint'"`): templates are never
 * rewritten, so it is a site for a person, with the v2 name where there is one.
 */
function modeComparisons(expr: TemplateExpression, input: FrontEndInput, foreign: ReadonlySet<string>): TemplateRead[] {
  const out: TemplateRead[] = [];
  const renamed = rulesOfKind('value-renamed', input.changes);
  const removedValues = rulesOfKind('value-removed', input.changes);
  for (const m of expr.text.matchAll(COMPARED)) {
    const chain = (m[1] ?? m[6] ?? m[7])!;
    const value = (m[3] ?? m[5] ?? m[9])!;
    const parts = chain.replace(/\(\s*\)/g, '').split(/\??\./);
    const last = parts.pop() ?? '';
    // A comparison with a mode (`store.mode === 'complaint'`), or a setter's argument (`setMode('complaint')`).
    if (m[7] ? !(/^(set|change|switch|to)/i.test(last) && words(last).includes(api.modeField)) : !isModeName(last)) continue;
    // `ticket.mode`, `theme.mode`: the mode of what the member before it names, not the interview's.
    if (!m[7] && parts.length > 0 && !holdsMode(parts[parts.length - 1]!)) continue;
    // `mode` bound from another thing's store (`mapState('helpdesk', ['mode'])`).
    if (foreign.has(parts[0] ?? last)) continue;
    const at = expr.start + m.index + m[0].indexOf(value);
    const r = renamed.find(({ rule }) => rule.from === value);
    if (r) {
      out.push({ start: at, end: at + value.length, anchor: expr.anchor, change: r.change.id, subject: value, message: `the ${r.rule.field} '${value}' is '${r.rule.to}' in v2; templates are not rewritten: change this comparison.` });
      continue;
    }
    const d = removedValues.find(({ rule }) => rule.values.includes(value));
    if (d) out.push({ start: at, end: at + value.length, anchor: expr.anchor, change: d.change.id, subject: value, message: d.rule.message });
  }
  // `interview.setMode(Modes.Safe)`, `$store.mode === MODES.TRIAGE`: a member of a mode-named map whose name spells a
  // removed mode (a renamed one's constant is renamed where it is defined: its uses need no edit).
  for (const m of expr.text.matchAll(COMPARED_MEMBER)) {
    const chain = (m[1] ?? m[5])!;
    const [holder, member] = m[1] ? [m[2]!, m[3]!] : [m[6]!, m[7]!];
    const parts = chain.replace(/\(\s*\)/g, '').split(/\??\./);
    const last = parts.pop() ?? '';
    const setter = m[4] !== undefined;
    if (setter ? !(/^(set|change|switch|to)/i.test(last) && words(last).includes(api.modeField)) : !isModeName(last)) continue;
    if (!setter && parts.length > 0 && !holdsMode(parts[parts.length - 1]!)) continue;
    if (!isModeName(holder.split('.').pop()!) || foreign.has(holder.split('.')[0]!)) continue;
    const value = words(member).join('_');
    const d = removedValues.find(({ rule }) => rule.values.includes(value));
    const at = expr.start + m.index + m[0].lastIndexOf(member);
    if (d) out.push({ start: at, end: at + member.length, anchor: expr.anchor, change: d.change.id, subject: `${holder}.${member}`, message: d.rule.message });
  }
  return out;
}

/** A setter given a member of a map (`setMode(Modes.Safe)`), or a chain compared with one (`mode === MODES.SAFE`). */
const COMPARED_MEMBER = /(?<![\w$.?)])([A-Za-z_$][\w$]*(?:\(\s*\))?(?:\??\.[A-Za-z_$][\w$]*(?:\(\s*\))?)*)\s*(?:===?|!==?)\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.([A-Za-z_$][\w$]*)(?![\w$(.])|(?<![\w$.])()([A-Za-z_$][\w$.?]*)\(\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.([A-Za-z_$][\w$]*)\s*\)/g;

/** Names of what holds a page's state (`vm`, `$ctrl`, `store`, `interviewState`): their `mode` is the page's. */
const HOLDERS = new Set(['vm', 'ctrl', 'controller', 'this', 'scope', 'state', 'store', 'data', 'model', 'props', 'self', 'app', 'session', 'flow', 'checker', 'wizard', 'step', 'page', 'view', 'current']);

function holdsMode(name: string): boolean {
  const w = words(name.replace(/^[@$]/, ''));
  const lastWord = w[w.length - 1] ?? '';
  return HOLDERS.has(lastWord) || Object.values(api.resources).some((r) => r.nouns.some((n) => w.includes(n.toLowerCase())));
}

/**
 * The removed field a model's derived reader of that name reads (polyglot/derived.ts: `def body_measurements?;
 * height.present? && weight.present?; end` on the profile), where the chain before it is tied to that model's part of
 * the resource; Ruby's predicate (`?`) spelled as the method's name. Only a predicate or a method named for the field.
 */
function derivedHit<R extends { change: { id: string }; rule: { resource: ResourceName; path: readonly string[]; message: string } }>(input: FrontEndInput, tie: Tie, name: string, predicate: boolean, removed: readonly R[]): R | undefined {
  const poly = input.project.poly;
  if (!poly) return undefined;
  for (const lang of TEMPLATE_LANGS) {
    const index = poly.language(lang);
    for (const method of predicate ? [`${name}?`, name] : [name]) {
      if (!index.derivedNames.has(method)) continue;
      for (const m of index.modelsWith(method)) {
        if (m.resource !== tie.resource || m.path.join('.') !== tie.path.join('.')) continue;
        for (const p of m.derived?.get(method) ?? []) {
          const hit = removed.find(({ rule }) => rule.resource === tie.resource && pathMatches(rule.path, [...tie.path, ...p]));
          // A predicate (`body_measurements?`), or a method named for the field (`advice_text`): its answer is the
          // field's. A general one that also shows it (`summary` with the BMI when there is one) is reported where it reads it.
          const field = words(hit?.rule.path[hit.rule.path.length - 1] ?? '');
          // A plural names the list field (`recommended_tests` for `test`).
          const said = words(method).flatMap((w) => [w, w.replace(/e?s$/, '')]);
          if (hit && (method.endsWith('?') || field.every((w) => said.includes(w)))) return hit;
        }
      }
    }
  }
  return undefined;
}
