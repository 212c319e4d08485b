import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import type { Ctx } from './context';
import { encloses } from './context';
import { norm, type FieldSite } from './vocabulary';
import { resourceAround } from './json';
import { sameNode, type Lit } from './lang';

/**
 * Key paths written as one dotted string: Laravel's `Arr::get($data, 'triage_explanation.potential_condition.triage')`
 * and `data_get($r, 'profile.height')`, lodash's `_.get(r, 'a.b')`, Symfony's property paths. The path is read from
 * the value the call's first argument holds (`$data` tied to a resource), or, when it names a field only this API
 * has (`triage_explanation`), from any resource it fits in a file that talks to the API.
 */
export function dotPaths(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  jsonPaths(ctx);
  for (const lit of file.lits) {
    if (!lit.simple || !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(lit.text)) continue;
    const all = lit.text.split('.').map(norm);
    // The path may go on past the changed field (`…potential_condition.triage.label`): the longest prefix that ends in one.
    const ends = all.map((_, k) => k + 1).filter((k) => vocab.fieldNames.has(all[k - 1]!)).reverse();
    if (ends.length === 0) continue;
    const same = (a: SgNode) => encloses(a, lit.node) && a.text().trim() === lit.node.text().trim();
    const call = file.x.calls.filter((c) => c.args.length >= 2 && same(c.args[1]!)).pop();
    // Or a method of the value itself: Newtonsoft's `obj.SelectToken("triage_explanation.potential_condition.triage")`.
    const method = call ? null : file.x.calls.filter((c) => c.args.length === 1 && same(c.args[0]!) && SELECTORS.test(c.callee)).pop();
    const holder = call ? call.args[0]! : method ? receiverOf(method.node) : null;
    if (!call && !method) continue;
    let site: FieldSite | undefined;
    const tie = holder ? ctx.ties.ofExpr(holder) : null;
    for (const k of ends) {
      const segs = all.slice(0, k);
      if (tie) site = vocab.fields(tie.resource, [...tie.path, ...segs], 'response')[0];
      if (!site && ctx.tied && segs.some((s) => vocab.distinctive.has(s))) {
        for (const resource of new Set<ResourceName>(vocab.segments.values())) site ??= vocab.fields(resource, segs, 'response')[0];
      }
      if (site) break;
    }
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
  }
}

/** Methods that read a dotted path from the value they are called on (Json.NET's `SelectToken`, `SelectTokens`). */
const SELECTORS = /^(?:SelectToken|SelectTokens|select_token)$/;

/** The value a method is called on: `obj` of `obj.SelectToken("a.b")`. */
function receiverOf(call: SgNode): SgNode | null {
  const fn = call.children().find((c) => c.isNamed());
  const kids = fn ? fn.children().filter((c) => c.isNamed()) : [];
  return kids.length >= 2 ? kids[0]! : null;
}

/** A JSONPath into a body (`"$.interview_mode"`, `"$.triage_explanation.potential_condition.triage"`): its keys from the root. */
const JSON_PATH = /^\$\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;

/**
 * JSONPaths matched against a request or response of one resource: WireMock's `matchingJsonPath("$.interview_mode")`,
 * MockMvc's `jsonPath("$.advice")`, RestAssured's `body("$.extra", …)`. The resource is the one the function around
 * them works on (its URLs, the API's endpoints it calls, the models it builds).
 */
function jsonPaths(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const lit of file.lits) {
    const m = lit.simple ? JSON_PATH.exec(lit.text) : null;
    if (!m) continue;
    const segs = m[1]!.split('.').map(norm);
    if (!vocab.fieldNames.has(segs[segs.length - 1]!)) continue;
    const resource = resourceAround(ctx, lit);
    const site = resource ? vocab.fields(resource, segs, 'request')[0] ?? vocab.fields(resource, segs, 'response')[0] : undefined;
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: m[1]! });
  }
}

/**
 * A value a JSONPath to the mode field is matched with: `matchingJsonPath("$.mode", equalTo("complaint"))`,
 * `jsonPath("$.mode").value("complaint")`, where the function around works on the mode's resource.
 */
export function jsonPathMode(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const stmtStart = Math.max(file.source.lastIndexOf(';', lit.start), file.source.lastIndexOf('{', lit.start), file.source.lastIndexOf('\n\n', lit.start));
  const before = file.source.slice(stmtStart + 1, lit.start);
  const m = /["']\$\.(\w+)["']\s*(?:,\s*\w+\s*\(\s*|\)\s*\.\s*\w+\s*\(\s*)$/.exec(before);
  if (!m || norm(m[1]!) !== norm(ctx.vocab.modeField)) return false;
  return (statementResource(ctx, lit) ?? resourceAround(ctx, lit)) === ctx.vocab.modeResource;
}

/**
 * The one resource the statement holding a literal addresses (`server.expect(requestTo(BASE + "/interviews/" + t + "/"))
 * .andExpect(jsonPath("$.mode").value("safe"))`): the request the matcher is chained to says what it matches, whatever
 * else the test asserts afterwards (a link to a question it reads back).
 */
function statementResource(ctx: Ctx, lit: Lit): ResourceName | null {
  const { file } = ctx;
  const scope = file.scopeOf(lit.node);
  let stmt: SgNode | null = null;
  for (const a of lit.node.ancestors()) {
    if (sameNode(a, scope)) break;
    if (STATEMENT.test(a.kind() as string)) stmt = a;
  }
  if (!stmt) return null;
  const found = new Set(file.resourcesIn(stmt).map((r) => r.resource));
  return found.size === 1 ? [...found][0]! : null;
}

const STATEMENT = /^(?:expression_statement|local_variable_declaration|statement)$/;
