import { api } from '../../../catalogue';
import { keyRole, type Role } from '../../roles';
import { bindingOf, calleeName, isCall, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';

/**
 * The role of an address where code uses it. In v1 the API base and the token audience were one string; a
 * value is rewritten only to the v2 value of the roles its uses give it (rules/addresses.ts). A use's role comes
 * from where it stands: the `audience` of a token request or an audience-named key or variable; a URL built from
 * it (a path after it, the first argument of an HTTP call, `new URL(path, it)`), a base-named key (`baseURL`,
 * `prefixUrl`, `apiBase`). A value bound to a name is followed to every reference of the name, and through
 * variables it initialises; other files' uses come from the run's project facts.
 */

export interface AddressUse {
  role: Role;
  /** The expression at the position (a reference of the binding, or the literal itself). */
  site: Path;
  /** The site can take a v2 literal of its role in place (a direct reference: `API`, `URLS.sandbox`). */
  replaceable: boolean;
}

/** Calls whose first argument is a URL. */
const HTTP_CALLEES = new Set(['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head', 'request', 'axios', 'got', 'ky', 'ofetch', '$fetch', 'useFetch', 'superagent', 'open', 'ajax', 'getJSON', 'sendBeacon']);
/** Option keys whose value is the base every request is resolved against. */
const BASE_OPTION_KEYS = new Set(['baseURL', 'baseUrl', 'prefixUrl', 'prefix', 'base', 'url', 'uri', 'endpoint', 'host', 'origin', 'server', 'apiUrl', 'apiBase']);

const WRAPPERS = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'TypeCastExpression', 'AwaitExpression']);

/**
 * The role the position of an expression gives it, and the binding it initialises (whose references are more
 * positions). Fallbacks (`env.X || it`, `a ?? it`, `cond ? it : b`) take the position of the whole expression.
 */
export function positionOf(path: Path): { role: Role | null; bind: Path | null; direct: boolean } {
  let p = path;
  const direct = true;
  for (let i = 0; i < 8; i++) {
    const parent = parentOf(p);
    if (!parent) return { role: null, bind: null, direct };
    const pn = parent.node;
    if (WRAPPERS.has(pn.type)) {
      p = parent;
      continue;
    }
    if (pn.type === 'LogicalExpression' || (pn.type === 'ConditionalExpression' && pn.test !== p.node)) {
      p = parent;
      continue;
    }
    if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === p.node) {
      const key = keyName(pn);
      return { role: keyRole(key) ?? (key && BASE_OPTION_KEYS.has(key) ? 'base' : null) ?? ownerRole(parent), bind: null, direct };
    }
    if (pn.type === 'VariableDeclarator' && pn.init === p.node) {
      return { role: pn.id.type === 'Identifier' ? keyRole(pn.id.name) : null, bind: pn.id.type === 'Identifier' ? parent.get('id') : null, direct };
    }
    if (pn.type === 'AssignmentExpression' && pn.right === p.node) {
      const target = isMember(pn.left) ? memberName(pn.left) : pn.left.type === 'Identifier' ? pn.left.name : null;
      return { role: target ? keyRole(target) : null, bind: null, direct };
    }
    if (pn.type === 'AssignmentPattern' && pn.right === p.node) {
      return { role: pn.left.type === 'Identifier' ? keyRole(pn.left.name) : null, bind: null, direct };
    }
    if (pn.type === 'TemplateLiteral') {
      const i2 = pn.expressions.indexOf(p.node);
      const after = pn.quasis[i2 + 1]?.value.cooked ?? '';
      return { role: after.trim() !== '' || pn.expressions.length > i2 + 1 ? 'base' : null, bind: null, direct };
    }
    if (pn.type === 'BinaryExpression' && pn.operator === '+' && pn.left === p.node) return { role: 'base', bind: null, direct };
    // `body.audience !== API` (a test double of the token service): the other side's name says the role.
    if (pn.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(pn.operator)) {
      const other = pn.left === p.node ? pn.right : pn.left;
      const name = isMember(other) ? memberName(other) : other.type === 'Identifier' ? other.name : null;
      return { role: name ? keyRole(name) : null, bind: null, direct };
    }
    if (isCall(pn) || pn.type === 'NewExpression') {
      const index = pn.arguments.indexOf(p.node);
      const name = calleeName(pn.callee);
      if (pn.type === 'NewExpression' && name === 'URL' && index >= 0) return { role: 'base', bind: null, direct };
      if (index === 0 && HTTP_CALLEES.has(name)) return { role: 'base', bind: null, direct };
      if (index >= 0) return { role: keyRole(name.replace(/^(set|with|use)/, '')), bind: null, direct };
      return { role: null, bind: null, direct };
    }
    if (isMember(pn) && pn.object === p.node && direct) {
      // `API.replace(…)`, `BASE.length`: a use of the value, role unknown.
      return { role: null, bind: null, direct: false };
    }
    return { role: null, bind: null, direct };
  }
  return { role: null, bind: null, direct };
}

/** The role an object's owner name gives its values: `TOKEN_AUDIENCES = { production: … }`, `API_BASE_URLS`. */
function ownerRole(objPath: Path): Role | null {
  let p: Path | null = objPath;
  for (let i = 0; i < 4 && p; i++) {
    const parent: Path | null = parentOf(p);
    if (!parent) return null;
    const n = parent.node;
    if (n.type === 'VariableDeclarator') return n.id.type === 'Identifier' ? keyRole(n.id.name) : null;
    if ((n.type === 'ObjectProperty' || n.type === 'Property') && n.value === p.node) {
      const r = keyRole(keyName(n));
      if (r) return r;
    } else if (!['TSAsExpression', 'TSSatisfiesExpression', 'CallExpression', 'ObjectExpression'].includes(n.type)) {
      return null;
    }
    p = parent;
  }
  return null;
}

/**
 * Where a value literal is bound: `const API = '…'` (the name), or `URLS = { sandbox: { api: '…' } }` (the name
 * and the keys down to the literal). Null when it is not bound to a name of this file.
 */
export function bindingOfLiteral(path: Path): { id: Path; keys: string[] } | null {
  const keys: string[] = [];
  let p = path;
  for (let i = 0; i < 8; i++) {
    const parent = parentOf(p);
    if (!parent) return null;
    const n = parent.node;
    if (WRAPPERS.has(n.type) || (n.type === 'CallExpression' && calleeName(n.callee) === 'freeze') || n.type === 'ObjectExpression') {
      p = parent;
      continue;
    }
    if ((n.type === 'ObjectProperty' || n.type === 'Property') && n.value === p.node) {
      const k = keyName(n);
      if (k === null) return null;
      keys.unshift(k);
      p = parent;
      continue;
    }
    if (n.type === 'VariableDeclarator' && n.init === p.node && n.id.type === 'Identifier') return { id: parent.get('id'), keys };
    return null;
  }
  return null;
}

/**
 * The uses of a bound value: every reference of the name, down its keys (`URLS.sandbox.api`; a computed key
 * `URLS[env].api` matches any key and is not replaceable), followed through the variables it initialises.
 */
export function bindingUses(ctx: FileContext, binding: { id: Path; keys: string[] }, depth = 0): AddressUse[] {
  const out: AddressUse[] = [];
  const name = binding.id.node.name;
  const scopePath = (binding.id as { scope?: { path?: Path } }).scope?.path;
  if (!scopePath || depth > 3) return out;
  ctx.identifiersIn(scopePath, name).forEach((ref: Path) => {
      if (ref.node === binding.id.node || bindingOf(ref)?.node !== binding.id.node) return;
      const parent = parentOf(ref);
      if (parent && ((parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parent.node.key === ref.node && !parent.node.shorthand)) return;
      if (parent && isMember(parent.node) && parent.node.property === ref.node && !parent.node.computed) return;
      // Down the keys: `URLS.sandbox.api`; a variable may take the rest (`const env = URLS[name]; env.api`).
      let site: Path = ref;
      let replaceable = true;
      let k = 0;
      for (; k < binding.keys.length; k++) {
        const up = parentOf(site);
        if (!up || !isMember(up.node) || up.node.object !== site.node) break;
        const key = memberName(up.node);
        if (key !== binding.keys[k] && key !== '*') return;
        if (key === '*' || up.node.computed) replaceable = false;
        site = up;
      }
      const pos = positionOf(site);
      if (k < binding.keys.length) {
        if (pos.bind) for (const u of bindingUses(ctx, { id: pos.bind, keys: binding.keys.slice(k) }, depth + 1)) out.push({ ...u, replaceable: false });
        return;
      }
      if (pos.role) out.push({ role: pos.role, site, replaceable: replaceable && pos.direct });
      if (pos.bind) {
        for (const u of bindingUses(ctx, { id: pos.bind, keys: [] }, depth + 1)) out.push({ ...u, replaceable: false });
      }
    });
  return out;
}

/** Uses of this file's exported constant `name` (key) that other files of the run reported. */
export function externalUses(ctx: FileContext, binding: { id: Path; keys: string[] }): { role: Role; replaceable: boolean; at: string }[] {
  const key = binding.keys[0] ?? null;
  return ctx.project
    .usesOf(ctx.filePath, binding.id.node.name, key)
    .filter((u) => u.role === 'audience' || u.role === 'url' || u.role === 'audience-indirect')
    .map((u) => ({ role: u.role === 'url' ? 'base' : 'audience', replaceable: u.role !== 'audience-indirect', at: u.at }));
}

/** Whether a token request object (`{ client_id, client_secret, audience, grant_type }`) holds this property. */
export function isTokenRequestObject(obj: Node): boolean {
  const t = api.tokenRequest;
  const keys = new Set(obj.properties.map((p: Node) => keyName(p)));
  return keys.has(t.audienceField) && (keys.has(t.grantTypeField) || keys.has(t.clientIdField));
}

/**
 * For the project facts: the roles a use of an imported constant gives it. A direct audience use is one the
 * using file replaces with a v2 literal itself; an audience reached through a variable (`const base = env.X ||
 * URLS[env]`, then `audience: base`) is 'audience-indirect': nobody can split it automatically.
 */
export function importedUseRoles(ctx: FileContext, path: Path): ('audience' | 'url' | 'audience-indirect')[] {
  const pos = positionOf(path);
  if (pos.role === 'audience') return [pos.direct ? 'audience' : 'audience-indirect'];
  if (pos.role === 'base') return ['url'];
  if (!pos.bind) return [];
  const roles = new Set<'audience' | 'url' | 'audience-indirect'>();
  for (const u of bindingUses(ctx, { id: pos.bind, keys: [] })) roles.add(u.role === 'base' ? 'url' : 'audience-indirect');
  return [...roles];
}
