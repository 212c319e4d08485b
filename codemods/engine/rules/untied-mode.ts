import { calleeName, isCall, isMember, keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { tieOf } from '../ties/flow';
import { mockedResponses } from '../ties/mocks';
import { typeTie } from '../ties/types';
import { shapedLikeFieldResource } from '../ties/resource-shape';
import { fallbackOfRead, ownerName } from './value-context';
import { urlTarget } from '../ties/url';
import { foreignAbsolute } from '../other-api';
import { helperNameTie } from '../ties/names';
import { headNamesAnotherThing } from '../ties/mode-types';

/**
 * `{ mode: 'complaint' }` in an object that nothing in the file ties to this API (no request it is sent in, no
 * declared type, schema, test double's answer or name of the interview): the value may be the interview's mode or
 * another thing's (a ticket's, a feedback form's). Renaming it could break the other thing, so it is reported for
 * a person instead of rewritten. A literal whose object is tied, that stands in for a read of the interview's mode
 * (`interview.mode || 'complaint'`), or that is the value of a mode-named variable, comparison, map or enum, is
 * sure and keeps its rewrite.
 */
export function untiedModeObject(ctx: FileContext, literal: Path, field: string): boolean {
  if (fallbackOfRead(ctx, literal, field)) return false;
  let path = literal;
  for (let up = parentOf(path); up && (up.node.type === 'LogicalExpression' || (up.node.type === 'ConditionalExpression' && up.node.test !== path.node) || up.node.type === 'TSAsExpression' || up.node.type === 'ParenthesizedExpression'); up = parentOf(path)) path = up;
  const prop = parentOf(path);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== path.node) return false;
  if (keyName(prop.node) !== field) return false;
  const obj = parentOf(prop);
  if (!obj || obj.node.type !== 'ObjectExpression') return false;
  return !tiedObject(ctx, obj) && !shapedLikeFieldResource(obj, ownerName(obj), field);
}

/**
 * An object put into a store, table or collection named for another thing: `store.createRecord('helpdesk-ticket',
 * { mode: 'complaint' })`, `db.collection('support_tickets').insertOne({ … })`, `knex('feedback_entries').insert({ … })`.
 * The name says what the record is; its `mode` is that thing's. (`createRecord('interview-draft', …)` names the
 * interview and is not another thing's.)
 */
export function storedAsOtherThing(literal: Path): boolean {
  let obj: Path | null = literal;
  while (obj && obj.node.type !== 'ObjectExpression') obj = parentOf(obj);
  const call = obj ? parentOf(obj) : null;
  if (!call || !isCall(call.node) || !call.node.arguments.includes(obj!.node)) return false;
  const names = (args: Node[]) => args.filter((a) => a.type === 'StringLiteral').map((a) => a.value as string);
  const named = [...names(call.node.arguments)];
  // The collection reached through the callee: `db.collection('tickets').insertOne(…)`, `knex('tickets').insert(…)`.
  const callee = call.node.callee;
  if (isMember(callee) && isCall(callee.object)) named.push(...names(callee.object.arguments));
  return named.length > 0 && named.every((n) => /^[A-Za-z][\w-]*$/.test(n) && headNamesAnotherThing(n));
}


function tiedObject(ctx: FileContext, obj: Path): boolean {
  if (tieOf(ctx, obj)) return true;
  // `{ … } satisfies Interview`, `({ … }) as Interview`: the asserted type says what the object is.
  let outer = obj;
  for (let up = parentOf(outer); up && ['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(up.node.type); up = parentOf(outer)) {
    outer = up;
    if (up.node.type !== 'ParenthesizedExpression' && typeTie(up.node.typeAnnotation)) return true;
  }
  // `{ question: null as Question | null, result: null as Result | null, mode: 'complaint' }`: a holder of this
  // API's data (a session store's state) whose other members are typed as its models.
  if (obj.node.properties.some((p: Node) => p.value?.type === 'TSAsExpression' && typeTie(p.value.typeAnnotation))) return true;
  // A test double's answer for one of this API's routes (`req.flush({ … })` of `expectOne(base + 'interviews/…')`).
  return mockedResponses(ctx).some((m) => m.body?.node === obj.node);
}

/**
 * A file that names another service's absolute address and nothing of this API's (no address on its hosts, no path
 * of its resources, no call of a helper named for one of its operations, like `startInterview`): a helpdesk's test
 * stubbing `fetch` with `{ mode: "complaint", advice: … }`. An untied mode object in it is that service's, and is
 * left alone.
 */
export function namesOtherServiceOnly(ctx: FileContext): boolean {
  let out = otherCache.get(ctx);
  if (out === undefined) {
    out = false;
    for (const p of ctx.nodesOf('StringLiteral', 'TemplateElement')) {
      const text: unknown = p.node.type === 'StringLiteral' ? p.node.value : p.node.value?.cooked;
      if (typeof text !== 'string' || text.length < 3) continue;
      if (/^https?:\/\//i.test(text)) {
        // An address on one of the configured hosts (or one this cannot read) is this API's.
        if (!foreignAbsolute(ctx, text)) {
          out = false;
          break;
        }
        out = true;
      } else if (/\//.test(text) && urlTarget(ctx, text) !== null) {
        out = false;
        break;
      }
    }
    if (out) {
      for (const c of ctx.nodesOf('CallExpression', 'OptionalCallExpression')) {
        const name = calleeName(c.node.callee);
        if (helperNameTie(name) && !headNamesAnotherThing(name)) {
          out = false;
          break;
        }
      }
    }
    otherCache.set(ctx, out);
  }
  return out;
}
const otherCache = new WeakMap<FileContext, boolean>();
