/**
 * Recorded ids → the ids v2 returned when the same step was replayed. Learned from each pair of responses (the
 * catalogue's id field, the path segments of links and `Location`, the token response's access token), and
 * applied to every later request: its path, query values, body strings and bearer token. Ids are unique
 * tokens, so one map serves every session of a recording: an interview created in step 1 is the one step 5
 * answers.
 */
import { api } from '../../catalogue';
import { isObject } from '../../shim/transforms';

const ABSOLUTE = /^https?:\/\/[^/?#]+/i;

export function isLink(v: unknown): v is string {
  return typeof v === 'string' && ABSOLUTE.test(v);
}

/** Path segments of a link or path (no host, no query). */
export function segmentsOf(url: string): string[] {
  return url.replace(ABSOLUTE, '').replace(/[?#].*$/, '').split('/').filter(Boolean);
}

export class IdMap {
  private readonly map = new Map<string, string>();

  get size(): number {
    return this.map.size;
  }

  get(recorded: string): string | undefined {
    return this.map.get(recorded);
  }

  set(recorded: string, replayed: string): void {
    if (recorded !== replayed && recorded.length >= 4) this.map.set(recorded, replayed);
  }

  /** Learn from a recorded value and the replayed one at the same place. */
  learn(recorded: unknown, replayed: unknown): void {
    if (isLink(recorded) && isLink(replayed)) {
      const a = segmentsOf(recorded);
      const b = segmentsOf(replayed);
      if (a.length === b.length) a.forEach((s, i) => s !== b[i] && this.set(s, b[i]!));
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(replayed)) {
      recorded.forEach((item, i) => this.learn(item, replayed[i]));
      return;
    }
    if (!isObject(recorded) || !isObject(replayed)) return;
    for (const [key, value] of Object.entries(recorded)) {
      const other = replayed[key];
      if ((key === api.idField || api.secrets.bodyFields.includes(key)) && typeof value === 'string' && typeof other === 'string') this.set(value, other);
      else this.learn(value, other);
    }
  }

  /** A string with every recorded id that is the whole of it, or a path segment of it, replaced. */
  mapString(s: string): string {
    const whole = this.map.get(s);
    if (whole !== undefined) return whole;
    if (!s.includes('/')) return s;
    return s.replace(/[^/?#&=]+/g, (seg) => this.map.get(seg) ?? this.map.get(decodeURIComponent(seg)) ?? seg);
  }

  /** A JSON value with its strings mapped. */
  mapJson(v: unknown): unknown {
    if (typeof v === 'string') return this.mapString(v);
    if (Array.isArray(v)) return v.map((x) => this.mapJson(x));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.mapJson(x)]));
    return v;
  }

  /** `Bearer <recorded token>` → `Bearer <the token the replay got>`. */
  mapAuthorization(value: string): string {
    const m = /^(Bearer\s+)(\S+)$/i.exec(value);
    return m ? `${m[1]}${this.map.get(m[2]!) ?? m[2]}` : value;
  }
}
