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

/**
 * The name a test's fixture gives the literal it holds and nothing else: RSpec's and Minitest's `let(:result) { {…} }`,
 * `let!`, `subject(:interview) do {…} end`, pytest's `@pytest.fixture def question(): return {…}`.
 */
export function fixtureName(ctx: Ctx, container: SgNode, scope: SgNode, fn: { name: string | null; node: SgNode } | null): string | null {
  const { source } = ctx.file;
  if (fn?.name) return /@(?:pytest\.)?fixture\b[^\n]*\n\s*(?:async\s+)?def\s+\w+\s*\([^)]*\)[^:\n]*:\s*$/.test(source.slice(Math.max(0, span(fn.node).start - 200), span(fn.node).start) + source.slice(span(fn.node).start, span(fn.node).start + source.slice(span(fn.node).start).indexOf(':') + 1)) ? fn.name : null;
  const call = scope.parent();
  if (!call || call.kind() !== 'call' || !/^(?:do_)?block$/.test(scope.kind() as string)) return null;
  const m = /^(?:let!?|subject|given!?)\s*\(?\s*:(\w+)\s*\)?\s*(?:\{|do\b)/.exec(call.text());
  if (!m) return null;
  // The block holds one literal (`{…}`, `[…]`), the container or one around it.
  const { start, end } = span(scope);
  const inner = /^(?:\{|do\b)\s*([[{][\s\S]*[\]}])\s*(?:\}|end)$/.exec(source.slice(start, end));
  const from = inner ? start + source.slice(start, end).indexOf(inner[1]!) : -1;
  const at = span(container);
  return inner && closes(inner[1]!) && from <= at.start && at.end <= from + inner[1]!.length ? m[1]! : null;
}

/** Whether a text's first bracket is closed by its last character (one literal, not `{…}.merge({…})`). */
function closes(text: string): boolean {
  let depth = 0;
  for (let k = 0; k < text.length; k++) {
    if ('[{('.includes(text[k]!)) depth++;
    else if (']})'.includes(text[k]!) && --depth === 0) return k === text.length - 1;
  }
  return false;
}
