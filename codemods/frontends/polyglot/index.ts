import type { FrontEnd } from '../../../lib/types';
import { otherCodeFrontEnd, polyglotFrontEnd } from './frontend';
import type { LangSpec } from './lang';
import { go } from './languages/go';
import { java } from './languages/java';
import { kotlin } from './languages/kotlin';
import { python } from './languages/python';

/** The languages with a parser-based front-end, in the order they are registered. */
export const LANGUAGES: readonly LangSpec[] = [python, go, java, kotlin];

/** One front-end per language, then the file-level check for languages without one. */
export function polyglotFrontEnds(): FrontEnd[] {
  return [...LANGUAGES.map((spec) => polyglotFrontEnd(spec, LANGUAGES)), otherCodeFrontEnd];
}
