import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { baseVariables, decodeString, jsonProps, pathTie, propSites, refineTie, relativePath, type Body } from './calls';
import { chainReads, type Root } from './chains';
import type { DocContext } from './docs';
import type { ConfigValue, Site } from './model';
import { itemScripts, scriptedBody } from './postman-scripts';
import { comparedModeSites, comparedStatusSites, readPathSites } from './reads';
import { scanRefs } from './refs';
import { assertionSites } from './synthetics';

/**
 * Postman collections: each request (`{request: {method, url, body: {raw}}}`) is tied to a resource by its URL
 * (after a base variable or a v1 address); its JSON body (or the body its pre-request script builds, see
 * postman-scripts.ts) is checked against the resource's rules, and its test
 * scripts (`event: [{listen: 'test', script: {exec: […]}}]`) are read for what they check of the answer: reads
 * of `pm.response.json()` (and `JSON.parse(responseBody)`), statuses (`pm.response.to.have.status(202)`,
 * `pm.response.code`) and the interview mode compared with a renamed or removed one. `{{name}}` values of a
 * body are values named by their key (`"audience": "{{baseUrl}}"` uses baseUrl as the audience). Monitoring
 * checks of the same shape (Datadog synthetics: `request: {method, url, body}` beside `assertions`) are read too.
 */

const ROOTS: [string, Root][] = [
  ['pm.response.json()', { path: [] }],
  ['pm.response', { path: [], status: true }],
  ['pm.response.code', { path: [], status: true }],
  ['responseCode.code', { path: [], status: true }],
  ['responseBody', { path: [] }],
];

export function postmanRequests(source: string, root: Node, values: readonly ConfigValue[], ctx: DocContext): { sites: Site[]; values: ConfigValue[] } {
  const sites: Site[] = [];
  const out: ConfigValue[] = [];
  const isBase = baseVariables(ctx.config, source, values, ctx.nameUses, ctx.filePath);
  const visit = (n: Node) => {
    if (n.type === 'object') {
      const req = findNodeAtLocation(n, ['request']);
      const method = req && findNodeAtLocation(req, ['method']);
      const url = req && (findNodeAtLocation(req, ['url', 'raw']) ?? findNodeAtLocation(req, ['url']));
      // Postman's `body: {raw}`; a monitoring check's body is the string itself (synthetics.ts).
      const bodyNode = req && findNodeAtLocation(req, ['body']);
      const raw = req && (findNodeAtLocation(req, ['body', 'raw']) ?? (bodyNode?.type === 'string' ? bodyNode : undefined));
      const rel = url?.type === 'string' ? relativePath(ctx.config, String(url.value), isBase) : null;
      const base = rel !== null && method?.type === 'string' ? pathTie(String(method.value), rel) : null;
      const decoded = raw?.type === 'string' ? decodeString(source, raw) : null;
      const props = decoded ? jsonProps(decoded) : [];
      for (const p of props) {
        const r = p.value.inner;
        if (p.value.type !== 'string' || !r?.exact || !String(p.value.value).includes('{{')) continue;
        out.push({ path: p.path, start: r.start, end: r.end, refs: scanRefs(source, r.start, r.end, ['mustache']), parent: `body${raw!.offset}` });
      }
      if (base) {
        const built = decoded ? scriptedBody(source, n, decoded.text) : [];
        const tie = refineTie(base, [...props, ...built]);
        sites.push(...propSites(props, tie, ctx.changes), ...propSites(built, tie, ctx.changes));
        for (const script of itemScripts(source, n, 'test')) sites.push(...scriptSites(script, tie, ctx));
        sites.push(...assertionSites(n, tie, ctx.changes));
      }
    }
    for (const c of n.children ?? []) visit(c);
  };
  visit(root);
  return { sites, values: out };
}

function scriptSites(script: Body, tie: NonNullable<ReturnType<typeof pathTie>>, ctx: DocContext): Site[] {
  const roots = new Map(ROOTS);
  for (const m of script.text.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*JSON\.parse\(\s*responseBody\s*\)/g)) roots.set(m[1]!, { path: [] });
  const { reads, statuses } = chainReads(script.text, roots);
  const at = (i: number) => script.map[Math.min(i, script.map.length - 1)]!;
  const exact = (start: number, end: number) => at(end - 1) + 1 - at(start) === end - start;
  const sites = readPathSites(
    reads.map((r) => ({ ...r, start: at(r.start), end: at(r.end - 1) + 1 })),
    tie,
    ctx.changes,
  );
  for (const s of statuses) sites.push(...comparedStatusSites(script.text, s, tie, ctx.changes, at));
  for (const r of reads) sites.push(...comparedModeSites(script.text, r, tie, ctx.changes, at, exact));
  return sites;
}
