import { lazyModule } from '../../../lib/lazy';
import type { Extracted, ScriptBlock } from './blocks';
import { forAlias } from './aliases';
import { controlFlow } from './control-flow';
import { complement } from './ranges';
import { mustaches, templateSegments } from './templates';
import type { TemplateAlias, TemplateExpression } from './template-reads';
import type { PageTemplate } from './rendered-templates';

/* eslint-disable @typescript-eslint/no-explicit-any -- parse5's tree is walked generically. */

/** The WHATWG parser, loaded with the first page. */
const parse5 = lazyModule<typeof import('parse5')>('parse5');

const JS_TYPES = /^(|text\/javascript|application\/javascript|module|text\/babel|application\/x-javascript)$/i;
/** Attributes whose value is an expression in the template languages that live in .html files. */
const EXPRESSION_ATTR = /^(?:v-[\w-]+|:[\w.-]+|@[\w.-]+|\*ng\w+|\[[\w.-]+\]|\(\w+\)|ng-[\w-]+|x-[\w-]+|:?bind:[\w-]+)$/;
const LOOP_ATTR = /^(?:v-for|\*ngFor|ng-repeat|x-for)$/;
/** Thymeleaf's attributes (`th:text="${result.advice}"`, `data-th-each`): their `${…}` and `*{…}` expressions. */
const THYMELEAF_ATTR = /^(?:th:|data-th-)([\w-]+)$/;
const THYMELEAF_EXPR = /[$*]\{([^{}]*)\}/g;
/** `<script type="text/ng-template">`, Handlebars, Underscore/lodash, Knockout, Vue x-templates: markup, read as HTML. */
const TEMPLATE_TYPES = /^(?:text\/(?:ng-template|template|html|x-template|x-handlebars(?:-template)?|x-mustache|x-underscore-template|x-lodash-template|x-jsrender|x-kendo-template|x-tmpl)|text\/x-[\w-]*template)$/i;

/**
 * An HTML page, read with parse5 (the WHATWG parser): inline `<script>` blocks (not `src=`) go through the JS
 * engine; `{{ … }}` interpolations and expression attributes (Angular, Vue, AngularJS, Alpine templates kept
 * in .html files; Thymeleaf's `th:*` attributes) are read for removed fields.
 */
export function extractHtml(source: string): Extracted {
  const doc = parse5().parse(source, { sourceCodeLocationInfo: true });
  const scripts: ScriptBlock[] = [];
  const skip: { start: number; end: number }[] = [];
  const expressions: TemplateExpression[] = [];
  const aliases: TemplateAlias[] = [];
  const templates: PageTemplate[] = [];
  // `base`: where the parsed text starts in the file (a template script's markup is parsed on its own).
  // `selection`: the object a Thymeleaf `th:object` selects for the `*{…}` expressions inside it.
  const walk = (node: any, anchor: number, base = 0, text = source, selection?: string) => {
    const loc = node.sourceCodeLocation;
    const own = node.tagName && loc ? base + loc.startOffset : anchor;
    // `th:object` is evaluated before the element's other attributes: its selection holds there too.
    const object = (node.attrs ?? []).find((a: any) => THYMELEAF_OBJECT.test(a.name));
    if (object) selection = selected(object.value, selection);
    if (node.tagName === 'script' || node.tagName === 'style') {
      const attrs = Object.fromEntries((node.attrs ?? []).map((a: any) => [a.name, a.value]));
      const body = node.childNodes?.[0];
      const bodyLoc = body?.sourceCodeLocation;
      if (node.tagName === 'script' && !('src' in attrs) && JS_TYPES.test(attrs.type ?? '') && bodyLoc) {
        scripts.push({ start: base + bodyLoc.startOffset, end: base + bodyLoc.endOffset, parser: 'babylon' });
      }
      const template = node.tagName === 'script' && TEMPLATE_TYPES.test(attrs.type ?? '') && bodyLoc;
      // A template kept in a script tag is markup: only its tags are not.
      if (loc && template) {
        skip.push({ start: base + loc.startOffset, end: base + bodyLoc.startOffset }, { start: base + bodyLoc.endOffset, end: base + loc.endOffset });
      } else if (loc) skip.push({ start: base + loc.startOffset, end: base + loc.endOffset });
      // A template kept in a script tag: its markup has the page's expressions (`{{ vm.result.advice }}`).
      if (template && attrs.id) templates.push({ id: attrs.id, start: base + bodyLoc.startOffset, end: base + bodyLoc.endOffset });
      if (template) {
        const markup = text.slice(bodyLoc.startOffset, bodyLoc.endOffset);
        walk(parse5().parseFragment(markup, { sourceCodeLocationInfo: true }), own, base + bodyLoc.startOffset, markup);
      }
      return;
    }
    if (node.nodeName === '#text' && loc && /\{\{|\{%|<%/.test(node.value)) {
      const segs = templateSegments(text.slice(loc.startOffset, loc.endOffset));
      for (const m of segs.expressions) expressions.push({ ...m, start: m.start + base + loc.startOffset, anchor });
      aliases.push(...segs.aliases);
    }
    if (node.nodeName === '#text' && loc && node.value.includes('@')) {
      const flow = controlFlow(text.slice(loc.startOffset, loc.endOffset));
      for (const m of flow.expressions) expressions.push({ ...m, start: m.start + base + loc.startOffset, anchor: flowAnchor(text, base, loc.startOffset + m.start, anchor) });
      aliases.push(...flow.aliases);
    }
    // A Django/Jinja tag inside a start tag, between or inside its attributes (`<input {% if o.token in preselected %}checked{% endif %}>`):
    // parse5 reads it as attribute names; the tag is read as written.
    const startTag = node.tagName && loc?.startTag ? text.slice(loc.startTag.startOffset, loc.startTag.endOffset) : '';
    if (startTag.includes('{%')) {
      const segs = templateSegments(startTag.replace(/\{\{[\s\S]*?\}\}/g, (m) => ' '.repeat(m.length)));
      for (const m of segs.expressions) expressions.push({ ...m, start: m.start + base + loc.startTag.startOffset, anchor: own });
      aliases.push(...segs.aliases);
    }
    for (const a of node.attrs ?? []) {
      const at = loc?.attrs?.[a.name];
      if (!at) continue;
      const raw = text.slice(at.startOffset, at.endOffset);
      const q = raw.search(/=\s*["']?/);
      if (q < 0) continue;
      const valueStart = base + at.startOffset + q + /=\s*["']?/.exec(raw.slice(q))![0].length;
      const th = THYMELEAF_ATTR.exec(a.name);
      if (th) {
        for (const m of a.value.matchAll(THYMELEAF_EXPR)) expressions.push(selectionRead(m, valueStart, own, THYMELEAF_OBJECT.test(a.name) ? undefined : selection));
        aliases.push(...thymeleafAliases(th[1]!, a.value));
      } else if (EXPRESSION_ATTR.test(a.name)) {
        expressions.push({ text: a.value, start: valueStart, anchor: own });
        if (LOOP_ATTR.test(a.name)) {
          const alias = forAlias(a.value);
          if (alias) aliases.push(alias);
        }
      } else if (a.value.includes('{{')) {
        for (const m of mustaches(a.value)) expressions.push({ ...m, start: m.start + valueStart, anchor: own });
      }
    }
    for (const c of node.childNodes ?? []) walk(c, own, base, text, selection);
    if (node.content) walk(node.content, own, base, text, selection);
  };
  walk(doc, 0);
  return { scripts, expressions, aliases, templateRanges: complement(skip, source.length), templates };
}

const THYMELEAF_OBJECT = /^(?:th:|data-th-)object$/;

/** What `th:object="${interview.profile}"` selects (`*{profile}` inside an outer selection is a member of it); none when it is not one chain. */
function selected(value: string, outer: string | undefined): string | undefined {
  const m = /^\s*([$*])\{\s*([A-Za-z_]\w*(?:\s*\??\.\s*[A-Za-z_]\w*)*)\s*\}\s*$/.exec(value);
  if (!m) return undefined;
  if (m[1] === '*') return outer ? `${outer}.${m[2]!}` : m[2]!;
  return m[2]!;
}

/**
 * A `${…}` or `*{…}` expression; a `*{bmi}` inside a `th:object` is read as a member of the selection
 * (`interview.profile.bmi`), its text placed so that its own names keep their offsets in the file.
 */
function selectionRead(m: RegExpMatchArray, valueStart: number, anchor: number, selection: string | undefined): TemplateExpression {
  const start = valueStart + m.index! + 2;
  const inner = m[1]!;
  const lead = /^\s*/.exec(inner)![0].length;
  if (!m[0].startsWith('*') || !selection || !/^[A-Za-z_]/.test(inner.slice(lead))) return { text: inner, start, anchor };
  return { text: `${selection}.${inner.slice(lead)}`, start: start + lead - selection.length - 1, anchor };
}

/** `th:each="o : ${question.options}"` names an item; `th:with="pc=${result.triage_explanation.potential_condition}"` a value. */
function thymeleafAliases(attr: string, value: string): TemplateAlias[] {
  if (attr === 'each') {
    const m = /^\s*([A-Za-z_]\w*)(?:\s*,\s*\w+)?\s*:\s*\$\{([^{}]+)\}\s*$/.exec(value);
    return m ? [{ name: m[1]!, of: m[2]!.trim() }] : [];
  }
  if (attr !== 'with') return [];
  return [...value.matchAll(/([A-Za-z_]\w*)\s*=\s*\$\{([^{}]+)\}/g)].map((m) => ({ name: m[1]!, of: m[2]!.trim(), same: true }));
}

/** A control-flow block's marker goes above its own `@if` line (the text node may start many lines before). */
function flowAnchor(text: string, base: number, at: number, fallback: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^\s*@/.test(text.slice(lineStart, at + 1)) || /^\s*[@}]/.test(text.slice(lineStart)) ? base + lineStart : fallback;
}
