import type { SgNode } from '@ast-grep/napi';
import type { TypeDecl } from './lang';
import { span } from './lang';

/** Kinds of the type declarations a constructor may belong to (Java, C#). */
const TYPE_KIND = /^(class_declaration|struct_declaration|record_declaration)$/;

/**
 * The JSON keys a class's only constructor fills, in order, when it assigns each parameter to a field
 * (`public Profile(int age, String sex) { this.age = age; this.sex = sex; }`): what positional arguments of
 * `new Profile(1, "female")` set, as a record's header does. Null with two constructors, or a parameter that is
 * not simply stored in a field.
 */
export function constructorOrder(t: TypeDecl): string[] | null {
  if (!TYPE_KIND.test(t.node.kind() as string)) return null;
  let found: SgNode[];
  try {
    found = t.node.findAll({ rule: { kind: 'constructor_declaration' } });
  } catch {
    return null;
  }
  const own = found.filter((c) => {
    let p = c.parent();
    while (p && !TYPE_KIND.test(p.kind() as string)) p = p.parent();
    return !!p && span(p).start === span(t.node).start && span(p).end === span(t.node).end;
  });
  if (own.length !== 1) return null;
  const text = own[0]!.text();
  const head = /\(([^)]*)\)/.exec(text);
  if (!head || !head[1]!.trim()) return null;
  const params = head[1]!.split(',').map((p) => /(\w+)\s*$/.exec(p.trim())?.[1] ?? '');
  const body = text.slice(head.index + head[0].length);
  const keys: string[] = [];
  for (const p of params) {
    const field = new RegExp(`\\bthis\\.(\\w+)\\s*=\\s*${p}\\s*;`).exec(body)?.[1];
    const f = field ? t.fields.find((x) => x.name === field) : undefined;
    if (!p || !f) return null;
    keys.push(f.key ?? f.name);
  }
  return keys;
}
