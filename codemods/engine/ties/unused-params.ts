import { rulesOfKind, type Operation, type ResourceName } from '../../../catalogue';
import { isCall, type Path } from '../ast';
import type { FileContext } from '../file';
import { requestTieOfObject } from './requests';
import type { Tie } from './tie';
import { apiCall } from './url';
import { wrapperParamTie } from './wrappers';

/**
 * A wrapper's parameter that nothing in its body uses, named for a request field v2 removed, in a function that
 * sends to that field's resource (`addComplaint(token, text, extra = '') { … post('complaints/', { interview,
 * text }) }`): what an earlier run leaves once it deleted `extra` from the body. It is still the field as far as
 * its name tells (weak), so the parameter and the values callers pass for it stay reported in every run.
 */
export function unusedFieldParamTie(ctx: FileContext, fnPath: Path, name: string, depth: number): Tie | null {
  const removed = removedFields().filter((r) => r.field === name);
  if (removed.length === 0) return null;
  const fn = fnPath.node;
  for (const call of ctx.nodesOf('CallExpression')) {
    if (call.node.start < fn.start || call.node.end > fn.end || !isCall(call.node)) continue;
    for (const sent of sendsTo(ctx, call, depth)) {
      const r = removed.find((x) => x.resource === sent.resource && (!sent.op || x.operations.includes(sent.op)));
      if (r) return { resource: r.resource, op: sent.op, role: 'request', path: [name], via: 'name', weak: true, onlyAs: true };
    }
  }
  return null;
}

/** The resources (and operations) a call sends a request to: an API call, or a body given to a wrapper. */
function sendsTo(ctx: FileContext, call: Path, depth: number): { resource: ResourceName; op?: Operation }[] {
  const direct = apiCall(ctx, call);
  if (direct) return [{ resource: direct.resource, op: direct.op }];
  const out: { resource: ResourceName; op?: Operation }[] = [];
  if (depth >= 2) return out;
  call.node.arguments.forEach((arg: { type: string }, i: number) => {
    const argPath = call.get('arguments', i);
    const tie = arg.type === 'ObjectExpression' ? requestTieOfObject(ctx, argPath) : wrapperParamTie(ctx, argPath)?.tie;
    if (tie?.role === 'request') out.push({ resource: tie.resource, op: tie.op });
  });
  return out;
}

let removedMemo: { resource: ResourceName; operations: readonly Operation[]; field: string }[] | null = null;

/** Top-level request fields the catalogue removes, with their resource and operations. */
function removedFields(): { resource: ResourceName; operations: readonly Operation[]; field: string }[] {
  return (removedMemo ??= rulesOfKind('request-field-removed')
    .map(({ rule }) => rule)
    .filter((rule) => rule.path.length === 1)
    .map((rule) => ({ resource: rule.resource, operations: rule.operations, field: rule.path[0]! })));
}
