import { api } from '../../../catalogue';
import { bindingOf, calleeName, constInit, isCall, isMember, isWrite, keyName, memberName, parentOf, stringValue, type Node, type Path } from '../ast';
import { nodesBelow } from '../node-index';
import { typeTie } from '../ties/types';
import { enclosingCallSending, urlTarget } from '../ties/url';
import { staticText } from '../ties/static-text';
import { tieOf } from '../ties/flow';
import { requestTieOfObject } from '../ties/requests';
import { sentByModelTie } from '../ties/store-records';
import { pathMatches, type Tie } from '../ties/tie';
import { pickedMembers } from './picked-members';
import { postedControls } from './form-controls';
import { atRequestField, fieldParams, paramMessage, removedFieldValues } from './removed-field-values';
import { jsdocMembers } from './jsdoc-models';
import { interfaceMembers, memberMessage, memberReads } from './reads';
import type { RuleImpl } from './types';

/** A field removed from a request body: deleted where the body is tied to the resource, else marked. */
export const requestFieldRemoved: RuleImpl<'request-field-removed'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  const parentPath = rule.path.slice(0, -1);
  const applies = (tie: Tie | null) =>
    !!tie &&
    tie.role === 'request' &&
    tie.resource === rule.resource &&
    (tie.op === undefined || rule.operations.includes(tie.op)) &&
    pathMatches(parentPath, tie.path);

  // `<form action={submitComplaint.bind(null, token)}><input name="extra" /></form>`: what a server action posts.
  if (parentPath.length === 0) {
    postedControls(ctx, field, (t) => t.resource === rule.resource && rule.operations.includes(t.op!), (control, name) => ctx.manual(change, control, rule.message, name, field));
  }
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const index = obj.node.properties.findIndex((p: Node) => keyName(p) === field);
    if (index < 0) return;
    const tie = requestTieOfObject(ctx, obj) ?? shapeTie(ctx, obj);
    if (!applies(tie)) return;
    const prop = obj.get('properties', index);
    if (rule.codemod === 'auto' && !tie!.weak && tie!.via !== 'name') {
      ctx.deleteProperty(change, obj, index, `\`${rule.path.join('.')}\` removed from the ${rule.resource} request body`);
    } else {
      ctx.manual(change, prop, rule.message, prop.node.key, field);
      // `race: profile.race` is one site (sending it), not also a read of a removed response field.
      ctx.claimed.add(prop.node.value);
    }
  });
  // `createIntent({ intent, detail }: IntentInput)`: a parameter destructured from a request type takes the field to send it;
  // so does `const { race, height } = dto.profile` of a value declared with a request model (`dto: CreateInterviewDto`).
  ctx.nodesOf('ObjectPattern').forEach((pattern: Path) => {
    const declared = pattern.node.typeAnnotation && parentOf(pattern)?.node.params?.includes(pattern.node) ? typeTie(pattern.node.typeAnnotation) : null;
    const decl = parentOf(pattern);
    const source = !declared && decl?.node.type === 'VariableDeclarator' && decl.node.id === pattern.node && decl.node.init ? declaredRequest(ctx, decl.get('init')) : null;
    if (!applies(declared ?? source)) return;
    pattern.node.properties.forEach((p: Node, i: number) => {
      if (keyName(p) === field && !ctx.claimed.has(p.key)) ctx.manual(change, pattern.get('properties', i), rule.message, p.key, field);
    });
  });
  // `.send(_.pick(changes, ['text', 'extra']))`, `{ profile: _.pick(attrs, PROFILE_FIELDS) }` in a body: the
  // fields picked into a body sent to the resource (listed inline, or in an array constant of this file).
  ctx.nodesOf('CallExpression').forEach((call: Path) => {
    if (calleeName(call.node.callee) !== 'pick' || call.node.arguments.length < 2) return;
    if (!applies(pickedInto(ctx, call))) return;
    for (let i = 1; i < call.node.arguments.length; i++) {
      const arg = call.get('arguments', i);
      const listed = arg.node.type === 'Identifier' ? constInit(arg) : arg;
      if (!listed || (listed !== arg && listed.node.type !== 'ArrayExpression')) continue;
      nodesBelow(ctx.j, listed).forEach((p: Path) => {
        if (stringValue(p.node) === field) ctx.manual(change, p, rule.message, p.node, field);
      });
      if (stringValue(listed.node) === field) ctx.manual(change, listed, rule.message, listed.node, field);
    }
  });
  // `body.extra = …` on a tied request body.
  ctx.nodesOf('AssignmentExpression').forEach((assign: Path) => {
    const left = assign.node.left;
    if (!isMember(left) || memberName(left) !== field) return;
    const target = assign.get('left', 'object');
    if (applies(tieOf(ctx, target)) || applies(builtShapeTie(ctx, target))) ctx.manual(change, assign, rule.message, left.property, field);
  });
  // `body => body.detail === 'next week'` in a test double: the test checks that the code sends the field.
  memberReads(ctx, new Set([field]), (read: Path) => {
    const tie = tieOf(ctx, read.get('object'));
    if (tie?.received && applies(tie) && !isWrite(read)) ctx.manual(change, read, rule.message, read.node.property, field);
  });
  // The field's value handed over on its own: a wrapper's parameter, an argument given to it, a const built for it.
  removedFieldValues(ctx, atRequestField(rule.resource, rule.operations, rule.path, rule.codemod === 'auto'), (site, node) => ctx.manual(change, site, rule.message, node, field));
  fieldParams(ctx, atRequestField(rule.resource, rule.operations, rule.path, false), (site, node, destructured) => {
    // A destructured name a typed input already reports on its line (`addIntent({ detail }: IntentInput)`): one site.
    if (destructured && ctx.hasSiteOn(change.id, ctx.range(node.start, node.end).line)) return;
    ctx.manual(change, site, paramMessage(rule.message), node, field);
  });
  pickedMembers(ctx, rule.resource, (literal, path, role) => {
    if (role === 'request' && pathMatches(rule.path, path)) ctx.manual(change, literal, memberMessage(rule.message), literal.node, field);
  });
  for (const m of jsdocMembers(ctx, rule.resource)) {
    if (m.role === 'request' && pathMatches(rule.path, m.path)) ctx.manualAt(change, m.start, m.end, m.comment, memberMessage(rule.message), field);
  }
  interfaceMembers(ctx, (member, path, role, model, site) => {
    if (role === 'request' && pathMatches(rule.path, path)) ctx.manual(change, member, memberMessage(rule.message, model), site, field);
  }, rule.resource);
};

/** The request a `pick(…)` call's result goes into: an API call sending it, or a key of a request body literal. */
function pickedInto(ctx: Parameters<RuleImpl<'request-field-removed'>>[0], call: Path): Tie | null {
  const sent = enclosingCallSending(ctx, call);
  if (sent) return { resource: sent.resource, op: sent.op, role: 'request', path: [], via: 'flow' };
  const prop = parentOf(call);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== call.node) return sentByModelTie(ctx, call);
  const outer = requestTieOfObject(ctx, parentOf(prop)!);
  const key = keyName(prop.node);
  return outer && key ? { ...outer, path: [...outer.path, key] } : null;
}

/**
 * `var profile = { age, sex }; … profile.height = h;`: a variable built from a literal shaped like a part of a
 * request (see shapeTie), extended field by field before it is handed on.
 */
function builtShapeTie(ctx: Parameters<RuleImpl<'request-field-removed'>>[0], target: Path): Tie | null {
  if (target.node.type !== 'Identifier') return null;
  const init = constInit(target);
  return init && init.node.type === 'ObjectExpression' ? shapeTie(ctx, init) : null;
}

/**
 * An object shaped like a part of a request (`{ age, sex, height }` is a profile, by the catalogue's keys) in a
 * file that deals with this API: something the code builds to send, as far as a person can tell.
 */
function shapeTie(ctx: Parameters<RuleImpl<'request-field-removed'>>[0], obj: Path): Tie | null {
  if (!ctx.touchesApi()) return null;
  // Only a value the code builds and hands on (`const profile = {…}`, `{ profile: {…} }`); not an argument of a
  // call (form state in `useState({…})`, a schema's members in `z.object({…})`: other rules read those).
  const parent = parentOf(obj)?.node;
  if (!parent || !['VariableDeclarator', 'ObjectProperty', 'Property', 'ReturnStatement', 'ArrayExpression', 'AssignmentExpression', 'LogicalExpression', 'ConditionalExpression'].includes(parent.type)) return null;
  if (sentElsewhere(ctx, obj)) return null;
  const keys = new Set(obj.node.properties.map((p: Node) => keyName(p)));
  const part = Object.values(api.subjects).find((s) => s.keys?.every((k) => keys.has(k)));
  return part ? { resource: part.parent, role: 'request', path: [...part.path], via: 'name', weak: true } : null;
}

/** Whether an object (or the literal it sits in) is handed to a call whose first argument is a URL or path of another API. */
function sentElsewhere(ctx: Parameters<RuleImpl<'request-field-removed'>>[0], obj: Path): boolean {
  let p: Path = obj;
  for (let i = 0; i < 6; i++) {
    const parent = parentOf(p);
    if (!parent) return false;
    const pn = parent.node;
    if (isCall(pn) && pn.arguments.includes(p.node)) {
      const first = pn.arguments[0] === p.node ? null : staticText(ctx, parent.get('arguments', 0));
      return first !== null && /\/|^https?:/.test(first) && urlTarget(ctx, first) === null;
    }
    if (!['ObjectProperty', 'Property', 'ObjectExpression'].includes(pn.type)) return false;
    p = parent;
  }
  return false;
}

/**
 * A request model a value is declared with, and the path inside it: `dto` of `(dto: CreateIntentDto)`, `dto.profile`
 * of `dto: CreateInterviewDto`. Only a declared type counts (the value is the caller's input to send), not a name.
 */
function declaredRequest(ctx: Parameters<RuleImpl<'request-field-removed'>>[0], path: Path): Tie | null {
  const n = path.node;
  if (n.type === 'Identifier') {
    const binding = bindingOf(path);
    const t = binding ? typeTie(binding.node.typeAnnotation) : null;
    return t && t.role === 'request' && t.via === 'type' && !t.list ? t : null;
  }
  if (isMember(n) && !n.computed) {
    const outer = declaredRequest(ctx, path.get('object'));
    const key = memberName(n);
    return outer && key ? { ...outer, path: [...outer.path, key] } : null;
  }
  return null;
}
