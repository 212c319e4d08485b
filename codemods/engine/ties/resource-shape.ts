import { api, rulesOfKind } from '../../../catalogue';
import { keyName, type Node, type Path } from '../ast';
import { nameTie } from './names';

/**
 * Whether an object literal holding the enumerated `field` looks like the resource the field belongs to, whoever
 * wrote it: named for it (`interviewStub`, `Fixtures.interview`), or carrying a top-level field only that resource
 * has (`interview_mode`, `marketplace`, `variant`: the catalogue's removed fields of the resource). `owner` is the
 * name the object is held by, if any.
 */
export function shapedLikeFieldResource(obj: Path, owner: string | null, field: string): boolean {
  const resources = fieldResources(field);
  const named = owner !== null ? nameTie(owner) : null;
  if (named && resources.has(named.resource)) return true;
  const own = ownFields(resources);
  return obj.node.type === 'ObjectExpression' && obj.node.properties.some((p: Node) => own.has(keyName(p) ?? ''));
}

function fieldResources(field: string): Set<string> {
  return new Set(rulesOfKind('value-renamed').filter(({ rule }) => rule.field === field).map(({ rule }) => rule.resource as string));
}

const ownFieldsMemo = new Map<string, Set<string>>();
function ownFields(resources: Set<string>): Set<string> {
  const key = [...resources].sort().join(',');
  let out = ownFieldsMemo.get(key);
  if (out) return out;
  out = new Set<string>();
  for (const kind of ['request-field-removed', 'response-field-removed'] as const) {
    for (const { rule } of rulesOfKind(kind)) if (resources.has(rule.resource) && rule.path.length === 1) out.add(rule.path[0]!);
  }
  out.delete(api.modeField);
  out.delete(api.idField);
  ownFieldsMemo.set(key, out);
  return out;
}
