import type { SgNode } from '@ast-grep/napi';
import { words } from '../../engine/words';
import { endpointOfCall } from './case-endpoints';
import type { Ctx } from './context';
import { span } from './lang';

/** Words by which a function's name says it returns a canned sample of an answer (`interview_json`, `resultFixture`, `sample_question`). */
const SAMPLE_WORDS = new Set(['json', 'fixture', 'sample', 'stub', 'fake', 'canned']);

/**
 * The name of a test helper that returns a sample of an answer and nothing else (ExUnit's `def interview_json(overrides
 * \\ %{}), do: Map.merge(%{…}, overrides)`, `def result_json do %{…} end`, a Kotlin `fun questionJson() = mapOf(…)`):
 * the literal is its last expression, wrapped at most in a call given its overrides, and the function calls none of
 * the API's endpoints. Named for the sample (its words), not a plain helper's name (`def interview()`).
 */
export function sampleFunction(ctx: Ctx, container: SgNode, scope: SgNode): string | null {
  const { file } = ctx;
  if (scope === file.root) return null;
  const fn = file.functions().find((f) => f.start === span(scope).start && f.end === span(scope).end);
  if (!fn?.name || !words(fn.name).some((w) => SAMPLE_WORDS.has(w))) return null;
  const at = span(container);
  // Last: what follows is at most the overrides it is merged with and the closing of the call and the function.
  if (!/^(?:\s*,\s*[\w.]+)?\s*\)?\s*[;.]?\s*(?:end|\})?\s*$/.test(file.source.slice(at.end, fn.end))) return null;
  // (Elixir's head `interview_json(overrides)` is a call node of its own name.)
  if (file.x.calls.some((c) => c.callee !== fn.name && span(c.node).start >= fn.start && span(c.node).end <= fn.end && endpointOfCall(ctx.index, c))) return null;
  return fn.name;
}
