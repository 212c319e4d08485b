import { isCall, isMember, memberName, stringValue, constInit, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { tieOf } from '../../engine/ties/flow';
import { item, step, type Tie } from '../../engine/ties/tie';
import type { FrontEndInput } from '../../../lib/types';
import { templateReads, type TemplateExpression, type TemplateRead } from './template-reads';

/**
 * Logic-less templates kept in a page's script tags (`<script type="text/x-handlebars-template" id="result-template">`)
 * and rendered with a value of the API: `Util.render('result-template', result)`, `Handlebars.compile($('#result-template')
 * .html())(result)`, `_.template(document.getElementById('result-template').innerHTML)(result)`. Their bare names
 * (`{{advice}}`, `{{#if extra}}`, `{{#each test}}`, `<%= advice %>`) are fields of that value; a block helper or a
 * Mustache section over a list (`{{#each options}}…{{/each}}`) makes its items the context inside.
 */

/** A template script of the page: its `id` and the offsets of its markup. */
export interface PageTemplate {
  id: string;
  start: number;
  end: number;
}

/**
 * The values a script renders templates of the page with: a call names the template (`'result-template'`,
 * `'#result-template'`) among its arguments, or its callee was compiled from a text that names it, and hands a
 * tied value of the API.
 */
export function renderedWith(ctx: FileContext, templates: readonly PageTemplate[], out: Map<string, Tie>): void {
  if (templates.length === 0) return;
  const ids = new Set(templates.map((t) => t.id));
  const named = (n: Node | null | undefined): string | null => {
    const s = n ? stringValue(n) : null;
    const id = s === null ? null : s.replace(/^#/, '');
    return id !== null && ids.has(id) ? id : null;
  };
  /** A template id written anywhere in an expression (`Handlebars.compile($('#x').html())`), within a few levels. */
  const within = (p: Path | null, depth = 0): string | null => {
    if (!p || depth > 5) return null;
    const n = p.node;
    const own = named(n);
    if (own) return own;
    if (isCall(n)) {
      for (let i = 0; i < n.arguments.length; i++) {
        const hit = within(p.get('arguments', i), depth + 1);
        if (hit) return hit;
      }
      return within(p.get('callee'), depth + 1);
    }
    if (isMember(n)) return within(p.get('object'), depth + 1);
    if (n.type === 'Identifier' && depth < 4) return within(constInit(p), depth + 2);
    return null;
  };
  for (const call of ctx.nodesOf('CallExpression')) {
    const args: Node[] = call.node.arguments;
    if (args.length === 0) continue;
    let id: string | null = null;
    let valueIndex = -1;
    const byArg = args.findIndex((a) => named(a) !== null);
    if (byArg >= 0) {
      id = named(args[byArg]);
      valueIndex = args.findIndex((_a, i) => i !== byArg);
    } else if (isCall(call.node.callee) || call.node.callee.type === 'Identifier') {
      // `Handlebars.compile(src)(result)`, `const tpl = _.template($('#x').html()); … tpl(result)`.
      const compiled = call.node.callee.type === 'Identifier' ? constInit(call.get('callee')) : call.get('callee');
      if (compiled && isCall(compiled.node) && /compile|template|render/i.test(memberName(compiled.node.callee) ?? (compiled.node.callee.type === 'Identifier' ? compiled.node.callee.name : ''))) {
        id = within(compiled);
        valueIndex = 0;
      }
    }
    if (!id || valueIndex < 0 || out.has(id)) continue;
    const t = tieOf(ctx, call.get('arguments', valueIndex));
    if (t && t.role !== 'request') out.set(id, t);
  }
}

const HELPERS = new Set(['if', 'unless', 'each', 'with', 'else', 'lookup', 'log', 'this', 'true', 'false', 'null', 'undefined']);
const BLOCKS_KEEPING_CONTEXT = new Set(['if', 'unless']);
const PATH = /(?<![\w$.@'"/=-])((?:this\.)?[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\.\d+)*)(?![\w$(=])/g;
const TAGS = /\{\{\{?[~]?([\s\S]*?)[~]?\}?\}\}|<%[=-]([\s\S]*?)%>/g;

/** Reads of removed fields in a page's templates that a script renders with a value of the API. */
export function renderedTemplateReads(input: FrontEndInput, source: string, templates: readonly PageTemplate[], rendered: ReadonlyMap<string, Tie>): TemplateRead[] {
  const out: TemplateRead[] = [];
  for (const tpl of templates) {
    const root = rendered.get(tpl.id);
    if (!root) continue;
    const text = source.slice(tpl.start, tpl.end);
    const stack: (Tie | null)[] = [root];
    const exprs: { expr: TemplateExpression; from: number; level: number }[] = [];
    const ties = new Map<string, Tie>();
    for (const m of text.matchAll(TAGS)) {
      const inner = m[1] ?? m[2] ?? '';
      const at = tpl.start + m.index + m[0].indexOf(inner);
      const ctxTie = stack[stack.length - 1] ?? null;
      const trimmed = inner.trimStart();
      const lead = inner.length - trimmed.length;
      if (/^[!]/.test(trimmed)) continue;
      if (/^\//.test(trimmed)) {
        if (stack.length > 1) stack.pop();
        continue;
      }
      const block = /^([#^])\s*([\w$.-]+)/.exec(trimmed);
      let paths: { text: string; start: number }[] = [];
      const collect = (from: number) => {
        for (const p of trimmed.slice(from).matchAll(PATH)) paths.push({ text: p[1]!, start: at + lead + from + p.index });
      };
      if (block) {
        const helper = block[2]!;
        if (HELPERS.has(helper)) collect(block[0].length);
        else paths.push({ text: helper, start: at + lead + block[0].indexOf(helper) });
      } else if (m[2] !== undefined) {
        // Underscore/lodash: only a plain path is a read (`<%= advice %>`), not the code around it.
        const plain = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*$/.exec(inner);
        if (plain) paths.push({ text: plain[1]!, start: at + inner.indexOf(plain[1]!) });
      } else {
        // `{{upper potential_condition.triage}}`: the first word of several is a helper.
        const words = trimmed.trim().split(/\s+/);
        collect(words.length > 1 && /^[A-Za-z_$][\w$]*$/.test(words[0]!) ? words[0]!.length : 0);
      }
      paths = paths.filter((p) => !HELPERS.has(p.text) && !/^\d/.test(p.text));
      for (const p of paths) {
        const bare = p.text.replace(/^this\./, '');
        const start = p.start + (p.text.length - bare.length);
        const name = `__hb${exprs.length}`;
        if (!ctxTie) continue;
        ties.set(name, ctxTie);
        exprs.push({ expr: { text: `${name}.${bare}`, start: start - name.length - 1, anchor: tpl.start + m.index }, from: start, level: stack.length });
      }
      if (block) {
        const helper = block[2]!;
        if (BLOCKS_KEEPING_CONTEXT.has(helper)) stack.push(ctxTie);
        else {
          const target = helper === 'each' || helper === 'with' ? paths[0]?.text.replace(/^this\./, '') : helper;
          let t: Tie | null = ctxTie;
          for (const s of (target ?? '').split('.')) t = t && s ? step(t, s) : null;
          stack.push(t && helper !== 'with' ? item(t) : t);
        }
      }
    }
    for (const { expr, from } of exprs) {
      for (const read of templateReads(input, [expr], ties)) out.push({ ...read, start: Math.max(read.start, from) });
    }
  }
  return out;
}
