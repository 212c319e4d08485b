import { api } from '../../../catalogue';
import { isCall, keyName, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import { constRef, staticText } from '../ties/constants';
import { analyzeAddresses } from './addresses';
import type { RuleImpl } from './types';

/**
 * Token audiences: literal and constant v1 audiences are rewritten by role in addresses.ts; here, the audience
 * of a token request that is computed at run time (an environment variable, a parameter) is marked for a person.
 */
export const tokenAudience: RuleImpl<'token-audience'> = (ctx, change, rule) => {
  analyzeAddresses(ctx);
  const t = api.tokenRequest;
  const visit = (path: Path, depth = 0): void => {
    const n = path.node;
    if (!n || depth > 3 || ctx.claimed.has(n)) return;
    if (n.type === 'ConditionalExpression') {
      visit(path.get('consequent'), depth + 1);
      visit(path.get('alternate'), depth + 1);
      return;
    }
    if (n.type === 'LogicalExpression') {
      visit(path.get('left'), depth + 1);
      visit(path.get('right'), depth + 1);
      return;
    }
    // Literals and constants are the address analysis's; what stays unknown here is computed at run time.
    if (stringValue(n) !== null || constRef(ctx, path) !== null) return;
    ctx.manual(change, path, rule.dynamicMessage, n);
  };
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
    if (!keys.has(t.audienceField)) return;
    const isTokenRequest = keys.has(t.grantTypeField) || keys.has(t.clientIdField) || sentToTokenService(ctx, obj);
    const prop = propertyPath(obj, t.audienceField);
    if (isTokenRequest && prop) visit(prop.get('value'));
  });
};

/** Whether an object is an argument (or inside one) of a call to the token service's path. */
function sentToTokenService(ctx: Parameters<RuleImpl<'token-audience'>>[0], obj: Path): boolean {
  let p: Path | null = parentOf(obj);
  for (let i = 0; i < 5 && p; i++, p = parentOf(p)) {
    if (isCall(p.node)) {
      const urlText = p.node.arguments.length > 0 ? staticText(ctx, p.get('arguments', 0)) : null;
      return !!urlText && urlText.includes(api.tokenRequest.path);
    }
  }
  return false;
}
