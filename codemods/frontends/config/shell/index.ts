import type { Change } from '../../../../catalogue';
import type { Config } from '../../../../config';
import { assignments } from '../assignments';
import { baseVariables, bodySites, type Body, pathTie, propSites, refineTie, relativePath, statusSites, type Forwarded, type Tie } from '../calls';
import { HTTPIE, httpieRequest, tokenAudienceValues, wgetRequest } from './clients';
import { literalOf } from '../rules';
import { scanRefs } from '../refs';
import { jqObjectJson, jqReads } from '../jq';
import { comparedModeSites, readPathSites } from '../reads';
import type { ConfigValue, Parsed, Site, Span } from '../model';
import { allCommands, parseScript, type Command, type Word } from './words';
import { curlFunctions, sourcedWrappers, sourcingScripts, wrapperFunctions } from './sourced';
import { modeSetters, passedModeSites } from './mode-setters';

/**
 * Shell scripts: settings (`X=…`, `export`, `: "${X:=…}"`) as values named by their variable, and the API
 * calls: `curl` to `$BASE/…` (a variable of the API that says base, or one set to a v1 address here) or to a
 * v1 address, and calls through a function of the script that wraps such a curl (`call POST interviews/ '{…}'`).
 * A call's JSON body (`-d`, `--data*`, `--json`, or the wrapper's JSON argument) is checked against the
 * resource's rules; a status kept from it (`status=$(curl -w '%{http_code}' …)`) is checked where compared
 * (`[[ $status == 202 ]]`); jq reads of its answer (of the file it wrote, or of `<<<"$var"`) are checked for
 * removed and moved fields. HTTPie, xh and wget calls are read too (clients.ts). A call to any other address ends
 * the tie of the answer that follows. A wrapper may call a function that runs curl to any URL (sourced.ts); a library's
 * jq reads of its functions' arguments are tied by the scripts that source it; a function that sets the interview's
 * mode from an argument has the modes its calls pass checked (mode-setters.ts).
 */

const OPTS_WITH_ARG = new Set(['-X', '--request', '-H', '--header', '-o', '--output', '-w', '--write-out', '-u', '--user', '-A', '--user-agent', '-b', '--cookie', '-c', '--cookie-jar', '-e', '--referer', '-F', '--form', '-m', '--max-time', '--connect-timeout', '--retry', '-x', '--proxy', '-T', '--upload-file', '-K', '--config', '--cacert', '--cert', '--key', '-r', '--range']);
const DATA_OPTS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/;
const JQ_OPTS_WITH_ARGS: Record<string, number> = { '--arg': 2, '--argjson': 2, '--slurpfile': 2, '--rawfile': 2, '--indent': 1, '-f': 1, '--from-file': 1 };

export interface ShellContext {
  config: Config;
  changes: readonly Change[];
  /** Absolute path of the script: the libraries it sources are read relative to its folder. */
  filePath?: string;
}

export interface Call {
  tie: Tie | null;
  start: number;
  /** The variable that keeps what the call prints, and whether that is the status. */
  into?: { name: string; status: boolean };
  /** What the call prints is its status (`-w '%{http_code}'`). */
  status?: boolean;
}

export interface ShellOptions {
  parent?: string;
  /** A Makefile recipe (see Dialect). */
  make?: boolean;
  /** A Compose command (`$$` is the shell's `$`). */
  compose?: boolean;
  /** `$(name)` is a variable expanded before the shell runs (Azure Pipelines, a Kubernetes container's command). */
  macros?: boolean;
  /** A GitHub Actions script (`${{ env.NAME }}` is a variable). */
  github?: boolean;
  /** Settings made outside the script (a Makefile's variables): bases, curl commands and modes it may use. */
  outer?: readonly ConfigValue[];
  /** Calls of the scripts before this one that run in the same shell (the items of a CI `script:` list). */
  calls?: Call[];
  /**
   * Functions of a library this script sources: each is given the request of the answer the script passes at its
   * first call after a call to the API (the last call before it). Set, the script is read for that alone.
   */
  uses?: Map<string, Tie | null>;
}

export function readShell(source: string, ctx: ShellContext, start = 0, end = source.length, opts: ShellOptions = {}): Parsed {
  const script = parseScript(source, start, end, { make: opts.make, compose: opts.compose, macros: opts.macros, github: opts.github });
  const skip: Span[] = script.skip;
  const inSkip = (o: number) => skip.some((s) => o >= s.start && o < s.end);
  const commands = allCommands(script.commands);
  // Markers go above the top-level command a site is in (a `$( … )` or a quoted body may span lines).
  const tops = script.commands;
  const startOf = (o: number): number | undefined => {
    let lo = 0;
    let hi = tops.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tops[mid]!.start <= o) lo = mid;
      else hi = mid - 1;
    }
    const c = tops[lo];
    return c && c.start <= o && c.end >= o ? c.start : undefined;
  };
  const heredocAt = (o: number) => script.heredocs.find((h) => o >= h.start && o < h.end);
  const anchorOf = (o: number) => {
    const h = heredocAt(o);
    return startOf(h ? h.anchor : o);
  };
  const values: ConfigValue[] = assignments(source, start, end, { parent: opts.parent ?? 'shell', anchor: anchorOf, ...(opts.make ? { make: true, syntaxes: ['brace', 'dollar', 'paren'] } : {}) }).filter((v) => !inSkip(v.start));

  const known = [...(opts.outer ?? []), ...values];
  const isBaseVar = baseVariables(ctx.config, source, known);
  const setting = settings(source, known);
  // `CURL="curl -sS"`, `CURL := curl -sS`: the variable is the curl command.
  const isCurl = (name: string): boolean => name === 'curl' || (name.startsWith('${') && /^curl(\s|$)/.test(setting(name)?.text ?? ''));

  // Functions that wrap a curl to the API: `call() { … curl … "${SC_API_BASE}${path}" }`, here or in a library
  // the script sources (`source "$HERE/../lib/common.sh"`).
  // Either may call a function that runs curl to any URL it is given (`http_call`), here or in such a library.
  const text = source.slice(start, end);
  const lib = sourcedWrappers(commands, ctx);
  const wrappers = new Map([...lib.wrappers, ...wrapperFunctions(text, isBaseVar, new Map([...lib.curls, ...curlFunctions(text)]))]);
  // Functions that set the interview's mode from an argument (`sc_set_mode "$i" "$SC_MODE_SAFE"`), and the constants of the libraries.
  const setters = new Map([...lib.setters, ...modeSetters(text, [...wrappers.keys()])]);
  const constant = (name: string) => setting(`\${${name}}`)?.text ?? lib.constants.get(name);

  const relPath = (w: Word, wrapper: boolean) => relativePath(ctx.config, w.text, isBaseVar, wrapper);

  const sites: Site[] = [];
  const calls: Call[] = opts.calls ?? [];
  const assigned = new Map<Command, string>();
  for (const c of commands) {
    for (const w of c.words) {
      const m = /^([A-Za-z_]\w*)=\$\(/.exec(w.text);
      if (m) for (const sub of allCommands(w.subs)) assigned.set(sub, m[1]!);
    }
  }

  // `body="$(jq -n --arg i "$I" '{interview: $i, extra: {…}}')"`: the object a later call sends as `"$body"`.
  const jqBodies: { name: string; start: number; body: Body & { anchor?: number } }[] = [];
  for (const c of commands) {
    const name = assigned.get(c);
    if (!name || c.words[0]?.text !== 'jq' || !nullInput(c.words)) continue;
    const filter = jqFilter(c.words);
    const body = filter ? jqObjectJson(filter.text, filter.map) : null;
    if (body) jqBodies.push({ name, start: c.start, body: { ...body, anchor: startOf(c.start) } });
  }
  const jqBody = (w: Word, before: number): (Body & { anchor?: number }) | undefined => {
    // `--data "$(jq -n '{…}')"`: the object built in place.
    const sub = w.subs.length === 1 && /^\$\(/.test(w.text) && w.text.endsWith(')') ? w.subs[0]! : undefined;
    if (sub && sub.words[0]?.text === 'jq' && nullInput(sub.words)) {
      const f = jqFilter(sub.words);
      return (f && jqObjectJson(f.text, f.map)) ?? undefined;
    }
    const v = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(w.text)?.[1];
    return v ? last(jqBodies, (b) => b.name === v && b.start < before)?.body : undefined;
  };

  const jqSites = (f: Word, tie: Tie, anchor: number | undefined): Site[] => {
    const out: Site[] = [];
    const raw = jqReads(f.text);
    const reads = raw.map((r) => ({ ...r, start: f.map[r.start] ?? f.start, end: (f.map[r.end - 1] ?? f.end - 1) + 1 }));
    out.push(...readPathSites(reads, tie, ctx.changes, anchor));
    // `select(.mode == "complaint")`: a mode compared with the answer's.
    const at = (i: number) => f.map[i] ?? f.start;
    for (const r of raw) out.push(...comparedModeSites(f.text, r, tie, ctx.changes, at, (s, e) => at(e - 1) - at(s) === e - 1 - s, anchor));
    return out;
  };
  const functions = functionSpans(source, start, end);
  const deferred: { c: Command; filter: Word; fn: string; anchor: number | undefined }[] = [];

  const compares: Command[] = [];
  for (const c of commands) {
    const words = c.words.filter((w) => !/^[A-Za-z_]\w*=/.test(w.text) || w !== c.words[0]);
    const name = words[0]?.text;
    if (!name) continue;
    const anchor = startOf(c.start);
    const modeArg = setters.get(name);
    if (modeArg !== undefined) {
      const w = words[modeArg];
      if (w && !w.redirect) sites.push(...passedModeSites(w, constant, ctx.changes, anchor));
      continue;
    }
    if (isCurl(name) || wrappers.has(name)) {
      const wrapper = wrappers.get(name);
      let method = '';
      let body: (Body & { anchor?: number }) | undefined;
      let url: Word | undefined;
      const status = /http_code/.test(words.map((w) => w.text).join(' ')) || !!wrapper?.status;
      for (let k = 1; k < words.length; k++) {
        const w = words[k]!;
        if (w.redirect) continue;
        if (w.text === '-X' || w.text === '--request') method = words[++k]?.text ?? method;
        else if (/^-X[A-Z]+$/.test(w.text)) method = w.text.slice(2);
        else if (DATA_OPTS.has(w.text)) {
          const d = words[++k];
          body = d && (jqBody(d, c.start) ?? d);
        }
        else if (w.text === '--url') url = words[++k];
        else if (OPTS_WITH_ARG.has(w.text)) k++;
        else if (w.text.startsWith('-')) continue;
        else if (wrapper && METHOD.test(w.text) && !method) method = w.text;
        else if (wrapper && /^\s*[{[]/.test(w.text) && !body) body = w;
        else if (wrapper && !body && jqBody(w, c.start)) body = jqBody(w, c.start);
        else if (!url && relPath(w, !!wrapper) !== null) url = w;
      }
      const rel = url ? relPath(url, !!wrapper) : null;
      const base = rel !== null ? pathTie(method || (body ? 'POST' : 'GET'), rel) : null;
      const tie = base ? refineTie(base, body?.text) : null;
      // A jq-built body's markers go above the command that builds it.
      const at = body?.anchor ?? anchor;
      if (tie && body) sites.push(...bodySites(body, tie, ctx.changes, at, setting));
      values.push(...tokenAudienceValues(words, body, `${opts.parent ?? 'shell'}/token`, anchor));
      const into = assigned.get(c);
      calls.push({ tie, start: c.start, into: into ? { name: into, status } : undefined, status });
      continue;
    }
    if (HTTPIE.has(name) || name === 'wget') {
      const r = (name === 'wget' ? wgetRequest : httpieRequest)(words, (w) => relPath(w, false) !== null);
      const rel = r.url ? relPath(r.url, false) : null;
      const base = rel !== null ? pathTie(r.method, rel) : null;
      const tie = base ? refineTie(base, r.body?.text ?? r.props) : null;
      if (tie) sites.push(...(r.body ? bodySites(r.body, tie, ctx.changes, anchor, setting) : propSites(r.props, tie, ctx.changes, { anchor, resolve: setting })));
      const into = assigned.get(c);
      calls.push({ tie, start: c.start, into: into ? { name: into, status: false } : undefined });
      continue;
    }
    if (name === 'jq') {
      const filter = jqFilter(words);
      const input = jqInput(words);
      if (!filter || nullInput(words)) continue;
      const call = input ? last(calls, (x) => x.into?.name === input && !x.into.status && x.start < c.start) : last(calls, (x) => x.start < c.start && (!x.into || x.into.status));
      // `flatten() { jq '{advice: .advice}' "$1"; }` called as `flatten "$out"` after a call: read at the call site.
      const fn = functions.find((x) => c.start >= x.start && c.start < x.end);
      if (fn && !input && (!call || call.start < fn.start) && words.some((w) => w !== filter && readsArgument(w.text, source, fn))) {
        deferred.push({ c, filter, fn: fn.name, anchor });
        continue;
      }
      if (call?.tie) sites.push(...jqSites(filter, call.tie, anchor));
      continue;
    }
    // `echo "NAME=value" >> "$GITHUB_ENV"`: a GitHub Actions step sets NAME for the steps after it.
    if ((name === 'echo' || name === 'printf') && words.some((w) => w.redirect?.startsWith('>') && /^\$\{?GITHUB_ENV\}?$/.test(w.text))) {
      for (const w of words.slice(1)) {
        const m = /^([A-Za-z_]\w*)=(.+)$/.exec(w.text);
        if (w.redirect || !m) continue;
        const from = m[1]!.length + 1;
        const vs = w.map[from]!;
        const ve = w.map[w.text.length - 1]! + 1;
        // Only a value written as it reads (no quoting or escapes inside it) is a range of the source.
        if (ve - vs !== w.text.length - from) continue;
        values.push({ path: [m[1]!], start: vs, end: ve, refs: scanRefs(source, vs, ve, ['brace', 'dollar']), parent: opts.parent ?? 'shell', anchor });
      }
    }
    compares.push(c);
  }
  // A jq of a function reading its argument: the answer of the last call before the first call of the function after one.
  const useTie = (fn: string, after: number): Tie | null => {
    for (const use of commands) {
      if (use.words[0]?.text !== fn || use.start < after) continue;
      const call = last(calls, (x) => x.start < use.start && (!x.into || x.into.status));
      if (call?.tie) return call.tie;
    }
    return null;
  };
  for (const name of opts.uses?.keys() ?? []) opts.uses!.set(name, useTie(name, -1));
  const unresolved: typeof deferred = [];
  for (const d of deferred) {
    const tie = useTie(d.fn, d.c.start);
    if (tie) sites.push(...jqSites(d.filter, tie, d.anchor));
    else unresolved.push(d);
  }
  // A library of checks (`check_result() { jq -e '.advice' "$1"; }`): the scripts that source it and call them after a call.
  if (unresolved.length > 0 && !opts.uses && ctx.filePath && calls.length === 0) {
    for (const s of sourcingScripts(ctx.filePath)) {
      const uses = new Map<string, Tie | null>(unresolved.map((d) => [d.fn, null]));
      readShell(s.text, { ...ctx, filePath: s.path }, 0, s.text.length, { uses });
      for (const d of [...unresolved]) {
        const tie = uses.get(d.fn);
        if (!tie) continue;
        sites.push(...jqSites(d.filter, tie, d.anchor));
        unresolved.splice(unresolved.indexOf(d), 1);
      }
      if (unresolved.length === 0) break;
    }
  }
  // Status comparisons, once every call is known (a `$( curl … )` inside the comparison is read after it).
  for (const c of compares) {
    const anchor = startOf(c.start);
    // `case "$status" in 200|202) … esac`: each code of a pattern is compared with the status.
    const cv = c.words[0]?.text === 'case' && c.words[2]?.text === 'in' ? /^\$\{?(\w+)\}?$/.exec(c.words[1]!.text) : null;
    const caseCall = cv ? last(calls, (x) => x.into?.name === cv[1] && x.into.status && x.start < c.start) : undefined;
    if (caseCall?.tie) {
      const esac = commands.find((x) => x.start > c.start && x.words[0]?.text === 'esac');
      for (const p of commands) {
        if (p.start <= c.start || (esac && p.start >= esac.start)) continue;
        const w = p.words[0];
        const code = w && /^\(?(\d{3})\)?$/.exec(w.text);
        if (code) sites.push(...statusSites(Number(code[1]), caseCall.tie, ctx.changes, { start: w.start, end: w.end, anchor: startOf(p.start) }));
      }
      continue;
    }
    for (let k = 1; k < c.words.length - 1; k++) {
      if (!/^(==|=|!=|-eq|-ne)$/.test(c.words[k]!.text)) continue;
      const [a, b] = [c.words[k - 1]!, c.words[k + 1]!];
      const v = /^\$\{?(\w+)\}?$/.exec(a.text) ?? /^\$\{?(\w+)\}?$/.exec(b.text);
      const code = /^\d{3}$/.exec(b.text) ?? /^\d{3}$/.exec(a.text);
      if (!code || (!v && !a.subs.length && !b.subs.length)) continue;
      // `[ "$status" = 202 ]`, or the call itself: `test "$(curl -w '%{http_code}' …)" = 202`.
      const call = v ? last(calls, (x) => x.into?.name === v[1] && x.into.status && x.start < c.start) : last(calls, (x) => !!x.status && [a, b].some((w) => x.start >= w.start && x.start < w.end));
      if (call?.tie) sites.push(...statusSites(Number(code[0]), call.tie, ctx.changes, { start: a.start, end: b.end, anchor }));
    }
  }
  // A here-doc's text is searched like the rest, its markers above the command that writes it.
  return { values, skip, loose: true, sites, looseSpans: script.heredocs.map((h) => ({ ...h, anchor: startOf(h.anchor) ?? h.anchor })) };
}

/** The filter of a jq command: its first word that is not an option, an option's argument or a redirection. */
function jqFilter(words: readonly Word[]): Word | undefined {
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    if (w.redirect) continue;
    else if (JQ_OPTS_WITH_ARGS[w.text]) k += JQ_OPTS_WITH_ARGS[w.text]!;
    else if (w.text.startsWith('-')) continue;
    else return w;
  }
  return undefined;
}

/** The functions a script defines (`name() {` … a closing `}` at the start of a line), with their spans. */
function functionSpans(source: string, start: number, end: number): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  for (const m of source.slice(start, end).matchAll(/^[ \t]*(?:function[ \t]+([A-Za-z_][\w-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w-]*)[ \t]*\(\))[ \t]*\{?[ \t]*(?:#[^\n]*)?\n[\s\S]*?^[ \t]*\}/gm)) {
    out.push({ name: (m[1] ?? m[2])!, start: start + m.index, end: start + m.index + m[0].length });
  }
  return out;
}

/** Whether a word is a function's argument (`"$1"`), or a variable the function sets to one (`local f="$1"`). */
function readsArgument(text: string, source: string, fn: { start: number; end: number }): boolean {
  if (/^\$\{?[1-9]\}?$/.test(text)) return true;
  const v = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(text)?.[1];
  return !!v && new RegExp(`(?:^|[\\s;])${v}=["']?\\$\\{?[1-9]\\}?["']?(?=[\\s;]|$)`, 'm').test(source.slice(fn.start, fn.end));
}

/** Whether a jq command reads no input (`-n`, `--null-input`, or `-n` among short options: `-nc`, `-rn`). */
function nullInput(words: readonly Word[]): boolean {
  return words.some((w) => !w.redirect && (w.text === '--null-input' || /^-[A-Za-z]*n[A-Za-z]*$/.test(w.text)));
}

/** The variable a jq command reads (`<<<"$answer"`). */
function jqInput(words: readonly Word[]): string | undefined {
  let input: string | undefined;
  for (const w of words) if (w.redirect === '<<<') input = /^\$\{?(\w+)\}?$/.exec(w.text)?.[1];
  return input;
}

function last<T>(list: readonly T[], test: (x: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return list[i];
  return undefined;
}

/** The literal setting a word names (`${MODE}`, `$MODE`): the last value set for it, when it holds no reference. */
function settings(source: string, values: readonly ConfigValue[]): (text: string) => Forwarded | null {
  const byName = new Map<string, ConfigValue>();
  for (const v of values) byName.set(v.path[v.path.length - 1]!, v);
  return (text) => {
    const m = /^\$(?:\{([A-Za-z_]\w*)\}|\(([A-Za-z_]\w*)\)|([A-Za-z_]\w*))$/.exec(text);
    if (!m) return null;
    const name = m[1] ?? m[2] ?? m[3]!;
    const v = byName.get(name);
    if (!v) return null;
    const lit = literalOf(source, v);
    return lit && lit.text !== '' ? { ...lit, name, anchor: v.anchor } : null;
  };
}
