import type { Collection, JSCodeshift } from 'jscodeshift';
import * as path from 'node:path';
import { lazyModule } from '../../lib/lazy';
import { ParseError } from '../types';

/** jscodeshift parser for a file, by extension: TypeScript parsers for .ts/.tsx, babel (JSX, Flow) for the rest. */
export function parserFor(filePath: string): 'ts' | 'tsx' | 'babylon' {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.ts' || ext === '.mts' || ext === '.cts') return 'ts';
  if (ext === '.tsx') return 'tsx';
  return 'babylon';
}

/**
 * JavaScript and TypeScript files by extension. Google Apps Script's `.gs` files are JavaScript (V8 runtime: ES2019
 * and later, no modules; every file of a project shares one global scope), read by the same engine.
 */
export const SOURCE_EXTENSIONS = ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts', '.gs'];

/**
 * jscodeshift's own parser configurations (the same babel options `--parser=ts|tsx|babylon` uses). The
 * engine edits text ranges and never reprints, so it parses with them directly instead of through recast,
 * which also copies the tree and keeps tokens for reprinting (3–6 times the cost), and hands the tree to
 * `j(ast)`: the same Collection API, paths and scopes.
 */
const babylonFactory = lazyModule<(options: object) => { parse(code: string): unknown }>('jscodeshift/parser/babylon');
const tsOptions = lazyModule<{ plugins: unknown[] }>('jscodeshift/parser/tsOptions');
/** jscodeshift itself (recast, ast-types: 100 ms), loaded with the first JS/TS file, not at start-up. */
const jscodeshift = lazyModule<typeof import('jscodeshift')>('jscodeshift');

/**
 * jscodeshift's option sets, without the token list that only recast's reprinting needs, and without attaching
 * comments to nodes (`leadingComments`, …: Babel's own walk after the parse; the engine reads only the file's
 * `comments` list, which Babel still fills).
 */
function parserOptions(name: ParserName): object {
  // `import manifest from './deno.json' assert { type: 'json' }` (Fresh's generated manifest, Node 16–20 code): the
  // older spelling of import attributes, still common, parsed as well as `with`.
  const ts = tsOptions();
  const withoutTokens = { ...ts, plugins: [...ts.plugins, 'deprecatedImportAssert'], tokens: false, attachComment: false };
  if (name === 'ts') return withoutTokens;
  if (name === 'tsx') return { ...withoutTokens, plugins: ['jsx', ...withoutTokens.plugins] };
  // jscodeshift's `babylon` set: Flow and JSX on top of the proposals the TypeScript set enables.
  return {
    ...withoutTokens,
    plugins: [
      ['flow', { all: true }],
      'flowComments',
      'jsx',
      ['decorators', { decoratorsBeforeExport: false }],
      'logicalAssignment',
      ...withoutTokens.plugins.filter((p) => p !== 'typescript' && p !== 'decorators-legacy'),
    ],
  };
}
const parsers = new Map<string, { parse(code: string): unknown }>();

export type ParserName = ReturnType<typeof parserFor>;

/** Parse with jscodeshift's parser for the file (or the one named); a syntax error becomes a ParseError with its position. */
export function parse(j: JSCodeshift, source: string, filePath: string, parserName?: ParserName): Collection {
  return j(parseAst(source, filePath, parserName) as Parameters<JSCodeshift>[0]);
}

/** The plain Babel tree of a source, as `parse` reads it (no paths, no scopes). Throws ParseError. */
export function parseAst(source: string, filePath: string, parserName?: ParserName): unknown {
  const name = parserName ?? parserFor(filePath);
  let parser = parsers.get(name);
  if (!parser) {
    parser = babylonFactory()(parserOptions(name));
    parsers.set(name, parser);
  }
  try {
    return parser.parse(source);
  } catch (err) {
    const e = err as Error & { loc?: { line: number; column: number } };
    const line = e.loc?.line;
    const column = e.loc ? e.loc.column + 1 : undefined;
    throw new ParseError(`${filePath}: ${e.message.replace(/\s*\(\d+:\d+\)\s*$/, '')}`, line, column);
  }
}

/** jscodeshift bound to the file's parser; one per parser (`withParser` copies every builder and type each call). */
export function jscodeshiftFor(filePath: string, parserName?: ParserName): JSCodeshift {
  const name = parserName ?? parserFor(filePath);
  let j = bound.get(name);
  if (!j) {
    j = jscodeshift().withParser(name);
    bound.set(name, j);
  }
  return j;
}
const bound = new Map<ParserName, JSCodeshift>();
