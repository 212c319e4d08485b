import * as fs from 'node:fs';
import * as path from 'node:path';
import { assignments } from '../assignments';
import { baseVariables } from '../calls';
import type { ShellContext } from '.';
import { modeSetters, type ModeSetters } from './mode-setters';
import { literalOf } from '../rules';
import { allCommands, parseScript, type Command } from './words';

const FUNCTION = /^[ \t]*(?:function[ \t]+([A-Za-z_][\w-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w-]*)[ \t]*\(\))[ \t]*\{?[ \t]*(?:#[^\n]*)?\n([\s\S]*?)^[ \t]*\}/gm;

export type Wrappers = Map<string, { status: boolean }>;

/**
 * Functions that run a curl to whatever URL they are given (`http_call METHOD URL BODY OUT`), with whether they
 * print the status (`-w '%{http_code}'`): a wrapper of the API may call one instead of curl.
 */
export function curlFunctions(text: string): Wrappers {
  const out: Wrappers = new Map();
  for (const m of text.matchAll(FUNCTION)) if (/(^|[\s;&|(])curl\b/.test(m[3]!)) out.set((m[1] ?? m[2])!, { status: /http_code/.test(m[3]!) });
  return out;
}

/**
 * Functions that wrap a curl to the API: `call() { … curl … "${SC_API_BASE}${path}" }`, or a call of a curl
 * function with such a URL (`api() { http_call "$1" "${SC_API_BASE}$2" "$3"; }`), with whether they print the
 * status (`-w '%{http_code}'`, here or in the curl function).
 */
export function wrapperFunctions(text: string, isBaseVar: (name: string) => boolean, curls: Wrappers = new Map()): Wrappers {
  const out: Wrappers = new Map();
  const names = ['curl', ...curls.keys()];
  const call = new RegExp(`(?:^|[\\s;&|(])(${names.join('|')})(?=\\s)[\\s\\S]*?\\$\\{?([A-Za-z_]\\w*)\\}?\\/?\\$\\{?\\w+`);
  for (const m of text.matchAll(FUNCTION)) {
    const body = m[3]!;
    const c = call.exec(body);
    if (c && isBaseVar(c[2]!)) out.set((m[1] ?? m[2])!, { status: /http_code/.test(body) || !!curls.get(c[1]!)?.status });
  }
  return out;
}

const MAX_LIBRARY = 256 * 1024;

/**
 * The wrappers of the libraries a script sources: `source "${HERE}/../lib/common.sh"`, `. "$(dirname "$0")/lib.sh"`,
 * `. ./lib.sh`. A leading variable or command substitution is taken for the script's folder (the usual idiom);
 * the rest of the path is read relative to that folder. A library that cannot be read adds nothing.
 */
export function sourcedWrappers(commands: readonly Command[], ctx: ShellContext): { wrappers: Wrappers; curls: Wrappers; setters: ModeSetters; constants: Map<string, string> } {
  const wrappers: Wrappers = new Map();
  const curls: Wrappers = new Map();
  const setters: ModeSetters = new Map();
  const constants = new Map<string, string>();
  const none = { wrappers, curls, setters, constants };
  if (!ctx.filePath || !path.isAbsolute(ctx.filePath)) return none;
  const dir = path.dirname(ctx.filePath);
  for (const c of commands) {
    if ((c.words[0]?.text !== 'source' && c.words[0]?.text !== '.') || !c.words[1]) continue;
    const word = c.words[1].text;
    const lead = /^(?:\$\{[^}]*\}|\$\w+|\$\((?:[^()]|\([^()]*\))*\))(?=\/)/.exec(word);
    const rel = lead ? `.${word.slice(lead[0].length)}` : word;
    if (/[$`*?]/.test(rel) || path.isAbsolute(rel)) continue;
    // Relative to the script's folder; a plain relative path may be written for a run from a folder above it.
    const tries = lead ? [dir] : [dir, path.dirname(dir), path.dirname(path.dirname(dir))];
    const text = tries.map((d) => path.resolve(d, rel)).filter((abs) => abs !== ctx.filePath).map(readLibrary).find((t) => t !== null);
    if (!text) continue;
    const values = assignments(text, 0, text.length, { parent: 'shell' });
    const own = curlFunctions(text);
    for (const [name, w] of own) curls.set(name, w);
    const found = wrapperFunctions(text, baseVariables(ctx.config, text, values), new Map([...curls, ...own]));
    for (const [name, w] of found) wrappers.set(name, w);
    for (const [name, n] of modeSetters(text, [...wrappers.keys()])) setters.set(name, n);
    // Its constants (`readonly SC_MODE_SAFE="safe"`), for the values the script passes by name.
    for (const v of values) {
      const lit = v.path.length === 1 ? literalOf(text, v) : null;
      if (lit && lit.text !== '') constants.set(v.path[0]!, lit.text);
    }
  }
  return none;
}

function readLibrary(abs: string): string | null {
  try {
    return fs.statSync(abs).size > MAX_LIBRARY ? null : fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}

const SCRIPT = /\.(?:sh|bash|bats|ksh|zsh)$/;
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'vendor', 'target', '.venv']);
const MAX_VISITED = 2000;

/**
 * The scripts that source a library (`source "${HERE}/lib/checks.sh"`, `. "$ROOT/scripts/lib/checks.sh"`): scripts
 * under the library's folder and up to three folders above it, whose sourced path, after a leading variable or
 * command substitution, ends the library's path. A bounded walk (at most 2,000 entries, three levels down from each
 * folder, no dependency or build folders).
 */
export function sourcingScripts(libraryPath: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const base = path.basename(libraryPath);
  const seen = new Set<string>([libraryPath]);
  let visited = 0;
  const walk = (dir: string, depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (++visited > MAX_VISITED) return;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (depth < 3 && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(abs, depth + 1);
        continue;
      }
      if (!e.isFile() || !SCRIPT.test(e.name) || seen.has(abs)) continue;
      seen.add(abs);
      const text = readLibrary(abs);
      if (text && text.includes(base) && sources(text, abs, libraryPath)) out.push({ path: abs, text });
    }
  };
  let dir = path.dirname(libraryPath);
  for (let up = 0; up <= 3 && visited <= MAX_VISITED; up++) {
    walk(dir, 0);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}

/** Whether a script's `source` or `.` command names the library: as its folder's file, or by a path that ends the library's. */
function sources(text: string, scriptPath: string, libraryPath: string): boolean {
  let commands: Command[];
  try {
    commands = allCommands(parseScript(text, 0, text.length, {}).commands);
  } catch {
    return false;
  }
  for (const c of commands) {
    if ((c.words[0]?.text !== 'source' && c.words[0]?.text !== '.') || !c.words[1]) continue;
    const word = c.words[1].text;
    const lead = /^(?:\$\{[^}]*\}|\$\w+|\$\((?:[^()]|\([^()]*\))*\))(?=\/)/.exec(word);
    const rest = lead ? `.${word.slice(lead[0].length)}` : word;
    if (/[$`*?]/.test(rest) || path.isAbsolute(rest)) continue;
    if (path.resolve(path.dirname(scriptPath), rest) === libraryPath) return true;
    const tail = path.normalize(rest).replace(/^(?:\.\.?[\\/])+/, '');
    if (lead && tail && !tail.startsWith('..') && libraryPath.endsWith(path.sep + tail)) return true;
  }
  return false;
}
