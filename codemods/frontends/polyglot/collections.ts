import type { SgNode } from '@ast-grep/napi';
import { words } from '../../engine/words';
import { columnSite } from '../sql';
import type { Ctx } from './context';
import { foreignAddressIn } from './foreign';
import { span, type Lit } from './lang';
import { modelTie, type ValueTie } from './ties';
import { resourcesOfField, type FieldSite, type Vocabulary } from './vocabulary';

/** Collection literals of the languages: Python lists and tuples, Ruby `[…]`, `%i[…]` and `%w[…]`, PHP `[…]`, Swift and Dart arrays. */
const COLLECTION = /^(list|array|tuple|set|symbol_array|string_array|array_literal|list_literal|array_creation_expression|collection_literal|array_expression|set_or_map_literal)$/;

/**
 * The name a collection literal is the value of, when a literal is one of its elements: `MODE_CHOICES = ["complaint", …]`,
 * `PROFILE_ATTRIBUTES = %i[age sex race].freeze`, `PROFILE_FIELDS = ("race", "height")`, or the key it is given under.
 */
export function heldCollection(ctx: Ctx, lit: Lit): { name: string; collection: SgNode } | null {
  let parent = valueArguments(ctx, lit) ?? lit.node.parent();
  // PHP wraps each element of `['complaint', 'safe']` in an initializer of its own (a keyed one is an entry, not an element).
  if (parent?.kind() === 'array_element_initializer' && !parent.children().some((c) => c.kind() === '=>')) parent = parent.parent();
  if (!parent || !(COLLECTION.test(parent.kind() as string) || ARGUMENTS.test(parent.kind() as string))) return null;
  const at = span(parent);
  // The whole value, less a freeze or a type annotation around it (`.freeze`, `as const`).
  // A call's arguments follow its callee (`Types::String.enum(`), and end it.
  const lead = ARGUMENTS.test(parent.kind() as string) ? 80 : 12;
  const decl = ctx.file.x.decls.find((d) => d.init && span(d.init).start <= at.start && at.end <= span(d.init).end && span(d.init).end - at.end <= 12 && at.start - span(d.init).start <= lead);
  if (decl) return { name: decl.name, collection: parent };
  // The value of a key of a settings table (`"replay_modes": ["safe", "triage"]`, `replay_modes: %w[safe triage]`), not one of another service's.
  const pair = ctx.file.x.pairs.find((p) => p.value && span(p.value).start === at.start && span(p.value).end === at.end);
  return pair && !foreignAddressIn(ctx, pair.container) ? { name: pair.key, collection: parent } : null;
}

/** Argument lists of the languages' calls. */
const ARGUMENTS = /^(argument_list|arguments|value_arguments)$/;

/**
 * The arguments of a call that builds a set of values from literals only (dry-types' `Types::String.enum("complaint",
 * "safe")`, Kotlin's `setOf("safe", "triage")`, Java's `Set.of(…)`): a collection like a list literal, when the call is
 * the whole value of a name (heldCollection checks the name).
 */
function valueArguments(ctx: Ctx, lit: Lit): SgNode | null {
  let args = lit.node.parent();
  if (args?.kind() === 'value_argument' || args?.kind() === 'argument') args = args.parent();
  if (!args || !ARGUMENTS.test(args.kind() as string)) return null;
  const items = args.children().filter((c) => c.isNamed() && !/comment/.test(c.kind() as string));
  const literal = (n: SgNode) => !!ctx.file.lit(n) || n.children().filter((c) => c.isNamed()).every((c) => !!ctx.file.lit(c));
  return items.length >= 2 && items.every(literal) ? args : null;
}

/** Words after a part's noun that say a name lists its fields (`PROFILE_FIELDS`, `IntentAttributes`, `permitted_profile_keys`). */
const FIELD_LIST_WORDS = new Set(['fields', 'attributes', 'attrs', 'keys', 'columns', 'params', 'properties']);

/** The part of a resource a name lists the fields of (`PROFILE_ATTRIBUTES` → interview.profile), or null. */
export function fieldListTie(name: string): ValueTie | null {
  const w = words(name);
  if (w.length < 2 || !FIELD_LIST_WORDS.has(w[w.length - 1]!)) return null;
  const noun = w.slice(0, -1).filter((x) => x !== 'permitted' && x !== 'allowed');
  return noun.length > 0 ? modelTie(noun.join('_')) : null;
}

/**
 * A table's column named for a field of a part of the listed resource (`INTERVIEW_COLUMNS = ["race", "height_cm"]`:
 * a flat row of the interview, its profile's fields among them), the field's name maybe qualified by a unit
 * (`height_cm`): the one place of the resource that field has, or null. Only for a name that says columns.
 */
export function flattenedColumn(vocab: Vocabulary, listName: string, tie: ValueTie, key: string): FieldSite | undefined {
  const w = words(listName);
  if (w[w.length - 1] !== 'columns') return undefined;
  const bare = vocab.fieldNames.has(key) ? key : /^(\w+)_(?:cm|mm|m|in|inches|ft|kg|g|lb|lbs|pct|percent)$/.exec(key)?.[1];
  // `top_condition_triage` of `RESULT_COLUMNS`: a part's noun, then its field.
  if (!bare || !vocab.fieldNames.has(bare)) return tie.path.length === 0 ? columnSite(vocab, key, new Set([tie.resource]), { prefixedOnly: true }) : undefined;
  for (const side of ['request', 'response'] as const) {
    const places = resourcesOfField(vocab, bare, side).filter((p) => p.resource === tie.resource && tie.path.every((x, i) => p.path[i] === x));
    const site = places.length === 1 ? vocab.fields(tie.resource, places[0]!.path, side)[0] : undefined;
    // A moved field's bare name is the field at its new place (`triage` of a result is the top-level one, still sent).
    if (site) return site.kind === 'moved' ? undefined : site;
  }
  return undefined;
}
