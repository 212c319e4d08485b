import { api, getChange } from '../../../catalogue';
import { parseBase } from '../../../config/urls';
import { keyRole } from '../../roles';
import { inApiScope } from '../config/vocab';
import { encloses, type Ctx } from './context';
import { escapeRe } from './file';
import { span } from './lang';

/**
 * The v1 path of the API's base in tests that serve the API from a stub server (no v1 host in sight):
 * - a stub's request matcher given the v1 path and one of the API's resources (WireMock's
 *   `urlEqualTo("/api/interviews/anonymous/")`, `urlPathMatching(…)`, MockServer's `withPath(…)`): the client under
 *   test calls the v2 path once migrated, so the stub no longer matches;
 * - the v1 path alone joined to the stub server's address and given as the API's base setting
 *   (`Map.of("buoy-api/mp-rest/url", server.baseUrl() + "/api/")`, `"symptom_checker.base_url" to server.url("/api/")`).
 * Left for a person: the v2 path goes with the v2 base the test configures. Another API's stub (`/helpdesk/api/…`,
 * `urlEqualTo("/api/tickets/")`, `"helpdesk-api/mp-rest/url"`) stays.
 */
export function stubPaths(ctx: Ctx): void {
  const { file, out } = ctx;
  const id = getChange('base-url').id;
  if (!out.has(id)) return;
  const paths = [...new Set(Object.values(file.config.environments).map((e) => parseBase(e.v1.baseUrl).path.replace(/^\/|\/$/g, '')).filter(Boolean))];
  if (paths.length === 0) return;
  const segments = Object.values(api.resources).map((r) => r.segment);
  const stubbed = new RegExp(`^/(?:${paths.map(escapeRe).join('|')})/(?:${segments.map(escapeRe).join('|')})(?:[/?]|$)`);
  const bare = new RegExp(`^/?(?:${paths.map(escapeRe).join('|')})/?$`);
  // The file's stub server serves the API's v1 paths: a plain base setting it configures (`base_url`) is the API's.
  let serves = false;
  for (const call of file.x.calls) {
    if (!MATCHERS.test(call.callee)) continue;
    const arg = call.args[0];
    const lit = arg && file.lits.find((l) => l.start === span(arg).start && l.end === span(arg).end);
    if (!lit || !lit.simple || !stubbed.test(lit.text) || out.hasSiteOn(id, lit.start)) continue;
    const message = `this stub matches the API's v1 path (${lit.text}); in v2 the API is served under ${api.v2BasePath}: match the v2 path, as the client under test calls it once migrated.`;
    out.manual(id, lit.start, lit.end, message, { anchor: span(call.node).start });
    serves = true;
  }
  for (const lit of file.lits) {
    if (!lit.simple || !bare.test(lit.text) || out.hasSiteOn(id, lit.start)) continue;
    // Joined in the setting's value, or in a constant's the setting is given (`local MOCK_BASE = "http://127.0.0.1:" ..
    // port .. "/api/"`, then `base_url = MOCK_BASE`).
    const held = file.x.decls.find((d) => d.init && encloses(d.init, lit.node) && span(d.init).end - span(d.init).start > lit.end - lit.start + 2);
    const pair = file.x.pairs.find((p) => p.value && (encloses(p.value, lit.node) || (!!held && /^\w+$/.test(p.value.text()) && p.value.text() === held.name)));
    if (!pair?.value || (!held && span(pair.value).end - span(pair.value).start <= lit.end - lit.start + 2)) continue;
    // MicroProfile's `<client>/mp-rest/url` separates its words with slashes.
    if (keyRole(pair.key.replace(/\//g, '.')) !== 'base' || !((serves && PLAIN_BASE.test(pair.key)) || inApiScope(file.config, [pair.key]))) continue;
    const message = `this is the v1 path of the API's base address, joined to a stub server's address as \`${pair.key}\`; in v2 the API is served under ${api.v2BasePath}: use the v2 path.`;
    out.manual(id, lit.start, lit.end, message, { anchor: span(pair.node).start, subject: pair.key });
  }
}

/** A base setting named for nothing else (`base_url`, `baseUrl`, `api_base_url`): not another API's (`helpdesk-api/mp-rest/url`). */
const PLAIN_BASE = /^(?:api[_.-]?)?base[_.-]?(?:url|uri|address)$/i;

/**
 * Request matchers of stub servers that take a path: WireMock's `urlEqualTo`, `urlPathEqualTo`, `urlMatching`,
 * `urlPathMatching`, `urlPathTemplate`; MockServer's `withPath`; an nginx mock server's `location`, as Lua's reader
 * writes the configuration a spec holds (lua-nginx.ts).
 */
const MATCHERS = /^url(?:Path)?(?:EqualTo|Matching|Template)$|^withPath$|^location$/;
