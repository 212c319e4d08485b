import type { Endpoint } from './project-types';
import type { Call } from './lang';

/**
 * The endpoint a method call reaches through the class it is called on: `SymptomChecker::ComplaintService.new.create(…)`,
 * `ComplaintService().create(…)`, or a name of the class's instance (`question_service.answer(…)`, `@complaint_service`),
 * for the methods whose own name is too common to tell (PolyFunction.owner).
 */
export function ownerEndpoint(index: { endpoint(name: string): Endpoint | null }, call: Call): Endpoint | null {
  const text = call.node.text();
  const at = text.lastIndexOf(`.${call.callee}`, text.indexOf('(') < 0 ? text.length : text.indexOf('('));
  if (at <= 0) return null;
  const receiver = text.slice(0, at).replace(/\s+/g, '').replace(/(?:\.new(?:\([^()]*\))?|\.instance|\(\))$/, '');
  const last = receiver.split(/::|\.|->/).pop()!.replace(/^[@$]+/, '');
  const owner = /^[A-Z]\w*$/.test(last) ? last : /^[a-z]+(?:_[a-z]+)+$/.test(last) ? last.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') : null;
  return owner ? index.endpoint(`${owner}.${call.callee}`) : null;
}
