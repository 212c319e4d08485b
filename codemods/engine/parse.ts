import jscodeshift, { type Collection, type JSCodeshift } from 'jscodeshift';
import * as path from 'node:path';
import { ParseError } from '../types';

/** jscodeshift parser for a file, by extension: TypeScript parsers for .ts/.tsx, babel (JSX, Flow) for the rest. */
export function parserFor(filePath: string): 'ts' | 'tsx' | 'babylon' {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.ts' || ext === '.mts' || ext === '.cts') return 'ts';
  if (ext === '.tsx') return 'tsx';
  return 'babylon';
}

export const SOURCE_EXTENSIONS = ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts'];

/** Parse with jscodeshift; a syntax error becomes a ParseError with its position. */
export function parse(j: JSCodeshift, source: string, filePath: string): Collection {
  try {
    return j(source);
  } catch (err) {
    const e = err as Error & { loc?: { line: number; column: number }; lineNumber?: number };
    const line = e.loc?.line ?? e.lineNumber;
    const column = e.loc ? e.loc.column + 1 : undefined;
    throw new ParseError(`${filePath}: ${e.message.replace(/\s*\(\d+:\d+\)\s*$/, '')}`, line, column);
  }
}

export function jscodeshiftFor(filePath: string): JSCodeshift {
  return jscodeshift.withParser(parserFor(filePath));
}
