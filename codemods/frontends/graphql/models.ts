import { Kind, type ASTNode, type DocumentNode, type FieldDefinitionNode, type InputValueDefinitionNode, type TypeNode } from 'graphql';
import { rulesOfKind, type ResourceName } from '../../../catalogue';
import { nounTie } from '../../engine/ties/names';
import { words } from '../../engine/words';
import { norm } from '../config/model';

/** A GraphQL type, selection or input value that stands for a part of one of the API's resources. */
export interface Model {
  resource: ResourceName;
  path: string[];
  input: boolean;
}

const SUFFIXES = new Set(['input', 'payload', 'args', 'type', 'dto', 'response', 'data', 'object', 'model']);

/** The named type under lists and non-null markers, and whether a list holds it. */
export function named(t: TypeNode): { name: string; list: boolean } {
  let list = false;
  let n = t;
  while (n.kind !== Kind.NAMED_TYPE) {
    if (n.kind === Kind.LIST_TYPE) list = true;
    n = n.type;
  }
  return { name: n.name.value, list };
}

/** What a type's own name ties it to, without a suffix that only says its role (`ComplaintInput`, `ResultPayload`). */
export function typeNameTie(name: string): { resource: ResourceName; path: string[] } | null {
  const w = words(name);
  while (w.length > 1 && SUFFIXES.has(w[w.length - 1]!)) w.pop();
  const t = nounTie(w.join('_'));
  return t ? { resource: t.resource, path: t.path } : null;
}

type Definition = ASTNode & { fields?: readonly (FieldDefinitionNode | InputValueDefinitionNode)[] };

/** The document's type definitions (object, input, interface types and their extensions), by name. */
export function typeDefinitions(doc: DocumentNode): Map<string, Definition> {
  const defs = new Map<string, Definition>();
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OBJECT_TYPE_DEFINITION && d.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION && d.kind !== Kind.INTERFACE_TYPE_DEFINITION && d.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    if (!defs.has(d.name.value)) defs.set(d.name.value, d);
  }
  return defs;
}

/** The document's types that model a part of a resource: by their own name, then by the fields of modelled types that hold them. */
export function modelsOf(doc: DocumentNode): Map<string, Model> {
  const models = new Map<string, Model>();
  const defs = typeDefinitions(doc);
  for (const [name, d] of defs) {
    const t = typeNameTie(name);
    if (t) models.set(name, { ...t, input: d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION });
  }
  for (let round = 0; round < 4; round++) {
    for (const [name, def] of defs) {
      const owner = models.get(name);
      if (!owner) continue;
      for (const f of def.fields ?? []) {
        const held = named(f.type);
        if (models.has(held.name) || !defs.has(held.name)) continue;
        const part = partPath(owner, f.name.value, held.list);
        if (part) models.set(held.name, { resource: owner.resource, path: part, input: owner.input });
      }
    }
  }
  return models;
}

/**
 * The part of a resource a field of `owner` holds, spelled as the catalogue spells it, when a rule's path goes
 * through it, or a moved field's old place does (`triageExplanation` → `triage_explanation`; a list's items with `*` when `list`).
 */
export function partPath(owner: Pick<Model, 'resource' | 'path'>, field: string, list = false): string[] | null {
  const want = norm(field);
  const paths = [...rulesOfKind('response-field-removed'), ...rulesOfKind('request-field-removed')].map(({ rule }) => ({ resource: rule.resource, path: rule.path }));
  for (const { rule } of rulesOfKind('response-field-moved')) paths.push({ resource: rule.resource, path: rule.from });
  for (const rule of paths) {
    if (rule.resource !== owner.resource) continue;
    const p = rule.path.filter((s) => s !== '*');
    const at = owner.path.filter((s) => s !== '*');
    if (p.length > at.length + 1 && at.every((s, i) => p[i] === s) && (norm(p[at.length]!) === want || `${norm(p[at.length]!)}s` === want)) {
      return list ? [...owner.path, p[at.length]!, '*'] : [...owner.path, p[at.length]!];
    }
  }
  return null;
}

/**
 * Whether a rule's path names the field `name` of the part at `model`'s path (camelCase or snake_case alike, or one
 * of the other spellings the catalogue gives the field: an option's `preselected_value`).
 */
export function fieldOf(model: Pick<Model, 'path'>, name: string, path: readonly string[], spellings: readonly string[] = []): boolean {
  const key = norm(name);
  const at = model.path.filter((s) => s !== '*');
  const p = path.filter((s) => s !== '*');
  return p.length === at.length + 1 && at.every((s, i) => p[i] === s) && [p[at.length]!, ...spellings].some((x) => norm(x) === key);
}
