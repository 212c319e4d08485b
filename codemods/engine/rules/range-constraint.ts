import { api } from '../../../catalogue';
import { keyName, parentOf, propertyPath, type Node, type Path } from '../ast';
import { answeredByDouble } from '../ties/mocks';
import { requestTieOfObject } from '../ties/requests';
import { nounTie } from '../ties/names';
import { pathMatches } from '../ties/tie';
import type { RuleImpl } from './types';

/** A literal number outside a request field's range, in a body tied to the resource or named for it. */
export const rangeConstraint: RuleImpl<'range-constraint'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  const parentPath = rule.path.slice(0, -1);
  const numeric = (n: Node): number | null => {
    if (n.type === 'NumericLiteral' || (n.type === 'Literal' && typeof n.value === 'number')) return n.value;
    if (n.type === 'UnaryExpression' && n.operator === '-') {
      const v = numeric(n.argument);
      return v === null ? null : -v;
    }
    return null;
  };
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const prop = propertyPath(obj, field);
    if (!prop) return;
    const value = numeric(prop.node.value);
    if (value === null || (value >= rule.min && value <= rule.max)) return;
    let tie: { resource: string; path: string[] } | null = requestTieOfObject(ctx, obj);
    if (!tie && !answeredByDouble(obj)) {
      // Not sent in this file: the name it is given says what it is (`const elderProfile = { age: 121 }`).
      const parent = parentOf(obj)!.node;
      const name =
        parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier'
          ? parent.id.name
          : parent.type === 'ObjectProperty' || parent.type === 'Property'
            ? keyName(parent)
            : null;
      const byName = name ? nounTie(name) : null;
      if (byName && !byName.list) tie = byName;
      // `{ age: 1, sex: 'female' }`: the keys that make a profile (catalogue/api.ts).
      const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
      const shaped = Object.values(api.subjects).find((s) => s.keys && s.keys.every((k) => keys.has(k)));
      if (!tie && shaped) tie = { resource: shaped.parent, path: shaped.path };
    }
    if (tie && tie.resource === rule.resource && pathMatches(parentPath, tie.path)) ctx.manual(change, prop, rule.message, prop.node.value);
  });
};
