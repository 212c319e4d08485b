import { bindingOf, calleeName, constInit, isCall, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { helperNameTie, nameTie } from './names';
import type { Tie } from './tie';

/** Methods that run a mutation with its input: react-query / tRPC `mutate`, `mutateAsync`; SWR's `trigger`. */
const MUTATE = new Set(['mutate', 'mutateAsync', 'trigger']);

/**
 * The input a mutation is run with, when the mutation is named for a resource: tRPC v9
 * `trpc.useMutation('sc.complaint')`, v10 `trpc.sc.createComplaint.useMutation()` and the vanilla client's
 * `client.sc.complaint.mutate({…})`, react-query `useMutation({ mutationFn: createComplaint })` or
 * `useMutation(createComplaint)` (and its destructured `mutate`), SWR's `useSWRMutation(key, createComplaint)`
 * `trigger`, or the team's own hook named for its helper (`useCreateComplaint()`, defined in another file). Weak (a
 * name): only in a file that deals with this API and no other.
 */
export function mutationArgumentTie(ctx: FileContext, argPath: Path): Tie | null {
  const call = parentOf(argPath);
  if (!call || !isCall(call.node) || call.node.arguments[0] !== argPath.node) return null;
  const callee = call.node.callee;
  const method = isMember(callee) ? memberName(callee) : callee.type === 'Identifier' ? callee.name : null;
  if (!MUTATE.has(method ?? '') || !ctx.touchesApi() || ctx.otherApiOnly()) return null;
  let procedure: string | null = null;
  let hookPath: Path | null = null;
  let ownHook = false;
  if (isMember(callee)) {
    const target = call.get('callee', 'object');
    // `client.sc.complaint.mutate({…})`, or `complaint.mutate({…})` with `complaint = trpc.…useMutation(…)`.
    if (isMember(target.node)) procedure = memberName(target.node);
    else if (target.node.type === 'Identifier') hookPath = constInit(target);
  } else {
    // `const { trigger } = useSWRMutation(key, createComplaint)`, `const { mutate } = useMutation(…)`.
    const binding = bindingOf(call.get('callee'));
    const prop = binding ? parentOf(binding) : null;
    const decl = prop ? parentOf(parentOf(prop)!) : null;
    if (decl?.node.type === 'VariableDeclarator' && decl.node.id.type === 'ObjectPattern') hookPath = decl.get('init');
  }
  const hook = hookPath && isCall(hookPath.node) ? hookPath.node : null;
  if (hook) {
    const hookName = calleeName(hook.callee);
    const [a0, a1] = hook.arguments;
    let fn: Node = null;
    if (hookName === 'useMutation' && isMember(hook.callee)) {
      // `trpc.sc.complaint.useMutation()` (v10), or `trpc.useMutation('sc.complaint')` (v9).
      procedure = typeof a0?.value === 'string' ? a0.value.split('.').pop()! : memberName(hook.callee.object);
    } else if (hookName === 'useMutation' && a0) {
      // `useMutation(createComplaint)`, `useMutation({ mutationFn: createComplaint })`.
      fn = a0.type === 'ObjectExpression' ? a0.properties.find((p: Node) => keyName(p) === 'mutationFn')?.value : a0;
    } else if (hookName === 'useSWRMutation') {
      fn = a1;
    } else if (/^use[A-Z]/.test(hookName)) {
      // The team's own mutation hook, wherever it is defined: `const createComplaint = useCreateComplaint()` runs
      // `createComplaint`; only a hook named for a helper (a verb and a resource) counts.
      procedure = hookName.charAt(3).toLowerCase() + hookName.slice(4);
      ownHook = true;
    }
    if (fn) procedure = fn.type === 'Identifier' ? fn.name : isMember(fn) ? memberName(fn) : null;
  }
  if (!procedure || procedure === '*') return null;
  const helper = helperNameTie(procedure);
  if (ownHook && !helper) return null;
  const named = helper ?? nameTie(procedure);
  if (!named || named.list || named.path.length > 0 || (helper && helper.op === 'read')) return null;
  return { resource: named.resource, ...(helper?.op ? { op: helper.op } : {}), role: 'request', path: [], via: 'name', weak: true };
}
