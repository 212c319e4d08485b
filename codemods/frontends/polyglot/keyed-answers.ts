import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import { containerTie, pathKey, type ContainerTie, type Ctx } from './context';
import { CANNED } from './canned-answers';
import { namedKids, sameNode } from './lang';
import { resourcesOfField } from './vocabulary';

/**
 * Canned answers keyed by the URL they answer (Laravel's `Http::fake([url => Http::response(body, status)])`), and the
 * items of a list held under a key of a stubbed body: what their keys are in the resource.
 */

/** List literals: Python's, JavaScript-like arrays, PHP's `[…]` (whose items are keyless elements). */
const LIST = /^(?:list|array|array_creation_expression)$/;

/**
 * An item of a list held under a key of a canned answer (`'options' => [['token' => 'o-1', 'preselected_value' => null]]`,
 * `"options": [{…}]`), or of a sample a name ties (`RESULT = {"triage_explanation": {"potential_condition": [{…}]}}`):
 * one of that key's items, not the sample itself. A list key at the top of the answer that no field of the resource
 * starts with (a page's `results`) holds the resource's own items.
 */
export function itemOf(ctx: Ctx, container: SgNode, depth: number): ContainerTie | null {
  const { file, vocab } = ctx;
  let list = container.parent();
  if (list?.kind() === 'array_element_initializer' && namedKids(list).length === 1) list = list.parent();
  if (!list || !LIST.test(list.kind() as string)) return null;
  const holder = file.x.pairs.find((p) => p.value && sameNode(p.value, list!) && !p.named);
  const t = holder ? containerTie(ctx, holder.container, depth + 1) : null;
  if (!t || (!t.answer && !t.stub && t.via !== 'url' && t.via !== 'name')) return null;
  const path = [...t.path, pathKey(ctx, holder!)];
  const part = [...vocab.fieldNames].some((f) => resourcesOfField(vocab, f, 'response').some((r) => r.resource === t.resource && path.every((x, i) => r.path[i] === x) && r.path.length > path.length));
  return part || t.path.length > 0 ? { ...t, path } : t;
}

/**
 * A canned answer keyed by the URL it answers (Laravel's `Http::fake(['…/interviews/anonymous/' => Http::response([…], 201)])`):
 * the literal is the first argument of a response helper that is the value of a key naming one resource.
 */
export function keyedAnswer(ctx: Ctx, container: SgNode): ContainerTie | null {
  const key = keyedStub(ctx, container);
  return key ? { resource: key.resource, path: [], via: 'url', sent: false, answer: true } : null;
}

/** The key naming one resource (and that resource) whose value is the response helper's call that takes this argument first. */
export function keyedStub(ctx: Ctx, first: SgNode): { resource: ResourceName; node: SgNode } | null {
  const { file } = ctx;
  const holder = file.x.calls.find((c) => CANNED.test(c.callee) && c.args.length > 0 && sameNode(c.args[0]!, first));
  if (!holder) return null;
  const pair = file.x.pairs.find((p) => p.value && sameNode(p.value, holder.node));
  const refs = pair && !pair.named ? file.resourcesIn(pair.keyNode) : [];
  return refs.length === 1 ? { resource: refs[0]!.resource, node: pair!.keyNode } : null;
}
