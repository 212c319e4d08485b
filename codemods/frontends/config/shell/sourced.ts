import * as fs from 'node:fs';
import * as path from 'node:path';
import { assignments } from '../assignments';
import { baseVariables } from '../calls';
import type { ShellContext } from '.';

/**
 * Functions that wrap a curl to the API: `call() { … curl … "${SC_API_BASE}${path}" }`, with whether they print
 * the status (`-w '%{http_code}'`).
 */
export function wrapperFunctions(text: string, isBaseVar: (name: string) => boolean): Map<string, { status: boolean }> {
  const out = new Map<string, { status: boolean }>();
  for (const m of text.matchAll(/^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]*)[ \t]*\(\)[ \t]*\{?[ \t]*\n([\s\S]*?)^[ \t]*\}/gm)) {
    const body = m[2]!;
    const curl = /\bcurl\b[\s\S]*?\$\{?([A-Za-z_]\w*)\}?\$\{?\w+/.exec(body);
    if (curl && isBaseVar(curl[1]!)) out.set(m[1]!, { status: /http_code/.test(body) });
  }
  return out;
}

const MAX_LIBRARY = 256 * 1024;

/**
 * The wrappers of the libraries a script sources: `source "${HERE}/../lib/common.sh"`, `. "$(dirname "$0")/lib.sh"`,
 * `. ./lib.sh`. A leading variable or command substitution is taken for the script's folder (the usual idiom);
 * the rest of the path is read relative to that folder. A library that cannot be read adds nothing.
 */
export function sourcedWrappers(source: string, start: number, end: number, ctx: ShellContext): Map<string, { status: boolean }> {
  const out = new Map<string, { status: boolean }>();
  if (!ctx.filePath || !path.isAbsolute(ctx.filePath)) return out;
  const dir = path.dirname(ctx.filePath);
  const re = /^[ \t]*(?:source|\.)[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s;&|]+))/gm;
  for (const m of source.slice(start, end).matchAll(re)) {
    const rel = (m[1] ?? m[2] ?? m[3]!).replace(/^(?:\$\{?\w+\}?|\$\((?:[^()]|\([^()]*\))*\))(?=\/)/, '.');
    if (/[$`*?]/.test(rel) || path.isAbsolute(rel)) continue;
    const abs = path.resolve(dir, rel);
    if (abs === ctx.filePath) continue;
    let text: string;
    try {
      if (fs.statSync(abs).size > MAX_LIBRARY) continue;
      text = fs.readFileSync(abs, 'utf8');
    } catch {
      continue;
    }
    const values = assignments(text, 0, text.length, { parent: 'shell' });
    for (const [name, w] of wrapperFunctions(text, baseVariables(ctx.config, text, values))) out.set(name, w);
  }
  return out;
}
