import { bindingOf, calleeName, chainNames, constInit, declaratorOf, isCall, isFunction, isMember, keyName, memberName, objectLiteral, parentOf, propertyPath, stringValue, unwrap, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import type { ConstValue } from './project';
import { taggedDocumentText } from '../../frontends/graphql/embedded';

/**
 * Static values through constants: a string literal, a `const`, a member of an `as const` object or an
 * `Object.freeze` map, a TypeScript `enum` member, or a constant imported from another file of the run
 * (`import { MODES } from './modes'` → `MODES.COMPLAINT` → 'complaint'). URLs and mode names are found
 * through these, and a rewrite of a value happens where the value is written: at its definition.
 */

/** Where a static string comes from. */
export interface ConstRef {
  value: string;
  /** The literal's path, when it is written in this file. */
  literal: Path | null;
  /** The constant the expression named (`MODES.COMPLAINT`, `API_BASE`), when it went through one. */
  name?: string;
  /** A constant of another file: where it is defined. */
  external?: { file: string; line: number; exportName: string; key: string | null; alias?: string };
}

const MAX_DEPTH = 6;

/** The static string an expression stands for, and where it is written. */
export function constRef(ctx: FileContext, path: Path | null, depth = 0): ConstRef | null {
  if (!path || !path.node || depth > MAX_DEPTH) return null;
  const p = unwrap(path);
  const n = p.node;
  const value = stringValue(n);
  if (value !== null) return { value, literal: p };
  if (n.type === 'Identifier') {
    const init = constInit(p);
    // `let startMode = 'complaint'` set again later (`startMode = s.startMode || startMode`) holds other values too.
    if (init && reassigned(ctx, p)) return null;
    if (init) {
      const r = constRef(ctx, init, depth + 1);
      return r ? { ...r, name: r.name ?? n.name } : null;
    }
    const imported = importedConst(ctx, p);
    if (imported && imported.value.kind === 'string') {
      const alias = imported.value.alias;
      return { value: imported.value.value, literal: null, name: n.name, external: { ...imported.at, key: null, ...(alias ? { alias } : {}) } };
    }
    return null;
  }
  if (isMember(n)) {
    const key = memberName(n);
    if (!key || key === '*' || n.object.type !== 'Identifier') return null;
    const objPath = p.get('object');
    const name = `${n.object.name}.${key}`;
    const obj = objectLiteral(objPath);
    if (obj) {
      const prop = propertyPath(obj, key);
      const r = prop ? constRef(ctx, prop.get('value'), depth + 1) : null;
      return r ? { ...r, name } : null;
    }
    const member = enumMember(ctx, n.object.name, key);
    if (member) {
      const r = constRef(ctx, member, depth + 1);
      return r ? { ...r, name } : null;
    }
    const imported = importedConst(ctx, objPath);
    if (imported && imported.value.kind === 'map' && key in imported.value.entries) {
      return { value: imported.value.entries[key]!, literal: null, name, external: { ...imported.at, key } };
    }
    // `import * as types from './mutation-types'` → `types.SET_INTERVIEW`: that module's exported string.
    const spec = namespaceImport(objPath);
    const fact = spec ? ctx.project.importedConst(ctx.filePath, spec, key) : null;
    if (fact?.kind === 'string') {
      return { value: fact.value, literal: null, name, external: { file: fact.file, line: fact.line, exportName: key, key: null, ...(fact.alias ? { alias: fact.alias } : {}) } };
    }
  }
  return null;
}

/** Whether a `let`/`var` binding an identifier names is assigned again in the file (`x = …`, `x += …`, `x++`). */
function reassigned(ctx: FileContext, id: Path): boolean {
  const decl = declaratorOf(id);
  const kind = decl ? parentOf(decl)?.node.kind : 'const';
  if (!decl || kind === 'const') return false;
  const binding = decl.node.id;
  const name = binding.type === 'Identifier' ? binding.name : null;
  if (!name) return false;
  for (const a of ctx.nodesOf('AssignmentExpression', 'UpdateExpression')) {
    const target = a.node.type === 'AssignmentExpression' ? a.node.left : a.node.argument;
    if (target?.type !== 'Identifier' || target.name !== name) continue;
    if (declaratorOf(a.get(a.node.type === 'AssignmentExpression' ? 'left' : 'argument'))?.node === decl.node) return true;
  }
  return false;
}

/** The initializer of member `key` of the enum `enumName` declared in this file. */
export function enumMember(ctx: FileContext, enumName: string, key: string): Path | null {
  for (const decl of ctx.nodesOf('TSEnumDeclaration')) {
    if (decl.node.id.name !== enumName) continue;
    const i = decl.node.members.findIndex((m: Node) => enumKey(m) === key);
    if (i >= 0 && decl.node.members[i].initializer) return decl.get('members', i, 'initializer');
  }
  return null;
}

export function enumKey(m: Node): string | null {
  return m.id?.type === 'Identifier' ? m.id.name : m.id?.type === 'StringLiteral' ? m.id.value : null;
}

/** The module and exported name an identifier is imported as (`import { A as B } from './x'`, `require`). */
export function importOf(idPath: Path): { specifier: string; exportName: string } | null {
  const binding = bindingOf(idPath);
  if (!binding) return null;
  const parent = parentOf(binding);
  if (!parent) return null;
  const pn = parent.node;
  if (pn.type === 'ImportSpecifier' || pn.type === 'ImportDefaultSpecifier') {
    const decl = parentOf(parent)!.node;
    const exportName = pn.type === 'ImportDefaultSpecifier' ? 'default' : (pn.imported.name ?? pn.imported.value);
    return { specifier: String(decl.source.value), exportName };
  }
  // `const { MODES } = require('./modes')`
  if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === binding.node) {
    const decl = parentOf(parentOf(parent)!);
    const init = decl?.node.type === 'VariableDeclarator' ? decl.node.init : null;
    if (init && isCall(init) && init.callee.type === 'Identifier' && init.callee.name === 'require') {
      const spec = stringValue(init.arguments[0]);
      const exportName = keyName(pn);
      if (spec && exportName) return { specifier: spec, exportName };
    }
  }
  return null;
}

/** The module a namespace import binds (`import * as T from './x'` → './x'). */
export function namespaceImport(idPath: Path): string | null {
  const binding = bindingOf(idPath);
  const spec = binding ? parentOf(binding) : null;
  if (spec?.node.type !== 'ImportNamespaceSpecifier') return null;
  return String(parentOf(spec)!.node.source.value);
}

export function importedConst(ctx: FileContext, idPath: Path): { value: ConstValue; at: { file: string; line: number; exportName: string } } | null {
  if (idPath.node.type !== 'Identifier') return null;
  const imp = importOf(idPath);
  if (!imp) return null;
  const fact = ctx.project.importedConst(ctx.filePath, imp.specifier, imp.exportName);
  if (!fact) return null;
  const { file, line, ...value } = fact;
  return { value: value as ConstValue, at: { file, line, exportName: imp.exportName } };
}

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

const isPathText = (text: string) => text.includes('/');

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
function localFunction(idPath: Path): Path | null {
  const binding = bindingOf(idPath);
  const parent = binding ? parentOf(binding) : null;
  if (parent?.node.type === 'FunctionDeclaration' && parent.node.id === binding!.node) return parent;
  const init = constInit(idPath);
  return init && isFunction(init.node) ? init : null;
}

/** The function an object literal holds under `key`: a method (`interview(t) { … }`) or a function-valued property. */
function methodOf(obj: Path, key: string): Path | null {
  const i = obj.node.properties.findIndex((prop: Node) => keyName(prop) === key);
  if (i < 0) return null;
  const prop = obj.node.properties[i];
  if (prop.type === 'ObjectMethod') return obj.get('properties', i);
  return isFunction(prop.value) && (prop.type === 'ObjectProperty' || prop.type === 'Property') ? obj.get('properties', i, 'value') : null;
}

/** The static text a function returns when its body is that one expression or a single `return` of it. */
function returnedText(ctx: FileContext, fnPath: Path, depth: number): string | null {
  const body = fnPath.node.body;
  if (!body) return null;
  if (body.type !== 'BlockStatement') return staticText(ctx, fnPath.get('body'), depth + 1);
  const stmts = body.body;
  if (stmts.length !== 1 || stmts[0].type !== 'ReturnStatement' || !stmts[0].argument) return null;
  return staticText(ctx, fnPath.get('body', 'body', 0, 'argument'), depth + 1);
}

/** The constants this file exports with static string values (for other files of the run). */
export function fileExports(ctx: FileContext): Record<string, ConstValue & { line: number }> {
  const out: Record<string, ConstValue & { line: number }> = {};
  const add = (name: string, valuePath: Path | null, at: Node) => {
    const v = valueOf(ctx, valuePath);
    if (v) out[name] = { ...v, line: ctx.lines.lineCol(at.start).line };
  };
  for (const exp of ctx.nodesOf('ExportNamedDeclaration')) {
    const d = exp.node.declaration;
    if (d?.type === 'VariableDeclaration') {
      d.declarations.forEach((decl: Node, i: number) => {
        if (decl.id.type === 'Identifier') add(decl.id.name, exp.get('declaration', 'declarations', i, 'init'), decl);
      });
    } else if (d?.type === 'FunctionDeclaration' && d.id) {
      add(d.id.name, exp.get('declaration'), d);
    } else if (d?.type === 'TSEnumDeclaration') {
      const entries: Record<string, string> = {};
      d.members.forEach((m: Node, i: number) => {
        const r = m.initializer ? constRef(ctx, exp.get('declaration', 'members', i, 'initializer')) : null;
        const k = enumKey(m);
        if (r && k) entries[k] = r.value;
      });
      if (Object.keys(entries).length > 0) out[d.id.name] = { kind: 'map', entries, line: ctx.lines.lineCol(d.start).line };
    } else if (!d) {
      for (const s of exp.node.specifiers ?? []) {
        if (s.type !== 'ExportSpecifier' || exp.node.source) continue;
        const local = s.local.name;
        const exported = s.exported.name ?? s.exported.value;
        for (const decl of ctx.nodesOf('VariableDeclarator')) {
          if (decl.node.id.type === 'Identifier' && decl.node.id.name === local && decl.scope?.isGlobal !== false) {
            add(exported, decl.get('init'), decl.node);
          }
        }
      }
    }
  }
  // `export default { interview: (t) => \`interviews/${t}/\` }`, `export default PATHS`: the module's default value.
  for (const exp of ctx.nodesOf('ExportDefaultDeclaration')) {
    const d = exp.node.declaration;
    if (/Declaration$/.test(d.type)) continue;
    // A component's or a store module's options (`{ name: 'Result', data () {…} }`) are no map of constants.
    const v = valueOf(ctx, exp.get('declaration'));
    const obj = objectLiteral(exp.get('declaration'));
    if (v?.kind === 'map' && obj && Object.keys(v.entries).length + Object.keys(v.calls ?? {}).length < obj.node.properties.length) continue;
    add('default', exp.get('declaration'), d);
  }
  // CommonJS: `module.exports = { MODES, PATHS: {…} }`, `module.exports.X = …`, `exports.X = …`.
  for (const assign of ctx.nodesOf('AssignmentExpression')) {
    const left = assign.node.left;
    const chain = isMember(left) ? chainNames(left) : [];
    if (chain[0] === 'module' && chain[1] === 'exports' && chain.length === 2) {
      const obj = objectLiteral(assign.get('right'));
      obj?.node.properties.forEach((prop: Node, i: number) => {
        const k = keyName(prop);
        if (k) add(k, obj.get('properties', i, 'value'), prop);
      });
    } else if ((chain[0] === 'module' && chain[1] === 'exports' && chain.length === 3) || (chain[0] === 'exports' && chain.length === 2)) {
      add(chain[chain.length - 1]!, assign.get('right'), assign.node);
    }
  }
  return out;
}

/** A constant's value when it is a string, an object/frozen map of strings (and of path builders) or a path builder. */
function valueOf(ctx: FileContext, path: Path | null): ConstValue | null {
  if (!path || !path.node) return null;
  const r = constRef(ctx, path);
  if (r) return { kind: 'string', value: r.value, ...(r.name ? { alias: r.name } : {}) };
  const doc = taggedDocumentText(ctx.source, unwrap(path).node);
  if (doc !== null) return { kind: 'document', value: doc };
  const fn = functionValue(path);
  if (fn) {
    const text = returnedText(ctx, fn, 0);
    return text !== null && isPathText(text) ? { kind: 'builder', value: text } : null;
  }
  const obj = objectLiteral(path);
  if (!obj) return null;
  const entries: Record<string, string> = {};
  const calls: Record<string, string> = {};
  obj.node.properties.forEach((prop: Node, i: number) => {
    const k = keyName(prop);
    const v = k && prop.value ? constRef(ctx, obj.get('properties', i, 'value')) : null;
    if (k && v) entries[k] = v.value;
    const method = k ? methodOf(obj, k) : null;
    const text = method ? returnedText(ctx, method, 0) : null;
    if (k && text !== null && isPathText(text)) calls[k] = text;
  });
  if (Object.keys(calls).length > 0) return { kind: 'map', entries, calls };
  return Object.keys(entries).length > 0 ? { kind: 'map', entries } : null;
}

/** The function an exported value is: written there, or a function of this file it names. */
function functionValue(path: Path): Path | null {
  const p = unwrap(path);
  if (isFunction(p.node)) return p;
  return p.node.type === 'Identifier' ? localFunction(p) : null;
}
