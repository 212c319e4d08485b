import type { SgNode } from '@ast-grep/napi';
import { words } from '../../engine/words';
import type { Ctx } from './context';
import type { Segment, ValueTie } from './ties';

/**
 * A presenter or decorator that wraps one of the API's answers and reads it by key through its receiver: Ruby's
 * `class ResultPresenter < SimpleDelegator … self[:advice]`, a Draper decorator's `object[:advice]` aside, Python's
 * `class ResultPresenter(UserDict): … self["advice"]`. The class is named for the resource and a wrapper word; only a
 * key read of the receiver (`self[…]`, `self.dig(…)`, `self.fetch(…)`, `self.get(…)`) is the answer's, never a member
 * (`self.advice` is the presenter's own method).
 */
const WRAPPER_WORDS = new Set(['presenter', 'decorator', 'wrapper', 'facade', 'delegator']);
const RECEIVER = new Set(['self', 'this']);

export function wrappedReceiver(ctx: Ctx, receiver: Segment, node: SgNode): ValueTie | null {
  if (!RECEIVER.has(receiver.name)) return null;
  const after = ctx.file.source.slice(receiver.end, receiver.end + 24);
  if (!/^\s*(?:\[|\.\s*(?:dig|fetch|get)\s*\()/.test(after)) return null;
  for (let n: SgNode | null = node; n; n = n.parent()) {
    if (!/^class(?:_definition|_declaration)?$/.test(n.kind() as string)) continue;
    const name = /^\s*class\s+(?:[A-Z]\w*::)*([A-Z]\w*)/.exec(n.text())?.[1];
    const w = name ? words(name) : [];
    if (w.length < 2 || !WRAPPER_WORDS.has(w[w.length - 1]!)) return null;
    const tie = ctx.ties.model(name!.slice(0, name!.toLowerCase().lastIndexOf(w[w.length - 1]!)));
    return tie && tie.path.length === 0 ? { ...tie, model: null } : null;
  }
  return null;
}
