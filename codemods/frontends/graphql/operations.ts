import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type ObjectValueNode, type SelectionSetNode, type ValueNode } from 'graphql';
import { api, rulesOfKind, type Change } from '../../../catalogue';
import { helperNameTie, nounTie } from '../../engine/ties/names';
import { norm } from '../config/model';
import { fieldOf, named, partPath, typeDefinitions, typeNameTie, type Model } from './models';
import { modeValueSites, type GraphqlSink } from './schema';

/**
 * Operations and fragments (a client's `gql` documents, a BFF's tests, codegen's `.graphql` queries): what they
 * select and send, read against the resource each selection stands for. A root field is a resource by its name
 * (`result(token:)`, `questions`, `startInterview`, `addComplaint`: a helper's verb and noun), or by its type where
 * the document defines it; a fragment or inline fragment by its type condition (`on PotentialCondition`); a nested
 * field by the part of the resource it holds (`triageExplanation { potentialCondition { … } }`), or under a
 * selection nothing ties, by its own name (`setInterviewMode { interview { … } }`). Selected fields v2 no longer
 * sends are sites; so are arguments and input object fields a root field sends that v2 no longer takes
 * (`addComplaint(input: { extra: "…" })`), and a renamed or removed mode sent as an argument (`mode: SAFE`).
 */
export function operationSites(doc: DocumentNode, changes: readonly Change[], sink: GraphqlSink, models: ReadonlyMap<string, Model>): void {
  const defs = typeDefinitions(doc);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const typeModel = (name: string): Model | null => models.get(name) ?? tiedType(name);
  const fieldType = (owner: string | null, field: string) => {
    const def = owner ? defs.get(owner) : undefined;
    const f = def?.fields?.find((x) => x.name.value === field);
    return f ? named(f.type).name : null;
  };
  const walk = (set: SelectionSetNode, model: Model | null, type: string | null, seen: ReadonlySet<string>): void => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition?.name.value ?? null;
        walk(sel.selectionSet, (cond && typeModel(cond)) || model, cond ?? type, seen);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        // A fragment on a type nothing ties (`on Payload`) is read as part of the selection that spreads it.
        const frag = fragments.get(sel.name.value);
        if (frag && model && !typeModel(frag.typeCondition.name.value) && !seen.has(frag.name.value)) walk(frag.selectionSet, model, frag.typeCondition.name.value, new Set([...seen, frag.name.value]));
        continue;
      }
      if (model) selectedSites(sink, changes, model, sel);
      const childType = fieldType(type, sel.name.value);
      if (!sel.selectionSet) continue;
      const child = (childType && typeModel(childType)) || (model ? partModel(model, sel.name.value) : ownModel(sel.name.value));
      walk(sel.selectionSet, child, childType, seen);
    }
  };
  for (const d of doc.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) {
      const model = typeModel(d.typeCondition.name.value);
      if (model) walk(d.selectionSet, model, d.typeCondition.name.value, new Set([d.name.value]));
      continue;
    }
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const rootType = d.operation === 'query' ? 'Query' : d.operation === 'mutation' ? 'Mutation' : 'Subscription';
    for (const sel of d.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      const childType = fieldType(rootType, sel.name.value);
      const typed = childType ? typeModel(childType) : null;
      const root = rootTie(sel.name.value);
      argumentSites(sink, changes, sel, root);
      if (sel.selectionSet) walk(sel.selectionSet, typed ?? root?.model ?? null, childType, new Set());
    }
  }
}

function tiedType(name: string): Model | null {
  const t = typeNameTie(name);
  return t ? { ...t, input: false } : null;
}

function partModel(owner: Model, field: string): Model | null {
  const path = partPath(owner, field);
  return path ? { resource: owner.resource, path, input: false } : null;
}

/** A nested field, under a selection nothing ties, named for a resource (`interview`, `result`); never a part of one (`profile`). */
function ownModel(field: string): Model | null {
  const t = nounTie(field);
  return t && t.path.length === 0 ? { resource: t.resource, path: [], input: false } : null;
}

export interface RootTie {
  /** The resource the field's selection reads, when it is the resource's body (not a mode update's answer). */
  model: Model | null;
  resource: Model['resource'];
  modeUpdate: boolean;
}

/** What a root field's name says it gives and takes: `result`, `questions`, `startInterview`, `setInterviewMode`. */
export function rootTie(name: string): RootTie | null {
  const helper = helperNameTie(name);
  if (helper?.op === 'mode-update') return { model: null, resource: helper.resource, modeUpdate: true };
  if (helper) return { model: { resource: helper.resource, path: [], input: false }, resource: helper.resource, modeUpdate: false };
  const noun = nounTie(name);
  return noun ? { model: { resource: noun.resource, path: noun.path, input: false }, resource: noun.resource, modeUpdate: false } : null;
}

function selectedSites(sink: GraphqlSink, changes: readonly Change[], model: Model, f: FieldNode): void {
  const { start, end } = f.name.loc!;
  const name = f.name.value;
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) {
    if (rule.resource === model.resource && fieldOf(model, name, rule.path, rule.spellings)) sink(change, start, end, `this selection reads the ${model.resource} response: ${rule.message}`, name);
  }
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === model.resource && fieldOf(model, name, rule.from)) sink(change, start, end, `this selection reads the ${model.resource} response: ${rule.message}`, name);
  }
}

/** Argument names that hold the whole request (`addComplaint(input: { … })`), besides the resource's own noun. */
const BODY_ARGUMENTS = new Set(['input', 'data', 'body', 'payload', 'attributes', 'params', 'values', 'fields']);

/** Arguments a root field sends: fields of the resource's request v2 no longer takes, and modes it renamed or removed. */
function argumentSites(sink: GraphqlSink, changes: readonly Change[], f: FieldNode, root: RootTie | null): void {
  if (!root) return;
  for (const a of f.arguments ?? []) {
    const name = a.name.value;
    if (isBodyArgument(name, root) && a.value.kind === Kind.OBJECT) {
      sentSites(sink, changes, root, a.value, []);
      continue;
    }
    sentField(sink, changes, root, name, a.name.loc!, a.value, []);
  }
}

const SENT_AFTER = (to: string) => ` Send the value the schema maps to '${to}' (the gateway's own enum may keep its name).`;

function sentSites(sink: GraphqlSink, changes: readonly Change[], root: RootTie, obj: ObjectValueNode, path: string[]): void {
  for (const f of obj.fields) sentField(sink, changes, root, f.name.value, f.name.loc!, f.value, path);
}

function sentField(sink: GraphqlSink, changes: readonly Change[], root: RootTie, name: string, at: { start: number; end: number }, value: ValueNode, path: string[]): void {
  const model = { path };
  for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
    if (rule.resource === root.resource && fieldOf(model, name, rule.path)) sink(change, at.start, at.end, `this argument is sent in the ${root.resource} request: ${rule.message}`, name);
  }
  const modeOwner = [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].some(({ rule }) => rule.field === api.modeField && rule.resource === root.resource);
  if (path.length === 0 && modeOwner && norm(name) === api.modeField && (value.kind === Kind.ENUM || value.kind === Kind.STRING)) {
    modeValueSites(sink, changes, value.value, value.loc!.start, value.loc!.end, `this argument sends the interview ${api.modeField}`, SENT_AFTER);
  }
  if (value.kind === Kind.OBJECT) {
    const part = partPath({ resource: root.resource, path }, name);
    if (part) sentSites(sink, changes, root, value, part);
  }
}

/** Where an operation's variable is sent: the resource's request, the place in it, and the field it is sent as (null: it is the place itself). */
export interface VariableRole {
  resource: Model['resource'];
  path: string[];
  field: string | null;
}

/**
 * The operation's variables that root fields tied to a resource send (`addComplaint(input: $input)`: `input` is the
 * complaint's request; `setInterviewMode(token: $t, mode: $mode)`: `mode` is sent as the interview's `mode`).
 */
export function variableRoles(doc: DocumentNode): Map<string, VariableRole> {
  const roles = new Map<string, VariableRole>();
  const visit = (resource: Model['resource'], name: string, value: ValueNode, path: string[], body: boolean) => {
    if (value.kind === Kind.VARIABLE) roles.set(value.name.value, { resource, path, field: body ? null : name });
    if (value.kind !== Kind.OBJECT) return;
    const inner = body ? path : partPath({ resource, path }, name);
    if (inner) for (const f of value.fields) visit(resource, f.name.value, f.value, inner, false);
  };
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const sel of d.selectionSet.selections) {
      const root = sel.kind === Kind.FIELD ? rootTie(sel.name.value) : null;
      if (!root || sel.kind !== Kind.FIELD) continue;
      for (const a of sel.arguments ?? []) visit(root.resource, a.name.value, a.value, [], isBodyArgument(a.name.value, root));
    }
  }
  return roles;
}

export function isBodyArgument(name: string, root: RootTie): boolean {
  return BODY_ARGUMENTS.has(norm(name)) || nounTie(name)?.resource === root.resource;
}
