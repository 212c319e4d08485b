import { Transform, type TransformCallback } from 'node:stream';
import { parseBase } from '../config/urls';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A literal path where every `/` may also be JSON's escaped `\/`. */
function slashes(s: string): string {
  return s
    .split('/')
    .map(escape)
    .join('\\\\?/');
}

/** Characters that continue a host or a path segment: a match must not be followed by one. */
const CONTINUES = '[A-Za-z0-9._~%+:@-]';

/**
 * Rewrites absolute links that point at an upstream base (the v2 base; also the v1 base, which some published
 * v2 examples still show) so they point back through the proxy in v1 form: `<public address><v1 path>/<rest>`.
 * Scheme and host case are matched tolerantly; the match must end at a path boundary.
 *
 * Links are rewritten in the raw text of a body (serialised JSON, a body that failed to parse, or a stream
 * of one), wherever they occur, also with JSON's escaped slashes (`https:\/\/host\/path`): one regular
 * expression over the text, no tree walk, and the upstream's address never reaches a legacy client.
 */
export class LinkRewriter {
  private readonly exact: RegExp;
  private readonly text: RegExp;
  /** Longest text a match can span (a stream keeps this much back between chunks). */
  readonly maxMatch: number;

  constructor(
    upstreamBases: readonly string[],
    /** The v1 base path the proxy serves, without trailing slash (`/api`). */
    readonly facadePath: string,
  ) {
    const parsed = upstreamBases.map((b) => parseBase(b));
    const exactAlts = parsed.map(({ host, path }) => `${escape(host)}${escape(path)}`);
    this.exact = new RegExp(`^https?://(?:${exactAlts.join('|')})(?=$|[/?#])/?`, 'i');
    const textAlts = parsed.map(({ host, path }) => `${escape(host)}${slashes(path)}`);
    this.text = new RegExp(`https?:\\\\?/\\\\?/(?:${textAlts.join('|')})(?!${CONTINUES})(?:\\\\?/)?`, 'gi');
    this.maxMatch = 2 * Math.max(...parsed.map(({ host, path }) => 'https://'.length + host.length + path.length + 1));
  }

  /** The rewritten link (a `Location` value), or null when `value` is not a link to an upstream base. */
  rewrite(value: string, publicBase: string): string | null {
    const m = this.exact.exec(value);
    if (!m) return null;
    return `${publicBase}${this.facadePath}/${value.slice(m[0].length)}`;
  }

  /** Every upstream base in `text` replaced by the proxy's v1 base. */
  rewriteText(text: string, publicBase: string): string {
    const [to, escaped, literal] = this.targets(publicBase);
    this.text.lastIndex = 0;
    // Without an escaped slash in the text no match has one: a replacement string, no callback per match
    // (JSON.stringify's output, the usual text here, never escapes a slash).
    if (!text.includes('\\/')) return text.replace(this.text, literal);
    return text.replace(this.text, (m) => (m.includes('\\/') ? escaped : to));
  }

  private readonly targetCache = new Map<string, [string, string, string]>();

  /** The replacement for `publicBase`: plain, with JSON's escaped slashes, and plain as a replacement pattern
   * (`$` doubled); a few bases per proxy. */
  private targets(publicBase: string): [string, string, string] {
    let t = this.targetCache.get(publicBase);
    if (!t) {
      const to = `${publicBase}${this.facadePath}/`;
      t = [to, to.replace(/\//g, '\\/'), to.replace(/\$/g, '$$$$')];
      if (this.targetCache.size >= 64) this.targetCache.clear();
      this.targetCache.set(publicBase, t);
    }
    return t;
  }

  /** A stream doing `rewriteText` on a body of any size (bytes kept as latin1, so UTF-8 passes unchanged). */
  stream(publicBase: string): Transform {
    let carry = '';
    const keep = this.maxMatch;
    const to = `${publicBase}${this.facadePath}/`;
    const re = new RegExp(this.text.source, this.text.flags);
    /** Rewrite the matches that start before `limit` (all when null); returns the output and where it ends. */
    const rewriteUntil = (text: string, limit: number | null): [string, number] => {
      let out = '';
      let at = 0;
      let end = limit ?? text.length;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text)) !== null && (limit === null || m.index < limit)) {
        out += text.slice(at, m.index) + (m[0].includes('\\/') ? to.replace(/\//g, '\\/') : to);
        at = m.index + m[0].length;
        end = Math.max(end, at);
      }
      return [out + text.slice(at, end), end];
    };
    return new Transform({
      transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
        const text = carry + chunk.toString('latin1');
        // A match starting before `limit` has the character after it in view (matches are shorter than `keep`).
        const [out, end] = rewriteUntil(text, Math.max(0, text.length - keep));
        carry = text.slice(end);
        cb(null, out ? Buffer.from(out, 'latin1') : undefined);
      },
      flush(cb: TransformCallback) {
        const [out] = rewriteUntil(carry, null);
        cb(null, out ? Buffer.from(out, 'latin1') : undefined);
      },
    });
  }
}
