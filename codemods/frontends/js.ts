import { SOURCE_EXTENSIONS, analyzeSource } from '../engine';
import { collectFacts } from './js-facts';
import { inlineTemplateReads } from './components/inline-templates';
import { envMapSettings } from './components/env-maps';
import { embeddedGraphqlSites } from './graphql/embedded';
import { sentVariableSites } from './graphql/variables';
import { resolverArgumentSites } from './graphql/resolvers';
import type { FrontEnd } from '../../lib/types';
import * as path from 'node:path';

const IMPORT_RE = /\b(?:from|import|require)\s*\(?\s*(['"])((?:\.\.?|@|~|\$lib)(?:\/[^'"\r\n]*)?)\1/g;

/**
 * Specifiers of import / export-from / require / import() that name the project's own files: relative ones
 * (`./x`, `../y`, `.`) and the usual source-folder aliases (`@/x`, `~/x`, `$lib/x`).
 */
export function importSpecifiers(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(IMPORT_RE)) out.add(m[2]!);
  return [...out];
}

/** JavaScript and TypeScript sources: the jscodeshift engine (codemods/engine). */
export const jsFrontEnd: FrontEnd = {
  id: 'js',
  describe: 'JavaScript and TypeScript (.js .jsx .mjs .cjs .ts .tsx .mts .cts, and Google Apps Script .gs): the jscodeshift engine, data flow, types and constants',
  matches: (absPath) => SOURCE_EXTENSIONS.includes(path.extname(absPath).toLowerCase()),
  analyze: (input) => {
    const ctx = analyzeSource(input.source, {
      config: input.config,
      filePath: input.filePath,
      only: input.only,
      markers: input.markers,
      project: input.project,
      parsed: input.parsed,
    });
    inlineTemplateReads(ctx, input);
    envMapSettings(ctx, input);
    embeddedGraphqlSites(ctx);
    sentVariableSites(ctx);
    resolverArgumentSites(ctx);
    const facts = collectFacts(ctx);
    return { ...ctx.finish(input.markers), facts };
  },
  imports: importSpecifiers,
  minifiable: true,
};
