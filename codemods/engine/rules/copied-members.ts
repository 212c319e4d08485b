import { bindingOf, keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';

/**
 * The member of a type of the file's own that a removed field is copied into: `session = { marketplace:
 * interview.marketplace }` where `let session: SessionInfo | null` and `interface SessionInfo { marketplace?: string }`.
 * The member holds the field, and goes with it.
 */
export function copiedIntoMember(ctx: FileContext, read: Path): Path | null {
  const prop = parentOf(read);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== read.node) return null;
  const key = keyName(prop.node);
  const obj = parentOf(prop);
  const holder = obj ? parentOf(obj) : null;
  if (!key || !holder) return null;
  let annotation: Node = null;
  if (holder.node.type === 'VariableDeclarator' && holder.node.init === obj!.node) annotation = holder.node.id.typeAnnotation;
  else if (holder.node.type === 'AssignmentExpression' && holder.node.right === obj!.node && holder.node.left.type === 'Identifier') {
    annotation = bindingOf(holder.get('left'))?.node.typeAnnotation ?? null;
  }
  const t = annotation?.typeAnnotation;
  const refs: Node[] = t?.type === 'TSUnionType' ? t.types : t ? [t] : [];
  const names = refs.filter((r) => r.type === 'TSTypeReference' && r.typeName?.type === 'Identifier').map((r) => r.typeName.name as string);
  for (const decl of ctx.nodesOf('TSInterfaceDeclaration')) {
    if (!names.includes(decl.node.id.name)) continue;
    const i = decl.node.body.body.findIndex((m: Node) => m.type === 'TSPropertySignature' && keyName(m) === key);
    if (i >= 0) return decl.get('body', 'body', i);
  }
  return null;
}
