import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import type { Path } from '../../../codemods/engine/ast';
import { analyzeSource } from '../../../codemods/engine';
import type { FileContext } from '../../../codemods/engine/file';

/**
 * Cases for the tie modules, typescript-eslint style: a snippet marks the expression under test with a
 * `/*@*\/` comment right before it; `at` parses the snippet (with no changes selected, so no rule runs) and
 * returns the context and the path of the outermost node that starts there.
 */
export function at(code: string, filePath = 'case.ts'): { ctx: FileContext; path: Path } {
  const mark = code.indexOf('/*@*/');
  if (mark < 0) throw new Error('no /*@*/ marker in the case');
  const ctx = analyzeSource(code, { config: defaultConfig, filePath, only: ['sandbox-refresh'] });
  let start = mark + '/*@*/'.length;
  while (/\s/.test(code[start]!)) start++;
  let found: Path | null = null;
  ctx.root.find(ctx.j.Node).forEach((p: Path) => {
    if (!found && p.node.start === start && p.node.type !== 'ExpressionStatement') found = p;
  });
  if (!found) throw new Error(`no node starts at the marker in: ${code}`);
  return { ctx, path: found };
}

export const V1 = defaultConfig.environments.production!.v1.baseUrl;
export const V1_SANDBOX = defaultConfig.environments.sandbox!.v1.baseUrl;

/**
 * One tie module's cases: each valid snippet's marked expression evaluates to an object matching `expect`;
 * each invalid one to null.
 */
export function tieCases(
  title: string,
  evaluate: (ctx: FileContext, path: Path) => unknown,
  valid: { code: string; expect: Record<string, unknown> }[],
  invalid: string[],
): void {
  describe(title, () => {
    it.each(valid)('$code', ({ code, expect: want }) => {
      const { ctx, path } = at(code);
      expect(evaluate(ctx, path)).toMatchObject(want);
    });
    it.each(invalid)('not ours: %s', (code) => {
      const { ctx, path } = at(code);
      expect(evaluate(ctx, path)).toBeNull();
    });
  });
}
