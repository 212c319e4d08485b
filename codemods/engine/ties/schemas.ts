import { calleeName, isCall, isMember, keyName, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { words } from '../words';
import type { Tie } from './tie';
import { typeNameTie } from './types';

/**
 * Validation schemas as models of payloads, like declared types: `ResultSchema = z.object({ advice: … })`
 * (zod), `yup.object({…})`, valibot `v.object`, io-ts `t.type`, superstruct `object`, Joi `Joi.object().keys`,
 * TypeBox `Type.Object`. A schema models the resource its name says (`ResultSchema`, `complaintRequestSchema`),
 * or, for `.extend({…})` of another schema, the resource that schema models; nested object schemas sit at the
 * key's path. Parsing with a schema (`ResultSchema.parse(body)`) gives a value of its model.
 */

/** Packages whose object builders define schemas. */
const PACKAGES = /^(zod|yup|valibot|io-ts|superstruct|joi|@hapi\/joi|@sinclair\/typebox|runtypes|myzod|ow)(\/.*)?$/;
/** Methods and functions that build an object schema from a literal of members. */
const BUILDERS = new Set(['object', 'type', 'partial', 'strict', 'exact', 'shape', 'extend', 'keys', 'looseObject', 'strictObject', 'Object', 'Record', 'interface', 'merge', 'append']);
/** Functions that wrap a schema given as their first argument: `optional(x)`, `nullable(x)`, `defaulted(x, d)`, `pipe(x, …)`. */
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exactOptional', 'defaulted', 'readonly', 'pipe', 'fallback', 'undefinedable', 'nonOptional', 'nonNullable']);
/** Methods that parse or validate a value with a schema, returning it typed. */
const PARSERS = new Set(['parse', 'parseAsync', 'safeParse', 'safeParseAsync', 'validate', 'validateSync', 'cast', 'decode', 'assert', 'create', 'mask', 'check']);

export interface SchemaObject {
  /** The object literal of members. */
  object: Path;
  tie: Tie;
}

/** Local names bound to a validation package in this file (`z`, `yup`, `v`, `t`, `object`). */
function packageNames(ctx: FileContext): Set<string> {
  const cached = packageMemo.get(ctx);
  if (cached) return cached;
  const names = new Set<string>();
  packageMemo.set(ctx, names);
  for (const imp of ctx.nodesOf('ImportDeclaration')) {
    if (!PACKAGES.test(String(imp.node.source.value))) continue;
    for (const s of imp.node.specifiers ?? []) names.add(s.local.name);
  }
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (n.callee.type !== 'Identifier' || n.callee.name !== 'require' || !PACKAGES.test(String(n.arguments[0]?.value ?? ''))) continue;
    const decl = parentOf(call)?.node;
    if (decl?.type === 'VariableDeclarator' && decl.id.type === 'Identifier') names.add(decl.id.name);
    if (decl?.type === 'VariableDeclarator' && decl.id.type === 'ObjectPattern') for (const p of decl.id.properties) if (p.value?.name) names.add(p.value.name);
  }
  return names;
}

const packageMemo = new WeakMap<FileContext, Set<string>>();

/** The identifier a call chain starts from: `z` of `z.object({…}).strict()`. */
function chainRoot(n: Node): Node {
  let cur = n;
  for (;;) {
    if (isCall(cur)) cur = cur.callee;
    else if (isMember(cur)) cur = cur.object;
    else return cur;
  }
}

const isSchemaName = (name: string) => ['schema', 'validator', 'codec', 'struct', 'shape', 'model'].includes(words(name).at(-1) ?? '');

/** Every object schema of the file with the model it describes. Memoized on the context. */
export function schemaObjects(ctx: FileContext): SchemaObject[] {
  const cached = schemaMemo.get(ctx);
  if (cached) return cached;
  const pkgs = packageNames(ctx);
  const out: SchemaObject[] = [];
  const seen = new Set<Node>();
  if (pkgs.size > 0 || ctx.source.includes('Schema')) {
    for (const call of ctx.nodesOf('CallExpression')) {
      const n = call.node;
      const name = calleeName(n.callee);
      if (!BUILDERS.has(name)) continue;
      const argIndex = n.arguments.findIndex((a: Node) => a.type === 'ObjectExpression');
      if (argIndex < 0) continue;
      const root = chainRoot(n.callee);
      const rootName = root.type === 'Identifier' ? root.name : '';
      if (!pkgs.has(rootName) && !isSchemaName(rootName)) continue;
      const tie = modelOf(call, rootName);
      const object = call.get('arguments', argIndex);
      if (tie && !seen.has(object.node)) {
        seen.add(object.node);
        out.push({ object, tie });
        nested(object, tie, out, seen);
      }
    }
  }
  schemaMemo.set(ctx, out);
  return out;
}
const schemaMemo = new WeakMap<FileContext, SchemaObject[]>();

/** The model a schema-building call describes: the name it is bound to, or the schema it extends. */
function modelOf(call: Path, rootName: string): Tie | null {
  const base = rootName && isSchemaName(rootName) ? typeNameTie(rootName) : null;
  // Climb the chain (`.object({…}).strict().nullable()`) to what the whole expression is bound to.
  let p: Path = call;
  for (let parent = parentOf(p); parent && (isMember(parent.node) || (isCall(parent.node) && parent.node.callee === p.node)); parent = parentOf(p)) p = parent;
  const owner = parentOf(p)?.node;
  const ownerName =
    owner?.type === 'VariableDeclarator' && owner.id.type === 'Identifier'
      ? owner.id.name
      : (owner?.type === 'ObjectProperty' || owner?.type === 'Property') && owner.value === p.node
        ? keyName(owner)
        : null;
  const own = ownerName ? typeNameTie(ownerName) : null;
  // `InterviewSchema.partial().extend({ msg })` bound to `InterviewUpdateSchema`: a response of the base's resource.
  const t = base && base.role === 'response' ? base : own ?? base;
  if (!t) return null;
  return { resource: t.resource, role: t.role === 'request' ? 'request' : 'body', path: [...t.path], via: 'type', list: t.list };
}

/** Object schemas nested as member values: `{ profile: z.object({…}) }`, `{ options: z.array(z.object({…})) }`. */
function nested(object: Path, tie: Tie, out: SchemaObject[], seen: Set<Node>): void {
  object.node.properties.forEach((prop: Node, i: number) => {
    const key = keyName(prop);
    if (!key || !prop.value) return;
    let value: Path = object.get('properties', i, 'value');
    const path = [...tie.path, key];
    // Unwrap `z.array(x)`, `yup.array().of(x)`, `x.optional()`, `x.nullable()` down to an object builder.
    for (let depth = 0; depth < 6 && isCall(value.node); depth++) {
      const n = value.node;
      const name = calleeName(n.callee);
      if (BUILDERS.has(name) && n.arguments[0]?.type === 'ObjectExpression') {
        const inner = value.get('arguments', 0);
        if (!seen.has(inner.node)) {
          seen.add(inner.node);
          const t = { ...tie, path, list: false };
          out.push({ object: inner, tie: t });
          nested(inner, t, out, seen);
        }
        return;
      }
      if ((name === 'array' || name === 'of') && n.arguments[0]) {
        path.push('*');
        value = value.get('arguments', 0);
      } else if (WRAPPERS.has(name) && isCall(n.arguments[0])) {
        // `s.optional(s.type({…}))` (superstruct), `v.nullable(v.object({…}))`, `v.pipe(v.object({…}), …)` (valibot)
        value = value.get('arguments', 0);
      } else if (isMember(n.callee)) {
        value = value.get('callee', 'object');
      } else {
        return;
      }
    }
  });
}

/** `ResultSchema.parse(body)`: a value of the schema's model. */
export function schemaTieOfCall(path: Path): Tie | null {
  const n = path.node;
  const name = calleeName(n.callee);
  if (!PARSERS.has(name)) return null;
  const obj = isMember(n.callee) ? n.callee.object : null;
  // `ResultSchema.parse(body)`: the schema's own method.
  let model = obj?.type === 'Identifier' && isSchemaName(obj.name) ? obj.name : null;
  // `create(body, schema.Interview)`, `s.mask(body, InterviewStruct)` (superstruct), `v.parse(ResultSchema, body)`
  // (valibot): a parsing function given the schema.
  if (!model) {
    for (const a of n.arguments as Node[]) {
      if (a.type === 'Identifier' && isSchemaName(a.name)) model = a.name;
      else if (isMember(a) && a.object.type === 'Identifier' && isSchemasName(a.object.name)) model = memberName(a);
      if (model) break;
    }
  }
  const t = model ? typeNameTie(model) : null;
  if (!t) return null;
  return { resource: t.resource, role: t.role === 'request' ? 'request' : 'body', path: [...t.path], via: 'type', list: t.list };
}

/** A namespace of schemas: `import * as schema from './schemas'`, `validators.Result`. */
const isSchemasName = (name: string) => isSchemaName(name) || isSchemaName(name.replace(/s$/, ''));

/** `complaintRequestSchema.validate({ … })`: an object given to a request schema's validator is a request body. */
export function schemaArgumentTie(argPath: Path): Tie | null {
  const call = parentOf(argPath);
  if (!call || !isCall(call.node) || call.node.arguments[0] !== argPath.node) return null;
  const t = schemaTieOfCall(call);
  return t && t.role === 'request' ? { ...t, weak: true } : null;
}

/**
 * Builders of enumeration schemas: zod `z.enum([…])` / `z.literal('x')` / `z.union([…])`, yup `.oneOf([…])`, Joi
 * `.valid(…)` / `.allow(…)`, valibot `v.picklist([…])`, io-ts `t.literal` / `t.keyof`, TypeBox `Type.Literal` /
 * `Type.Union`.
 */
const ENUM_BUILDERS = new Set(['enum', 'literal', 'union', 'oneOf', 'valid', 'allow', 'picklist', 'keyof', 'Literal', 'Union']);

/** Where a value of an enumeration schema is declared: the schema's name, or the member key it validates. */
export interface EnumOwner {
  /** `interviewModeSchema = z.enum([…])`, `ModeSchema = yup.string().oneOf([…])`. */
  name?: string;
  /** `{ mode: z.enum([…]) }`, and the members' object. */
  key?: string;
  holder?: Path;
}

/**
 * The owner of a string literal that is one of an enumeration schema's values, or null: the literal sits in
 * the arguments of an enum builder of a validation package (through arrays, `z.union([z.literal(…)])` and
 * chained `.optional()`), or is the `.default(…)` of one, and the whole schema is bound to a name or a member key.
 */
export function schemaEnumOwner(ctx: FileContext, literal: Path): EnumOwner | null {
  let p: Path = literal;
  let builder = false;
  for (let i = 0; i < 12; i++) {
    const parent = parentOf(p);
    if (!parent) return null;
    const n = parent.node;
    if (n.type === 'ArrayExpression' || n.type === 'TSAsExpression') {
      p = parent;
    } else if (isCall(n) && n.arguments.includes(p.node) && (ENUM_BUILDERS.has(calleeName(n.callee)) || (calleeName(n.callee) === 'default' && isEnumChain(ctx, n.callee.object)))) {
      if (!isEnumChain(ctx, n)) return null;
      builder = true;
      p = parent;
    } else if (isMember(n) && n.object === p.node && builder) {
      // `.optional()`, `.default('complaint')`, `.describe(…)`: the same schema.
      const call = parentOf(parent);
      if (!call || !isCall(call.node) || call.node.callee !== n) return null;
      p = call;
    } else if (n.type === 'VariableDeclarator' && n.init === p.node) {
      return builder && n.id.type === 'Identifier' ? { name: n.id.name } : null;
    } else if ((n.type === 'ObjectProperty' || n.type === 'Property') && n.value === p.node) {
      const key = keyName(n);
      return builder && key ? { key, holder: parentOf(parent)! } : null;
    } else {
      return null;
    }
  }
  return null;
}

/** Whether a call chain builds an enumeration with a validation package: `z.enum([…]).optional()`, `yup.string().oneOf([…])`. */
function isEnumChain(ctx: FileContext, n: Node): boolean {
  const root = chainRoot(n);
  if (root.type !== 'Identifier' || !packageNames(ctx).has(root.name)) return false;
  for (let cur = n; cur; cur = isCall(cur) ? cur.callee : isMember(cur) ? cur.object : null) {
    if (isCall(cur) && ENUM_BUILDERS.has(calleeName(cur.callee))) return true;
  }
  return false;
}

/** The model of an object schema's members literal (`InterviewSchema = z.object({ … })`), if the file has one. */
export function schemaModelOf(ctx: FileContext, object: Path): Tie | null {
  return schemaObjects(ctx).find((s) => s.object.node === object.node)?.tie ?? null;
}

/** A schema's name without its schema word: `interviewModeSchema` → `interviewMode`. */
export function schemaSubjectName(name: string): string {
  return isSchemaName(name) ? name.replace(/_?(schema|validator|codec|struct|shape|model)$/i, '') : name;
}
