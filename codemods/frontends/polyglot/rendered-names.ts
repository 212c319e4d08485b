import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import { escapeRe } from './file';
import { sameNode } from './lang';
import { modelTie } from './ties';

/**
 * The names a server renders a template with, each given a read of the field of that name (Tornado's
 * `self.render("result.html", result=result, advice=result.advice or "")`, Flask's `render_template("r.html",
 * advice=data["advice"])`, Django's `render(request, "triage/question.html", {"preselected": preselected})` with
 * `preselected = set(data.get("preselected") or [])`): in that template, the bare name (`{{ advice }}`,
 * `{% if option.token in preselected %}`) holds the field (components/template-reads.ts). Only a value that reads a
 * field of the same name counts: `title=…` given anything else says nothing of the API.
 */
export function renderedNames(file: PolyFile): { template: string; name: string }[] {
  const out: { template: string; name: string }[] = [];
  for (const call of file.x.calls) {
    if (!RENDER.test(call.callee)) continue;
    const template = call.args.map((a) => file.lit(a)).find((l) => l?.simple && TEMPLATE_FILE.test(l.text))?.text;
    if (!template) continue;
    const dicts = call.args.filter((a) => /^(?:dictionary|hash|map_literal|array_creation_expression)$/.test(a.kind() as string));
    for (const p of file.x.pairs) {
      const given = p.named ? sameNode(p.container, call.node) : dicts.some((d) => sameNode(d, p.container));
      if (given && p.value && /^\w+$/.test(p.key) && readsField(file, p.value, p.key)) out.push({ template, name: p.key });
    }
  }
  out.push(...decoratedViews(file));
  return out;
}

/**
 * A view whose decorator names its template and that returns the template's names (Pyramid's `@view_config(route_name=
 * "result", renderer="templates/result.jinja2")` or `renderer="myapp:templates/result.pt"`, aiohttp-jinja2's
 * `@aiohttp_jinja2.template("result.html")`, Bottle's `@view("result.tpl")`): the dictionary it returns (`return
 * {"advice": result.advice}`, `return dict(advice=result.advice)`) is what the template is rendered with.
 */
function decoratedViews(file: PolyFile): { template: string; name: string }[] {
  const out: { template: string; name: string }[] = [];
  for (const call of file.x.calls) {
    const decorated = call.node.parent()?.kind() === 'decorator' ? call.node.parent()!.parent() : null;
    const fn = decorated?.kind() === 'decorated_definition' ? decorated.children().find((c) => c.kind() === 'function_definition') : undefined;
    if (!fn) continue;
    const template = call.args
      .map((a) => file.lit(a.kind() === 'keyword_argument' ? a.child(a.children().length - 1) : a))
      .map((l) => (l?.simple ? l.text.replace(/^[\w.]+:(?!\/)/, '') : ''))
      .find((t) => TEMPLATE_FILE.test(t));
    if (!template) continue;
    // Its own returns, not those of a function nested in it.
    const returned = file.within(fn, file.spec.returnKinds).filter((r) => sameNode(file.scopeOf(r), fn));
    const values = returned.map((r) => r.child(r.children().length - 1)).filter((v): v is SgNode => !!v && v.kind() !== 'return');
    for (const p of file.x.pairs) {
      if (!values.some((v) => sameNode(v, p.container))) continue;
      if (p.value && /^\w+$/.test(p.key) && readsField(file, p.value, p.key)) out.push({ template, name: p.key });
    }
  }
  return out;
}

/** Template renderers: Tornado's `render` and `render_string`, Flask's `render_template`, Django's `render`, `render_to_string`, `TemplateResponse`, Slim's Twig view's `render($response, 'result.twig', [...])`. */
const RENDER = /^(?:render|render_string|render_template|render_to_string|TemplateResponse)$/;
/** A template's file name (`result.html`, `triage/question.html`, `summary.html.j2`). */
const TEMPLATE_FILE = /^[\w./-]+\.(?:html?|j2|jinja2?|djhtml|txt|twig|pt|mako|tpl)$/;

/**
 * Whether a value reads the field `name` of the API's answer (`result.advice`, `data["advice"]`, `data.get("advice")`),
 * itself or through a variable of its function: the name read from is named for a resource (`result`), or holds
 * what a call to a resource's path or a function named for one answered (`data = client.get_question(t)`); a
 * ticket's `advice` is none.
 */
function readsField(file: PolyFile, value: SgNode, name: string): boolean {
  const read = new RegExp(`([A-Za-z_]\\w*)(?:(?:\\.|->)\\w+)*\\s*(?:(?:\\.|->)\\s*${escapeRe(name)}\\b(?!\\s*\\()|\\[\\s*["']${escapeRe(name)}["']\\s*\\]|\\.get\\(\\s*["']${escapeRe(name)}["'])`);
  const fromApi = (text: string, at: SgNode) => {
    const root = read.exec(text)?.[1];
    if (!root) return false;
    if (modelTie(root)) return true;
    const decl = declBefore(file, root, at);
    return !!decl?.init && (file.resourcesIn(decl.init).length > 0 || callsNamedForResource(decl.init.text()));
  };
  if (fromApi(value.text(), value)) return true;
  if (value.kind() !== 'identifier') return false;
  const decl = declBefore(file, value.text(), value);
  return !!decl?.init && fromApi(decl.init.text(), decl.init);
}

function declBefore(file: PolyFile, name: string, at: SgNode) {
  return file.declsOf(name, at).filter((d) => d.init && d.init.range().end.index <= at.range().start.index).pop();
}

/** A call of a function named for one of the API's resources (`client.get_question(t)`, `self.buoy.get_result(token)`). */
function callsNamedForResource(text: string): boolean {
  return [...text.matchAll(/(\w+)\s*\(/g)].some((m) => !!modelTie(m[1]!.replace(/^(?:get|fetch|load|read|create|start|post|put|update)_?/i, '')));
}
