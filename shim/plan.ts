/**
 * Transform plans: for each resource, operation and pin, the catalogue rules that can touch a request or a
 * response, selected once (at start-up for the proxy's pin, on first use for a pin a request asks for) so
 * that the hot path decides from route, pin and status, before reading a byte of body, whether a body must be
 * buffered and parsed at all, and then runs only the rules that apply.
 */
import { api, catalogue, type Change } from '../catalogue';
import type { Operation, ResourceName } from '../catalogue/api';
import { requestNeedsBody, responseRuleMatches } from './transforms';

export interface ResponsePlan {
  /** The changes of the pin, each with only its rules for this resource and operation (catalogue order). */
  changes: readonly Change[];
  /** A field rule (put back, drop, move, rename) applies to success bodies. */
  fieldRules: boolean;
  /** v2 statuses a status rule maps back (its condition may need the body). */
  statusesMapped: ReadonlySet<number>;
}

const NO_RULES: ResponsePlan = { changes: [], fieldRules: false, statusesMapped: new Set() };

export function buildResponsePlan(changes: readonly Change[], resource: ResourceName, operation: Operation | null): ResponsePlan {
  const out: Change[] = [];
  let fieldRules = false;
  const statuses = new Set<number>();
  for (const change of changes) {
    const rules = change.rules.filter((r) => responseRuleMatches(r, resource, operation));
    if (rules.length === 0) continue;
    out.push({ ...change, rules });
    for (const r of rules) {
      if (r.kind === 'status-changed') statuses.add(r.to);
      else fieldRules = true;
    }
  }
  return out.length === 0 ? NO_RULES : { changes: out, fieldRules, statusesMapped: statuses };
}

const OPERATIONS: (Operation | null)[] = [...new Set(Object.values(api.methodOperations)), 'list', 'mode-update', 'answer', null];

export class TransformPlans {
  /** By change list (pin), resource and operation: nested maps, no key string built per request. */
  private readonly response = new WeakMap<readonly Change[], Map<ResourceName, Map<Operation | null, ResponsePlan>>>();
  private readonly requestBody = new Map<ResourceName, boolean>();

  constructor(resources: Iterable<ResourceName>, startPinChanges: readonly Change[]) {
    for (const resource of new Set(resources)) {
      this.requestBody.set(resource, requestNeedsBody(resource, catalogue));
      for (const op of OPERATIONS) this.responsePlan(startPinChanges, resource, op);
    }
  }

  /** Whether a request body of `resource` must be read (a request rule could apply; any pin). */
  needsRequestBody(resource: ResourceName | null): boolean {
    return resource !== null && (this.requestBody.get(resource) ?? requestNeedsBody(resource, catalogue));
  }

  responsePlan(changes: readonly Change[], resource: ResourceName | null, operation: Operation | null): ResponsePlan {
    if (resource === null) return NO_RULES;
    let byResource = this.response.get(changes);
    if (!byResource) this.response.set(changes, (byResource = new Map()));
    let byOperation = byResource.get(resource);
    if (!byOperation) byResource.set(resource, (byOperation = new Map()));
    let plan = byOperation.get(operation);
    if (!plan) byOperation.set(operation, (plan = buildResponsePlan(changes, resource, operation)));
    return plan;
  }
}

/** Whether a response with `status` must be parsed to apply the plan. */
export function needsParse(plan: ResponsePlan, status: number): boolean {
  return (plan.fieldRules && status >= 200 && status < 300) || plan.statusesMapped.has(status);
}
