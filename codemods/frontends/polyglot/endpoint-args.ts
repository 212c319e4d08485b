import type { Ctx } from './context';
import { withoutComments } from './comments';
import { encloses } from './context';
import { span } from './lang';
import { functionName } from './file';
import { matchParen } from './ties';
import { norm, type FieldSite } from './vocabulary';
import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';

/** A named argument (`extra=x`, `extra: x`): the front-ends read those as entries already. */
const NAMED = /^[$@]?\w+\s*(?::(?!:)|=(?!=))/;

/**
 * Arguments given by position to one of the API's endpoints that creates or updates, whose parameter is named as a
 * removed request field of its resource: `h.Checker.AddComplaint(ctx, id, text, extra)` on `func (c *Client)
 * AddComplaint(ctx context.Context, id, text string, extra map[string]any)`. The argument is reported, from the
 * literal the variable it passes holds when that is built just before (`extra := map[string]any{…}`).
 */
export function endpointArgs(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (!ctx.index.hasEndpoints) return;
  endpointParams(ctx);
  for (const call of file.x.calls) {
    // Or the endpoint handed with its arguments to a runner (`call(request.buoy.add_complaint, token, text, extra)`,
    // `deferToThread(client.add_complaint, …)`, `partial(…)`): the arguments after it are its own.
    const handed = ctx.index.endpoint(call.callee) ? -1 : call.args.findIndex((a) => handedEndpoint(ctx, a));
    const callee = handed < 0 ? call.callee : lastName(call.args[handed]!);
    const args = call.args.slice(handed + 1);
    const factory = handed < 0 ? modelFactory(ctx, call.node.text(), callee) : null;
    const e = ctx.index.endpoint(callee) ?? factory;
    if (!e || e.op === 'read') continue;
    // `helpdesk.add_complaint(…)` on a table another module holds (`local helpdesk = require "app.helpdesk"`): that
    // module's function, not the API client's of the same name.
    const module = handed < 0 ? file.spec.calledModule?.(call.node) : undefined;
    if (module && ctx.index.modulesOf && !ctx.index.modulesOf(callee).has(module)) continue;
    const params = factory ? factory.params : ctx.index.params(callee);
    // Fewer arguments than parameters: the rest take their defaults (`CancellationToken ct = default`), the first ones are filled in order.
    if (!params || params.length < args.length) continue;
    args.forEach((arg, i) => {
      // A factory given nothing there (`Complaint.create(t, text, null)`) builds a model without the field.
      if (NAMED.test(arg.text()) || (factory && ABSENT.test(arg.text().trim()))) return;
      const site = vocab.fields(e.resource, [norm(params[i]!)], 'request')[0];
      if (!site || !out.has(site.change.id)) return;
      const scope = file.scopeOf(call.node);
      const name = arg.text().trim();
      const held = /^\w+$/.test(name) ? file.declsOf(name, arg).filter((d) => d.init && encloses(scope, d.node) && span(d.node).end <= span(call.node).start).pop() : undefined;
      // The literal built just before the call and passed on (`extra := map[string]any{…}` then `AddComplaint(…, extra)`): one site, from the one to the other.
      const near = held?.init && /dictionary|hash|map|composite|object|array_creation|collection/.test(held.init.kind() as string) && lineOf(file.source, span(arg).start) - lineOf(file.source, span(held.node).start) <= 4;
      const start = near ? span(held!.node).start : span(arg).start;
      out.manual(site.change.id, start, span(arg).end, site.message, { anchor: near ? start : span(call.node).start, subject: params[i]! });
      heldByProperty(ctx, call.node, name, site);
    });
  }
}

/** An argument that gives nothing (positional.ts's). */
const ABSENT = /^(?:null|nil|None|undefined|Optional\.empty\(\))$/;

/**
 * A model's own factory (`Complaint.create(token, text, extra)` on a record's `static Complaint create(String
 * interview, String text, String extra) { return new Complaint(null, interview, text, extra, null); }`): a model of the
 * resource built from the arguments, as an endpoint that creates it sends them. Called on the model's class by name.
 */
function modelFactory(ctx: Ctx, callText: string, name: string): { resource: ResourceName; op: 'create'; params: string[] } | null {
  const owner = /^([A-Z]\w*)\s*\.\s*\w+\s*\(/.exec(callText)?.[1];
  const model = owner ? ctx.ties.model(owner) : null;
  const params = owner && model && model.path.length === 0 ? ctx.index.factoryParams(owner, name) : null;
  return params && model ? { resource: model.resource, op: 'create', params } : null;
}

/** A reference to a function by its name or a member (`client.add_complaint`), not a call of it. */
const REFERENCE = /^(?:identifier|attribute|member_access_expression|field_access|selector_expression|navigation_expression|member_expression)$/;

/** An argument that names one of the API's endpoints as a function: a member (`client.add_complaint`), or a name no variable holds. */
function handedEndpoint(ctx: Ctx, arg: SgNode): boolean {
  if (!REFERENCE.test(arg.kind() as string) || !ctx.index.endpoint(lastName(arg))) return false;
  return arg.kind() !== 'identifier' || ctx.file.declsOf(arg.text(), arg).length === 0;
}

function lastName(ref: SgNode): string {
  return /(\w+)\s*$/.exec(ref.text())?.[1] ?? '';
}

/** Types a removed field's value may have: text, numbers, maps and JSON (a `Context` or `CancellationToken` parameter is another thing). */
const DATA_TYPE = /^(?:[a-z]\w*|String|Object|Any|Map|Dictionary|IDictionary|IReadOnlyDictionary|Hash|JsonElement|JsonNode|JObject|JSONObject|Json|Dynamic|Bool|Boolean|Int|Integer|Long|Double)\b/;

/**
 * The parameters of one of the API's endpoints that creates or updates (declared in this file, an interface's
 * declaration too) named as a removed request field of its resource: `CreateComplaintAsync(string token, string text,
 * string extra = null)` declared bodiless, `def add_complaint(session, token, text, extra=None)` writing it into the body
 * it sends, or passing it on as a model's field (`Extra = extra`). Callers pass the field through them: the parameter
 * goes with the field, a site of its own beside the entry (deleted or marked), and still one once a run has deleted
 * the entry (a second run changes nothing).
 */
function endpointParams(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  // A protocol's requirements too (Swift's `protocol Servicing { func submitComplaint(…, extra: String?) … }`): no
  // scope of their own, so no function of the file, but declared like an interface's methods.
  const required = file.within(file.root, ['protocol_function_declaration']).map((node) => ({ node, name: functionName(file.spec, node), ...span(node) }));
  for (const fn of [...file.functions(), ...required]) {
    // A method whose name alone is too common (`create`) by its class's (`ComplaintService.create`).
    const owner = file.x.types.filter((t) => encloses(t.node, fn.node)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start))[0]?.name;
    const e = fn.name ? ctx.index.endpoint(fn.name) ?? (owner ? ctx.index.endpoint(`${owner}.${fn.name}`) ?? modelFactory(ctx, `${owner}.${fn.name}(`, fn.name) : null) : null;
    if (!e || e.op === 'read' || !fn.name) continue;
    // Comments blanked: a marker of an earlier run above a parameter ends in a period (`… on create and update.`).
    const text = withoutComments(fn.node).text;
    const open = text.indexOf('(', text.indexOf(fn.name));
    if (open < 0) continue;
    const close = matchParen(text, open);
    const head = text.slice(open + 1, close);
    for (const m of head.matchAll(/[$@]?\b([A-Za-z_]\w*)\b/g)) {
      const name = m[1]!;
      const site = vocab.fields(e.resource, [norm(name)], 'request')[0];
      if (!site || !out.has(site.change.id)) continue;
      // A parameter's name: followed by its type (`extra: String`), a default (Elixir's `extra \\ %{}`), a comma or the end;
      // never a type itself.
      const after = head.slice(m.index! + m[0].length);
      const before = head.slice(0, m.index!);
      // Go writes the type after the name (`extra map[string]any`, `detail *string`).
      const goType = file.spec.id === 'go' ? /^\s+[*&]?(?:\[\])?[*]?([\w.]+)/.exec(after)?.[1] : undefined;
      if ((!goType && !/^\s*(?:[:=,]|\\\\|\?\s*[:=,)]|$)/.test(after)) || /[.:]\s*$/.test(before)) continue;
      const type = goType ?? /([\w<>[\]?.]+)\s+[$@]?$/.exec(before.replace(/.*[,(]/s, ''))?.[1] ?? /^\s*:\s*([\w.]+(?:[[<][\w.]+)?)/.exec(after)?.[1] ?? null;
      // `Optional[Dict]`, `Optional<String>`, Scala's `Option[String]`: an optional value, whatever it wraps; PHP's `?string`.
      const optional = /^(?:typing\.)?Option(?:al)?\b/.test(type ?? '');
      const inner = type?.replace(/^\?/, '') ?? null;
      if (type && inner && !optional && !DATA_TYPE.test(inner)) continue;
      const at = fn.start + open + 1 + m.index! + (m[0].length - name.length);
      out.manual(site.change.id, at, at + name.length, site.message, { anchor: at, subject: name });
    }
  }
}

/**
 * A property of the class the call is made in that the argument passes (`$this->extra`, `$this->intentDetail ?: null`
 * in a Livewire component or a form model's own action): its declaration (`public string $extra = '';`) holds the
 * removed field's value for the form that fills it, a site of its own.
 */
function heldByProperty(ctx: Ctx, call: SgNode, arg: string, site: FieldSite): void {
  const { file, out } = ctx;
  const prop = /^\$this->(\w+)\s*(?:(?:\?:|\?\?)[^,]*)?$/.exec(arg)?.[1];
  if (!prop || file.spec.id !== 'php') return;
  const owner = file.x.types.filter((t) => encloses(t.node, call)).sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start))[0];
  if (!owner) return;
  const text = file.source.slice(span(owner.node).start, span(owner.node).end);
  const m = new RegExp(`\\b(?:public|protected|private|var)\\s+(?:readonly\\s+)?(?:\\??[\\w\\\\|]+\\s+)?\\$(${prop})\\b\\s*[=;]`).exec(text);
  if (!m) return;
  const at = span(owner.node).start + m.index + m[0].lastIndexOf(`$${prop}`) + 1;
  out.manual(site.change.id, at, at + prop.length, site.message, { anchor: at, subject: prop });
}

function lineOf(src: string, at: number): number {
  let n = 0;
  for (let i = src.indexOf('\n'); i >= 0 && i < at; i = src.indexOf('\n', i + 1)) n++;
  return n;
}
