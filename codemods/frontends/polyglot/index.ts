import type { FrontEnd } from '../../../lib/types';
import { otherCodeFrontEnd, polyglotFrontEnd } from './frontend';
import type { LangSpec } from './lang';
import { cpp } from './languages/cpp';
import { csharp } from './languages/csharp';
import { dart } from './languages/dart';
import { elixir } from './languages/elixir';
import { go } from './languages/go';
import { java } from './languages/java';
import { kotlin } from './languages/kotlin';
import { lua } from './languages/lua';
import { php } from './languages/php';
import { python } from './languages/python';
import { ruby } from './languages/ruby';
import { rust } from './languages/rust';
import { scala } from './languages/scala';
import { swift } from './languages/swift';

/** The languages with a parser-based front-end, in the order they are registered. */
export const LANGUAGES: readonly LangSpec[] = [python, go, java, kotlin, swift, ruby, php, csharp, dart, rust, elixir, scala, cpp, lua];

/** One front-end per language, then the file-level check for languages without one. */
export function polyglotFrontEnds(): FrontEnd[] {
  return [...LANGUAGES.map((spec) => polyglotFrontEnd(spec, LANGUAGES)), otherCodeFrontEnd];
}
