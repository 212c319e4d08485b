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
    for (const tag of tags(text)) {
      if (tag.kind === 'typedef') {
        tie = typeNameTie(tag.name);
        continue;
      }
      if (!tie || tie.resource !== resource || tie.list) continue;
      const path = [...tie.path, ...tag.name.split('.')];
      out.push({ path, role: tie.role, start: base + tag.at, end: base + tag.at + tag.name.length, comment: c.start });
      // An inline object type: `@property {{potential_condition: {name: string, triage: string}}} triage_explanation`.
      for (const inner of inlineMembers(tag.type, path)) out.push({ path: inner.path, role: tie.role, start: base + tag.typeAt + inner.at, end: base + tag.typeAt + inner.at + inner.name.length, comment: c.start });
    }
  }
  return out;
}

/** The `@typedef` and `@property` tags of a comment, with balanced `{…}` types. */
function tags(text: string): ({ kind: 'typedef'; name: string } | { kind: 'property'; name: string; at: number; type: string; typeAt: number })[] {
  const out: ({ kind: 'typedef'; name: string } | { kind: 'property'; name: string; at: number; type: string; typeAt: number })[] = [];
  const re = /@(typedef|prop(?:erty)?)\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let i = m.index + m[0].length;
    while (/\s/.test(text[i] ?? '')) i++;
    let type = '';
    let typeAt = i;
    if (text[i] === '{') {
      let depth = 0;
      const from = i;
      for (; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      type = text.slice(from + 1, i);
      typeAt = from + 1;
      i++;
    }
    const name = /^\s*\[?\s*([A-Za-z_$][\w$.]*)/.exec(text.slice(i));
    if (!name) continue;
    const at = i + name[0].length - name[1]!.length;
    if (m[1] === 'typedef') out.push({ kind: 'typedef', name: name[1]! });
    else out.push({ kind: 'property', name: name[1]!, at, type, typeAt });
  }
  return out;
}

/** Members of an inline object type `{a: T, b: {c: T}}` (JSDoc/Closure syntax), with their paths and offsets. */
function inlineMembers(type: string, prefix: string[]): { path: string[]; name: string; at: number }[] {
  const out: { path: string[]; name: string; at: number }[] = [];
  const stack: string[][] = [];
  let current = prefix;
  let pending: string[] | null = null;
  const re = /([A-Za-z_$][\w$]*)\s*\??\s*:|[{}]/g;
  for (let m = re.exec(type); m; m = re.exec(type)) {
    if (m[0] === '{') {
      stack.push(current);
      current = pending ?? [...current, '*'];
      pending = null;
    } else if (m[0] === '}') {
      current = stack.pop() ?? prefix;
    } else if (stack.length > 0) {
      const path = [...current, m[1]!];
      out.push({ path, name: m[1]!, at: m.index });
      pending = path;
    }
  }
  return out;
}
