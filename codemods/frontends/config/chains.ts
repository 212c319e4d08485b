import type { Read } from './reads';

/**
 * Member chains in script text (a Postman test, a Jinja condition): `body.profile.race`, `body['extra']`,
 * `reg.json.msg | default('')`, read from named roots (`pm.response.json()`, `sc_interview.json`). Aliases
 * declared from a chain (`const pc = result.triage_explanation.potential_condition`, `const { profile } = body`,
 * `{% set x = … %}`), callback parameters over a list (`q.options.filter(o => o.preselected)`) and loop variables
 * (`{% for o in q.options %}`) become roots too. `pm.expect(x).to.have.property('name')` reads `name` of x.
 */

export interface Root {
  /** Where the root sits in the answer. */
  path: string[];
  /** The root is the answer's status, not its body. */
  status?: boolean;
}

export interface ChainReads {
  reads: Read[];
  /** Ends of status reads (where a comparison may follow). */
  statuses: number[];
}

const NAME = '[A-Za-z_$][\\w$]*';
const SEGMENT = `\\.${NAME}(?:\\(\\))?|\\[\\s*(?:'[^'\\n]*'|"[^"\\n]*"|\\d+)\\s*\\]`;
const CHAIN = new RegExp(`(?<![\\w$.\\]])${NAME}(?:\\(\\))?(?:${SEGMENT})*`, 'g');
const METHODS = new Set(['filter', 'find', 'findIndex', 'map', 'flatMap', 'some', 'every', 'forEach', 'reduce', 'includes', 'indexOf', 'get', 'has', 'keys', 'values', 'entries', 'join', 'slice', 'sort', 'toString', 'toLowerCase', 'toUpperCase', 'trim', 'startsWith', 'endsWith', 'test', 'match']);

/** The segments of a chain: names, `*` for numeric indexes; a call `()` stays on its name (`json()`). */
function segments(text: string): { name: string; end: number }[] {
  const out: { name: string; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(`^${NAME}(?:\\(\\))?|${SEGMENT}`, 'g'))) {
    const raw = m[0];
    const q = /^\[\s*(?:'([^']*)'|"([^"]*)"|(\d+))\s*\]$/.exec(raw);
    const name = q ? (q[1] ?? q[2] ?? '*') : raw.replace(/^\./, '');
    out.push({ name, end: m.index + raw.length });
  }
  return out;
}

export function chainReads(text: string, given: ReadonlyMap<string, Root>): ChainReads {
  const roots = new Map(given);
  const resolve = (chain: string): { root: Root; rest: { name: string; end: number }[]; rootEnd: number } | null => {
    const segs = segments(chain);
    for (let k = segs.length; k > 0; k--) {
      const root = roots.get(segs.slice(0, k).map((s) => s.name).join('.'));
      if (root) return { root, rest: segs.slice(k), rootEnd: segs[k - 1]!.end };
    }
    return null;
  };
  const pathOf = (chain: string): string[] | null => {
    const r = resolve(chain.replace(/\s+/g, ''));
    return r && !r.root.status ? [...r.root.path, ...r.rest.map((s) => s.name)] : null;
  };
  const destructured = new Map<number, Read>();
  // Aliases, in a few rounds so that an alias of an alias resolves.
  for (let round = 0; round < 3; round++) {
    for (const m of text.matchAll(new RegExp(`(?:\\b(?:const|let|var)\\s+|\\{%-?\\s*set\\s+)(${NAME}|\\{[^}]*\\})\\s*=\\s*([^;\\n]+)`, 'g'))) {
      const value = new RegExp(`^${NAME}(?:\\(\\))?(?:${SEGMENT})*`).exec(m[2]!.trim())?.[0];
      const path = value ? pathOf(value) : null;
      if (!path) continue;
      if (m[1]!.startsWith('{')) {
        // `const { profile, extra: x } = body` reads body.profile and body.extra.
        let at = m.index + m[0].indexOf('{') + 1;
        for (const d of m[1]!.slice(1, -1).split(',')) {
          const [key, local] = d.split(':').map((s) => s.trim());
          const k = key ? text.indexOf(key, at) : -1;
          at += d.length + 1;
          if (!key || !/^[A-Za-z_$][\w$]*$/.test(key)) continue;
          roots.set(local && /^[A-Za-z_$][\w$]*$/.test(local) ? local : key, { path: [...path, key] });
          destructured.set(k, { path: [...path, key], start: k, end: k + key.length });
        }
      } else roots.set(m[1]!, { path });
    }
    for (const m of text.matchAll(new RegExp(`(${NAME}(?:\\(\\))?(?:${SEGMENT})*)\\.(?:filter|find|findIndex|map|flatMap|some|every|forEach)\\(\\s*(?:\\(?\\s*(${NAME})\\s*\\)?\\s*=>|function\\s*\\(\\s*(${NAME}))`, 'g'))) {
      const path = pathOf(m[1]!);
      if (path) roots.set(m[2] ?? m[3]!, { path: [...path, '*'] });
    }
    for (const m of text.matchAll(new RegExp(`\\{%-?\\s*for\\s+(${NAME})\\s+in\\s+(${NAME}(?:${SEGMENT})*)`, 'g'))) {
      const path = pathOf(m[2]!);
      if (path) roots.set(m[1]!, { path: [...path, '*'] });
    }
  }
  const reads: Read[] = [...destructured.values()];
  const statuses: number[] = [];
  for (const m of text.matchAll(CHAIN)) {
    const r = resolve(m[0]);
    if (!r) continue;
    if (r.root.status) {
      statuses.push(m.index + r.rootEnd);
      continue;
    }
    let rest = r.rest;
    // A method call ends the chain (`options.filter(…)`, `x.length`).
    const stop = rest.findIndex((s) => s.name === 'length' || (METHODS.has(s.name) && /^\s*\(/.test(text.slice(m.index + s.end))));
    if (stop >= 0) rest = rest.slice(0, stop);
    const end = m.index + (rest.length ? rest[rest.length - 1]!.end : r.rootEnd);
    const path = [...r.root.path, ...rest.map((s) => s.name)];
    const prop = /^\)\s*\.to(?:\.not)?\.(?:have|include)(?:\.nested|\.own)?\.property\(\s*(['"])([^'"\n]+)\1/.exec(text.slice(end));
    if (prop) {
      const start = end + prop[0].length - prop[2]!.length;
      reads.push({ path: [...path, ...prop[2]!.split('.')], start, end: start + prop[2]!.length });
    } else if (rest.some((s) => s.name !== '*')) reads.push({ path, start: m.index, end });
  }
  return { reads, statuses };
}
