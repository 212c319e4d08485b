import { rulesOfKind, type ResourceName } from '../../../catalogue';
import { calleeName, isCall, isMember, memberName, parentOf, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { words } from '../words';
import { nounTie } from './names';
import type { Tie } from './tie';
import { typeNameTie } from './types';

/**
 * Records a model layer builds from the caller's own attributes and sends when saved: Backbone's (and Ampersand's,
 * a class of its own's) `new Complaint({ interview, text, extra })` of a model class named for a resource, Ember
 * Data's `store.createRecord('complaint', { … })`. The attributes are the create body the library sends; only
 * resources the client creates count (a request rule of the catalogue for their creation), so `new Result({ token })`
 * stays a response's model. A name only ties them: manual findings, never a rewrite.
 */

/** Resources the client creates, by the catalogue's request rules for a creation. */
function createdResources(): Set<ResourceName> {
  return (created ??= new Set(rulesOfKind('request-field-removed').filter(({ rule }) => !rule.operations || rule.operations.includes('create')).map(({ rule }) => rule.resource)));
}
let created: Set<ResourceName> | null = null;

/** The create body an object literal is as a new record's attributes, if it is one. */
export function constructedRecordTie(ctx: FileContext, obj: Path): Tie | null {
  const parent = parentOf(obj);
  if (!parent || ctx.otherApiOnly()) return null;
  const pn = parent.node;
  let resource: ResourceName | null = null;
  if (pn.type === 'NewExpression' && pn.arguments[0] === obj.node) {
    const name = pn.callee.type === 'Identifier' ? pn.callee.name : isMember(pn.callee) ? memberName(pn.callee) : null;
    const t = name && /^[A-Z]/.test(name) ? typeNameTie(name) : null;
    if (t && t.role === 'response' && t.path.length === 0 && !t.list) resource = t.resource;
  } else if (isCall(pn) && pn.arguments[1] === obj.node && calleeName(pn.callee) === 'createRecord') {
    // Ember Data's model names are dasherized singulars (`complaint`, `interview`); `helpdesk-ticket` is another's.
    const name = stringValue(pn.arguments[0] as Node);
    const t = name && /^[a-z][a-z-]*$/.test(name) && words(name).length === 1 ? nounTie(name) : null;
    if (t && t.path.length === 0 && !t.list) resource = t.resource;
  }
  if (!resource || !createdResources().has(resource)) return null;
  return { resource, op: 'create', role: 'request', path: [], via: 'name', weak: true };
}
