import { keyRole, type Role } from '../../roles';
import { nameMatches, namesOf, norm, type ConfigValue, type NameUse, type Ref } from './model';

/**
 * The relations between the values of a file: which values a reference names, which values are siblings,
 * and the uses of names (`SC_AUDIENCE: $SC_API_BASE` uses `SC_API_BASE` as the audience), of this file and of
 * the other files of the run.
 */

/** The role a key path gives its value: the nearest key, from the last, that says base or audience. */
export function pathRole(path: readonly string[]): Role | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const r = keyRole(path[i]);
    if (r) return r;
  }
  return null;
}

const EMPTY = /^\s*(|null|~|none|nil)\s*$/i;

export class ValueGraph {
  private readonly byName = new Map<string, ConfigValue[]>();
  private readonly byParent = new Map<string, ConfigValue[]>();
  private readonly byAnchor = new Map<string, ConfigValue>();

  constructor(
    readonly source: string,
    readonly values: readonly ConfigValue[],
    /** Anchor names (YAML `&x`) of values. */
    anchors: ReadonlyMap<ConfigValue, string> = new Map(),
  ) {
    for (const v of values) {
      for (const n of namesOf(v)) push(this.byName, n, v);
      push(this.byParent, v.parent, v);
    }
    for (const [v, name] of anchors) this.byAnchor.set(name, v);
  }

  text(v: ConfigValue): string {
    return this.source.slice(v.start, v.end);
  }

  isEmpty(v: ConfigValue): boolean {
    return EMPTY.test(this.text(v).replace(/^["']|["']$/g, ''));
  }

  siblings(v: ConfigValue): ConfigValue[] {
    return (this.byParent.get(v.parent) ?? []).filter((s) => s !== v);
  }

  /** The values a reference can stand for. */
  targets(ref: Ref): ConfigValue[] {
    if (ref.anchor) {
      const t = this.byAnchor.get(ref.name);
      return t ? [t] : [];
    }
    const name = norm(ref.name);
    const named = name.includes('*') ? this.values.filter((v) => namesOf(v).some((n) => nameMatches(name, n))) : this.byName.get(name) ?? [];
    return named.filter(
      (t) => (ref.scope === undefined || t.scope === undefined || t.scope === ref.scope || t.scope === 'DEFAULT') && (ref.namespace ?? '') === (t.namespace ?? ''),
    );
  }

  /** The role a reference's name gives it, or the one its targets' keys agree on. */
  refRole(ref: Ref): Role | null {
    const own = keyRole(ref.name.split('.').pop());
    if (own) return own;
    const roles = new Set(this.targets(ref).map((t) => pathRole(t.path)));
    return roles.size === 1 ? [...roles][0]! : null;
  }

  /** Uses this file's own values make (`localUses`), as opposed to the other files' of the run. */
  readonly own = new Set<NameUse>();

  /**
   * Whether a sibling of `v` sets `name` (normalised): to something other than `v` itself, or, for a use made in
   * another file, to anything (the sibling's own use of `v` is then counted where it is made).
   */
  siblingSets(v: ConfigValue, name: string, foreign = false): boolean {
    const mine = namesOf(v);
    return this.siblings(v).some((s) => namesOf(s).includes(name) && !this.isEmpty(s) && (foreign || !s.refs.some((r) => mine.includes(norm(r.name)))));
  }

  /**
   * Uses of `v`: of its names (this file's and the run's; fallbacks whose first choice a sibling sets do not
   * count), and the in-file references that resolve to it (INI interpolations, aliases).
   */
  usesOf(v: ConfigValue, uses: readonly NameUse[], seen: Set<ConfigValue> = new Set()): NameUse[] {
    const names = namesOf(v);
    seen.add(v);
    const byName = uses.filter(
      (u) => names.some((n) => nameMatches(u.name, n)) && (u.namespace ?? '') === (v.namespace ?? '') && !(u.unless && this.siblingSets(v, u.unless, !this.own.has(u))),
    );
    // A value that is nothing but a reference to `v`, under a key that says no role, passes on the uses of its own name.
    const forwarded = this.forwardersOf(v).filter((f) => !seen.has(f) && seen.size < 4).flatMap((f) => this.usesOf(f, uses, seen));
    return [...byName, ...(this.internal().get(v) ?? []), ...forwarded];
  }

  /** Values whose whole text is one reference (not an alias or interpolation) that can stand for `v`. */
  forwardersOf(v: ConfigValue): ConfigValue[] {
    return this.values.filter((f) => {
      if (f === v || f.refs.length === 0) return false;
      const r = f.refs[0]!;
      if (r.internal || r.anchor || this.source.slice(f.start, r.start).trim() !== '' || this.source.slice(r.end, f.end).trim() !== '') return false;
      return this.targets(r).includes(v);
    });
  }

  /** Values that alias `v` (YAML `*x` of its `&x`). */
  aliasesOf(v: ConfigValue): ConfigValue[] {
    return this.internal().aliases.get(v) ?? [];
  }

  private internalCache: (Map<ConfigValue, NameUse[]> & { aliases: Map<ConfigValue, ConfigValue[]> }) | null = null;
  /** In-file references by the value they resolve to, computed once. */
  private internal(): Map<ConfigValue, NameUse[]> & { aliases: Map<ConfigValue, ConfigValue[]> } {
    if (this.internalCache) return this.internalCache;
    const map = Object.assign(new Map<ConfigValue, NameUse[]>(), { aliases: new Map<ConfigValue, ConfigValue[]>() });
    for (const a of this.values) {
      const role = pathRole(a.path);
      for (const r of a.refs) {
        if (!r.internal) continue;
        for (const t of this.targets(r)) {
          if (t === a) continue;
          if (r.anchor) push(map.aliases, t, a);
          if (role) push(map, t, { name: norm(r.name), role, at: `line ${this.lineOf(r.start)} (${a.path[a.path.length - 1]})` });
        }
      }
    }
    return (this.internalCache = map);
  }

  /** Values with the same key path up to the last key (the other keys of one map or section). */
  samePrefix(v: ConfigValue): ConfigValue[] {
    if (!this.prefixCache) {
      this.prefixCache = new Map();
      for (const s of this.values) push(this.prefixCache, s.path.slice(0, -1).join('\u0000') + `\u0000${s.path.length}`, s);
    }
    return (this.prefixCache.get(v.path.slice(0, -1).join('\u0000') + `\u0000${v.path.length}`) ?? []).filter((s) => s !== v);
  }
  private prefixCache: Map<string, ConfigValue[]> | null = null;

  lineOf(offset: number): number {
    return this.source.slice(0, offset).split('\n').length;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The uses of names the values of a file make: a value whose key says a role uses the names it references in that role. */
export function localUses(graph: ValueGraph, lineOf: (offset: number) => number, where: string): NameUse[] {
  const out: NameUse[] = [];
  for (const v of graph.values) {
    const role = pathRole(v.path);
    if (!role) continue;
    for (const r of v.refs) {
      if (r.anchor || r.internal) continue;
      out.push({
        name: norm(r.name),
        role,
        // A fallback is void where its first choice is set; any use is void where the key it sets is set beside the value.
        unless: norm(r.fallbackOf ?? v.path[v.path.length - 1]!),
        namespace: r.namespace,
        at: `${where}:${lineOf(r.start)} (${v.path[v.path.length - 1]})`,
      });
    }
  }
  return out;
}
