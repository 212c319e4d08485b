import { calleeName, constInit, isCall, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { calleeFunction } from './wrappers';

/**
 * A local request helper that hands back both the response and its parsed body (`return { res, data: await
 * res.json() }`): destructured from a call of it (`const { res, data } = await send('interviews/anonymous/', …)`), the
 * key that holds the fetch's response is the request's response, the one that holds its JSON the body.
 */
export function wrapperPart(ctx: FileContext, pattern: Path, key: string): 'response' | 'body' | null {
  const decl = parentOf(pattern);
  if (decl?.node.type !== 'VariableDeclarator' || decl.node.id !== pattern.node || !decl.node.init) return null;
  let call: Path = decl.get('init');
  if (call.node.type === 'AwaitExpression') call = call.get('argument');
  const fn = isCall(call.node) ? calleeFunction(call) : null;
  if (!fn) return null;
  const values: Path[] = [];
  const take = (ret: Path) => {
    const obj = ret.node?.type === 'ObjectExpression' ? ret : null;
    const prop = obj ? obj.node.properties.findIndex((p: Node) => keyName(p) === key) : -1;
    if (obj && prop >= 0 && obj.node.properties[prop].value) values.push(obj.get('properties', prop, 'value'));
  };
  if (fn.node.body.type !== 'BlockStatement') take(fn.get('body'));
  else ctx.j(fn.get('body')).find(ctx.j.ReturnStatement).forEach((r: Path) => void (r.node.argument && take(r.get('argument'))));
  const kinds = new Set(values.map((v) => partKind(v)));
  return kinds.size === 1 ? [...kinds][0]! : null;
}

/** What a value of such a helper is: the parsed body (`await res.json()`, `res.data`) or the response (`res`). */
function partKind(value: Path): 'response' | 'body' | null {
  let p = value;
  while (p.node?.type === 'AwaitExpression') p = p.get('argument');
  let v = p.node;
  // `res.json().catch(() => null)`
  while (isCall(v) && isMember(v.callee) && ['catch', 'then'].includes(memberName(v.callee) ?? '') && isCall(v.callee.object)) v = v.callee.object;
  if (isCall(v) && isMember(v.callee) && ['json', 'text'].includes(memberName(v.callee) ?? '')) return 'body';
  if (isMember(v) && ['data', 'body'].includes(memberName(v) ?? '')) return 'body';
  if (v?.type !== 'Identifier') return null;
  let i = constInit(p)?.node;
  while (i?.type === 'AwaitExpression') i = i.argument;
  return isCall(i) && RESPONSE_CALLS.has(calleeName(i.callee)) ? 'response' : null;
}

/** Calls whose value is an HTTP response: fetch, ky, axios and their method-named shorthands. */
const RESPONSE_CALLS = new Set(['fetch', 'request', 'ky', 'axios', 'get', 'post', 'put', 'patch', 'delete']);

