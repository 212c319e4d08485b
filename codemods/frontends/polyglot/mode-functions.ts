import { api, catalogue, type ResourceName } from '../../../catalogue';
import type { Ctx } from './context';
import { span, type Call, type Lit } from './lang';
import type { Endpoint, PolyFacts } from './project';
import { norm, vocabularyFor } from './vocabulary';

/** Whether an endpoint updates a resource (neither creates nor reads it). */
const updating = (e: Endpoint | null | undefined, resource: ResourceName) => !!e && e.resource === resource && e.op !== 'create' && e.op !== 'read';

/** Whether every function of that name calls an endpoint that updates the resource (a flow's `advance(token, mode)`). */
export function updates(all: readonly PolyFacts[], endpoints: ReadonlyMap<string, Endpoint | null>, name: string, resource: ResourceName): boolean {
  const fns = all.flatMap((f) => f.functions).filter((fn) => fn.name === name);
  return fns.length > 0 && fns.every((fn) => fn.callees.some((c) => updating(endpoints.get(c), resource)));
}

/** Functions, no endpoints themselves, that take a parameter named mode and call an endpoint updating the mode's resource. */
export function modeSetters(all: readonly PolyFacts[], endpoints: ReadonlyMap<string, Endpoint | null>): string[] {
  const resource = vocabularyFor(catalogue).modeResource;
  if (!resource) return [];
  return all
    .flatMap((f) => f.functions)
    .filter((fn) => !endpoints.get(fn.name) && fn.params?.some((p) => norm(p) === norm(api.modeField)) && fn.callees.some((c) => updating(endpoints.get(c), resource)))
    .map((fn) => fn.name);
}

/**
 * A value passed by position to a parameter named mode of a function of the run that calls an endpoint updating
 * the mode's resource (`flow.advance(token, "safe")` on `def advance(interview_token, mode)`); a parameter of
 * another name, or a function that updates nothing of the API, is not one.
 */
export function modeParameter(ctx: Ctx, call: Call, lit: Lit): boolean {
  const resource = ctx.vocab.modeResource;
  const params = resource ? ctx.index.params(call.callee) : null;
  const at = call.args.findIndex((a) => span(a).start === lit.start && span(a).end === lit.end);
  const name = params && at >= 0 && params.length === call.args.length ? params[at] : undefined;
  return !!name && norm(name) === norm(api.modeField) && ctx.index.updates(call.callee, resource!);
}
