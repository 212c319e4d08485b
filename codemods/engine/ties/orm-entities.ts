import { api, rulesOfKind, type ResourceName } from '../../../catalogue';
import { keyName, parentOf, type Node, type Path } from '../ast';
import { words } from '../words';
import { typeNameTie } from './types';

/**
 * Classes of an ORM that keep the API's data in the app's own table: TypeORM's and MikroORM's `@Entity()`,
 * sequelize-typescript's `@Table`. A row is flat: an interview's table holds its profile's fields as columns
 * (`race`, `height_cm`), a result's its top condition's triage (`condition_triage`). A column named for a removed
 * field of its table's resource, bare or after its part's noun, is a member of that model at the field's place.
 */

/** Class decorators that make a class a table's entity. */
const ENTITY_DECORATORS = new Set(['Entity', 'Table', 'ViewEntity']);
/** Property decorators that make a property a column. */
const COLUMN_DECORATORS = new Set(['Column', 'PrimaryColumn', 'Property', 'Field']);
/** Units a column's name may end in (`height_cm`, `weight_kg`). */
const UNITS = new Set(['cm', 'mm', 'm', 'in', 'inches', 'ft', 'kg', 'g', 'lb', 'lbs', 'pct', 'percent']);

const decoratorName = (d: Node): string | null => {
  const e = d.expression?.type === 'CallExpression' ? d.expression.callee : d.expression;
  return e?.type === 'Identifier' ? e.name : null;
};

const stringOf = (n: Node): string | null => (n && (n.type === 'StringLiteral' || (n.type === 'Literal' && typeof n.value === 'string')) ? n.value : null);

/** The first argument's string, or one of its options (`@Entity('interviews')`, `@Entity({ name: 'interviews' })`). */
function decoratorString(d: Node, keys: readonly string[]): Node | null {
  const a = d.expression?.type === 'CallExpression' ? d.expression.arguments : [];
  for (const arg of a) {
    if (stringOf(arg) !== null) return arg;
    if (arg?.type === 'ObjectExpression') {
      const v = arg.properties.find((p: Node) => keys.includes(keyName(p) ?? ''))?.value;
      if (stringOf(v) !== null) return v;
    }
  }
  return null;
}

/** The resource an entity class keeps rows of, by its table's name or else its own (`@Entity({ name: 'results' }) class Result`). */
export function entityResource(decl: Node): ResourceName | null {
  const entity = (decl.decorators ?? []).find((d: Node) => ENTITY_DECORATORS.has(decoratorName(d) ?? ''));
  if (!entity) return null;
  const table = stringOf(decoratorString(entity, ['name', 'tableName']));
  const tie = (table ? typeNameTie(table.replace(/^.*\./, '')) : null) ?? (decl.id ? typeNameTie(decl.id.name) : null);
  return tie && tie.path.length === 0 ? tie.resource : null;
}

/** Property decorators of a client-side store's model that declare a field of the record (Ember Data's `@attr`). */
const ATTR_DECORATORS = new Set(['attr']);

/**
 * A client-side store's model (Ember Data: `class InterviewModel extends Model { @attr('number') height; }`) keeps a
 * record flat, as a table does: an attribute named for a nested removed field (`race`, `height` of the interview's
 * profile) is that field, flattened by the model's serializer. The attribute's name, when the member is one.
 */
export function storeModelAttribute(decl: Node, member: Node): string | null {
  if (member.type !== 'ClassProperty' && member.type !== 'PropertyDefinition') return null;
  if (!(member.decorators ?? []).some((d: Node) => ATTR_DECORATORS.has(decoratorName(d) ?? ''))) return null;
  const sup = decl.superClass;
  const supName = sup?.type === 'Identifier' ? sup.name : sup?.type === 'MemberExpression' && sup.property.type === 'Identifier' ? sup.property.name : null;
  return supName === 'Model' ? keyName(member) : null;
}

/** A column of an entity: its name in the table (the option's string, else the property's name) and where each is written. */
export function entityColumn(member: Node): { column: string; sites: Node[] } | null {
  if (member.type !== 'ClassProperty' && member.type !== 'PropertyDefinition') return null;
  const key = keyName(member);
  const decorator = (member.decorators ?? []).find((d: Node) => COLUMN_DECORATORS.has(decoratorName(d) ?? ''));
  if (!key || !decorator) return null;
  const named = decoratorString(decorator, ['name', 'fieldName', 'field']);
  const column = stringOf(named) ?? key;
  return { column, sites: named && stringOf(named) !== key ? [named, member.key] : [member.key] };
}

/** Removed and moved response fields of a resource, by their paths (`*` dropped). */
function fieldPaths(resource: ResourceName): { path: string[]; rulePath: readonly string[]; moved: boolean }[] {
  return [
    ...rulesOfKind('response-field-removed').filter(({ rule }) => rule.resource === resource).map(({ rule }) => ({ rulePath: rule.path, moved: false })),
    ...rulesOfKind('response-field-moved').filter(({ rule }) => rule.resource === resource).map(({ rule }) => ({ rulePath: rule.from, moved: true })),
  ].map((f) => ({ ...f, path: f.rulePath.filter((s) => s !== '*') }));
}

/**
 * Where in the resource a column of its table sits: a nested removed field by its bare name (`race`, `height_cm`:
 * the profile's) or after its part's noun (`condition_triage`, `top_condition_triage`: the potential condition's),
 * when exactly one field fits. A moved field's bare name is its new place's (`triage` of a result is still sent).
 * Null for anything else (a top-level field's column is its own name already).
 */
export function flattenedColumnPath(resource: ResourceName, column: string): string[] | null {
  let w = words(column);
  if (w.length > 1 && UNITS.has(w[w.length - 1]!)) w = w.slice(0, -1);
  const name = w.join('_');
  const found = fieldPaths(resource).filter(({ path, moved }) => {
    if (path.length < 2) return false;
    const field = path[path.length - 1]!;
    if (name === field) return !moved;
    if (!name.endsWith(`_${field}`)) return false;
    const noun = name.slice(0, -field.length - 1).split('_').pop()!;
    return partNouns(resource, path.slice(0, -1)).has(noun);
  });
  const distinct = new Set(found.map((f) => f.path.join('.')));
  return distinct.size === 1 ? [...found[0]!.rulePath] : null;
}

/** The nouns of the part at a path: its own last word and the subject's nouns (`condition` of `potential_condition`). */
function partNouns(resource: ResourceName, path: string[]): Set<string> {
  const last = path[path.length - 1]!;
  const subject = Object.values(api.subjects).find((s) => s.parent === resource && s.path.filter((p) => p !== '*').join('.') === path.join('.'));
  return new Set([last, ...words(last).slice(-1), ...(subject?.nouns ?? []).flatMap((n) => [words(n).join('_'), ...words(n).slice(-1)])]);
}

/** Options of a property decorator that give the property's value: a column's stored default, a schema's example. */
const VALUE_OPTIONS = new Set(['default', 'example']);

/**
 * Whether a decorator option is a value of `field` of `resource`: `default` or `example` in the options of a
 * decorator of a property named for the field, in a class that models the resource (`@Column({ default:
 * InterviewMode.Complaint }) mode` of the interviews' entity, `@ApiProperty({ example: … }) mode` of `UpdateInterviewModeDto`).
 */
export function decoratedPropertyValue(obj: Path, key: string, field: string, resource: ResourceName): boolean {
  if (!VALUE_OPTIONS.has(key)) return false;
  const call = parentOf(obj);
  const decorator = call?.node.type === 'CallExpression' && call.node.arguments.includes(obj.node) ? parentOf(call) : null;
  const member = decorator?.node.type === 'Decorator' ? parentOf(decorator) : null;
  if (!member || !['ClassProperty', 'PropertyDefinition'].includes(member.node.type)) return false;
  const column = entityColumn(member.node)?.column ?? keyName(member.node);
  if (!column || words(column).join('_') !== field) return false;
  let cls: Path | null = parentOf(member);
  while (cls && cls.node.type !== 'ClassDeclaration') cls = parentOf(cls);
  if (!cls) return false;
  const owner = entityResource(cls.node) ?? (cls.node.id ? typeNameTie(cls.node.id.name)?.resource : null);
  return owner === resource;
}
