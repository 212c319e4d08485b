import { rulesOfKind, type ResourceName } from '../../../catalogue';
import { calleeName, constInit, declaratorOf, isCall, isFunction, isMember, keyName, memberName, parentOf, stringValue, type Node, type Path } from '../ast';
import { storeModelAttribute } from './orm-entities';
import type { FileContext } from '../file';
import { words } from '../words';
import { nounTie } from './names';
import { wireName, type Tie } from './tie';
import { typeNameTie } from './types';
import { memberOf, modelResource } from './resource-models';

/**
 * Records a model layer builds from the caller's own attributes and sends when saved: Backbone's (and Ampersand's,
 * a class of its own's) `new Complaint({ interview, text, extra })` of a model class named for a resource, Ember
 * Data's `store.createRecord('complaint', { … })`. The attributes are the create body the library sends; only
 * resources the client creates count (a request rule of the catalogue for their creation), so `new Result({ token })`
 * stays a response's model. A name only ties them: manual findings, never a rewrite.
 */

/** Resources the client creates, by the catalogue's request rules for a creation. */
function createdResources(): Set<ResourceName> {
  return (created ??= new Set(rulesOfKind('request-field-removed').filter(({ rule }) => !rule.operations || rule.operations.includes('create')).map(({ rule }) => rule.resource)));
}
let created: Set<ResourceName> | null = null;

/** What a model instance of a resource the client creates sends when saved (`intent.toJSON()` in a test): by name, manual. */
export function savedBodyTie(model: Tie): Tie | null {
  return createdResources().has(model.resource) ? { resource: model.resource, role: 'request', path: [], via: 'name', weak: true } : null;
}

/** The create body an object literal is as a new record's attributes, if it is one. */
export function constructedRecordTie(ctx: FileContext, obj: Path): Tie | null {
  const parent = parentOf(obj);
  if (!parent || ctx.otherApiOnly()) return null;
  const pn = parent.node;
  let resource: ResourceName | null = null;
  if (pn.type === 'NewExpression' && pn.arguments[0] === obj.node) {
    const name = pn.callee.type === 'Identifier' ? pn.callee.name : isMember(pn.callee) ? memberName(pn.callee) : null;
    const t = name && /^[A-Z]/.test(name) ? typeNameTie(name) : null;
    if (t && t.role === 'response' && t.path.length === 0 && !t.list) resource = t.resource;
  } else if (isCall(pn) && pn.arguments[1] === obj.node && calleeName(pn.callee) === 'createRecord') {
    // Ember Data's model names are dasherized singulars (`complaint`, `interview`); `helpdesk-ticket` is another's.
    resource = modelNameResource(pn.arguments[0]);
  }
  if (!resource || !createdResources().has(resource)) return null;
  return { resource, op: 'create', role: 'request', path: [], via: 'name', weak: true };
}

const METHODS = new Set(['ClassMethod', 'ObjectMethod']);
/** Library calls that return a copy of their first argument, some keys dropped at most. */
const COPIES = new Set(['omit', 'omitBy', 'pickBy', 'clone', 'cloneDeep', 'compact', 'cleanDeep']);

/** Methods of a model layer whose returned value is the body sent: Backbone's `toJSON`, an Ember Data serializer's `serialize`. */
const BODY_METHODS = new Set(['toJSON', 'serialize']);

/**
 * The resource a serializer class is named for (`ComplaintSerializer`, `InterviewSerializer extends
 * ApplicationSerializer`); not `ApplicationSerializer` or `HelpdeskTicketSerializer`.
 */
export function serializerResource(cls: Node): ResourceName | null {
  const name: string | undefined = cls?.id?.name;
  if (!name || !/Serializer$/.test(name)) return null;
  const t = typeNameTie(name.replace(/Serializer$/, ''));
  return t && t.role === 'response' && t.path.length === 0 && !t.list ? t.resource : null;
}

/**
 * The body a value becomes when the model layer's body method returns it: `var json = _.pick(this.attributes, …);
 * return json;` in `toJSON` of a model that addresses a resource, `let json = super.serialize(snapshot, options)` in
 * `serialize` of a serializer named for one. Attributes set on it (`json.extra = …`) or picked into it are sent.
 */
export function sentByModelTie(ctx: FileContext, value: Path): Tie | null {
  let fn: Path | null = parentOf(value);
  while (fn && !isFunction(fn.node) && !METHODS.has(fn.node.type)) fn = parentOf(fn);
  const m = !fn ? null : METHODS.has(fn.node.type) ? { holder: parentOf(fn)!, name: keyName(fn.node) ?? '' } : memberOf(fn);
  if (!m || !BODY_METHODS.has(m.name)) return null;
  // The value is returned itself, or through the variable it initialises.
  const parent = parentOf(value);
  let returned = parent?.node.type === 'ReturnStatement';
  if (!returned && parent?.node.type === 'VariableDeclarator' && parent.node.init === value.node && parent.node.id.type === 'Identifier') {
    const name = parent.node.id.name;
    // `return json;`, or a copy that drops some of it: `return _.omit(json, isNull)`.
    const named = (n: Node) => n?.type === 'Identifier' && n.name === name;
    returned = ctx.j(fn!).find(ctx.j.ReturnStatement).some((r: Path) => {
      const a = r.node.argument;
      return named(a) || (isCall(a) && COPIES.has(calleeName(a.callee)) && named(a.arguments[0]));
    });
  }
  if (!returned) return null;
  if (m.name === 'toJSON') {
    const model = modelResource(ctx, m.holder);
    return model && model !== 'other' ? { resource: model.resource, role: 'request', path: [], via: 'flow' } : null;
  }
  const cls = m.holder.node.type === 'ClassBody' ? parentOf(m.holder)?.node : null;
  const resource = cls ? serializerResource(cls) : null;
  return resource ? { resource, role: 'request', path: [], via: 'name', weak: true } : null;
}

/** A resource named by a model-layer string (`'interview'`, Ember Data's dasherized singular), not another thing's. */
function modelNameResource(n: Node): ResourceName | null {
  const name = stringValue(n);
  const t = name && /^[a-z][a-z-]*$/.test(name) && words(name).length === 1 ? nounTie(name) : null;
  return t && t.path.length === 0 && !t.list ? t.resource : null;
}

/** Store methods that answer a record of the model they name: `store.findRecord('interview', id)`. */
const RECORD_FINDERS = new Set(['findRecord', 'peekRecord', 'queryRecord']);

/**
 * A record an Ember Data store answers for a model named for a resource (`store.findRecord('interview', id)`): the
 * resource kept flat, as its model declares it (`record.race` is the profile's `race`). By name: manual findings.
 */
export function storeRecordTie(ctx: FileContext, call: Path): Tie | null {
  const n = call.node;
  if (!isMember(n.callee) || !RECORD_FINDERS.has(memberName(n.callee) ?? '') || ctx.otherApiOnly()) return null;
  const resource = n.arguments[0] ? modelNameResource(n.arguments[0]) : null;
  return resource ? { resource, role: 'body', path: [], via: 'name', weak: true, flat: true } : null;
}

/** A model class of a client-side store (`class InterviewModel extends Model { @attr … }`) and the resource it is named for. */
function storeModelClass(cls: Node): ResourceName | null {
  const body: Node[] = cls?.body?.body ?? [];
  if (!cls?.id || !body.some((m) => storeModelAttribute(cls, m) !== null)) return null;
  const t = typeNameTie(cls.id.name);
  return t && t.role === 'response' && t.path.length === 0 && !t.list ? t.resource : null;
}

/** `this` in a method or getter of a store model named for a resource (`get hasBodyMetrics() { return this.height != null }`). */
export function storeModelThisTie(thisPath: Path): Tie | null {
  let p: Path | null = parentOf(thisPath);
  while (p && p.node.type !== 'ClassBody') {
    // A function of its own (not an arrow, not the method itself) has another `this`.
    if (p.node.type === 'FunctionExpression' || p.node.type === 'FunctionDeclaration') return null;
    p = parentOf(p);
  }
  const cls = p ? parentOf(p)?.node : null;
  const resource = cls ? storeModelClass(cls) : null;
  return resource ? { resource, role: 'body', path: [], via: 'name', weak: true, flat: true } : null;
}

/** Serializer methods that turn a payload of the API into the store's document: `normalizeResponse`, `normalize`. */
const NORMALIZERS = /^normalize(Response|SingleResponse|ArrayResponse|FindRecordResponse|QueryRecordResponse|SaveResponse|CreateRecordResponse|UpdateRecordResponse)?$/;

/**
 * The resource a serializer's normalize call is about (Ember Data: `serializer.normalizeResponse(store,
 * store.modelFor('interview'), payload, id, 'findRecord')`, `store.serializerFor('interview').normalize(…)`).
 */
export function normalizedResource(ctx: FileContext, call: Path): ResourceName | null {
  const n = call.node;
  if (!isCall(n) || !isMember(n.callee) || !NORMALIZERS.test(memberName(n.callee) ?? '') || ctx.otherApiOnly()) return null;
  const named = (p: Path, finder: string, depth = 0): ResourceName | null => {
    const v: Node = p.node;
    if (v?.type === 'Identifier' && depth < 2) {
      const init = constInit(p);
      return init ? named(init, finder, depth + 1) : null;
    }
    return isCall(v) && isMember(v.callee) && memberName(v.callee) === finder && v.arguments[0] ? modelNameResource(v.arguments[0]) : null;
  };
  for (let i = 0; i < n.arguments.length; i++) {
    const r = named(call.get('arguments', i), 'modelFor');
    if (r) return r;
  }
  return named(call.get('callee', 'object'), 'serializerFor');
}

/** The payload a normalize call is given (an object literal, or the const holding one): the resource's answer body. */
export function normalizedPayloadTie(ctx: FileContext, obj: Path): Tie | null {
  const parent = parentOf(obj);
  if (!parent) return null;
  const callOf = (arg: Path): ResourceName | null => {
    const call = parentOf(arg);
    return call && isCall(call.node) && call.node.arguments.includes(arg.node) ? normalizedResource(ctx, call) : null;
  };
  let resource = callOf(obj);
  if (!resource && parent.node.type === 'VariableDeclarator' && parent.node.init === obj.node && parent.node.id.type === 'Identifier') {
    const name = parent.node.id.name;
    for (const id of ctx.nodesOf('Identifier')) {
      if (id.node.name !== name || id.node === parent.node.id || declaratorOf(id)?.node !== parent.node) continue;
      resource = callOf(id);
      if (resource) break;
    }
  }
  return resource ? { resource, role: 'body', path: [], via: 'name', weak: true } : null;
}

/** `normalized.data.attributes` of what a normalize call answered: the record's attributes, kept flat. */
export function normalizedAttributesTie(ctx: FileContext, member: Path): Tie | null {
  const n = member.node;
  if (memberName(n) !== 'attributes' || !isMember(n.object) || memberName(n.object) !== 'data') return null;
  let doc: Path = member.get('object', 'object');
  if (doc.node.type === 'Identifier') doc = constInit(doc) ?? doc;
  const resource = isCall(doc.node) ? normalizedResource(ctx, doc) : null;
  return resource ? { resource, role: 'body', path: [], via: 'name', weak: true, flat: true } : null;
}

/**
 * The payload keys a serializer named for a resource maps its model's attributes from (Ember Data's `attrs = {
 * lastMessage: { key: 'msg' }, marketplace: { serialize: false }, links: '_links' }`): the key given, else the
 * attribute's own name as the wire spells it. Each is visited with the entry and where the key is written.
 */
export function serializerAttrs(classBody: Path, visit: (entry: Path, key: string, site: Node) => void): void {
  classBody.node.body.forEach((m: Node, i: number) => {
    if ((m.type !== 'ClassProperty' && m.type !== 'PropertyDefinition') || keyName(m) !== 'attrs' || m.value?.type !== 'ObjectExpression') return;
    const obj = classBody.get('body', i, 'value');
    obj.node.properties.forEach((p: Node, k: number) => {
      const name = keyName(p);
      if (!name || (p.type !== 'ObjectProperty' && p.type !== 'Property')) return;
      const entry = obj.get('properties', k);
      const own = stringValue(p.value);
      if (own !== null) return visit(entry, own, p.value);
      const keyProp = p.value?.type === 'ObjectExpression' ? p.value.properties.find((q: Node) => keyName(q) === 'key') : null;
      const given = keyProp ? stringValue(keyProp.value) : null;
      if (given !== null) return visit(entry, given, keyProp.value);
      visit(entry, wireName(name), p.key);
    });
  });
}

/**
 * A JSON:API resource object of a resource (`{ id, type: 'interview', attributes: { mode: 'complaint' } }`, Ember
 * Data's `store.push` or a JSON:API fixture): its attributes are that resource's, by the type's name (`interview`,
 * `interviews`), kept flat. Another type (`helpdesk-ticket`) is another thing's.
 */
export function resourceObjectTie(ctx: FileContext, obj: Path): Tie | null {
  if (obj.node.type !== 'ObjectExpression' || ctx.otherApiOnly()) return null;
  const typeProp = obj.node.properties.find((p: Node) => keyName(p) === 'type');
  const name = typeProp ? stringValue(typeProp.value) : null;
  const singular = name ? name.replace(/s$/, '') : null;
  const resource = singular ? modelNameResource({ type: 'StringLiteral', value: singular }) : null;
  return resource ? { resource, role: 'body', path: [], via: 'name', weak: true, flat: true } : null;
}
