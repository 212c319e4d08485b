import { configFrontEnds } from '../codemods/frontends/config';
import { jsFrontEnd } from '../codemods/frontends/js';
import { textFrontEnd } from '../codemods/frontends/text';
import { FrontEndRegistry } from './registry';

/** The front-ends every scan uses unless told otherwise, in the order they are asked; plain text last. */
export function defaultFrontEnds(): FrontEndRegistry {
  const registry = new FrontEndRegistry(textFrontEnd).register(jsFrontEnd);
  for (const f of configFrontEnds) registry.register(f);
  return registry;
}
