import { words } from '../../engine/words';

/** Words that start a model's method filling it from a decoded answer (`loadFromApi`, `fromApi`, `hydrate_from_response`). */
const FILLS = new Set(['from', 'load', 'fill', 'hydrate', 'populate', 'sync']);
/** Words that say the argument is the API's answer. */
const ANSWER_WORDS = new Set(['api', 'response', 'payload', 'json']);

/** Whether a method's name says it fills its model from the API's answer (`loadFromApi`, `fromApi`, `populate_from_response`). */
export function fillsFromAnswer(name: string): boolean {
  const w = words(name);
  return FILLS.has(w[0]!) && w.some((x) => ANSWER_WORDS.has(x));
}
