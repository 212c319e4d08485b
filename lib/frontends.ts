import { astroFrontEnd, bladeFrontEnd, htmlFrontEnd, razorFrontEnd, svelteFrontEnd, templateFrontEnd, twirlFrontEnd, vueFrontEnd } from '../codemods/frontends/components';
import { configFrontEnds } from '../codemods/frontends/config';
import { configTemplateFrontEnd } from '../codemods/frontends/config/templates';
import { graphqlFrontEnd } from '../codemods/frontends/graphql';
import { jsFrontEnd } from '../codemods/frontends/js';
import { notebookFrontEnd } from '../codemods/frontends/notebook';
import { polyglotFrontEnds } from '../codemods/frontends/polyglot';
import { sqlFrontEnd } from '../codemods/frontends/sql';
import { textFrontEnd } from '../codemods/frontends/text';
import { xamlFrontEnd } from '../codemods/frontends/xaml';
import { FrontEndRegistry } from './registry';

/**
 * The front-ends every scan uses unless told otherwise, in the order they are asked; plain text last. The
 * configuration front-ends come before the languages' (a `build.gradle.kts` is a build script, read as one).
 */
export function defaultFrontEnds(): FrontEndRegistry {
  const registry = new FrontEndRegistry(textFrontEnd)
    .register(jsFrontEnd)
    .register(vueFrontEnd)
    .register(svelteFrontEnd)
    .register(astroFrontEnd)
    .register(twirlFrontEnd)
    .register(htmlFrontEnd)
    .register(bladeFrontEnd)
    .register(razorFrontEnd)
    .register(xamlFrontEnd)
    .register(templateFrontEnd)
    .register(notebookFrontEnd)
    .register(graphqlFrontEnd)
    .register(sqlFrontEnd);
  for (const f of configFrontEnds) registry.register(f);
  // Templates of configuration files (`app.env.j2`) are read as their format, before the template languages'.
  registry.register(configTemplateFrontEnd, { first: true });
  return polyglotFrontEnds().reduce((r, f) => r.register(f), registry);
}
