import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { encloses, type Ctx } from './context';
import { escapeRe, type PolyFile } from './file';
import { span, type Pair } from './lang';
import { jsonKeys } from './json';
import { statusOf } from './status-values';

/**
 * Go's side of own-routes.ts. A handler binds its request's JSON body into a struct whose field is tagged with the
 * mode's key (gin's `c.ShouldBindJSON(&req)`, echo's `c.Bind(&req)`, `json.NewDecoder(r.Body).Decode(&req)`) and
 * passes that field on (`h.Checker.SetMode(token, req.Mode)`, or `mode := req.Mode` then the call). A test sends a
 * mode to such a route through `httptest`: the mode's map literal is an argument of the same call as the route's path
 * (`do(r, "PUT", "/interviews/1/mode", map[string]any{"mode": "triage"})`), or a field of the same table row as it
 * (`{path: "/interviews/1/mode", body: map[string]any{"mode": "triage"}}`).
 */

const FIELD = escapeRe(api.modeField);
/** A struct field tagged with the mode's JSON key. */
const TAGGED = new RegExp(String.raw`^\s*(\w+)\s+[\w.*\[\]]+\s+\`[^\`\n]*\bjson:"${FIELD}[,"]`, 'gm');
/** A variable the request's body is bound or decoded into. */
const BOUND = /\b(?:ShouldBind(?:JSON|With|BodyWith)?|MustBind(?:With)?|BindJSON|Bind|BodyParser)\(\s*&(\w+)|\bNewDecoder\(\s*(?:\w+\.)*Body\s*\)\s*\.Decode\(\s*&(\w+)/g;

/** The argument texts that carry the request's mode in a Go handler (`req.Mode`), or none. */
export function goModeArgs(file: PolyFile): Set<string> {
  const fields = [...file.source.matchAll(TAGGED)].map((m) => m[1]!);
  const vars = [...file.source.matchAll(BOUND)].map((m) => (m[1] ?? m[2])!);
  const out = new Set<string>();
  for (const v of vars) for (const f of fields) out.add(`${v}.${f}`);
  return out;
}

/** A string literal of Go (interpreted or raw). */
function stringText(n: SgNode | null | undefined): string | null {
  if (!n) return null;
  const k = n.kind() as string;
  return k === 'interpreted_string_literal' || k === 'raw_string_literal' ? n.text() : null;
}

/**
 * The route a Go test sends the mode pair to: a string argument of the call whose argument holds the pair, or the
 * string value of a field of the table row one of whose fields holds it. Only in a file that drives handlers through
 * `httptest` (a request to the app itself).
 */
export function goRouteOf(file: PolyFile, pair: Pair): string | null {
  if (file.spec.id !== 'go' || !/\bhttptest\b/.test(file.source)) return null;
  for (let n: SgNode | null = pair.container; n; n = n.parent()) {
    const k = n.kind() as string;
    if (k === 'argument_list') {
      const args = n.children().filter((c) => c.isNamed());
      const holder = args.find((a) => encloses(a, pair.node));
      return args.filter((a) => a !== holder).map(stringText).find((t) => t !== null && /^["`]\//.test(t)) ?? null;
    }
    if (k === 'keyed_element' && n.parent()?.kind() === 'literal_value') {
      for (const sib of n.parent()!.children()) {
        if (sib.kind() !== 'keyed_element' || sib === n) continue;
        const value = sib.children().filter((c) => c.isNamed()).slice(-1)[0];
        const inner = value?.kind() === 'literal_element' ? value.children().filter((c) => c.isNamed())[0] : value;
        const t = stringText(inner);
        if (t !== null && /^["`]\//.test(t)) return t;
      }
      return null;
    }
    if (k === 'function_declaration' || k === 'func_literal' || k === 'method_declaration') return null;
  }
  return null;
}

/** The fields of the table row one of whose fields holds the pair (`{path: …, body: map…{"mode": …}, apiStatus: …}`), or none. */
function rowOf(pair: Pair): SgNode[] | null {
  for (let n: SgNode | null = pair.container; n; n = n.parent()) {
    const k = n.kind() as string;
    if (k === 'argument_list' || k === 'function_declaration' || k === 'func_literal' || k === 'method_declaration') return null;
    if (k === 'keyed_element' && n.parent()?.kind() === 'literal_value') return n.parent()!.children().filter((c) => c.kind() === 'keyed_element');
  }
  return null;
}

/**
 * What a table row that sends a mode to the app's mode route stubs the API to answer: the row is a mode update, so
 * its status field (`apiStatus: http.StatusAccepted`) is a site of the mode update's status change and the keys of
 * its JSON body field (`apiBody: `{"msg": …}``) sites of the update answer's field changes, where the test's stub
 * writes that field (`w.WriteHeader(tt.apiStatus)`, `w.Write([]byte(tt.apiBody))`).
 */
export function goModeRowAnswers(ctx: Ctx, pair: Pair): void {
  const { file, vocab, out } = ctx;
  const resource = vocab.modeResource;
  const row = resource ? rowOf(pair) : null;
  if (!row || !resource) return;
  const written = (key: string) => new RegExp(String.raw`\b(?:WriteHeader|Write|WriteString|String|Data|JSON)\([^()\n]*(?:\([^()\n]*)?\.${escapeRe(key)}\b`).test(file.source);
  for (const el of row) {
    const [k, v0] = el.children().filter((c) => c.isNamed());
    const v = v0?.kind() === 'literal_element' ? v0.children().filter((c) => c.isNamed())[0] : v0;
    if (!k || !v || encloses(el, pair.node) || !written(k.text())) continue;
    const code = /[A-Za-z]/.test(v.text()) || /^\d{3}$/.test(v.text().trim()) ? statusOf(ctx, v) : null;
    for (const site of code === null ? [] : vocab.statuses) {
      if (site.rule.from !== code || site.rule.resource !== resource || site.rule.operation !== 'mode-update' || !out.has(site.change.id)) continue;
      out.manual(site.change.id, span(v).start, span(v).end, site.rule.message, { anchor: span(v).start });
    }
    const lit = file.lit(v);
    for (const key of (lit && jsonKeys(lit)) ?? []) {
      for (const site of vocab.fields(resource, key.path, 'response')) {
        const at = lit!.start + lit!.text.indexOf(`"${key.name}"`) + 1;
        if (at > lit!.start && out.has(site.change.id) && !out.hasSiteOn(site.change.id, at)) out.manual(site.change.id, at, at + key.name.length, site.message, { anchor: lit!.start, subject: key.name });
      }
    }
  }
}
