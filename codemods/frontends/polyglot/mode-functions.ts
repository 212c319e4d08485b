import { api, catalogue, type ResourceName } from '../../../catalogue';
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
