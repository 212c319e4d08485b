import type { SgNode } from '@ast-grep/napi';
import { all, childOf, namedKids } from '../lang';

/** A class method that builds a model of its class: `Result.new(…)`, `Result.from_hash(h)`, `Result.parse(json)`. */
const BUILDS = /^(?:::)?(?:[A-Z]\w*::)*([A-Z]\w*)\.(?:new|from_\w+|build|parse|wrap|load)\b/;
/** A list of them: `list.map { |q| Question.from_hash(q) }`. */
const MAPS = /\.map\s*(?:\{|do\b)\s*(?:\|[^|]*\|)?\s*(?:::)?(?:[A-Z]\w*::)*([A-Z]\w*)\.(?:new|from_\w+|build|parse|wrap|load)\b[^{}]*(?:\}|end)$/s;

/**
 * The model a Ruby method returns by building it: its last expression, and every `return`, is a class method of
 * one capitalised type that builds it (`Result.from_hash(get("results/…"))`), or a `.map` of the items into it.
 * A method that returns two types, or anything else besides, returns none.
 */
export function rubyBuiltReturn(fn: SgNode): string | null {
  const body = childOf(fn, 'body_statement');
  const last = body ? namedKids(body).filter((c) => c.kind() !== 'comment').pop() : undefined;
  if (!last) return null;
  const exprs = [last, ...all(body!, 'return').flatMap((r) => namedKids(childOf(r, 'argument_list') ?? r).slice(0, 1))];
  let type: string | null = null;
  for (const e of exprs) {
    if (e.kind() !== 'call') return null;
    const text = e.text().trim();
    // The whole expression is that call (not `Result.new(…).advice`).
    const built = BUILDS.exec(text);
    const m = built && wholeCall(e) ? built : MAPS.exec(text);
    if (!m) return null;
    if (type && type !== m[1]) return null;
    type = m[1]!;
  }
  return type;
}

/** `X.m(…)` with its argument list last: the call builds X, nothing is read from what it built. */
function wholeCall(call: SgNode): boolean {
  const kids = namedKids(call);
  const recv = kids[0];
  return !!recv && /^(constant|scope_resolution)$/.test(recv.kind() as string) && kids.length <= 3 && (kids.length < 3 || kids[2]!.kind() === 'argument_list');
}
