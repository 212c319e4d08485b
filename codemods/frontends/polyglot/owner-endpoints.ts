import type { Endpoint } from './project-types';
import { span, type Call } from './lang';

/**
 * The endpoint a method call reaches through the class it is called on: `SymptomChecker::ComplaintService.new.create(…)`,
 * `ComplaintService().create(…)`, or a name of the class's instance (`question_service.answer(…)`, `@complaint_service`),
 * for the methods whose own name is too common to tell (PolyFunction.owner).
 */
export function ownerEndpoint(index: { endpoint(name: string): Endpoint | null }, call: Call): Endpoint | null {
  const text = call.node.text();
  let at = text.lastIndexOf(`.${call.callee}`, text.indexOf('(') < 0 ? text.length : text.indexOf('('));
  // PHP's `->` and `?->` (`$symptomChecker->result(…)`, `(new SymptomChecker($config))->question(…)`): the one before the call's arguments.
  const args = at <= 0 ? call.node.children().find((c) => c.kind() === 'arguments') : undefined;
  if (args) at = text.lastIndexOf(`->${call.callee}`, span(args).start - span(call.node).start);
  if (at <= 0) return null;
  const receiver = text.slice(0, at).replace(/\s+/g, '').replace(/^\(new\\?(?:\w+\\)*(\w+)(?:\(.*\))?\)$/s, '$1').replace(/(?:\.new(?:\([^()]*\))?|\.instance|\(\))$/, '');
  const last = receiver.split(/::|\.|->/).pop()!.replace(/^[@$]+/, '');
  // A name of the class's instance: `question_service`, `@complaint_service`, PHP's `$symptomChecker` (two words at least).
  const owner = /^[A-Z]\w*$/.test(last) ? last : /^[a-z]+(?:_[a-z]+)+$/.test(last) ? last.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') : /^[a-z]+(?:[A-Z][a-z0-9]+)+$/.test(last) ? last.charAt(0).toUpperCase() + last.slice(1) : null;
  return owner ? index.endpoint(`${owner}.${call.callee}`) : null;
}
