import { bindingOf, calleeName, constInit, isFunction, isMember, keyName, memberName, objectLiteral, parentOf, unwrap, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { constRef, importedConst } from './constants';

/**
 * The static text of a string-ish expression (a literal, a template, a concatenation, a constant, a URL object,
 * a URL built by a helper or a builder call), with unknown parts as `{}`: what addresses and paths are matched
 * against. Constants are followed through ./constants.
 */

/** Static text of a string-ish expression; unknown parts become `{}`. Follows constants. */
export function staticText(ctx: FileContext, path: Path | null, depth = 0): string | null {
  if (!path || !path.node || depth > 4) return null;
  // A function of the tree, the bindings and the run's facts, which do not change during an analysis: memoised
  // per path and depth (rules ask it of the same expressions again and again).
  let memo = textMemo.get(ctx);
  if (!memo) {
    memo = new Map();
    textMemo.set(ctx, memo);
  }
  let byDepth = memo.get(path);
  if (!byDepth) {
    byDepth = [];
    memo.set(path, byDepth);
  }
  let text = byDepth[depth];
  if (text === undefined) {
    text = computeStaticText(ctx, path, depth);
    byDepth[depth] = text;
  }
  return text;
}
const textMemo = new WeakMap<FileContext, Map<Path, (string | null)[]>>();

function computeStaticText(ctx: FileContext, path: Path, depth: number): string | null {
  const p = unwrap(path);
  const n = p.node;
  switch (n.type) {
    case 'TemplateLiteral': {
      let s = '';
      n.quasis.forEach((q: Node, i: number) => {
        s += q.value.cooked ?? q.value.raw;
        if (i < n.expressions.length) s += staticText(ctx, p.get('expressions', i), depth + 1) ?? '{}';
      });
      return s;
    }
    case 'BinaryExpression':
      if (n.operator !== '+') return null;
      return `${staticText(ctx, p.get('left'), depth + 1) ?? '{}'}${staticText(ctx, p.get('right'), depth + 1) ?? '{}'}`;
    case 'Identifier': {
      const init = constInit(p);
      if (init) return staticText(ctx, init, depth + 1);
      return constRef(ctx, p)?.value ?? null;
    }
    case 'CallExpression':
    case 'OptionalCallExpression':
      return builtUrl(ctx, p, depth) ?? builderCallText(ctx, p, depth);
    case 'NewExpression':
      return urlObjectText(ctx, p, depth);
    default:
      return constRef(ctx, p)?.value ?? null;
  }
}

/**
 * `new URL('tickets/', config.apiBase)`: the reference resolved against the base as a browser would, `{}` for a base
 * this file cannot read (`{}tickets/`).
 */
function urlObjectText(ctx: FileContext, p: Path, depth: number): string | null {
  const n = p.node;
  if (n.callee.type !== 'Identifier' || n.callee.name !== 'URL' || n.arguments.length === 0) return null;
  const ref = staticText(ctx, p.get('arguments', 0), depth + 1);
  if (ref === null || n.arguments.length === 1 || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
  const base = staticText(ctx, p.get('arguments', 1), depth + 1);
  if (base === null || !/^https?:\/\/[^{}]+$/.test(base)) return `${base ?? '{}'}${ref.replace(/^\.?\//, base === null ? '/' : '')}`;
  try {
    return new URL(ref, base).href.replace(/%7B%7D/g, '{}');
  } catch {
    return null;
  }
}

/** Helpers that build a URL from a path: `this.url(PATHS.X, id)`, `util.format('interviews/%s/', id)`, `urlFor(…)`. */
export const URL_BUILDERS = /^(url|urlFor|buildUrl|makeUrl|apiUrl|endpoint|format|resolve|join|href|path|route|uri)$/i;

/** Static text of a URL-building call: its first argument with static text, behind whatever the helper prefixes (`{}`). */
function builtUrl(ctx: FileContext, p: Path, depth: number): string | null {
  const name = calleeName(p.node.callee);
  if (!URL_BUILDERS.test(name)) return null;
  for (let i = 0; i < Math.min(p.node.arguments.length, 2); i++) {
    const t = staticText(ctx, p.get('arguments', i), depth + 1);
    if (t === null || !/[/]/.test(t)) continue;
    if (/^https?:/i.test(t)) return t;
    // The helper is this file's and prefixes a base it names: `endpoint(rel) { return \`${DESK_ROOT}${rel}\`; }`.
    const base = helperBase(ctx, p, depth);
    if (base !== null) return `${base}${base.endsWith('/') || t.startsWith('/') ? '' : '/'}${t}`;
    return i > 0 ? t : `{}${t.startsWith('/') ? '' : '/'}${t}`;
  }
  return null;
}

/**
 * The absolute address a URL helper of this file puts before its argument: the static text it returns (its
 * parameter last, `{}`) when that starts with a scheme and host. A helper that returns anything else says nothing.
 */
function helperBase(ctx: FileContext, call: Path, depth: number): string | null {
  const callee = call.node.callee;
  let fn: Path | null = null;
  if (callee.type === 'Identifier') fn = localFunction(call.get('callee'));
  else if (isMember(callee) && callee.object.type === 'ThisExpression') fn = classMethod(call, memberName(callee) ?? '');
  if (!fn || fn.node.params.length !== 1) return null;
  const text = returnedText(ctx, fn, depth);
  return text !== null && /^https?:\/\/[^/{}]+/i.test(text) && text.endsWith('{}') && text.indexOf('{}') === text.length - 2 ? text.slice(0, -2) : null;
}

/** The method `name` of the class a path is in (`endpoint(rel) { … }`, `endpoint = (rel) => …`). */
function classMethod(path: Path, name: string): Path | null {
  let p = parentOf(path);
  while (p && p.node.type !== 'ClassBody') p = parentOf(p);
  if (!p) return null;
  const i = p.node.body.findIndex((m: Node) => keyName(m) === name && (m.type === 'ClassMethod' || m.type === 'MethodDefinition' || ((m.type === 'ClassProperty' || m.type === 'PropertyDefinition') && isFunction(m.value))));
  if (i < 0) return null;
  const m = p.node.body[i];
  if (m.type === 'ClassMethod') return p.get('body', i);
  return p.get('body', i, 'value');
}

/**
 * A path builder's result: `PATHS.interview(token)` where `interview: (t) => \`interviews/${t}/\``, `questionPath(id)`
 * of a function that returns `'questions/' + id + '/'` (its parameters are `{}`), in this file or imported. Only
 * texts that are paths (they hold a `/`) count: a function that returns a word is not a constant of it.
 */
function builderCallText(ctx: FileContext, p: Path, depth: number): string | null {
  const callee = p.node.callee;
  let text: string | null = null;
  if (callee.type === 'Identifier') {
    const fn = localFunction(p.get('callee'));
    if (fn) text = joinedText(ctx, p, fn, returnedText(ctx, fn, depth), depth);
    else {
      const imported = importedConst(ctx, p.get('callee'));
      if (imported?.value.kind === 'builder') text = imported.value.value;
    }
  } else if (isMember(callee) && !callee.computed && callee.object.type === 'Identifier') {
    const key = memberName(callee)!;
    const obj = objectLiteral(p.get('callee', 'object'));
    if (obj) {
      const fn = methodOf(obj, key);
      if (fn) text = returnedText(ctx, fn, depth);
    } else {
      const imported = importedConst(ctx, p.get('callee', 'object'));
      if (imported?.value.kind === 'map') text = imported.value.calls?.[key] ?? null;
    }
  }
  return text !== null && isPathText(text) ? text : null;
}

export const isPathText = (text: string) => text.includes('/');

/**
 * `api('interviews/:token/')` of `const api = (path) => \`${BASE}${path}\``: a helper of this file that puts a base before
 * its one parameter, whatever its name; the argument's text takes the parameter's place (`{}`) at the end, as it
 * would written out (`${BASE}interviews/:token/`).
 */
function joinedText(ctx: FileContext, call: Path, fn: Path, text: string | null, depth: number): string | null {
  const param = fn.node.params.length === 1 && fn.node.params[0].type === 'Identifier' ? fn.node.params[0].name : null;
  let e = fn.node.body?.type === 'BlockStatement' ? (fn.node.body.body.length === 1 ? fn.node.body.body[0].argument : null) : fn.node.body;
  if (e?.type === 'TemplateLiteral' && e.quasis.at(-1).value.raw === '') e = e.expressions.at(-1);
  else if (e?.type === 'BinaryExpression' && e.operator === '+') e = e.right;
  if (!param || text === null || !text.endsWith('{}') || call.node.arguments.length !== 1 || e?.type !== 'Identifier' || e.name !== param) return text;
  const arg = staticText(ctx, call.get('arguments', 0), depth + 1);
  return arg !== null && isPathText(arg) ? `${text.slice(0, -2)}${text.endsWith('/{}') ? arg.replace(/^\//, '') : arg}` : text;
}

/** The function an identifier names in this file: a declaration, or a const arrow or function expression. */
export function localFunction(idPath: Path): Path | null {
  const binding = bindingOf(idPath);
  const parent = binding ? parentOf(binding) : null;
  if (parent?.node.type === 'FunctionDeclaration' && parent.node.id === binding!.node) return parent;
  const init = constInit(idPath);
  return init && isFunction(init.node) ? init : null;
}

/** The function an object literal holds under `key`: a method (`interview(t) { … }`) or a function-valued property. */
export function methodOf(obj: Path, key: string): Path | null {
  const i = obj.node.properties.findIndex((prop: Node) => keyName(prop) === key);
  if (i < 0) return null;
  const prop = obj.node.properties[i];
  if (prop.type === 'ObjectMethod') return obj.get('properties', i);
  return isFunction(prop.value) && (prop.type === 'ObjectProperty' || prop.type === 'Property') ? obj.get('properties', i, 'value') : null;
}

/** The static text a function returns when its body is that one expression or a single `return` of it. */
export function returnedText(ctx: FileContext, fnPath: Path, depth: number): string | null {
  const body = fnPath.node.body;
  if (!body) return null;
  if (body.type !== 'BlockStatement') return staticText(ctx, fnPath.get('body'), depth + 1);
  const stmts = body.body;
  if (stmts.length !== 1 || stmts[0].type !== 'ReturnStatement' || !stmts[0].argument) return null;
  return staticText(ctx, fnPath.get('body', 'body', 0, 'argument'), depth + 1);
}
