import * as fs from 'node:fs';
import * as path from 'node:path';
import { assignments } from '../assignments';
import { baseVariables } from '../calls';
import type { ShellContext } from '.';
import type { Command } from './words';

/**
 * Functions that wrap a curl to the API: `call() { … curl … "${SC_API_BASE}${path}" }`, with whether they print
 * the status (`-w '%{http_code}'`).
 */
export function wrapperFunctions(text: string, isBaseVar: (name: string) => boolean): Map<string, { status: boolean }> {
  const out = new Map<string, { status: boolean }>();
  for (const m of text.matchAll(/^[ \t]*(?:function[ \t]+([A-Za-z_][\w-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w-]*)[ \t]*\(\))[ \t]*\{?[ \t]*\n([\s\S]*?)^[ \t]*\}/gm)) {
    const body = m[3]!;
    const curl = /\bcurl\b[\s\S]*?\$\{?([A-Za-z_]\w*)\}?\$\{?\w+/.exec(body);
    if (curl && isBaseVar(curl[1]!)) out.set((m[1] ?? m[2])!, { status: /http_code/.test(body) });
  }
  return out;
}

const MAX_LIBRARY = 256 * 1024;

/**
 * The wrappers of the libraries a script sources: `source "${HERE}/../lib/common.sh"`, `. "$(dirname "$0")/lib.sh"`,
 * `. ./lib.sh`. A leading variable or command substitution is taken for the script's folder (the usual idiom);
 * the rest of the path is read relative to that folder. A library that cannot be read adds nothing.
 */
export function sourcedWrappers(commands: readonly Command[], ctx: ShellContext): Map<string, { status: boolean }> {
  const out = new Map<string, { status: boolean }>();
  if (!ctx.filePath || !path.isAbsolute(ctx.filePath)) return out;
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
    for (const [name, w] of wrapperFunctions(text, baseVariables(ctx.config, text, values))) out.set(name, w);
  }
  return out;
}

function readLibrary(abs: string): string | null {
  try {
    return fs.statSync(abs).size > MAX_LIBRARY ? null : fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}
