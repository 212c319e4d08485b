import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { encloses } from './context';
import { escapeRe, type PolyFile } from './file';
import type { Pair } from './lang';

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
