import type { Change } from '../../../catalogue';
import type { Config } from '../../../config';
import type { NameUse } from '../../../lib/types';
import { baseVariables, pathTie, propSites, refineTie, relativePath, statusSites, type BodyProp } from './calls';
import type { ConfigValue, Site } from './model';
import { readPathSites, type Read } from './reads';

/**
 * Requests written as blocks of a structured file (Terraform: a `datadog_synthetics_test`'s `request_definition`
 * with `assertion` blocks beside it, a `data "http"`): a block with a `method` and a `url` to the API (after a base
 * variable or a v1 address) is tied to its resource; the values under its body attribute (`body = jsonencode({…})`,
 * `request_body`) are checked as a request body, and beside it the status assertions (`type = "statusCode"`,
 * `target = 202`) and asserted JSON paths (`jsonpath = "$.msg"`) of the resource that holds it.
 */

const BODY_KEYS = new Set(['body', 'request_body', 'json', 'payload']);
const STATUS_OPERATORS = new Set(['is', 'isnot']);

export interface RequestContext {
  config: Config;
  changes: readonly Change[];
  nameUses?: readonly NameUse[];
  filePath: string;
}

export function blockRequests(source: string, values: readonly ConfigValue[], ctx: RequestContext): Site[] {
  const isBase = baseVariables(ctx.config, source, values, ctx.nameUses, ctx.filePath);
  const text = (v: ConfigValue) => source.slice(v.start, v.end);
  const last = (v: ConfigValue) => (v.path[v.path.length - 1] ?? '').toLowerCase();
  const under = (v: ConfigValue, prefix: readonly string[]) => v.path.length > prefix.length && prefix.every((s, i) => v.path[i] === s);
  const sites: Site[] = [];
  for (const url of values) {
    if (last(url) !== 'url' || url.list) continue;
    const method = values.find((v) => v.parent === url.parent && last(v) === 'method');
    if (!method) continue;
    // `"${var.sc_base}interviews/…"`: the reference that starts the URL stands for the base it names.
    const ref = url.refs.find((r) => r.start <= url.start + 2 && r.start >= url.start);
    const after = ref && source.startsWith('${', url.start) ? source.indexOf('}', ref.end) + 1 : ref?.end;
    const rel = ref ? (isBase(ref.name) && after ? source.slice(after, url.end) : null) : relativePath(ctx.config, text(url), isBase);
    const base = rel !== null ? pathTie(text(method).toUpperCase(), rel) : null;
    if (!base) continue;
    const block = url.path.slice(0, -1);
    const props: BodyProp[] = [];
    for (const v of values) {
      const k = v.path[block.length];
      if (!under(v, block) || !k || !BODY_KEYS.has(k.toLowerCase()) || v.path.length < block.length + 2 || v.refs.length > 0) continue;
      const quoted = source[v.start - 1] === '"';
      const t = text(v);
      const type = quoted ? 'string' : /^-?\d+(\.\d+)?$/.test(t) ? 'number' : 'other';
      props.push({ path: v.path.slice(block.length + 1), key: { start: v.start, end: v.end }, value: { type, value: type === 'number' ? Number(t) : t, start: v.start, end: v.end, inner: quoted ? { start: v.start, end: v.end, exact: !t.includes('\\') } : undefined } });
    }
    const tie = refineTie(base, props);
    sites.push(...propSites(props, tie, ctx.changes));
    // Assertions of the resource the request block is in.
    const owner = block.slice(0, -1);
    const groups = new Map<string, ConfigValue[]>();
    for (const v of values) if (under(v, owner) && !under(v, block)) groups.set(v.parent, [...(groups.get(v.parent) ?? []), v]);
    const reads: Read[] = [];
    for (const g of groups.values()) {
      const get = (k: string) => g.find((v) => last(v) === k);
      const target = get('target');
      if (get('type') && text(get('type')!) === 'statusCode' && STATUS_OPERATORS.has(text(get('operator') ?? url).toLowerCase()) && target && /^\d{3}$/.test(text(target))) {
        sites.push(...statusSites(Number(text(target)), tie, ctx.changes, { start: target.start, end: target.end }));
      }
      const jp = get('jsonpath');
      const m = jp && /^\$((?:\.[A-Za-z_]\w*|\[(?:\d+|\*)\])+)$/.exec(text(jp));
      if (jp && m) reads.push({ path: [...m[1]!.matchAll(/\.([A-Za-z_]\w*)|\[(?:\d+|\*)\]/g)].map((x) => x[1] ?? '*'), start: jp.start, end: jp.end });
    }
    sites.push(...readPathSites(reads, tie, ctx.changes));
  }
  return sites;
}
