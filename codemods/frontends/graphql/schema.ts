import { Kind, type DocumentNode, type EnumTypeDefinitionNode, type FieldDefinitionNode, type InputValueDefinitionNode } from 'graphql';
import { api, rulesOfKind, type Change, type ResourceName } from '../../../catalogue';
import { words } from '../../engine/words';
import { norm } from '../config/model';
import { fieldOf, modelsOf, named, type Model } from './models';

/** Where a GraphQL reader reports a site: offsets in the document as parsed, the rule's change and what to say. */
export type GraphqlSink = (change: Change, start: number, end: number, message: string, subject: string) => void;

/**
 * A schema's sites: an object or input type named for a resource or a part of one (`Result`, `PotentialCondition`,
 * `CreateComplaintInput`), or held by such a type's field (`triageExplanation: TriageExplanation`), is a model of
 * that part: its fields that v2 no longer has are sites (`advice`, `potentialCondition.triage`; camelCase or
 * snake_case alike), fields of input types against the removed request fields. An enum named for the interview mode
 * (`InterviewMode`), or the type of a `mode` field or argument of the interview's types, holding a renamed or removed
 * mode (`complaint`, `SAFE`) is a site. The models are returned for the document's operations.
 */
export function schemaSites(doc: DocumentNode, changes: readonly Change[], sink: GraphqlSink): Map<string, Model> {
  const models = modelsOf(doc);
  for (const def of doc.definitions) {
    if (!('fields' in def) || !def.fields || !('name' in def) || !def.name) continue;
    const model = models.get(def.name.value);
    if (!model) continue;
    for (const f of def.fields as readonly (FieldDefinitionNode | InputValueDefinitionNode)[]) fieldSites(sink, changes, model, f);
  }
  for (const e of modeEnums(doc, models)) enumSites(sink, changes, e);
  return models;
}

function fieldSites(sink: GraphqlSink, changes: readonly Change[], model: Model, f: FieldDefinitionNode | InputValueDefinitionNode): void {
  const here = (path: readonly string[], spellings?: readonly string[]) => fieldOf(model, f.name.value, path, spellings);
  const start = f.name.loc!.start;
  const end = f.name.loc!.end;
  if (model.input) {
    for (const { change, rule } of rulesOfKind('request-field-removed', changes)) {
      if (rule.resource === model.resource && here(rule.path)) sink(change, start, end, `this input mirrors the ${model.resource} request: ${rule.message}`, f.name.value);
    }
    return;
  }
  for (const { change, rule } of rulesOfKind('response-field-removed', changes)) {
    if (rule.resource === model.resource && here(rule.path, rule.spellings)) sink(change, start, end, `this type mirrors the ${model.resource} response: ${rule.message}`, f.name.value);
  }
  for (const { change, rule } of rulesOfKind('response-field-moved', changes)) {
    if (rule.resource === model.resource && here(rule.from)) sink(change, start, end, `this type mirrors the ${model.resource} response: ${rule.message}`, f.name.value);
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

function enumSites(sink: GraphqlSink, changes: readonly Change[], e: EnumTypeDefinitionNode): void {
  const after = (to: string) => ` Send '${to}' where this value is mapped to the API (renaming the enum value changes this schema for its clients).`;
  for (const v of e.values ?? []) modeValueSites(sink, changes, v.name.value, v.name.loc!.start, v.name.loc!.end, `this enum mirrors the interview ${api.modeField}`, after);
}

/**
 * A renamed or removed mode, spelled in any case (`COMPLAINT`, `safe`): `what` says how the document holds it,
 * `after` what to do about a renamed one.
 */
export function modeValueSites(sink: GraphqlSink, changes: readonly Change[], name: string, start: number, end: number, what: string, after: (to: string) => string): void {
  const value = name.toLowerCase();
  for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
    if (rule.field !== api.modeField || rule.from !== value) continue;
    sink(change, start, end, `${what}: '${rule.from}' is '${rule.to}' in v2.${after(rule.to)}`, name);
  }
  for (const { change, rule } of rulesOfKind('value-removed', changes)) {
    if (rule.field === api.modeField && rule.values.includes(value)) sink(change, start, end, `${what}: ${rule.message}`, name);
  }
}
