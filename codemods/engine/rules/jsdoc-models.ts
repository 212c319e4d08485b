import type { Node } from '../ast';
import type { FileContext } from '../file';
import { typeNameTie } from '../ties/types';
import { nounTie } from '../ties/names';

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
    if (c.type !== 'CommentBlock') continue;
    const text: string = c.value;
    const base = c.start + 2; // after `/*`
    if (text.includes('@param')) out.push(...paramMembers(text, resource).map((m) => ({ ...m, start: base + m.start, end: base + m.end, comment: c.start })));
    if (!text.includes('@typedef')) continue;
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

/**
 * Members of inline object types of `@param` tags that a name ties to the resource: `@param {{ interview: { variant?:
 * string } }} props` (a key named for it), `@param {{ advice: string }} result` (the parameter named for it). What a
 * function is given to show: a response's members. Offsets are within the comment's text.
 */
function paramMembers(text: string, resource: string): Omit<JsdocMember, 'comment'>[] {
  const out: Omit<JsdocMember, 'comment'>[] = [];
  const re = /@param\s*\{\{/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const from = m.index + m[0].length - 1;
    let depth = 0;
    let i = from;
    for (; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) break;
    }
    const type = text.slice(from, i + 1);
    // After the type's own closing brace: `}} result`.
    const param = /^\s*\}\s*\[?\s*([A-Za-z_$][\w$]*)/.exec(text.slice(i + 1))?.[1] ?? '';
    const byParam = nounTie(param);
    for (const member of inlineMembers(type, [])) {
      const inner = { ...member, path: member.path.slice(1) };
      const head = byParam && !byParam.list ? { tie: byParam, rest: inner.path } : { tie: nounTie(inner.path[0]!), rest: inner.path.slice(1) };
      if (!head.tie || head.tie.list || head.tie.resource !== resource || head.rest.length === 0) continue;
      out.push({ path: [...head.tie.path, ...head.rest], role: 'response', start: from + inner.at, end: from + inner.at + inner.name.length });
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
