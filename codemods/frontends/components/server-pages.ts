import type { Extracted } from './blocks';
import { modelTie } from '../polyglot/ties';
import { extractHtml } from './html';
import { matchBrace, matchParen } from './brackets';
import type { TemplateAlias, TemplateExpression } from './template-reads';

/**
 * Server pages whose code is PHP or C# around HTML: Laravel Blade (`.blade.php`) and ASP.NET Razor (`.cshtml`,
 * `.razor`). The HTML is read as in html.ts (inline `<script>` through the JS engine, `{{ }}` reads); the
 * template's own code is read for removed fields too: Blade's `{{ $result['advice'] }}` and directives
 * (`@if (…)`, `@foreach ($result['advice'] as $a)`, `@isset(…)`), Razor's implicit and explicit expressions
 * (`@Model.Result.Advice`, `@(…)`), its control blocks (`@if (…)`, `@foreach (var t in Model.Result.Test)`) and
 * `@{ … }` code. Template code inside a `<script>` is blanked for the JS engine, and that script is report-only.
 */

const BLADE_DIRECTIVE = /@(if|elseif|unless|isset|empty|foreach|forelse|for|while|switch|case|json|js|php)\b\s*\(/g;
const BLADE_ECHO = /\{\{--[\s\S]*?--\}\}|\{!!([\s\S]*?)!!\}|\{\{([\s\S]*?)\}\}/g;

export function extractBlade(source: string): Extracted {
  const base = extractHtml(source);
  const expressions: TemplateExpression[] = [...base.expressions];
  const aliases: TemplateAlias[] = [...base.aliases];
  const seen = new Set(expressions.map((e) => e.start));
  const inScript = (at: number) => base.scripts.some((s) => at >= s.start && at < s.end);
  const masks: { start: number; end: number }[] = [];
  for (const m of source.matchAll(BLADE_DIRECTIVE)) {
    const open = m.index + m[0].length - 1;
    const close = matchParen(source, open);
    if (close < 0) continue;
    if (inScript(m.index)) {
      masks.push({ start: m.index, end: close + 1 });
      continue;
    }
    const inner = source.slice(open + 1, close);
    if (!seen.has(open + 1)) expressions.push({ text: inner, start: open + 1, anchor: lineStart(source, m.index) });
    const each = /^\s*([$\w[\]'"\->.]+)\s+as\s+(?:\$\w+\s*=>\s*)?\$(\w+)\s*$/.exec(inner);
    if (each) aliases.push({ name: each[2]!, of: each[1]!.replace(/->/g, '.') });
  }
  for (const m of source.matchAll(BLADE_ECHO)) {
    if (inScript(m.index)) masks.push({ start: m.index, end: m.index + m[0].length });
    else if (m[1] !== undefined) expressions.push({ text: m[1], start: m.index + 3, anchor: lineStart(source, m.index) });
  }
  return { ...base, scripts: base.scripts.map((s) => ({ ...s, masks })), expressions: arrows(expressions), aliases, style: { open: '{{--', close: '--}}' } };
}

/** PHP's `$x->y` reads as `$x.y` (same length), so member reads of objects are chains too. */
function arrows(list: TemplateExpression[]): TemplateExpression[] {
  return list.map((e) => (e.text.includes('->') ? { ...e, text: e.text.replace(/->(?=[A-Za-z_])/g, ' .') } : e));
}

const RAZOR_BLOCK = /(?<![\w@])@(if|else\s+if|foreach|for|while|switch|using|lock)\s*\(/g;
const RAZOR_CODE = /(?<![\w@])@\{/g;
const RAZOR_EXPR = /(?<![\w@.])@(\(|[A-Za-z_][\w]*(?:(?:\?\.|\.)[A-Za-z_]\w*|\[[^\]\n]*\]|\([^()\n]*\))*)/g;
const RAZOR_KEYWORDS = /^(page|model|using|inject|inherits|layout|namespace|addTagHelper|removeTagHelper|section|functions|code|implements|attribute|rendermode|if|else|foreach|for|while|switch|do|lock|try|catch|finally)\b/;

export function extractRazor(source: string): Extracted {
  const base = extractHtml(source);
  const expressions: TemplateExpression[] = [];
  const aliases: TemplateAlias[] = [...base.aliases];
  const inScript = (at: number) => base.scripts.some((s) => at >= s.start && at < s.end);
  const masks: { start: number; end: number }[] = [];
  const page = pageModel(source);
  const push = (text: string, start: number, at: number) => expressions.push(...pascal({ text, start, anchor: lineStart(source, at) }, page));
  for (const m of source.matchAll(RAZOR_BLOCK)) {
    const open = m.index + m[0].length - 1;
    const close = matchParen(source, open);
    if (close < 0) continue;
    const inner = source.slice(open + 1, close);
    push(inner, open + 1, m.index);
    const each = /^\s*(?:var|[\w<>?,\s]+?)\s+(\w+)\s+in\s+(.+?)\s*$/s.exec(inner);
    if (m[1] === 'foreach' && each) aliases.push({ name: each[1]!, of: stripModel(each[2]!) });
  }
  for (const m of source.matchAll(RAZOR_CODE)) {
    const close = matchBrace(source, m.index + 1);
    if (close > 0) push(source.slice(m.index + 2, close), m.index + 2, m.index);
  }
  for (const m of source.matchAll(RAZOR_EXPR)) {
    if (inScript(m.index)) {
      const end = m[1] === '(' ? matchParen(source, m.index + 1) + 1 : m.index + m[0].length;
      if (end > m.index) masks.push({ start: m.index, end });
      continue;
    }
    if (m[1] === '(') {
      const close = matchParen(source, m.index + 1);
      if (close > 0) push(source.slice(m.index + 2, close), m.index + 2, m.index);
    } else if (!RAZOR_KEYWORDS.test(m[1]!)) {
      push(m[1]!, m.index + 1, m.index);
    }
  }
  return { ...base, scripts: base.scripts.map((s) => ({ ...s, masks })), expressions: [...base.expressions, ...expressions], aliases, style: { open: '@*', close: '*@' } };
}

/**
 * C# names the JSON's snake_case keys in PascalCase (`TriageExplanation.PotentialCondition`): each chain of the
 * expression is given as its own expression with the names spelled as the JSON keys are, member by member, and
 * the page model's `Model.` is looked through (`Model.Result.Advice` reads a result's advice). A finding keeps its
 * line; its column may move by the underscores the spelling adds.
 */
function pascal(e: TemplateExpression, page: string | null): TemplateExpression[] {
  const out: TemplateExpression[] = [];
  for (const m of e.text.matchAll(/(?<![\w.])([A-Za-z_]\w*)((?:\s*\??\.\s*[A-Za-z_]\w*)+)/g)) {
    let text = m[0];
    let start = e.start + m.index;
    if (/^Model\s*\??\./.test(text)) {
      const cut = /^Model\s*\??\.\s*/.exec(text)![0].length;
      text = text.slice(cut);
      start += cut;
      // A page whose `@model` is one of the API's models (`@model ResultDto`): `Model.Advice` reads its advice. The
      // model's noun is put before the member, so that the member keeps its own offset.
      if (page) {
        text = `${page}.${text}`;
        start -= page.length + 1;
      }
    }
    if (!/\./.test(text)) continue;
    out.push({ text: text.replace(/[A-Za-z_]\w*/g, snake), start, anchor: e.anchor });
  }
  return out;
}

/** The noun of the page's `@model` when it is one of the API's models by its name (`@model App.Models.ResultDto` → `result`). */
function pageModel(source: string): string | null {
  const name = /^\s*@model\s+(?:[\w]+\.)*([A-Za-z_]\w*)\s*$/m.exec(source)?.[1];
  const t = name ? modelTie(name) : null;
  return t ? [t.resource, ...t.path].join('.') : null;
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function stripModel(chain: string): string {
  return snakeChain(chain.replace(/^\s*Model\s*\??\.\s*/, ''));
}

/** A C# member chain with its names spelled as the JSON keys (`TriageExplanation.PotentialCondition` → `triage_explanation.potential_condition`). */
export function snakeChain(chain: string): string {
  return chain.replace(/[A-Za-z_]\w*/g, snake);
}

function lineStart(source: string, at: number): number {
  return source.lastIndexOf('\n', at - 1) + 1;
}
