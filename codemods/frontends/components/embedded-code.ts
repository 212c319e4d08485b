import type { FrontEndInput, FrontEndOutput } from '../../../lib/types';
import type { Finding } from '../../types';
import { analyzeWith } from '../polyglot/frontend';
import { LANGUAGES } from '../polyglot';
import type { LangSpec } from '../polyglot/lang';

/**
 * The code a server page holds (a Razor component's C#, a Twirl template's Scala), given as text of the page's
 * lines with everything else blanked, read by that language's front-end with the run's files of the language. Its
 * sites are added to the page's for a person: nothing here is rewritten (the text is not the file's).
 */
export function embeddedCode(input: FrontEndInput, base: FrontEndOutput, spec: LangSpec, text: string | null, where: string, opts: { facts: boolean }): FrontEndOutput {
  if (!text) return base;
  let r: FrontEndOutput;
  try {
    r = analyzeWith(spec, LANGUAGES, { ...input, source: text, markers: false });
  } catch {
    return base;
  }
  const have = new Set(base.findings.map((f) => `${f.line} ${f.change}`));
  const added = r.findings.filter((f) => !have.has(`${f.line} ${f.change}`) && f.change !== 'base-url' && f.change !== 'token-audience').map((f) => manual(f, where));
  // The page's facts join the run's files of the language (a component's handlers call their endpoints), so the page
  // is read again with their index; unless its inline scripts have JS facts of their own to give.
  const facts = opts.facts && !jsFactsOf(base) ? r.facts ?? base.facts : base.facts;
  const findings = [...base.findings, ...added].sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
  return { ...base, findings, ...(facts ? { facts } : {}) };
}

/** Whether a page's scripts gave facts for the JS files of the run (exports, uses, imports, functions). */
function jsFactsOf(out: FrontEndOutput): boolean {
  const f = out.facts;
  if (!f || 'kind' in f) return false;
  return Object.keys(f.exports).length > 0 || f.uses.length > 0 || f.imports.length > 0 || Object.keys(f.functions ?? {}).length > 0;
}

/** Every site a person's (a use of a constant renamed where it is defined keeps its message: it needs no edit). */
function manual({ definedAt, ...f }: Finding, where: string): Finding {
  const said = f.fix === 'auto' && !definedAt ? `${f.message} (in ${where}: change it by hand)` : f.message;
  return { ...f, fix: 'manual', replacement: undefined, role: undefined, message: said };
}
