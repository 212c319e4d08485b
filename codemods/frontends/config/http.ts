import { baseVariables, jsonProps, pathTie, propSites, refineTie, relativePath, statusSites, type Tie } from './calls';
import { chainReads } from './chains';
import type { DocContext } from './docs';
import { linesOf } from './lines';
import type { ConfigValue, Parsed, Site, Span } from './model';
import { comparedModeSites, comparedStatusSites, readPathSites, type Read } from './reads';
import { scanRefs } from './refs';

/**
 * Request files: REST Client and JetBrains HTTP files (`.http`, `.rest`) and Hurl files (`.hurl`). `@name = value`
 * variables; requests (`METHOD url`, headers, a JSON body) separated by `###` or by the next request line. The
 * request URL is a value named `url` (a base), so `https://{{host}}/api/…` is seen as built from a v1 host and
 * `{{baseUrl}}interviews/` uses baseUrl as a base; `{{name}}` values of a body are named by their key
 * (`"audience": "{{baseUrl}}"` uses it as the audience). What a file checks of the answer is read too: a
 * JetBrains response handler (`> {% … response.body.msg … response.status === 202 %}`), Hurl's expected status
 * (`HTTP 202`) and its asserts and captures (`jsonpath "$.msg"`, `status == 202`).
 */

const REQUEST = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)/;

export function readHttp(source: string, ctx: DocContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const skip: Span[] = [];
  const lines = linesOf(source);
  const text = (i: number) => source.slice(lines[i]!.start, lines[i]!.end);
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*@([A-Za-z_][\w.-]*)\s*=\s*/.exec(text(i));
    if (m) {
      const start = lines[i]!.start + m[0].length;
      let end = lines[i]!.end;
      while (end > start && /\s/.test(source[end - 1]!)) end--;
      values.push({ path: [m[1]!], start, end, refs: scanRefs(source, start, end, ['mustache']), parent: 'http' });
    } else if (/^\s*(#|\/\/)/.test(text(i)) && !/^\s*###/.test(text(i))) skip.push(lines[i]!);
  }
  const isBase = baseVariables(ctx.config, source, values, ctx.nameUses, ctx.filePath);
  for (let i = 0; i < lines.length; i++) {
    const req = REQUEST.exec(text(i));
    if (!req) continue;
    const urlStart = lines[i]!.start + text(i).indexOf(req[2]!, req[1]!.length);
    values.push({ path: ['url'], start: urlStart, end: urlStart + req[2]!.length, refs: scanRefs(source, urlStart, urlStart + req[2]!.length, ['mustache']), parent: `request${i}` });
    // Headers, then the body (after a blank line, or at a `{` in Hurl), then what checks the answer.
    let k = i + 1;
    while (k < lines.length && /^\s*[\w-]+\s*:/.test(text(k)) && !/^\s*\{/.test(text(k))) k++;
    // Blank lines, and comments (a marker above the body) before it.
    while (k < lines.length && (text(k).trim() === '' || (/^\s*(#|\/\/)/.test(text(k)) && !/^\s*###/.test(text(k))))) k++;
    let e = k;
    while (e < lines.length && !/^\s*(###|>|<>|HTTP[\s/]|\[[A-Za-z]+\]\s*$)/.test(text(e)) && !REQUEST.test(text(e))) e++;
    let stop = e;
    while (stop < lines.length && !/^\s*###/.test(text(stop)) && !REQUEST.test(text(stop))) stop++;
    const rel = relativePath(ctx.config, req[2]!, isBase);
    const base = rel !== null ? pathTie(req[1]!, rel) : null;
    const body = k < e ? { text: source.slice(lines[k]!.start, lines[e - 1]!.end), start: lines[k]!.start } : null;
    const props = body ? jsonProps({ text: body.text, map: Array.from({ length: body.text.length }, (_, n) => body.start + n) }) : [];
    for (const p of props) {
      if (p.value.type !== 'string' || !p.value.inner || !String(p.value.value).includes('{{')) continue;
      values.push({ path: p.path, start: p.value.inner.start, end: p.value.inner.end, refs: scanRefs(source, p.value.inner.start, p.value.inner.end, ['mustache']), parent: `body${i}` });
    }
    if (base) {
      const tie = refineTie(base, props);
      sites.push(...propSites(props, tie, ctx.changes, { anchor: lines[i]!.start }));
      if (e < stop) sites.push(...answerChecks(source, lines[e]!.start, lines[stop - 1]!.end, tie, ctx, lines[i]!.start));
    }
    i = stop - 1;
  }
  return { values, sites, skip, loose: true };
}

/** Checks of the answer after a request: a response handler script (its markers above the request), Hurl's `HTTP <status>`, asserts and captures. */
function answerChecks(source: string, start: number, end: number, tie: Tie, ctx: DocContext, request: number): Site[] {
  const text = source.slice(start, end);
  const at = (i: number) => start + i;
  const sites: Site[] = [];
  const roots = new Map([
    ['response.body', { path: [] }],
    ['response.status', { path: [], status: true }],
  ]);
  for (const h of text.matchAll(/\{%([\s\S]*?)%\}/g)) {
    const off = h.index + 2;
    const { reads, statuses } = chainReads(h[1]!, roots);
    const shift = (i: number) => at(off + i);
    sites.push(...readPathSites(reads.map((r) => ({ ...r, start: shift(r.start), end: shift(r.end) })), tie, ctx.changes, request));
    for (const s of statuses) sites.push(...comparedStatusSites(h[1]!, s, tie, ctx.changes, shift, request));
    for (const r of reads) sites.push(...comparedModeSites(h[1]!, r, tie, ctx.changes, shift, () => true, request));
  }
  const status = /^HTTP(?:\/[\d.]+)?\s+(\d{3})\b/m.exec(text);
  if (status) {
    const s = at(status.index + status[0].length - 3);
    sites.push(...statusSites(Number(status[1]), tie, ctx.changes, { start: s, end: s + 3 }));
  }
  for (const a of text.matchAll(/^\s*status\s*(?:==|!=)\s*(\d{3})\b/gm)) {
    const s = at(a.index + a[0].length - 3);
    sites.push(...statusSites(Number(a[1]), tie, ctx.changes, { start: s, end: s + 3 }));
  }
  const reads: Read[] = [];
  for (const j of text.matchAll(/jsonpath\s+"(\$[^"]*)"/g)) {
    const path = jsonPath(j[1]!);
    const s = at(j.index + j[0].indexOf('$'));
    if (path) reads.push({ path, start: s, end: s + j[1]!.length });
    if (path) sites.push(...comparedModeSites(text, { path, start: 0, end: j.index + j[0].length }, tie, ctx.changes, at, () => true));
  }
  sites.push(...readPathSites(reads, tie, ctx.changes));
  return sites;
}

/** A JSONPath as a path: `$.a.b`, `$['a'][0]`, `$.a[*].b`; null for filters and recursive descent. */
function jsonPath(p: string): string[] | null {
  if (/\.\.|\?\(/.test(p)) return null;
  const out: string[] = [];
  for (const m of p.slice(1).matchAll(/\.([A-Za-z_]\w*)|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\]|\[[^\]]*\]/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '*');
  return out;
}
