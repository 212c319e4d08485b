import { Kind, parse, type ASTNode, type DocumentNode, type EnumTypeDefinitionNode, type FieldDefinitionNode, type InputValueDefinitionNode, type TypeNode } from 'graphql';
import { api, rulesOfKind, type Change, type ResourceName } from '../../catalogue';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../lib/types';
import { nounTie } from '../engine/ties/names';
import { words } from '../engine/words';
import { COMMENTS } from '../markers';
import { ParseError } from '../types';
import { norm } from './config/model';
import { TextFile } from './text-file';
import { plainTextAddresses } from './text';

/**
 * GraphQL schema documents (`.graphql`, `.gql`): a gateway's or BFF's types that mirror the API's payloads. An object
 * or input type named for a resource or a part of one (`Result`, `PotentialCondition`, `CreateComplaintInput`), or
 * held by such a type's field (`triageExplanation: TriageExplanation`), is a model of that part: its fields that v2
 * no longer has are sites (`advice`, `potentialCondition.triage`; camelCase or snake_case alike), fields of input
 * types against the removed request fields. An enum named for the interview mode (`InterviewMode`), or the type of
 * a `mode` field or argument of the interview's types, holding a renamed or removed mode (`complaint`, `SAFE`) is a
 * site. All of them are manual: the schema is the gateway's own contract with its clients. v1 addresses in
 * descriptions and comments are rewritten as in any text; markers are `#` comments.
 */
export const graphqlFrontEnd: FrontEnd = {
  id: 'graphql',
  describe: 'GraphQL schemas (.graphql, .gql): types and inputs that mirror the API\'s resources, by name or by the field that holds them, and enums of interview modes; manual findings',
  matches: (absPath) => /\.(graphqls?|gql)$/i.test(absPath),
  // A schema names no address: `type Result { advice: [String] }` is read whatever the file holds.
  always: true,
  analyze: analyzeSchema,
};

interface Model {
  resource: ResourceName;
  path: string[];
  input: boolean;
}

const SUFFIXES = new Set(['input', 'payload', 'args', 'type', 'dto', 'response', 'data', 'object', 'model']);

function analyzeSchema(input: FrontEndInput): FrontEndOutput {
  let doc: DocumentNode;
  try {
    doc = parse(input.source, { noLocation: false });
  } catch (e) {
    const loc = (e as { locations?: { line: number; column: number }[] }).locations?.[0];
    throw new ParseError(`cannot parse: ${(e as Error).message.split('\n')[0]}`, loc?.line, loc?.column);
  }
  const file = new TextFile(input.source, input.changes, COMMENTS.hash);
  plainTextAddresses(file, input, { rewrite: true });
  const models = modelsOf(doc);
  for (const def of doc.definitions) {
    if (!('fields' in def) || !def.fields || !('name' in def) || !def.name) continue;
    const model = models.get(def.name.value);
    if (!model) continue;
    for (const f of def.fields as readonly (FieldDefinitionNode | InputValueDefinitionNode)[]) fieldSites(file, input.changes, model, f);
  }
  for (const e of modeEnums(doc, models)) enumSites(file, input.changes, e);
  return file.finish(input.markers);
}


/** The named type under lists and non-null markers, and whether a list holds it. */
function named(t: TypeNode): { name: string; list: boolean } {
  let list = false;
  let n = t;
  while (n.kind !== Kind.NAMED_TYPE) {
    if (n.kind === Kind.LIST_TYPE) list = true;
    n = n.type;
  }
  return { name: n.name.value, list };
}

/** What a type's own name ties it to, without a suffix that only says its role (`ComplaintInput`, `ResultPayload`). */
function nameTie(name: string): { resource: ResourceName; path: string[] } | null {
  const w = words(name);
  while (w.length > 1 && SUFFIXES.has(w[w.length - 1]!)) w.pop();
  const t = nounTie(w.join('_'));
  return t ? { resource: t.resource, path: t.path } : null;
}

/** The document's types that model a part of a resource: by their own name, then by the fields of modelled types that hold them. */
function modelsOf(doc: DocumentNode): Map<string, Model> {
  const models = new Map<string, Model>();
  const defs = new Map<string, ASTNode & { fields?: readonly (FieldDefinitionNode | InputValueDefinitionNode)[] }>();
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OBJECT_TYPE_DEFINITION && d.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION && d.kind !== Kind.INTERFACE_TYPE_DEFINITION && d.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const name = d.name.value;
    if (!defs.has(name)) defs.set(name, d);
    const t = nameTie(name);
    if (t && !models.has(name)) models.set(name, { ...t, input: d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION });
  }
  for (let round = 0; round < 4; round++) {
    for (const [name, def] of defs) {
      const owner = models.get(name);
      if (!owner) continue;
      for (const f of def.fields ?? []) {
        const held = named(f.type);
        if (models.has(held.name) || !defs.has(held.name)) continue;
        const part = partPath(owner, f.name.value);
        if (part) models.set(held.name, { resource: owner.resource, path: held.list ? [...part, '*'] : part, input: owner.input });
      }
    }
  }
  return models;
}

/** A field's place in its resource, spelled as the catalogue spells it, when a rule's path goes through it. */
function partPath(owner: Model, field: string): string[] | null {
  const want = norm(field);
  for (const { rule } of [...rulesOfKind('response-field-removed'), ...rulesOfKind('request-field-removed')]) {
    if (rule.resource !== owner.resource) continue;
    const p = rule.path.filter((s) => s !== '*');
    const at = owner.path.filter((s) => s !== '*');
    if (p.length > at.length + 1 && at.every((s, i) => p[i] === s) && (norm(p[at.length]!) === want || `${norm(p[at.length]!)}s` === want)) return [...owner.path, p[at.length]!];
  }
  return null;
}

function fieldSites(file: TextFile, changes: readonly Change[], model: Model, f: FieldDefinitionNode | InputValueDefinitionNode): void {
  const key = norm(f.name.value);
  const at = model.path.filter((s) => s !== '*');
  const here = (path: readonly string[]) => {
    const p = path.filter((s) => s !== '*');
    return p.length === at.length + 1 && at.every((s, i) => p[i] === s) && norm(p[at.length]!) === key;
  };
  const start = f.name.loc!.start;
  const end = f.name.loc!.end;
  if (model.input) {
    for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
      if (rule.resource === model.resource && here(rule.path)) file.manual(change.id, start, end, `this input mirrors the ${model.resource} request: ${rule.message}`, { subject: f.name.value });
    }
    return;
  }
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) {
    if (rule.resource === model.resource && here(rule.path)) file.manual(change.id, start, end, `this type mirrors the ${model.resource} response: ${rule.message}`, { subject: f.name.value });
  }
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === model.resource && here(rule.from)) file.manual(change.id, start, end, `this type mirrors the ${model.resource} response: ${rule.message}`, { subject: f.name.value });
  }
}

/** Enums of interview modes: named so (`InterviewMode`), or the type of a `mode` field or argument of the mode's resource's types. */
function modeEnums(doc: DocumentNode, models: ReadonlyMap<string, Model>): EnumTypeDefinitionNode[] {
  const owner = [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].find(({ rule }) => rule.field === api.modeField)?.rule.resource;
  const used = new Set<string>();
  for (const d of doc.definitions) {
    if (!('fields' in d) || !d.fields) continue;
    const model = 'name' in d && d.name ? models.get(d.name.value) : undefined;
    for (const f of d.fields as readonly (FieldDefinitionNode | InputValueDefinitionNode)[]) {
      if (model && model.resource === owner && model.path.length === 0 && norm(f.name.value) === api.modeField) used.add(named(f.type).name);
      // `setMode(token: ID!, mode: Mode!): Interview`: an argument of a field that gives the interview.
      const gives = models.get(named(f.type).name);
      if ('arguments' in f && gives?.resource === owner) for (const a of f.arguments ?? []) if (norm(a.name.value) === api.modeField) used.add(named(a.type).name);
    }
  }
  return doc.definitions.filter((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && (used.has(d.name.value) || namedForMode(d.name.value, owner)));
}

/** `InterviewMode`, `SymptomCheckerInterviewMode`: the mode's word last, the owner's noun before it. */
function namedForMode(name: string, owner: ResourceName | undefined): boolean {
  const w = words(name);
  if (w[w.length - 1] !== api.modeField || !owner) return false;
  const nouns = api.resources[owner].nouns.map((n) => n.toLowerCase());
  return w.slice(0, -1).some((x) => nouns.includes(x));
}

function enumSites(file: TextFile, changes: readonly Change[], e: EnumTypeDefinitionNode): void {
  for (const v of e.values ?? []) {
    const value = v.name.value.toLowerCase();
    const { start, end } = v.name.loc!;
    for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
      if (rule.field !== api.modeField || rule.from !== value) continue;
      file.manual(change.id, start, end, `this enum mirrors the interview ${rule.field}: '${rule.from}' is '${rule.to}' in v2. Send '${rule.to}' where this value is mapped to the API (renaming the enum value changes this schema for its clients).`, { subject: v.name.value });
    }
    for (const { change, rule } of rulesOfKind('value-removed', changes)) {
      if (rule.field === api.modeField && rule.values.includes(value)) file.manual(change.id, start, end, `this enum mirrors the interview ${rule.field}: ${rule.message}`, { subject: v.name.value });
    }
  }
}
