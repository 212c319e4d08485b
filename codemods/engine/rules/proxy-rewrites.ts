import type { Change } from '../../../catalogue';
import { findV1Urls } from '../../../config/urls';
import { keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from '../ties/static-text';
import { builtMessage, v1BasePaths } from './built-addresses';

/** Keys under which dev-server proxies (webpack-dev-server / http-proxy-middleware, Vite) rewrite the path. */
const REWRITE_KEYS = new Set(['pathRewrite', 'rewrite']);

/**
 * A dev-server proxy entry whose `target` is a v1 host and whose path rewrite writes the v1 base path
 * (`{ target: SC_HOST, pathRewrite: { '^/sc-api': '/api' } }`, Vite's `rewrite: (p) => p.replace(/^\/sc/, '/api')`):
 * the entry assembles a v1 address from the host and the path, for a person. The literals come from the node index;
 * only those that are the v1 base path are followed up to their proxy entry.
 */
export function proxyRewrites(ctx: FileContext, change: Change): void {
  const basePaths = v1BasePaths(ctx);
  if (basePaths.length === 0) return;
  for (const lit of [...ctx.nodesOf('StringLiteral'), ...ctx.nodesOf('Literal')]) {
    const text = lit.node.value;
    if (typeof text !== 'string' || ctx.claimed.has(lit.node) || !basePaths.some((b) => text === b || text === `${b}/`)) continue;
    const holder = parentOf(lit);
    if (holder && isProperty(holder.node) && holder.node.key === lit.node) continue; // a path rewritten from, not to
    const entry = proxyEntry(lit);
    if (entry && targetsV1(ctx, entry)) ctx.manual(change, lit, builtMessage(change), lit.node);
  }
}

/** The object holding the `pathRewrite` / `rewrite` property a literal sits in (a few levels up), or null. */
function proxyEntry(lit: Path): Path | null {
  let p = parentOf(lit);
  for (let depth = 0; p && depth < 6; depth++, p = parentOf(p)) {
    if (isProperty(p.node) && REWRITE_KEYS.has(keyName(p.node) ?? '')) {
      const obj = parentOf(p);
      return obj?.node.type === 'ObjectExpression' ? obj : null;
    }
  }
  return null;
}

/** Whether a proxy entry's `target` is (statically) a v1 address, or falls back to one (`process.env.X || 'https://…'`). */
function targetsV1(ctx: FileContext, entry: Path): boolean {
  const i = entry.node.properties.findIndex((p: Node) => isProperty(p) && keyName(p) === 'target');
  return i >= 0 && isV1(ctx, entry.get('properties', i, 'value'));
}

function isV1(ctx: FileContext, value: Path, depth = 0): boolean {
  const n = value.node;
  if (n.type === 'LogicalExpression' && ['||', '??'].includes(n.operator) && depth < 3) return isV1(ctx, value.get('left'), depth + 1) || isV1(ctx, value.get('right'), depth + 1);
  const text = staticText(ctx, value);
  return !!text && findV1Urls(ctx.config, text).length > 0;
}

const isProperty = (n: Node) => n?.type === 'ObjectProperty' || n?.type === 'Property';
