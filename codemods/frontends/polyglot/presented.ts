import type { SgNode } from '@ast-grep/napi';
import { nounTie } from '../../engine/ties/names';
import type { ContainerTie, Ctx } from './context';
import { sameNode } from './lang';
import { norm } from './vocabulary';

/**
 * A literal given to a function of the run whose parameter at that place is named for one of the API's resources:
 * a test's sample handed to the presenter that reads the answer (`require("app.handlers.result").present({ advice =
 * … })` on `function _M.present(result)`, Roblox's `InterviewService.resultView({ … })` on `function
 * InterviewService.resultView(result: Types.Result)`). The one function of that name in the module the call's table
 * is required from (Lua), in a file that talks to the API: a help desk's `present(complaint)` in a module of its own
 * stays.
 */
export function presentedArgument(ctx: Ctx, container: SgNode): ContainerTie | null {
  const { file, index } = ctx;
  if (!index.definedIn) return null;
  const call = file.x.calls.find((c) => c.args.some((a) => sameNode(a, container)));
  if (!call) return null;
  // Where the call names the module it calls into (Lua): a file of several classes (a client and a desk's) says
  // nothing of which one a function of that name is.
  const module = file.spec.calledModule?.(call.node) ?? null;
  if (module === null) return null;
  const defs = index.definedIn(call.callee).filter((d) => d.module === module);
  if (defs.length !== 1 || !defs[0]!.tied) return null;
  const param = defs[0]!.params[call.args.findIndex((a) => sameNode(a, container))];
  const noun = param ? nounTie(param) : null;
  return noun ? { resource: noun.resource, path: noun.path.filter((p) => p !== '*').map(norm), via: 'name', sent: false } : null;
}
