import { createRequire } from 'node:module';
import type { SgRoot } from '@ast-grep/napi';

/**
 * The parsers: `@ast-grep/napi` and one `@ast-grep/lang-*` package per language, each shipping prebuilt
 * tree-sitter grammars (Linux x64/arm64, macOS x64/arm64, Windows x64). They are loaded once, on first use.
 * A grammar that is missing or cannot be loaded on this platform is not an error: the language is reported
 * as skipped with the reason, and its files get the plain-text pass.
 */

const load = createRequire(__filename);

export type GrammarState = { ok: true } | { ok: false; reason: string };

interface Registration {
  libraryPath: string;
  extensions: string[];
  languageSymbol?: string;
  expandoChar?: string;
}

let napi: typeof import('@ast-grep/napi') | null = null;
let napiError: string | null = null;
const states = new Map<string, GrammarState>();
let registered = false;

/** Test hook: pretend these grammar packages are absent. */
const hidden = new Set<string>((process.env.SC_MIGRATE_HIDE_GRAMMARS ?? '').split(',').filter(Boolean));

/** Load every grammar in `packages` (language id → package name) and register those that load, once. */
export function registerGrammars(packages: Record<string, string>): void {
  if (registered) return;
  registered = true;
  try {
    napi = load('@ast-grep/napi') as typeof import('@ast-grep/napi');
  } catch (err) {
    napiError = `@ast-grep/napi cannot be loaded on ${process.platform}-${process.arch}: ${(err as Error).message.split('\n')[0]}`;
    return;
  }
  const regs: Record<string, Registration> = {};
  for (const [lang, pkg] of Object.entries(packages)) {
    try {
      if (hidden.has(lang)) throw new Error(`Cannot find module '${pkg}'`);
      const mod = load(pkg) as Registration;
      // libraryPath is a getter that throws when the platform has no prebuilt parser.
      regs[lang] = { libraryPath: mod.libraryPath, extensions: mod.extensions, languageSymbol: mod.languageSymbol, expandoChar: mod.expandoChar };
    } catch (err) {
      states.set(lang, { ok: false, reason: `grammar ${pkg} is not available on ${process.platform}-${process.arch} (${(err as Error).message.split('\n')[0]})` });
    }
  }
  try {
    napi.registerDynamicLanguage(regs);
    for (const lang of Object.keys(regs)) states.set(lang, { ok: true });
  } catch (err) {
    for (const lang of Object.keys(regs)) states.set(lang, { ok: false, reason: `grammars could not be registered: ${(err as Error).message.split('\n')[0]}` });
  }
}

export function grammarState(lang: string): GrammarState {
  if (napiError) return { ok: false, reason: napiError };
  return states.get(lang) ?? { ok: false, reason: `no grammar registered for ${lang}` };
}

export function parseWith(lang: string, source: string): SgRoot {
  if (!napi) throw new Error(napiError ?? 'grammars not registered');
  return napi.parse(lang, source);
}
