import { constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import { typeNameTie } from './types';
import type { FileContext } from '../file';
import { staticText } from './static-text';
import type { Tie } from './tie';
import { urlTarget } from './url';

/**
 * Models that declare their own address (Backbone's `Model.extend({ urlRoot, url() })`, Ampersand, can-connect,
 * a class with a `url` member): the library sends them to that address. Their `parse(response)` receives the
 * resource's response and what their `toJSON()` returns is the body sent. The address is the static text of a
 * `url`/`urlRoot` member (a string, or what a `url()` method returns: `settings.apiBase + 'results/' + this.id`).
 */

const ADDRESS_KEYS = new Set(['url', 'urlRoot']);

/** What a model addresses: this API's resource, or (`other`) a path that is none of its resources. */
type Addressed = { resource: Tie['resource'] } | 'other';

/** The resource a model object literal or class body addresses through its `url`/`urlRoot` member. */
export function modelResource(ctx: FileContext, holder: Path): Addressed | null {
  const memo = memos.get(ctx) ?? new Map<Node, Addressed | null>();
  memos.set(ctx, memo);
  if (memo.has(holder.node)) return memo.get(holder.node)!;
  memo.set(holder.node, null);
  const members: Node[] = holder.node.type === 'ObjectExpression' ? holder.node.properties : holder.node.type === 'ClassBody' ? holder.node.body : [];
  let found: Addressed | null = null;
  members.forEach((m, i) => {
    if (found || !ADDRESS_KEYS.has(keyName(m) ?? '')) return;
    const member = holder.get(holder.node.type === 'ObjectExpression' ? 'properties' : 'body', i);
    for (const text of addressTexts(ctx, member)) {
      const t = urlTarget(ctx, text);
      if (t) return void (found = { resource: t.resource });
      // `supportBase + 'tickets' + … + '.json'`: another API's document.
      if (/^\{\}\/?[\w-]+(?:\{\}|\/|\.json)/.test(text)) found = 'other';
    }
  });
  memo.set(holder.node, found);
  return found;
}
const memos = new WeakMap<FileContext, Map<Node, Addressed | null>>();

/** Static texts of an address member: its value, or what its method returns. */
function addressTexts(ctx: FileContext, member: Path): string[] {
  const n = member.node;
  const fn: Path | null = isFunction(n) ? member : n.value && isFunction(n.value) ? member.get('value') : null;
  if (!fn) {
    const text = n.value ? staticText(ctx, member.get('value')) : null;
    return text ? [text] : [];
  }
  const out: string[] = [];
  ctx.j(fn.get('body')).find(ctx.j.ReturnStatement).forEach((r: Path) => {
    if (r.node.argument) out.push(...branchTexts(ctx, r.get('argument')));
  });
  return out;
}

/**
 * `this.isNew() ? root : root + this.id + '/'`, `a || b`: the static text of each branch; a branching local
 * (`var path = this.isNew() ? 'intents/' : 'intents/' + this.id + '/'`) joined into the address counts each branch.
 */
function branchTexts(ctx: FileContext, p: Path, depth = 0): string[] {
  const n = p.node;
  if (depth < 6 && n.type === 'ConditionalExpression') return [...branchTexts(ctx, p.get('consequent'), depth + 1), ...branchTexts(ctx, p.get('alternate'), depth + 1)];
  if (depth < 6 && n.type === 'LogicalExpression') return [...branchTexts(ctx, p.get('left'), depth + 1), ...branchTexts(ctx, p.get('right'), depth + 1)];
  if (depth < 6 && n.type === 'Identifier') {
    const init = constInit(p);
    if (init && (init.node.type === 'ConditionalExpression' || init.node.type === 'LogicalExpression')) return branchTexts(ctx, init, depth + 1);
  }
  if (depth < 6 && n.type === 'BinaryExpression' && n.operator === '+') {
    const left = branchTexts(ctx, p.get('left'), depth + 1);
    const right = branchTexts(ctx, p.get('right'), depth + 1);
    if (left.length > 1 || right.length > 1) {
      const ls = left.length ? left : ['{}'];
      const rs = right.length ? right : ['{}'];
      return ls.flatMap((l) => rs.map((r) => l + r)).slice(0, 8);
    }
  }
  const text = staticText(ctx, p);
  return text ? [text] : [];
}

/** The object literal or class body a member function belongs to, and the member's name. */
export function memberOf(fn: Path): { holder: Path; name: string } | null {
  const up = parentOf(fn);
  if (!up) return null;
  if ((up.node.type === 'ObjectMethod' || up.node.type === 'ClassMethod') && up.node === fn.node) {
    const holder = parentOf(up);
    return holder ? { holder, name: keyName(up.node) ?? '' } : null;
  }
  if ((up.node.type === 'ObjectProperty' || up.node.type === 'Property' || up.node.type === 'ClassProperty') && up.node.value === fn.node) {
    const holder = parentOf(up);
    return holder ? { holder, name: keyName(up.node) ?? '' } : null;
  }
  return null;
}

/** `parse: function (resp) {…}` of a model addressing a resource: `resp` is that resource's response body. */
export function modelParseParamTie(ctx: FileContext, paramPath: Path): Tie | null {
  const fn = parentOf(paramPath);
  if (!fn || !isFunction(fn.node) || fn.node.params[0] !== paramPath.node) return null;
  const m = memberOf(fn);
  if (!m || m.name !== 'parse') return null;
  const model = modelResource(ctx, m.holder);
  return model && model !== 'other' ? { resource: model.resource, role: 'body', path: [], via: 'flow' } : null;
}

/**
 * The data a constructor named for a resource is built from: `function Interview(data) { this.token = data.token; … }`
 * (an AngularJS factory's model), `class Result { constructor(json) { this.triage = json.triage } }`. Its first
 * parameter is that resource's representation, as far as the name tells (a person decides).
 */
export function constructorParamTie(paramPath: Path): Tie | null {
  const fn = parentOf(paramPath);
  if (!fn || fn.node.params?.[0] !== paramPath.node || paramPath.node.type !== 'Identifier') return null;
  let name: string | null = null;
  if (fn.node.type === 'FunctionDeclaration' || fn.node.type === 'FunctionExpression') {
    const up = parentOf(fn)?.node;
    name = fn.node.id?.name ?? (up?.type === 'VariableDeclarator' && up.id.type === 'Identifier' ? up.id.name : null);
  } else if ((fn.node.type === 'ClassMethod' && fn.node.kind === 'constructor') || (fn.node.type === 'FunctionExpression' && parentOf(fn)?.node.kind === 'constructor')) {
    name = parentOf(parentOf(fn)!)?.node.id?.name ?? null;
  }
  if (!name || !/^[A-Z]/.test(name)) return null;
  const t = typeNameTie(name);
  if (!t || t.role !== 'response' || t.list) return null;
  // A constructor: it sets its own fields from the parameter (`this.mode = data.mode`).
  const body: Node[] = fn.node.body?.body ?? [];
  const sets = body.some((st) => st.type === 'ExpressionStatement' && st.expression.type === 'AssignmentExpression' && isMember(st.expression.left) && st.expression.left.object.type === 'ThisExpression');
  return sets ? { resource: t.resource, role: 'body', path: [...t.path], via: 'name', weak: true } : null;
}

/**
 * An object literal returned by `toJSON()` of a model addressing a resource: the body the model sends. What its
 * `defaults()` returns are attributes the model sends unless `toJSON` says otherwise: a person decides (weak).
 */
export function modelBodyTie(ctx: FileContext, objPath: Path): Tie | null {
  const ret = parentOf(objPath);
  if (!ret || ret.node.type !== 'ReturnStatement') return null;
  let fn: Path | null = parentOf(ret);
  while (fn && !isFunction(fn.node)) fn = parentOf(fn);
  const m = fn ? memberOf(fn) : null;
  if (!m || (m.name !== 'toJSON' && m.name !== 'defaults')) return null;
  const model = modelResource(ctx, m.holder);
  if (!model || model === 'other') return null;
  return m.name === 'toJSON' ? { resource: model.resource, role: 'request', path: [], via: 'flow' } : { resource: model.resource, role: 'request', path: [], via: 'flow', weak: true };
}

/** `defaults: { text: '', extra: '' }` of a model addressing a resource: attributes it sends, for a person (weak). */
export function modelDefaultsTie(ctx: FileContext, objPath: Path): Tie | null {
  const prop = parentOf(objPath);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property' && prop.node.type !== 'ClassProperty') || prop.node.value !== objPath.node || keyName(prop.node) !== 'defaults') return null;
  const holder = parentOf(prop);
  const model = holder ? modelResource(ctx, holder) : null;
  return model && model !== 'other' ? { resource: model.resource, role: 'request', path: [], via: 'flow', weak: true } : null;
}

/** Whether the file declares a model that addresses this API (`true`), only other APIs (`false`), or none (`null`). */
export function declaredModels(ctx: FileContext): boolean | null {
  let ours = false;
  let other = false;
  for (const p of [...ctx.nodesOf('ObjectExpression'), ...ctx.nodesOf('ClassBody')]) {
    const m = modelResource(ctx, p);
    if (m === 'other') other = true;
    else if (m) ours = true;
  }
  return ours ? true : other ? false : null;
}

/** `this` inside a method of a model addressing a resource (`this.get('advice')` in a Backbone model): its attributes are that resource's. */
export function thisModelTie(ctx: FileContext, thisPath: Path): Tie | null {
  let p: Path | null = parentOf(thisPath);
  while (p && !isFunction(p.node)) p = parentOf(p);
  // Arrow functions keep the method's `this`.
  while (p && p.node.type === 'ArrowFunctionExpression') {
    p = parentOf(p);
    while (p && !isFunction(p.node)) p = parentOf(p);
  }
  const m = p ? memberOf(p) : null;
  const model = m ? modelResource(ctx, m.holder) : null;
  return model && model !== 'other' ? { resource: model.resource, role: 'body', path: [], via: 'flow' } : null;
}

/**
 * The address a model's own `this.url()` (or `this.urlRoot()`, `_.result(this, 'url')`) stands for inside one of its
 * methods (`Backbone.ajax({ url: this.url(), type: 'PUT', … })`): the static text of that member, the branch that
 * addresses a record when it has several (`this.isNew() ? root : root + this.id + '/'`).
 */
export function ownAddressText(ctx: FileContext, p: Path): string | null {
  const n = p.node;
  let key: string | null = null;
  let self: Path | null = null;
  if (isCall(n) && n.arguments.length === 0 && isMember(n.callee) && n.callee.object.type === 'ThisExpression') {
    key = memberName(n.callee);
    self = p.get('callee', 'object');
  } else if (isMember(n) && n.object.type === 'ThisExpression') {
    key = memberName(n);
    self = p.get('object');
  } else if (isCall(n) && n.arguments.length === 2 && n.arguments[0].type === 'ThisExpression' && (n.arguments[1].value === 'url' || n.arguments[1].value === 'urlRoot')) {
    key = n.arguments[1].value;
    self = p.get('arguments', 0);
  }
  if (!key || !ADDRESS_KEYS.has(key) || !self) return null;
  let fn: Path | null = parentOf(self);
  while (fn && !isFunction(fn.node) && fn.node.type !== 'ClassMethod' && fn.node.type !== 'ObjectMethod') fn = parentOf(fn);
  const holder = !fn ? null : fn.node.type === 'ClassMethod' || fn.node.type === 'ObjectMethod' ? parentOf(fn) : memberOf(fn)?.holder ?? null;
  if (!holder || !modelResource(ctx, holder) || modelResource(ctx, holder) === 'other') return null;
  const members: Node[] = holder.node.type === 'ObjectExpression' ? holder.node.properties : holder.node.type === 'ClassBody' ? holder.node.body : [];
  const i = members.findIndex((m) => keyName(m) === key);
  if (i < 0) return null;
  const texts = addressTexts(ctx, holder.get(holder.node.type === 'ObjectExpression' ? 'properties' : 'body', i)).filter((t) => urlTarget(ctx, t));
  return texts.find((t) => urlTarget(ctx, t)!.hasId) ?? texts[0] ?? null;
}
