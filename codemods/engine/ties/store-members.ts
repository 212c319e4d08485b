import { calleeName, chainNames, isFunction, isMember, keyName, objectHasKey, objectLiteral, parentOf, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { tieOf } from './flow';
import type { Tie } from './tie';
import { copiedFrom, isFallback, mirroredStateMembers } from './vuex';
import { bindingRequestTie } from './wrappers';

/**
 * What a Vuex module offers the components that map it (`...mapState('interview', ['marketplace'])`,
 * `...mapGetters('results', ['advice'])`): each state field that mirrors a field of the answer, and each getter
 * whose value is tied (`advice: state => state.result ? state.result.advice : null`, or an object that copies the
 * fields of one tied value: `{ race: state.profile.race, bmi: state.profile.bmi }` is the profile). Weak, as the
 * state they come from: a person confirms.
 */
export function storeMembers(ctx: FileContext): Record<string, Tie> {
  const out: Record<string, Tie> = {};
  mirroredStateMembers(ctx, (prop, tie) => {
    const k = keyName(prop.node);
    if (k) out[k] = tie;
  });
  for (const getters of gettersObjects(ctx)) {
    getters.node.properties.forEach((prop: Node, i: number) => {
      const name = keyName(prop);
      const fn = prop.type === 'ObjectMethod' ? getters.get('properties', i) : isFunction(prop.value) ? getters.get('properties', i, 'value') : null;
      const value = fn ? returned(fn) : null;
      const tie = value ? valueTie(ctx, value) : null;
      if (name && tie && tie.role !== 'request') out[name] = { ...tie, weak: true };
    });
  }
  return out;
}

/**
 * A module's actions whose payload carries a request field on its own (`addComplaint ({ state }, { text, extra })`
 * sending `{ interview, text, extra }`): by action, the payload's keys and the field each is sent as. What a component
 * dispatches under such a key (`dispatch('interview/addComplaint', { text, extra: this.extra })`) is that field's value.
 */
export function storeActions(ctx: FileContext): Record<string, Record<string, Tie>> {
  const out: Record<string, Record<string, Tie>> = {};
  for (const actions of gettersObjects(ctx, 'actions')) {
    actions.node.properties.forEach((prop: Node, i: number) => {
      const name = keyName(prop);
      const fn = prop.type === 'ObjectMethod' ? actions.get('properties', i) : isFunction(prop.value) ? actions.get('properties', i, 'value') : null;
      const payload = fn?.node.params[1];
      if (!name || !fn || payload?.type !== 'ObjectPattern') return;
      payload.properties.forEach((p: Node, j: number) => {
        const key = keyName(p);
        if (!key || (p.type !== 'ObjectProperty' && p.type !== 'Property') || p.value?.type !== 'Identifier') return;
        const tie = bindingRequestTie(ctx, fn, fn.get('params', 1, 'properties', j, 'value'));
        if (tie?.onlyAs && tie.role === 'request' && tie.path.length === 1) (out[name] ??= {})[key] = { ...tie, weak: true };
      });
    });
  }
  return out;
}

/** The `getters` (or another part) of a module object (beside its `mutations` or `state`), or a Nuxt module's `export const getters`. */
function gettersObjects(ctx: FileContext, part = 'getters'): Path[] {
  const out: Path[] = [];
  for (const prop of ctx.nodesOf('ObjectProperty', 'Property')) {
    if (keyName(prop.node) !== part) continue;
    const owner = parentOf(prop)!;
    const obj = (objectHasKey(owner, 'mutations') || objectHasKey(owner, 'state')) && objectLiteral(prop.get('value'));
    if (obj) out.push(obj);
  }
  const top = ctx.nodesOf('VariableDeclarator').filter((d) => d.node.id.type === 'Identifier' && d.scope?.isGlobal !== false && d.node.init);
  const names = new Set(top.map((d) => d.node.id.name as string));
  const getters = top.find((d) => d.node.id.name === part);
  if (getters && (names.has('state') || names.has('mutations'))) {
    const obj = objectLiteral(getters.get('init'));
    if (obj) out.push(obj);
  }
  return out;
}

/** What a getter returns: its expression body, or the argument of its last statement's `return`. */
export function returned(fn: Path): Path | null {
  const body = fn.node.body;
  if (!body) return null;
  if (body.type !== 'BlockStatement') return fn.get('body');
  const last = body.body.length - 1;
  return last >= 0 && body.body[last].type === 'ReturnStatement' && body.body[last].argument ? fn.get('body', 'body', last, 'argument') : null;
}

/** The tie of a getter's value, through guards (`a && a.b`, `a ? a.b : null`), fallbacks and a copying object. */
export function valueTie(ctx: FileContext, p: Path, depth = 0): Tie | null {
  const n = p.node;
  if (depth > 4) return null;
  if (n.type === 'ParenthesizedExpression') return valueTie(ctx, p.get('expression'), depth + 1);
  if (n.type === 'ConditionalExpression') {
    if (isFallback(n.alternate)) return valueTie(ctx, p.get('consequent'), depth + 1);
    if (isFallback(n.consequent)) return valueTie(ctx, p.get('alternate'), depth + 1);
    return null;
  }
  if (n.type === 'LogicalExpression') {
    if (n.operator === '&&') return valueTie(ctx, p.get('right'), depth + 1);
    return isFallback(n.right) ? valueTie(ctx, p.get('left'), depth + 1) : null;
  }
  if (n.type === 'ObjectExpression') return copyingObjectTie(ctx, p);
  if (!isMember(n) && n.type !== 'Identifier') return null;
  return tieOf(ctx, p);
}

/** An object whose every member copies its namesake from one tied value (`{ race: p.race, bmi: p.bmi }`): that value. */
function copyingObjectTie(ctx: FileContext, obj: Path): Tie | null {
  let source: string | null = null;
  let tie: Tie | null = null;
  const props = obj.node.properties;
  if (props.length === 0) return null;
  for (let i = 0; i < props.length; i++) {
    const prop = props[i];
    const name = keyName(prop);
    if (!name || prop.type === 'ObjectMethod' || prop.type === 'SpreadElement') return null;
    const from = copiedFrom(obj.get('properties', i, 'value'), name);
    if (!from) return null;
    const text = sourceText(ctx, from.node);
    if (source === null) {
      source = text;
      tie = tieOf(ctx, from);
      if (!tie || tie.list || tie.role === 'request') return null;
    } else if (text !== source) return null;
  }
  return tie;
}

function sourceText(ctx: FileContext, n: Node): string {
  return ctx.source.slice(n.start, n.end);
}

/** The Vuex mappers that bind a module's members into a component by name. */
const STATE_MAPPERS = new Set(['mapState', 'mapGetters']);

/** A mapper's call on a named module: `mapState('interview', ['marketplace'])`, `mapGetters('results', { tips: 'advice' })`. */
export interface MappedMember {
  /** The name the component binds. */
  local: string;
  /** The module's member it is. */
  name: string;
  namespace: string;
  /** The entry that names it (the string), for a site. */
  entry: Path;
}

export function mappedMembers(ctx: FileContext): MappedMember[] {
  const out: MappedMember[] = [];
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (!STATE_MAPPERS.has(calleeName(n.callee)) || n.arguments.length < 2) continue;
    const namespace = stringValue(n.arguments[0]);
    if (!namespace) continue;
    const list = n.arguments[1];
    if (list.type === 'ArrayExpression') {
      list.elements.forEach((e: Node | null, i: number) => {
        const name = e ? stringValue(e) : null;
        if (name) out.push({ local: name, name, namespace: namespace.replace(/\/+$/, '').split('/').pop()!, entry: call.get('arguments', 1, 'elements', i) });
      });
    } else if (list.type === 'ObjectExpression') {
      list.properties.forEach((p: Node, i: number) => {
        const local = keyName(p);
        const name = p.value ? (stringValue(p.value) ?? stateReader(p.value)) : null;
        if (local && name) out.push({ local, name, namespace: namespace.replace(/\/+$/, '').split('/').pop()!, entry: call.get('arguments', 1, 'properties', i, 'value') });
      });
    }
  }
  // `...mapState({ offer: state => state.interview.marketplace })`: the module's name in the path.
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (calleeName(n.callee) !== 'mapState' || n.arguments.length !== 1 || n.arguments[0].type !== 'ObjectExpression') continue;
    n.arguments[0].properties.forEach((p: Node, i: number) => {
      const local = keyName(p);
      const path = p.value ? stateReaderPath(p.value) : null;
      if (local && path?.length === 2) out.push({ local, name: path[1]!, namespace: path[0]!, entry: call.get('arguments', 0, 'properties', i, 'value') });
    });
  }
  // `computed: { offer () { return this.$store.state.interview.marketplace } }`, `this.$store.getters['results/advice']`.
  for (const m of ctx.source.includes('$store') ? ctx.nodesOf('MemberExpression', 'OptionalMemberExpression') : []) {
    const chain = chainNames(m.node);
    if (chain[0] !== 'this' || chain[1] !== '$store' || isMember(parentOf(m)?.node) && parentOf(m)!.node.object === m.node) continue;
    const local = computedName(m);
    if (!local) continue;
    if (chain[2] === 'state' && chain.length === 5) out.push({ local, name: chain[4]!, namespace: chain[3]!, entry: m });
    const got = chain[2] === 'getters' && chain.length === 4 ? /^(?:[\w-]+\/)*([\w-]+)\/([\w$]+)$/.exec(chain[3]!) : null;
    if (got) out.push({ local, name: got[2]!, namespace: got[1]!, entry: m });
  }
  return out;
}

/** `state => state.marketplace` (a namespaced mapper's reader): the member it reads. */
function stateReader(fn: Node): string | null {
  const path = stateReaderPath(fn);
  return path?.length === 1 ? path[0]! : null;
}

/** The member path a one-parameter arrow reads from its parameter: `state => state.interview.marketplace` → [interview, marketplace]. */
function stateReaderPath(fn: Node): string[] | null {
  if (!isFunction(fn) || fn.params.length !== 1 || fn.params[0].type !== 'Identifier' || fn.body.type === 'BlockStatement') return null;
  const chain = isMember(fn.body) ? chainNames(fn.body) : [];
  return chain.length >= 2 && chain[0] === fn.params[0].name && !chain.includes('?') && !chain.includes('*') ? chain.slice(1) : null;
}

/** The computed property whose value an expression is (`offer () { return <expr> }`, `offer: function () { … }`). */
function computedName(expr: Path): string | null {
  let p: Path | null = parentOf(expr);
  if (p?.node.type === 'ReturnStatement') p = parentOf(parentOf(p)!);
  else if (p && isFunction(p.node) && p.node.body === expr.node) {
    // an arrow's expression body: p is the function already
  } else return null;
  if (!p || !(isFunction(p.node) || p.node.type === 'ObjectMethod') || (p.node.body.type === 'BlockStatement' && p.node.body.body.length !== 1)) return null;
  const prop = p.node.type === 'ObjectMethod' ? p : parentOf(p);
  const holder = prop ? parentOf(parentOf(prop)!) : null;
  if (!prop || !holder || keyName(holder.node) !== 'computed') return null;
  return keyName(prop.node);
}

/** Whether the file maps or dispatches to a named module (it is analysed again once the run's modules are known). */
export function mapsStore(ctx: FileContext): boolean {
  return mappedMembers(ctx).length > 0 || dispatches(ctx).length > 0;
}

/** `dispatch('interview/addComplaint', { … })` (`this.$store.dispatch`, a context's `dispatch`): the module, the action, the payload. */
export function dispatches(ctx: FileContext): { namespace: string; action: string; payload: Path }[] {
  const out: { namespace: string; action: string; payload: Path }[] = [];
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (calleeName(n.callee) !== 'dispatch' || n.arguments.length < 2 || n.arguments[1].type !== 'ObjectExpression') continue;
    const type = stringValue(n.arguments[0]);
    const m = type ? /^(?:[\w-]+\/)*([\w-]+)\/([\w$]+)$/.exec(type) : null;
    if (m) out.push({ namespace: m[1]!, action: m[2]!, payload: call.get('arguments', 1) });
  }
  return out;
}
