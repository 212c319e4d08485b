import { parseTree, printParseErrorCode, type Node, type ParseError as JsonError } from 'jsonc-parser';
import { ParseError } from '../../types';
import type { DocContext } from './docs';
import type { ConfigValue, Parsed, Span } from './model';
import { apiDescriptionSites, fromJson, isApiDescription } from './openapi';
import { postmanRequests } from './postman';
import { recordingSites } from './recordings';
import { sampleSites } from './samples';
import { stubSites } from './stubs';
import { scanRefs } from './refs';

/**
 * JSON (and JSON with comments: tsconfig-style, `.jsonc`, VS Code settings) read with jsonc-parser's tree,
 * which keeps offsets: appsettings.json, package.json `config`, Postman collections and environments, samples
 * of the API's answers (samples.ts), stubs of the API (stubs.ts). A string
 * is named by its property path; in a list of `{key, value}` / `{name, value}` objects (Postman variables and
 * auth, ECS environment lists) by its `key`/`name`. `{{name}}` is a reference (Postman).
 */
export function readJson(source: string, ctx?: DocContext, filePath = ''): Parsed {
  const errors: JsonError[] = [];
  const root = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const e = errors[0];
    const at = e ? lineCol(source, e.offset) : undefined;
    throw new ParseError(e ? printParseErrorCode(e.error) : 'empty JSON', at?.line, at?.column);
  }
  const values: ConfigValue[] = [];
  const keys: Span[] = [];
  let ids = 0;
  const walk = (n: Node, path: string[], parent: string, list: boolean): void => {
    if (n.type === 'object') {
      const id = `o${ids++}`;
      const named = list ? nameOf(n) : null;
      for (const prop of n.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        keys.push({ start: k.offset + 1, end: k.offset + k.length - 1 });
        const key = String(k.value);
        if (named && key === 'value') walk(v, [...path, named], parent, false);
        else walk(v, [...path, key], id, false);
      }
    } else if (n.type === 'array') {
      const id = `a${ids++}`;
      for (const item of n.children ?? []) walk(item, path, id, true);
    } else if (n.type === 'string' || n.type === 'null') {
      const start = n.type === 'string' ? n.offset + 1 : n.offset;
      const end = n.type === 'string' ? n.offset + n.length - 1 : n.offset + n.length;
      values.push({ path, start, end, refs: scanRefs(source, start, end, ['mustache']), parent, list });
    } else if (n.type === 'number' || n.type === 'boolean') {
      values.push({ path, start: n.offset, end: n.offset + n.length, refs: [], parent, list });
    }
  };
  walk(root, [], 'root', false);
  const postman = ctx ? postmanRequests(source, root, values, ctx) : { sites: [], values: [] };
  const sites = postman.sites;
  values.push(...postman.values);
  const tree = fromJson(root);
  if (ctx && isApiDescription(tree, filePath)) sites.push(...apiDescriptionSites(tree, filePath, ctx.changes));
  else if (ctx && postman.sites.length === 0) {
    // Stubs of the API (WireMock, MockServer, Pact, Hoverfly) first: their answers are read as the stub's operation's.
    const stubs = stubSites(source, root, ctx.changes, ctx.config);
    sites.push(...(stubs.length > 0 ? stubs : sampleSites(root, filePath, ctx.changes, ctx.config)));
  }
  if (ctx) sites.push(...recordingSites(tree, source, ctx));
  return { values, keys, sites };
}

/** The `key` or `name` of a `{key, value}` object. */
function nameOf(n: Node): string | null {
  const props = new Map((n.children ?? []).map((p) => [String(p.children?.[0]?.value), p.children?.[1]]));
  if (!props.has('value')) return null;
  for (const k of ['key', 'name']) {
    const v = props.get(k);
    if (v?.type === 'string') return String(v.value);
  }
  return null;
}

function lineCol(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
