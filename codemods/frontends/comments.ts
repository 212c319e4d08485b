import * as path from 'node:path';
import { COMMENTS, type CommentStyle } from '../markers';

/**
 * The comment syntax of a file, by extension or name, for marker comments. Null where the format has none
 * (JSON, Markdown, CSV, plain text): manual sites there appear in reports only.
 */
const BY_EXTENSION: Record<string, CommentStyle> = {};
const set = (style: CommentStyle, exts: string[]) => exts.forEach((e) => (BY_EXTENSION[e] = style));
set(COMMENTS.hash, ['sh', 'bash', 'zsh', 'ksh', 'fish', 'py', 'pyi', 'rb', 'rake', 'gemspec', 'pl', 'pm', 'r', 'toml', 'properties', 'tf', 'tfvars', 'hcl', 'mk', 'cfg', 'conf', 'ps1', 'psm1', 'cmake', 'ex', 'exs', 'jl', 'cr', 'nim', 'yaml', 'yml', 'env', 'dockerfile', 'containerfile', 'nginx', 'caddyfile', 'tcl', 'coffee', 'gradle-properties']);
set(COMMENTS.slash, ['go', 'java', 'kt', 'kts', 'swift', 'cs', 'php', 'c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx', 'ipp', 'rs', 'scala', 'sc', 'dart', 'groovy', 'gradle', 'm', 'mm', 'fs', 'fsx', 'zig', 'proto', 'xcconfig', 'jsonc', 'json5', 'scss', 'less', 'sol', 'v', 'js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs', 'mts', 'cts', 'gs', 'cls', 'trigger', 'apex']);
set(COMMENTS.dash, ['sql', 'sq', 'sqm', 'lua', 'luau', 'hs', 'elm', 'ada']);
set(COMMENTS.semicolon, ['ini', 'clj', 'cljs', 'cljc', 'edn', 'el', 'lisp', 'scm', 'asm']);
set(COMMENTS.html, ['xml', 'plist', 'html', 'htm', 'xhtml', 'svg', 'csproj', 'vbproj', 'fsproj', 'props', 'targets', 'xaml', 'storyboard', 'xib', 'config', 'vue', 'svelte', 'astro', 'twig', 'erb', 'njk', 'hbs', 'mustache']);
set(COMMENTS.block, ['css']);

const BY_NAME: Record<string, CommentStyle> = {
  dockerfile: COMMENTS.hash,
  containerfile: COMMENTS.hash,
  makefile: COMMENTS.hash,
  gnumakefile: COMMENTS.hash,
  gemfile: COMMENTS.hash,
  rakefile: COMMENTS.hash,
  podfile: COMMENTS.hash,
  procfile: COMMENTS.hash,
  vagrantfile: COMMENTS.hash,
  jenkinsfile: COMMENTS.slash,
  caddyfile: COMMENTS.hash,
};

export function commentStyleFor(filePath: string): CommentStyle | null {
  const base = path.basename(filePath).toLowerCase();
  if (BY_NAME[base]) return BY_NAME[base]!;
  if (base.startsWith('dockerfile') || base.endsWith('.dockerfile')) return COMMENTS.hash;
  if (base.startsWith('.env')) return COMMENTS.hash;
  const ext = path.extname(base).slice(1);
  return BY_EXTENSION[ext] ?? null;
}

/** `sc-migrate-disable-next-line ids -- reason` / `sc-migrate-disable-line` in any comment syntax. */
const DIRECTIVE = /sc-migrate-disable-(next-line|line)\b([^\n]*)/;

/** Lines (1-based) a directive covers, with the change ids it names ('*' for all), for line-based front-ends. */
export function textDirectives(lines: readonly string[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  lines.forEach((text, i) => {
    const m = DIRECTIVE.exec(text);
    if (!m) return;
    const line = m[1] === 'next-line' ? i + 2 : i + 1;
    const ids = m[2]!.split('--')[0]!.replace(/-->|\*\/|\s*$/g, '').split(/[\s,]+/).filter(Boolean);
    const s = out.get(line) ?? new Set<string>();
    if (ids.length === 0) s.add('*');
    for (const id of ids) s.add(id);
    out.set(line, s);
  });
  return out;
}

export function isSuppressed(directives: Map<number, Set<string>>, line: number, change: string): boolean {
  const s = directives.get(line);
  return !!s && (s.has('*') || s.has(change));
}
