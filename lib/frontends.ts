import { configFrontEnd } from '../codemods/frontends/config';
import { jsFrontEnd } from '../codemods/frontends/js';
import { polyglotFrontEnds } from '../codemods/frontends/polyglot';
import { textFrontEnd } from '../codemods/frontends/text';
import { FrontEndRegistry } from './registry';

/** The front-ends every scan uses unless told otherwise, in the order they are asked; plain text last. */
export function defaultFrontEnds(): FrontEndRegistry {
  return polyglotFrontEnds().reduce((r, f) => r.register(f), new FrontEndRegistry(textFrontEnd).register(jsFrontEnd).register(configFrontEnd));
}
