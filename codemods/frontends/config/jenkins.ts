import { scanRefs } from './refs';
import type { ConfigValue, LooseSpan, Parsed, Site, Span } from './model';
import { readShell, type Call, type ShellContext } from './shell';

/**
 * Jenkins pipelines (`Jenkinsfile`): settings (`environment { NAME = 'v' }`, `env.NAME = 'v'`, `def name = 'v'`)
 * as values named by their variable, and the scripts of `sh` steps (`sh '''…'''`, `sh "…"`, `sh(script: '…')`)
 * read as shell scripts, so their curl calls to the API are checked; one pipeline's steps share their calls.
 * Markers for a script go above its `sh` step (a comment inside the string would be shell text).
 */

const SETTING = /^[ \t]*(?:env\.|def[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*(['"])(.*?)\2[ \t]*$/gm;
const STEP = /\bsh\s*(?:\(\s*(?:script\s*:\s*)?)?('''|"""|'|")/g;

export function readJenkins(source: string, ctx: ShellContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const skip: Span[] = [];
  const looseSpans: LooseSpan[] = [];
  for (const m of source.matchAll(/(^|[^:'"])(\/\/[^\n]*)/g)) skip.push({ start: m.index + m[1]!.length, end: m.index + m[0].length });
  const inSkip = (o: number) => skip.some((s) => o >= s.start && o < s.end);
  for (const m of source.matchAll(SETTING)) {
    const start = m.index + m[0].indexOf(m[2]!) + 1;
    if (inSkip(start)) continue;
    const end = start + m[3]!.length;
    values.push({ path: [m[1]!], start, end, refs: m[2] === '"' ? scanRefs(source, start, end, ['brace', 'dollar']) : [], parent: 'jenkins' });
  }
  const calls: Call[] = [];
  for (const m of source.matchAll(STEP)) {
    if (inSkip(m.index)) continue;
    const quote = m[1]!;
    const start = m.index + m[0].length;
    let end = source.indexOf(quote, start);
    while (quote === '"' && end > 0 && source[end - 1] === '\\') end = source.indexOf(quote, end + 1);
    if (end < 0 || (quote.length === 1 && source.slice(start, end).includes('\n'))) continue;
    const lineStart = source.lastIndexOf('\n', m.index) + 1;
    const script = readShell(source, ctx, start, end, { parent: `sh${m.index}`, outer: values, calls });
    values.push(...script.values.map((v) => ({ ...v, anchor: lineStart })));
    sites.push(...(script.sites ?? []).map((s) => ({ ...s, anchor: lineStart })));
    looseSpans.push({ start, end, anchor: lineStart });
  }
  return { values, sites, skip, loose: true, looseSpans };
}
