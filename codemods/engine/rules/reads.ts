import { isCallee, isWrite, keyName, memberName, MEMBER, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { patternTie } from '../ties/flow';
import { typeNameTie } from '../ties/types';
import type { Tie } from '../ties/tie';

/** Shared by the rules about response fields: where code reads a field, and where a type declares one. */

/** Every member read `x.name` (not a write, not a method call) in the file. */
export function memberReads(ctx: FileContext, names: Set<string>, visit: (path: Path, name: string) => void): void {
  ctx.nodesOf(...MEMBER).forEach((path: Path) => {
    const name = memberName(path.node);
    if (name === null || name === '*' || !names.has(name)) return;
    if (isWrite(path) || isCallee(path)) return;
    visit(path, name);
  });
}

/** Every destructured key `{ name }` whose source is tied (and not a request). */
export function patternReads(ctx: FileContext, names: Set<string>, visit: (prop: Path, name: string, tie: Tie) => void): void {
  ctx.nodesOf('ObjectPattern').forEach((pattern: Path) => {
    const props: Node[] = pattern.node.properties;
    props.forEach((p, i) => {
      const key = keyName(p);
      if (!key || !names.has(key) || ctx.claimed.has(p)) return;
      const tie = patternTie(ctx, pattern);
      if (tie && tie.role !== 'request') visit(pattern.get('properties', i), key, tie);
    });
  });
}

/** A rule's message, reworded for the member of a declared type (`interface Result { advice?: … }`). */
export function memberMessage(message: string): string {
  return `${message.split(';')[0]!.replace(/\.$/, '')}; remove this member from the type.`;
}

/**
 * Members of interfaces and type literals that model a resource (`interface Result { advice?: string }`),
 * with their path inside the resource.
 */
export function interfaceMembers(
  ctx: FileContext,
  visit: (member: Path, path: string[], role: 'request' | 'response') => void,
  resource: string,
): void {
  const walk = (bodyPath: Path, members: Node[], prefix: string[], role: 'request' | 'response') => {
    members.forEach((m, i) => {
      if (m.type !== 'TSPropertySignature') return;
      const key = keyName(m);
      if (!key) return;
      const memberPath = bodyPath.get(i);
      visit(memberPath, [...prefix, key], role);
      let t = m.typeAnnotation?.typeAnnotation;
      let inner = [...prefix, key];
      while (t && (t.type === 'TSArrayType' || t.type === 'TSUnionType' || t.type === 'TSParenthesizedType')) {
        if (t.type === 'TSArrayType') {
          inner = [...inner, '*'];
          t = t.elementType;
        } else if (t.type === 'TSUnionType') t = t.types.find((x: Node) => x.type === 'TSTypeLiteral' || x.type === 'TSArrayType');
        else t = t.typeAnnotation;
      }
      if (t && t.type === 'TSTypeLiteral') {
        ctx.j(memberPath.get('typeAnnotation')).find(ctx.j.TSTypeLiteral).filter((p: Path) => p.node === t).forEach((lit: Path) => walk(lit.get('members'), t.members, inner, role));
      }
    });
  };
  ctx.nodesOf('TSInterfaceDeclaration').forEach((decl: Path) => {
    const tie = typeNameTie(decl.node.id.name);
    if (!tie || tie.resource !== resource) return;
    walk(decl.get('body', 'body'), decl.node.body.body, tie.path, tie.role);
  });
  ctx.nodesOf('TSTypeAliasDeclaration').forEach((decl: Path) => {
    const tie = typeNameTie(decl.node.id.name);
    if (!tie || tie.resource !== resource || decl.node.typeAnnotation.type !== 'TSTypeLiteral') return;
    walk(decl.get('typeAnnotation', 'members'), decl.node.typeAnnotation.members, tie.path, tie.role);
  });
}
