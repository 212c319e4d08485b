import { parseBase } from '../config/urls';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Rewrites absolute links that point at an upstream base (the v2 base; also the v1 base, which some published
 * v2 examples still show) so they point back through the proxy in v1 form: `<public address><v1 path>/<rest>`.
 * Scheme and host case are matched tolerantly; the match must end at a path boundary.
 */
export class LinkRewriter {
  private readonly re: RegExp;

  constructor(
    upstreamBases: readonly string[],
    /** The v1 base path the proxy serves, without trailing slash (`/api`). */
    readonly facadePath: string,
  ) {
    const alts = upstreamBases.map((b) => {
      const { host, path } = parseBase(b);
      return `${escape(host)}${escape(path)}`;
    });
    this.re = new RegExp(`^https?://(?:${alts.join('|')})(?=$|[/?#])/?`, 'i');
  }

  /** The rewritten link, or null when `value` is not a link to an upstream base. */
  rewrite(value: string, publicBase: string): string | null {
    const m = this.re.exec(value);
    if (!m) return null;
    return `${publicBase}${this.facadePath}/${value.slice(m[0].length)}`;
  }

  /** Rewrite every string of a JSON value in place; returns how many links were rewritten. */
  rewriteBody(body: unknown, publicBase: string): number {
    let count = 0;
    const walk = (node: unknown): unknown => {
      if (typeof node === 'string') {
        const out = this.rewrite(node, publicBase);
        if (out === null) return node;
        count++;
        return out;
      }
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) node[i] = walk(node[i]);
      } else if (node && typeof node === 'object') {
        const obj = node as Record<string, unknown>;
        for (const key of Object.keys(obj)) obj[key] = walk(obj[key]);
      }
      return node;
    };
    walk(body);
    return count;
  }
}
