import { calleeName, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { isModeName } from '../ties/names';
import { words } from '../words';

/**
 * Whether a string literal is used as a value of the enumerated `field` (an interview mode): the value of a
 * `mode` property or a mode-named variable, compared with one (`===`, `switch`, `includes`), passed to a
 * function whose name says mode, or a member of a mode union type.
 */
export function isValueContext(ctx: FileContext, path: Path, field: string): boolean {
  const parent = parentOf(path)!;
  const pn = parent.node;
  const modeish = (n: Node | null | undefined): boolean => {
    if (!n) return false;
    if (n.type === 'Identifier') return isModeName(n.name);
    if (isMember(n)) return memberName(n) === field || isModeName(memberName(n) ?? '');
    if (n.type === 'TSNonNullExpression' || n.type === 'ParenthesizedExpression') return modeish(n.expression);
    return false;
  };
  switch (pn.type) {
    case 'ObjectProperty':
    case 'Property':
      return pn.value === path.node && (keyName(pn) === field || isModeName(keyName(pn) ?? ''));
    case 'BinaryExpression':
      return ['===', '!==', '==', '!='].includes(pn.operator) && modeish(pn.left === path.node ? pn.right : pn.left);
    case 'SwitchCase': {
      const sw = parentOf(parent)!.node;
      return sw.type === 'SwitchStatement' && modeish(sw.discriminant);
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      if (pn.callee === path.node) return false;
      const name = calleeName(pn.callee);
      if (words(name).includes(field)) return true;
      // `modes.includes('complaint')`
      return ['includes', 'indexOf'].includes(name) && modeish(pn.callee.object);
    }
    case 'VariableDeclarator':
      return pn.init === path.node && pn.id.type === 'Identifier' && isModeName(pn.id.name);
    case 'AssignmentPattern':
      return pn.right === path.node && pn.left.type === 'Identifier' && isModeName(pn.left.name);
    case 'AssignmentExpression':
      return pn.right === path.node && modeish(pn.left);
    case 'ArrayExpression': {
      const decl = parentOf(parent)!.node;
      return decl.type === 'VariableDeclarator' && decl.id.type === 'Identifier' && isModeName(decl.id.name);
    }
    case 'TSLiteralType': {
      let p: Path | null = parentOf(parent)!;
      while (p && (p.node.type === 'TSUnionType' || Array.isArray(p.value))) p = parentOf(p)!;
      if (!p) return false;
      const n = p.node;
      if (n.type === 'TSTypeAliasDeclaration') return isModeName(n.id.name);
      if (n.type === 'TSTypeAnnotation') {
        const owner = parentOf(p)!.node;
        if (owner.type === 'TSPropertySignature') return keyName(owner) === field || isModeName(keyName(owner) ?? '');
        if (owner.type === 'Identifier') return isModeName(owner.name);
      }
      return false;
    }
    default:
      return false;
  }
}

/** Every string literal whose value is one of `values`. */
export function stringLiterals(ctx: FileContext, values: Set<string>, visit: (path: Path, n: Node) => void): void {
  ctx.nodesOf('StringLiteral').forEach((p: Path) => {
    if (values.has(p.node.value)) visit(p, p.node);
  });
  ctx.nodesOf('Literal').forEach((p: Path) => {
    if (typeof p.node.value === 'string' && values.has(p.node.value)) visit(p, p.node);
  });
}
