import { keyRole } from '../../roles';
import { inApiScope } from '../config/vocab';
import type { PolyFile } from './file';
import { HOLE, span, type Lit } from './lang';
import type { SgNode } from '@ast-grep/napi';

/**
 * Where a test's stub server serves the API: the path a base setting of the API is given, joined to the stub
 * server's own address (`"buoy-api/mp-rest/url" to "${server.baseUrl()}/buoy/"`, `registry.add("sc.base-url") {
 * wm.baseUrl() + "/sc/" }`, `monkeypatch.setenv("SC_BASE_URL", httpserver.url_for("/sc/"))`). The stubs of the run
 * then match the API's resources under that path (`urlEqualTo("/buoy/interviews/anonymous/")`): such a path
 * addresses the resource as `/api/interviews/anonymous/` does (PolyFile.addressedResource). Another service's base
 * (`"helpdesk-api/mp-rest/url" to "${server.baseUrl()}/helpdesk/"`) mounts nothing of the API's.
 */
export function stubMounts(file: PolyFile): string[] {
  const out = new Set<string>();
  const check = (key: string, value: SgNode | null | undefined) => {
    if (!value || keyRole(key.replace(/\//g, '.')) !== 'base' || !inApiScope(file.config, [key])) return;
    const at = span(value);
    for (const lit of file.lits) {
      if (lit.start < at.start || lit.end > at.end) continue;
      const mount = mountOf(lit, at.end - at.start > lit.end - lit.start + 2);
      if (mount && !file.vocab.segments.has(mount.split('/')[0]!)) out.add(mount);
    }
  };
  for (const p of file.x.pairs) check(p.key, p.value);
  // A setting named by its first argument and given its value next (`System.setProperty("sc.base-url", …)`, `registry.add(…)`).
  for (const c of file.x.calls) {
    const key = c.args.length === 2 ? file.lit(c.args[0]!) : null;
    if (key?.simple) check(key.text, c.args[1]);
  }
  return [...out];
}

/**
 * The path a literal joins to an address before it (`"${server.baseUrl()}/buoy/"`, or `"/buoy/"` in `url + "/buoy/"`
 * when `joined`): its segments without the slashes around them, or null for anything else (an address, a word).
 */
function mountOf(lit: Lit, joined: boolean): string | null {
  const m = new RegExp(`^(${HOLE})?/([\\w-]+(?:/[\\w-]+)*)/?$`).exec(lit.text);
  return m && (m[1] || joined) ? m[2]! : null;
}

/**
 * The first segment of the file's path literals that name one of the API's resources right after it
 * (`buoy` of `"/buoy/interviews/anonymous/"`): the stub paths a mount of the run may make the API's.
 */
export function mountedPrefixes(file: PolyFile): string[] {
  const out = new Set<string>();
  for (const lit of file.lits) {
    if (!lit.text.startsWith('/')) continue;
    const segs = lit.text.slice(1).split(/[/?]/);
    const at = segs.findIndex((s) => file.vocab.segments.has(s));
    if (at > 0) out.add(segs.slice(0, at).join('/'));
  }
  return [...out];
}
