import { parseAst } from '../engine/parse';

/**
 * Whether the type-aware pass could report anything in a source, decided before the TypeScript program is
 * built (parsing everything the files import is most of the pass's cost). Every finding of `typeAwareFindings`
 * is reported at a name in the analysed file itself that is one of the removed field names: a member read
 * (`r.advice`), a string index (`r['advice']`, `Result['advice']`), a destructured key, or a member of a
 * modelled type. In the Babel tree of the same text each of those is an Identifier, a string literal or a
 * template element with that name; a file with none (names in import and export lists do not count: they
 * are never such a site) gives no finding. A file Babel cannot parse may give some.
 */
export function mayReadRemovedField(source: string, filePath: string, removedNames: ReadonlySet<string>): boolean {
  let ast: unknown;
  try {
    ast = parseAst(source, filePath);
  } catch {
    return true;
  }
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    const node = value as Record<string, unknown>;
    if (typeof node.type === 'string') {
      if (SPECIFIERS.has(node.type)) continue;
      if (namesRemoved(node, removedNames)) return true;
    }
    for (const key in node) {
      if (SKIPPED_FIELDS.has(key)) continue;
      const child = node[key];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return false;
}

/** Import and export lists: `export { race } from './race'` names a binding, never a field read. */
const SPECIFIERS = new Set(['ImportSpecifier', 'ImportDefaultSpecifier', 'ImportNamespaceSpecifier', 'ExportSpecifier', 'ExportDefaultSpecifier', 'ExportNamespaceSpecifier']);
/** Positions and comments: not names the program sees. */
const SKIPPED_FIELDS = new Set(['loc', 'comments', 'leadingComments', 'trailingComments', 'innerComments', 'extra']);

function namesRemoved(node: Record<string, unknown>, removedNames: ReadonlySet<string>): boolean {
  switch (node.type) {
    case 'Identifier':
    case 'JSXIdentifier':
      return removedNames.has(node.name as string);
    case 'StringLiteral':
    case 'Literal':
      return typeof node.value === 'string' && removedNames.has(node.value);
    case 'TemplateElement': {
      const value = node.value as { cooked?: string | null; raw: string };
      return removedNames.has(value.cooked ?? value.raw);
    }
    default:
      return false;
  }
}
