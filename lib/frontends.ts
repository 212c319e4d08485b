import { astroFrontEnd, htmlFrontEnd, svelteFrontEnd, templateFrontEnd, vueFrontEnd } from '../codemods/frontends/components';
import { configFrontEnd } from '../codemods/frontends/config';
import { jsFrontEnd } from '../codemods/frontends/js';
import { polyglotFrontEnds } from '../codemods/frontends/polyglot';
import { textFrontEnd } from '../codemods/frontends/text';
import { FrontEndRegistry } from './registry';

/** The front-ends every scan uses unless told otherwise, in the order they are asked; plain text last. */
export function defaultFrontEnds(): FrontEndRegistry {
  const registry = new FrontEndRegistry(textFrontEnd)
    .register(jsFrontEnd)
    .register(vueFrontEnd)
    .register(svelteFrontEnd)
    .register(astroFrontEnd)
    .register(htmlFrontEnd)
    .register(templateFrontEnd)
    .register(configFrontEnd);
  return polyglotFrontEnds().reduce((r, f) => r.register(f), registry);
}
