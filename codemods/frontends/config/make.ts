import { linesOf } from './lines';
import type { ConfigValue, Parsed, Ref, Site, Span } from './model';
import { readShell, type ShellContext } from './shell';

/**
 * Makefiles: variables (`X = v`, `:=`, `::=`, `?=`, `+=`, `export`, `override`) as values named by the
 * variable, with make references (`$(X)`, `${X}`; a computed name `$(BASE_$(ENV))` stands for every
 * `BASE_…`; in `$(or $(A),$(B))` B is A's fallback), and recipes read as shell scripts in make's dialect
 * (`$$` is the shell's `$`), so their curl calls to the API are checked like a script's, with the Makefile's
 * variables as the settings they use. `define` blocks and conditionals are left out.
 */

const ASSIGN = /^[ \t]*(?:(?:export|override|private)[ \t]+)*([A-Za-z_][\w.-]*)[ \t]*(::?=|:::=|\?=|\+=|=)[ \t]*/;
const RULE = /^[^\t#\s=][^=]*?(?<!:):(?![:=])/;

export function readMake(source: string, ctx: ShellContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const skip: Span[] = [];
  const recipes: Span[] = [];
  const lines = linesOf(source);
  let inDefine = false;
  let recipe: Span | null = null;
  const endRecipe = () => {
    if (recipe) recipes.push(recipe);
    recipe = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const text = source.slice(l.start, l.end);
    // A logical line runs on over backslash continuations.
    let last = i;
    while (/(^|[^\\])(\\\\)*\\$/.test(source.slice(lines[last]!.start, lines[last]!.end)) && last + 1 < lines.length) last++;
    const end = lines[last]!.end;
    if (inDefine) {
      if (/^\s*endef\b/.test(text)) inDefine = false;
      i = last;
      continue;
    }
    if (text.startsWith('\t') && recipe) {
      recipe.end = end;
      i = last;
      continue;
    }
    if (/^\s*(#|$)/.test(text)) {
      if (/^\s*#/.test(text)) skip.push({ start: l.start, end: l.end });
      continue;
    }
    endRecipe();
    if (/^\s*define\b/.test(text)) inDefine = true;
    else if (/^\s*(ifn?eq|ifn?def|else|endif|include|-include|sinclude|vpath|unexport)\b/.test(text)) {
      // Conditionals and directives hold no settings.
    } else {
      const m = ASSIGN.exec(text);
      if (m) {
        const start = l.start + m[0].length;
        let stop = end;
        const hash = /(^|[^\\])#/.exec(source.slice(start, end));
        if (hash) stop = start + hash.index + hash[1]!.length;
        while (stop > start && /\s/.test(source[stop - 1]!)) stop--;
        values.push({ path: [m[1]!], start, end: stop, refs: makeRefs(source, start, stop), parent: 'make' });
      } else if (RULE.test(text)) {
        const semi = text.indexOf(';');
        recipe = { start: semi >= 0 ? l.start + semi + 1 : end, end };
      }
    }
    i = last;
  }
  endRecipe();
  for (const r of recipes) {
    if (r.end <= r.start) continue;
    const script = readShell(source, ctx, r.start, r.end, { parent: `recipe${r.start}`, make: true, outer: values });
    values.push(...script.values.map((v) => ({ ...v, refs: makeRefs(source, v.start, v.end) })));
    sites.push(...(script.sites ?? []));
    skip.push(...(script.skip ?? []));
  }
  return { values, sites, skip, loose: true };
}

const FUNCTIONS = /^(shell|or|and|if|call|subst|patsubst|strip|findstring|filter|filter-out|sort|word|words|wordlist|firstword|lastword|dir|notdir|suffix|basename|addsuffix|addprefix|join|wildcard|realpath|abspath|error|warning|info|origin|flavor|foreach|file|value|eval)\s/;

/** Make references in `source[start, end)`; `$$` is no reference. */
export function makeRefs(source: string, start: number, end: number, fallbackOf?: string): Ref[] {
  const out: Ref[] = [];
  for (let i = start; i < end; i++) {
    if (source[i] !== '$') continue;
    const open = source[i + 1];
    if (open === '$') {
      i++;
      continue;
    }
    if (open !== '(' && open !== '{') continue;
    const close = matching(source, i + 1, end);
    if (close < 0) break;
    const inner = source.slice(i + 2, close);
    const fn = FUNCTIONS.exec(inner);
    if (/^[A-Za-z_][\w.-]*$/.test(inner)) out.push({ name: inner, start: i, end: close + 1, fallbackOf });
    else if (/^[A-Za-z_][\w.-]*\$[({][A-Za-z_][\w.-]*[)}]$/.test(inner)) out.push({ name: `${inner.slice(0, inner.indexOf('$'))}*`, start: i, end: close + 1, fallbackOf });
    else if (fn) {
      const args = i + 2 + fn[0].length;
      const inside = makeRefs(source, args, close);
      // `$(or $(A),$(B))`: B is used only when A is empty.
      const first = fn[1] === 'or' ? inside[0] : undefined;
      out.push(...inside.map((r) => (first && r !== first && r.start > first.end ? { ...r, fallbackOf: first.name } : r)));
    }
    i = close;
  }
  return out;
}

function matching(source: string, open: number, end: number): number {
  const o = source[open]!;
  const c = o === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (source[i] === o) depth++;
    else if (source[i] === c && --depth === 0) return i;
  }
  return -1;
}
