import { api, catalogue, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import type { Finding } from '../../types';
import type { Ctx } from './context';
import { encloses } from './context';
import type { PolyFile } from './file';
import { span, type Call } from './lang';
import type { Endpoint, PolyFacts } from './project-types';
import { updates } from './mode-functions';
import { escapeRe } from './file';
import { norm, vocabularyFor } from './vocabulary';
import { words } from '../../engine/words';
import { goModeArgs, goModeRowAnswers, goRouteOf } from './own-routes-go';

/**
 * Modes posted to the app's own routes: a request handler that passes its request's mode parameter on to the API
 * (`interview_service.update_mode(params[:id], params.require(:mode))`, `mode = params[:mode] || …` then
 * `checker.update_mode(token, mode)`, Django's `request.POST["mode"]`, Flask's `request.form.get("mode")`) makes the
 * mode a value of the app's own routes. A request spec, a feature test or a test client that sends one of the
 * changed modes to a route of the app (`patch interview_path(token), params: { mode: "safe" }`,
 * `client.post(reverse("mode"), {"mode": "triage"})`, `client.put("/interviews/1/mode", json={"mode": "safe"})`)
 * sends it to the API through that handler: reported where it is written. Only where such a handler exists, and
 * only a request to a route of the app (a route helper, `reverse`/`url_for`, or a path without a host).
 */

const FIELD = escapeRe(api.modeField);
/** A read of the request's mode parameter (PHP's `$this->request->getPost('mode')`, `$request->input('mode')` too). */
const REQUEST_MODE = new RegExp(
  String.raw`^\s*(?:params\s*(?:\[\s*:?["']?${FIELD}["']?\s*\]|\.(?:require|fetch)\(\s*:?["']?${FIELD}["']?)|request\.(?:POST|GET|form|args|data|json|query_params|params)\s*(?:\[\s*["']${FIELD}["']\s*\]|\.get\(\s*["']${FIELD}["'])|(?:\w+\.)?cleaned_data\s*(?:\[\s*["']${FIELD}["']\s*\]|\.get\(\s*["']${FIELD}["'])|(?:\$(?:this->)?|Yii::\$app->)request->(?:getPost|getGet|getVar|getPostGet|input|post|get|query)\(\s*["']${FIELD}["'])`,
);

/** The callees a file passes its request's mode parameter to (facts stage): directly, or through a variable set from it. */
export function modeParamCallees(file: PolyFile): string[] {
  if (!new RegExp(`\\b${FIELD}\\b`).test(file.source)) return [];
  const goArgs = file.spec.id === 'go' ? goModeArgs(file) : new Set<string>();
  const fromRequest = (t: string) => REQUEST_MODE.test(t) || goArgs.has(t.trim());
  const fromParam = new Set(file.x.decls.filter((d) => d.init && fromRequest(d.init.text())).map((d) => d.name));
  const out = new Set<string>();
  for (const c of file.x.calls) {
    if (c.args.some((a) => fromRequest(a.text()) || fromParam.has(a.text().trim()))) out.add(c.callee);
  }
  return [...out];
}

/** Whether a handler of the run passes its request's mode to a function that updates the mode's resource. */
export function modeForwarded(all: readonly PolyFacts[], endpoints: ReadonlyMap<string, Endpoint | null>): boolean {
  const resource = vocabularyFor(catalogue).modeResource;
  if (!resource) return false;
  const updating = (c: string) => {
    const e = endpoints.get(c);
    return (!!e && e.resource === resource && e.op !== 'create' && e.op !== 'read') || updates(all, endpoints, c, resource);
  };
  return all.some((f) => (f.modeParamCallees ?? []).some(updating));
}

/** Verbs of request specs, test clients and views that request a route of the app. */
const VERBS = /^(?:get|post|put|patch|delete|button_to|link_to|visit|request|fetch|open)$/;
/** A route of the app: a Rails route helper, Django's `reverse`, Flask's `url_for`, FastAPI's `url_path_for`, a path without a host. */
const OWN_ROUTE = /^\s*(?:[a-z_]\w*_(?:path|url)\b|(?:\w+\.)?(?:reverse|url_for|url_path_for)\s*\(|f?["'`]\/(?!\/))/;

export function ownRouteModes(ctx: Ctx): void {
  const { file, vocab, out, index } = ctx;
  if (!index.modeForwarded) return;
  for (const pair of file.x.pairs) {
    if (norm(pair.key) !== norm(api.modeField) || !pair.value) continue;
    const value = pair.value.text().trim().replace(/^:/, '').replace(/^(["'])(.*)\1$/, '$2');
    const mode = vocab.modes.get(value);
    if (!mode || !out.has(mode.change.id) || value === pair.value.text().trim()) continue;
    const first = goRouteOf(file, pair) ?? requestOf(file, pair.node)?.args[0]!.text();
    if (first === undefined || !OWN_ROUTE.test(first) || !namesModeRoute(first, vocab.modeResource)) continue;
    if (file.spec.id === 'go' && new RegExp(`/${FIELD}\\b`).test(first)) goModeRowAnswers(ctx, pair);
    const at = span(pair.value);
    // A route path the API's own paths also spell (`"/interviews/1/mode"`) may be reported by the mode rules already.
    if (out.hasSiteOn(mode.change.id, at.start)) continue;
    out.manual(mode.change.id, at.start, at.end, mode.message, { anchor: at.start, subject: value });
  }
}

/** The innermost call of an HTTP verb whose arguments hold the literal (as a whole, or as the value of a `params:`, `data=` or `json=` argument). */
function requestOf(file: PolyFile, lit: import('@ast-grep/napi').SgNode): Call | undefined {
  const calls = file.x.calls.filter((c) => VERBS.test(c.callee) && c.args.length > 0 && encloses(c.node, lit) && span(c.args[0]!).start < span(lit).start);
  calls.sort((a, b) => span(a.node).end - span(a.node).start - (span(b.node).end - span(b.node).start));
  const call = calls[0];
  if (!call) return undefined;
  // The literal is an argument of the verb itself, not of a call nested in one (`post path, params: build({ mode: … })`).
  const inner = file.x.calls.find((c) => c !== call && encloses(call.node, c.node) && encloses(c.node, lit) && !VERBS.test(c.callee));
  return inner && span(inner.node).start > span(call.args[0]!).end ? undefined : call;
}

/** A route named for the mode's resource or for the mode (`interview_path`, `"/interviews/1/mode"`), not another resource's (`ticket_path`). */
export function namesModeRoute(route: string, resource: ResourceName | null): boolean {
  if (!resource) return false;
  const names = [...api.resources[resource].nouns, api.modeField].map((w) => escapeRe(w.toLowerCase()));
  return new RegExp(`(?:^|[^a-z])(?:${names.join('|')})`).test(route.toLowerCase());
}

/**
 * Reads of a request parameter by name (Rails/Sinatra `params[:x]`, `params.require(:x)`; Django/Flask/DRF
 * `request.POST["x"]`, `request.form.get("x")`, `form.cleaned_data["x"]`; PHP's `$_POST['x']`, Laminas's `$post['x']` of
 * `$request->getPost()` and `->getPost('x')`, Laravel's `$request->input('x')`, CodeIgniter's `->getPost('x')`).
 */
const REQUEST_PARAM = /\$(?:_POST|_REQUEST|post|postData)\s*\[\s*["'](\w+)["']\s*\]|->(?:getPost|fromPost|input|post)\(\s*["'](\w+)["']|\bparams\s*(?:\[\s*:?["']?(\w+)["']?\s*\]|\.(?:require|fetch)\(\s*:?["']?(\w+)["']?)|\brequest\.(?:POST|GET|form|args|data|json|query_params|params)\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\(\s*["'](\w+)["'])|\bcleaned_data\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\(\s*["'](\w+)["'])/g;

/**
 * Whether a request parameter's name is a removed request field's: the field's (`extra`), or the field after a noun of
 * its resource (`intent_detail`, `complaintExtra`), as a form names it beside the resource's other fields.
 */
export function namesRequestField(name: string, rule: { resource: ResourceName; path: readonly string[] }): boolean {
  const field = words(rule.path[rule.path.length - 1]!);
  const w = words(name);
  if (w.join('_') === field.join('_')) return true;
  return api.resources[rule.resource].nouns.some((n) => words(n).concat(field).join('_') === w.join('_'));
}

/**
 * Removed request fields a request handler takes from its request and passes on to the API: a site of the field's
 * change on the line that reads the request parameter of that name (`extra: params[:extra].presence` in a call the
 * analysis found creating a complaint). A form of the app that posts that field to the handler's route sends it
 * (components/posted-fields.ts).
 */
export function forwardedFields(source: string, findings: readonly Finding[], changes: readonly Change[]): { field: string; change: string }[] {
  if (findings.length === 0 || !/\b(?:params|request|cleaned_data)\b|\$_POST\b|\$_REQUEST\b/.test(source)) return [];
  const removed = rulesOfKind('request-field-removed', changes);
  const out = new Map<string, { field: string; change: string }>();
  source.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(REQUEST_PARAM)) {
      const field = m.slice(1).find(Boolean)!;
      for (const { rule, change } of removed) {
        if (!namesRequestField(field, rule)) continue;
        if (findings.some((f) => f.change === change.id && f.line <= i + 1 && i + 1 <= f.endLine)) out.set(`${field}\u0000${change.id}`, { field, change: change.id });
      }
    }
  });
  return [...out.values()];
}
