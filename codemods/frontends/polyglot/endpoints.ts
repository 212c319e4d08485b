import { api, type ResourceName } from '../../../catalogue';
import { nounTie } from '../../engine/ties/names';
import { words } from '../../engine/words';
import type { Endpoint, PolyFunction } from './project';

/**
 * The run's endpoints of one language: functions that call one resource of the API (its URL or another file's path
 * constant in their body), then the functions that call exactly one resource's endpoints.
 */

/** Names too common to stand for one endpoint of the API (`get`, `send`, `post`): an endpoint needs a noun or two words. */
export function endpointName(name: string): boolean {
  return words(name).length >= 2 || !!nounTie(name);
}

/** A function whose URL is another file's path constant (`self.session.put(INTERVIEW_PATH.format(token=t), …)`) calls that resource. */
export function withImportedPaths(fn: PolyFunction, known: ReadonlyMap<string, { resource: ResourceName; rest: string }>): PolyFunction {
  if (fn.resources.length > 0 || !fn.refs) return fn;
  const resources = fn.refs.flatMap((r) => {
    const hit = known.get(r);
    if (!hit) return [];
    const create = hit.rest.replace(/^\//, '').startsWith(api.createInterviewPath.replace(/\/$/, ''));
    return [{ resource: hit.resource, op: create ? ('create' as const) : fn.op ?? null }];
  });
  return resources.length > 0 ? { ...fn, resources } : fn;
}

/**
 * Endpoints by name: functions with one resource's URL in their body, then, over a few rounds, functions that
 * call exactly one resource's endpoints (a repository over a Retrofit interface, a view model's `setMode`).
 * Every definition of a name must resolve, to the same resource; names too common to tell (`get`, `send`) never do.
 */
export function resolveEndpoints(fns: readonly PolyFunction[]): Map<string, Endpoint | null> {
  const byName = new Map<string, PolyFunction[]>();
  // A method's name alone may be too common (`create`): its class qualifies it (`ComplaintService.create`).
  for (const fn of fns) if (endpointName(fn.name) || fn.owner) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const resolved = new Map<PolyFunction, Endpoint | null>();
  const lookup = (name: string, except?: PolyFunction): Endpoint | null => {
    // Go's `buoy.CreateInterview`: the functions of that name in the package the call names; `ComplaintService.create`:
    // the methods of that name of the class.
    const q = QUALIFIED.exec(name);
    if (!q && !endpointName(name)) return null;
    const named = byName.get(q ? q[2]! : name)?.filter((d) => d !== except && (!q || d.pkg === q[1] || d.owner === q[1]));
    // An interface's bodiless declaration defers to the definitions that have a body (`ISymptomCheckerClient` and its client).
    const defs = named?.some((d) => !d.declaration) ? named.filter((d) => !d.declaration) : named;
    const each = defs?.map((d) => resolved.get(d) ?? null) ?? [];
    const first = each[0];
    return first && each.every((e) => e && e.resource === first.resource) ? merge(each as Endpoint[]) : null;
  };
  for (let round = 0; round < 4; round++) {
    for (const defs of byName.values()) for (const fn of defs) if (!resolved.get(fn)) resolved.set(fn, endpointOf(fn, round === 0 ? () => null : lookup));
  }
  const qualified = [...new Set(fns.filter((fn) => fn.pkg && byName.has(fn.name)).map((fn) => `${fn.pkg}.${fn.name}`))];
  const owned = [...new Set(fns.filter((fn) => fn.owner && byName.has(fn.name)).map((fn) => `${fn.owner}.${fn.name}`))];
  return new Map([...[...byName.keys()].filter(endpointName), ...[...qualified, ...owned].filter((n) => lookup(n))].map((name) => [name, lookup(name)]));
}

/** A Go call qualified by the package it calls into (PolyFunction.pkg). */
const QUALIFIED = /^(\w+)\.(\w+)$/;

/** What one definition resolves to: its own URL's resource, or the one resource of the endpoints it calls. */
function endpointOf(fn: PolyFunction, lookup: (name: string, except?: PolyFunction) => Endpoint | null): Endpoint | null {
  const own = new Set(fn.resources.map((r) => r.resource));
  if (own.size === 1) {
    const ops = new Set(fn.resources.map((r) => r.op));
    return { resource: [...own][0]!, op: ops.size === 1 ? [...ops][0]! : null, returns: fn.returns, ...(fn.ownShape ? { ownShape: true } : {}) };
  }
  if (own.size > 1) return null;
  // A wrapper of the same name elsewhere (a CLI command `set_mode` that calls the client's `set_mode`): the others' endpoint.
  const called = fn.callees.map((c) => (c === fn.name ? lookup(c, fn) : lookup(c))).filter((e): e is Endpoint => !!e);
  if (called.length === 0 || new Set(called.map((e) => e.resource)).size !== 1) return null;
  const ops = new Set(called.map((e) => e.op));
  return { resource: called[0]!.resource, op: ops.size === 1 ? called[0]!.op : null, returns: fn.returns ?? (called.length === 1 ? called[0]!.returns : null), ...(fn.ownShape ? { ownShape: true } : {}) };
}

function merge(list: Endpoint[]): Endpoint {
  const ops = new Set(list.map((e) => e.op));
  const returns = new Set(list.map((e) => e.returns));
  const own = list.every((e) => e.ownShape);
  return { resource: list[0]!.resource, op: ops.size === 1 ? list[0]!.op : null, returns: returns.size === 1 ? list[0]!.returns : null, ...(own ? { ownShape: true } : {}) };
}
