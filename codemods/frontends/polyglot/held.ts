import type { ModelFacts, PolyFacts } from './project';

/**
 * Fields of types that are no model of the API (a record of one run, a job's outcome, a view's state) that hold
 * one of its strong models: field name → model, left out where two such types disagree on what it holds.
 */
export function heldModels(all: readonly PolyFacts[], models: ReadonlyMap<string, ModelFacts | null>): Map<string, string> {
  const types = new Map<string, Set<string>>();
  for (const t of all.flatMap((f) => f.types)) {
    if (models.get(t.name)) continue;
    for (const f of t.fields) types.set(f.name, (types.get(f.name) ?? new Set()).add(f.type ?? ''));
  }
  const held = new Map<string, string>();
  // A field of that name holding anything else anywhere (`result: str`, an untyped one) says nothing.
  for (const [name, set] of types) {
    const [only] = set;
    const m = set.size === 1 && only ? models.get(only) : null;
    if (m?.strong && m.pinned && name.length > 2) held.set(name, only!);
  }
  return held;
}
