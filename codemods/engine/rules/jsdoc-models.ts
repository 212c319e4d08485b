import type { Node } from '../ast';
import type { FileContext } from '../file';
import { typeNameTie } from '../ties/types';

/**
 * Models declared in JSDoc, the way JavaScript projects type their data: `@typedef {Object} Result` followed by
 * `@property {string[]} [advice]` lines (nested names like `@property {Object} triage_explanation.potential_condition`
 * included). Each property is visited with its path inside the modelled resource, its offsets in the comment,
 * and the offset of the comment (markers go above the whole comment, never inside it).
 */
export interface JsdocMember {
  path: string[];
  role: 'request' | 'response';
  start: number;
  end: number;
  /** Start of the comment that holds the typedef. */
  comment: number;
}

export function jsdocMembers(ctx: FileContext, resource: string): JsdocMember[] {
  const file = ctx.root.get().node as { comments?: Node[] };
  const out: JsdocMember[] = [];
  for (const c of file.comments ?? []) {
    if (c.type !== 'CommentBlock' || !String(c.value).includes('@typedef')) continue;
    const text: string = c.value;
    const base = c.start + 2; // after `/*`
    let tie: ReturnType<typeof typeNameTie> = null;
    for (const m of text.matchAll(/@typedef\s+(?:\{[^}]*\}\s*)?([A-Za-z_$][\w$]*)|@prop(?:erty)?\s+\{[^}]*\}\s+\[?([A-Za-z_$][\w$.]*)/g)) {
      if (m[1]) {
        tie = typeNameTie(m[1]);
        continue;
      }
      if (!tie || tie.resource !== resource || tie.list) continue;
      const name = m[2]!;
      const at = base + m.index + m[0].lastIndexOf(name);
      out.push({ path: [...tie.path, ...name.split('.')], role: tie.role, start: at, end: at + name.length, comment: c.start });
    }
  }
  return out;
}
