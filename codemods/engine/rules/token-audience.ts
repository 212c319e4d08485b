import { api } from '../../../catalogue';
import { constInit, innerRange, isCall, keyName, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import { staticText } from '../ties/constants';
import { words } from '../words';
import type { RuleImpl } from './types';

/** Whether a name is about an audience (`audience`, `AUDIENCE`, `v1Aud`). */
export function isAudienceName(name: string): boolean {
  const field = api.tokenRequest.audienceField;
  return words(name).some((w) => w === field || w === field.slice(0, 3));
}

/** Known v1 audiences in token requests become the v2 audience; an audience computed at run time is marked. */
export const tokenAudience: RuleImpl<'token-audience'> = (ctx, change, rule) => {
  const t = api.tokenRequest;
  const mapLiteral = (n: Node): 'mapped' | 'other' => {
    const value = stringValue(n);
    if (value === null) return 'other';
    const hit = ctx.mapper.mapAudience(value);
    if (!hit) return 'other';
    const { start, end } = innerRange(n);
    ctx.fix(change, start, end, hit.to, `v1 audience of ${hit.env} replaced by the v2 audience`, n);
    return 'mapped';
  };
  /** Map the literal leaves of an audience value; mark what is computed at run time. */
  const visitValue = (path: Path, isTokenRequest: boolean, depth = 0): void => {
    const n = path.node;
    if (!n || depth > 3) return;
    if (stringValue(n) !== null) {
      mapLiteral(n);
      return;
    }
    if (n.type === 'ConditionalExpression') {
      visitValue(path.get('consequent'), isTokenRequest, depth + 1);
      visitValue(path.get('alternate'), isTokenRequest, depth + 1);
      return;
    }
    if (n.type === 'LogicalExpression') {
      visitValue(path.get('left'), isTokenRequest, depth + 1);
      visitValue(path.get('right'), isTokenRequest, depth + 1);
      return;
    }
    if (n.type === 'Identifier') {
      const init = constInit(path);
      if (init && stringValue(init.node) !== null) {
        // The const is handled where it is declared (its name says audience) or here.
        if (mapLiteral(init.node) === 'mapped' || ctx.claimed.has(init.node)) return;
        if (ctx.mapper.mapAudience(stringValue(init.node)!) === null) return;
      }
      if (init && init.node.type === 'ConditionalExpression') {
        visitValue(init, isTokenRequest, depth + 1);
        return;
      }
    }
    if (isTokenRequest) ctx.manual(change, path, rule.dynamicMessage, n);
  };

  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
    if (!keys.has(t.audienceField)) return;
    const sentToToken = (() => {
      let p: Path | null = parentOf(obj);
      for (let i = 0; i < 5 && p; i++, p = parentOf(p)) {
        if (isCall(p.node)) {
          const urlText = p.node.arguments.length > 0 ? staticText(ctx, p.get('arguments', 0)) : null;
          return !!urlText && urlText.includes(t.path);
        }
      }
      return false;
    })();
    const isTokenRequest = keys.has(t.grantTypeField) || keys.has(t.clientIdField) || sentToToken;
    const prop = propertyPath(obj, t.audienceField);
    if (!prop) return;
    visitValue(prop.get('value'), isTokenRequest);
  });
  // Constants named after the audience: `const AUDIENCE = 'https://…/api/'`.
  ctx.nodesOf('VariableDeclarator').forEach((decl: Path) => {
    const id = decl.node.id;
    if (id.type !== 'Identifier' || !isAudienceName(id.name) || !decl.node.init) return;
    const init = decl.get('init');
    if (stringValue(init.node) !== null && !ctx.claimed.has(init.node)) mapLiteral(init.node);
    if (init.node.type === 'ConditionalExpression') visitValue(init, false);
  });
};
