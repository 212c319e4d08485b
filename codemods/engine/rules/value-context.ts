import { moduleValueName } from '../ties/mode-maps';
import { api, rulesOfKind } from '../../../catalogue';
import { calleeName, constInit, isCall, isFunction, isMember, keyName, memberName, parentOf, stringValue, unwrap, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { importOf } from '../ties/constants';
import { schemaEnumOwner, schemaModelOf, schemaSubjectName } from '../ties/schemas';
import { tieOf } from '../ties/flow';
import { boundToOtherMode, typeArgumentsNameMode, cellOfMode, declaredAsMode, declaredAsOtherThing, declaredForOtherMode, declaredTypeName, declaringTypeName, fileModesAreOthers, headNamesAnotherThing, namesAnotherThing, typedAsOtherThing, typeNamesMode, validatedModeMember } from '../ties/mode-types';
import { helperNameTie, isModeKeyedName, isModeName, nameTie, nounTie } from '../ties/names';
import { calleeFunction, paramAt, wrapperParamTie } from '../ties/wrappers';
import { words } from '../words';
import { foreignImports } from '../other-api';
import { recordedForElsewhere } from '../ties/assertions';
import { handlesElsewhere } from '../ties/answers-elsewhere';
import { shapedLikeFieldResource } from '../ties/resource-shape';
import { decoratedPropertyValue } from '../ties/orm-entities';
import { postedAsField } from './form-controls';
import { handedToOtherThingsHelper, sentElsewhere } from './sent-elsewhere';

/** `interview.mode ?? 'complaint'`, `data.interview.mode || 'complaint'`: the literal stands in for a read of the field on this API's resource. */
export function fallbackOfRead(ctx: FileContext, start: Path, field: string): boolean {
  const up = parentOf(start);
  if (!up || up.node.type !== 'LogicalExpression' || !['??', '||'].includes(up.node.operator) || up.node.right !== start.node) return false;
  let left: Path = up.get('left');
  while (left.node.type === 'TSNonNullExpression' || left.node.type === 'ParenthesizedExpression') left = left.get('expression');
  if (!isMember(left.node) || memberName(left.node) !== field) return false;
  const t = tieOf(ctx, left.get('object'));
  return !!t && t.role !== 'request' && !t.list && t.path.length === 0 && rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && rule.resource === t.resource);
}

/**
 * Whether a string literal is used as a value of the enumerated `field` (an interview mode): the value of a
 * `mode` property or a mode-named variable, a member of a mode-named constant map or enum (`MODES.COMPLAINT`,
 * `enum InterviewMode`), compared with one (`===`, `switch`, `includes`), passed to a function whose name says
 * mode, or a member of a mode union type. A literal sent to another API (`desk.post('tickets/', { mode })`)
 * or named for another thing's mode (`TicketMode`) is not.
 */
export function isValueContext(ctx: FileContext, start: Path, field: string): boolean {
  // A file that only talks to another API, or never names this one's data: its `mode`s are another thing's.
  if (ctx.otherApiOnly() || !ctx.touchesApi()) return false;
  // A test server's handler of another service's address (MSW's `rest.post(`${DESK}/tickets/`, …)`): its modes are that service's.
  if (handlesElsewhere(ctx, start)) return false;
  // The fallback of this API's own read of the field (`interview.mode ?? 'complaint'`) is its value wherever the
  // expression goes (into another service's body too: the value is still the interview's mode).
  if (fallbackOfRead(ctx, start, field)) return true;
  // A fallback takes the position of the whole expression: `startMode: env.MODE ?? 'complaint'`.
  let path = start;
  for (let up = parentOf(path); up && (up.node.type === 'LogicalExpression' || (up.node.type === 'ConditionalExpression' && up.node.test !== path.node) || up.node.type === 'TSAsExpression' || up.node.type === 'ParenthesizedExpression'); up = parentOf(path)) path = up;
  // `interviewModeSchema = z.enum([…])`, `InterviewSchema = z.object({ mode: z.enum([…]) })`: a value of a mode
  // schema (a `mode` member of a ticket schema is the ticket's).
  const schema = schemaEnumOwner(ctx, path);
  if (schema) {
    if (schema.key === undefined) return modeSchema(ctx, schema.name!, field);
    const model = schema.holder ? schemaModelOf(ctx, schema.holder) : null;
    return (schema.key === field || isModeName(schema.key)) && model !== null && model.path.length === 0 && rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && rule.resource === model.resource);
  }
  const parent = parentOf(path)!;
  const pn = parent.node;
  const modeish = (n: Node | null | undefined, at?: Path): boolean => {
    if (!n) return false;
    if (n.type === 'Identifier') return isModeName(n.name) || (!!at && at.node === n && declaredAsMode(at));
    // `stage.value` of `const stage = ref<InterviewMode>(…)`: the cell's value is a mode.
    if (isMember(n)) return memberName(n) === field || isModeName(memberName(n) ?? '') || (memberName(n) === 'value' && !!at && at.node === n && cellOfMode(at.get('object')));
    // `this.currentMode()`: a signal or getter named for the mode; `interview.get('mode')`: a model's attribute.
    if (isCall(n) && n.arguments.length === 0) return modeish(n.callee);
    if (isCall(n) && isMember(n.callee) && memberName(n.callee) === 'get' && n.arguments.length === 1) {
      const attr = stringValue(n.arguments[0]);
      return attr !== null && (attr === field || isModeName(attr)) && !!at && at.node === n && !!tieOf(ctx, at.get('callee', 'object'));
    }
    if (n.type === 'TSNonNullExpression' || n.type === 'ParenthesizedExpression' || n.type === 'TSAsExpression') return modeish(n.expression);
    return false;
  };
  switch (pn.type) {
    case 'ObjectProperty':
    case 'Property': {
      if (pn.value !== path.node) return false;
      const key = keyName(pn) ?? '';
      const obj = parentOf(parent)!;
      // `scStartMode: 'complaint'` beside `helpdeskBase: 'https://help…'`: a key that names this API's mode is its
      // own, whatever URLs sit beside it (not where the object is sent).
      // `@Column({ default: InterviewMode.Complaint }) mode`, `@ApiProperty({ example: … }) mode` of a model of the field's resource.
      if (rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && decoratedPropertyValue(obj, key, field, rule.resource))) return true;
      const own = isModeName(key) && words(key).some((w) => OWN_QUALIFIERS.has(w));
      if (sentElsewhere(ctx, obj, own) || declaredForOtherMode(obj) || handedToOtherThingsHelper(ctx, obj)) return false;
      if (key === field && declaredAsOtherThing(obj) && !tieOf(ctx, obj)) return false;
      // The file's own types say its `mode`s are another thing's (`mode: TicketMode`), and no URL or flow says otherwise.
      if (key === field && fileModesAreOthers(ctx) && !tieOf(ctx, obj)) return false;
      // `export const ticket = { id: 4211, mode: 'complaint', … }`: a record named for another thing, tied to nothing here.
      const holder = key === field ? ownerName(obj) : null;
      if (holder !== null && headNamesAnotherThing(holder) && !tieOf(ctx, obj) && !shapedLikeFieldResource(obj, holder, field)) return false;
      if (key === field || isModeName(key)) return true;
      // `MODE_OPTIONS = [{ value: MODES.SAFE, label: 'Safety check' }]`: what a picker of the mode offers.
      const list = key === 'value' ? parentOf(obj) : null;
      const listOwner = list?.node.type === 'ArrayExpression' ? ownerName(list) : null;
      if (listOwner !== null && isModeKeyedName(listOwner)) return true;
      // `MODES = { COMPLAINT: 'complaint' }`, `Object.freeze({…})`, `{…} as const`; or a map other files use as modes.
      const owner = ownerName(obj);
      // Another file using any member as the mode (`{ mode: STEPS.start }`) makes the map the mode's: its members are modes.
      if (owner !== null) return isModeName(owner) || usedAsMode(ctx, owner, null);
      // A module that is a map of modes and nothing else (`modes.js`: `define(function () { return { SAFE: 'safe' }; })`).
      return isModeName(moduleValueName(ctx, obj) ?? '');
    }
    case 'TSEnumMember': {
      const decl = parentOf(parent)!.node;
      const member = pn.id?.type === 'Identifier' ? pn.id.name : pn.id?.value ?? null;
      // Any member used as the mode in another file (`CheckMode.Symptoms`) makes the enum the mode's type.
      return decl.type === 'TSEnumDeclaration' && (isModeName(decl.id.name) || (member !== null && usedAsMode(ctx, decl.id.name, null)));
    }
    case 'BinaryExpression': {
      if (!['===', '!==', '==', '!='].includes(pn.operator)) return false;
      const other = parent.get(pn.left === path.node ? 'right' : 'left');
      return modeish(other.node, other) && !othersMode(ctx, other) && !boundToOtherMode(other);
    }
    case 'SwitchCase': {
      const sw = parentOf(parent)!;
      return sw.node.type === 'SwitchStatement' && modeish(sw.node.discriminant, sw.get('discriminant')) && !othersMode(ctx, sw.get('discriminant'));
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      if (pn.callee === path.node) return false;
      // `setMode('complaint')` of a `useState<TicketMode>(…)` pair: the setter of another thing's mode.
      if (pn.callee.type === 'Identifier' && boundToOtherMode(parent.get('callee'))) return false;
      // `useState<InterviewMode>('complaint')`, `signal<Mode>('complaint')`: the initial value of a holder typed with the mode type.
      if (pn.arguments[0] === path.node && typeArgumentsNameMode(pn)) return true;
      const name = calleeName(pn.callee);
      // `actions.updateMode.call(actions, ctx, 'safe')`: the function called is the member before `.call`.
      const called = isMember(pn.callee) && ['call', 'apply'].includes(name) && isMember(pn.callee.object) ? calleeName(pn.callee.object) : name;
      if (words(called).includes(field) && (isModeName(called) || isModeKeyedName(called) || /^(set|change|switch|update|to)/i.test(called))) return true;
      // `this.advance(state, 'safe')` where `advance(state, mode: ModeValue)`: the parameter says it.
      const fn = calleeFunction(parent);
      const param = fn ? paramAt(fn, pn.arguments.indexOf(path.node)) : null;
      if (param && (isModeName(param.node.name) || typeNamesMode(param.node.typeAnnotation))) return true;
      // `call(api.updateInterviewMode, token, MODES.SAFE)`: a wrapper, here or another file's, that sends the argument as the field.
      if (sentAsField(ctx, path, field)) return true;
      // `expect(interview.mode).toBe('complaint')`, `assert.equal(res.body.mode, 'complaint')`
      if (['equal', 'equals', 'eql', 'toBe', 'toEqual', 'toStrictEqual', 'strictEqual', 'deepEqual', 'assertEquals', 'assertStrictEquals'].includes(name)) {
        let root = pn.callee;
        while (isMember(root)) root = root.object;
        if (isMember(pn.callee) && isCall(root) && calleeName(root.callee) === 'expect') {
          if (modeish(root.arguments[0]) && !anotherThingsValue(ctx, pathOfCallee(parent)) && !recordedForElsewhere(ctx, pathOfCallee(parent))) return true;
        } else if (pn.arguments.length >= 2 && pn.arguments[1] === path.node && modeish(pn.arguments[0]) && !recordedForElsewhere(ctx, parent.get('arguments', 0))) {
          // `assertEquals(sent.mode, 'triage')` (Deno), `assert.equal(res.body.mode, 'complaint')`.
          return true;
        }
      }
      // `setMode.mutateAsync(InterviewMode.SAFE)`: a member of the mode type itself, whatever function takes it.
      if (isMember(path.node) && path.node.object.type === 'Identifier' && isModeName(path.node.object.name)) return true;
      // `modes.includes('complaint')`
      return ['includes', 'indexOf'].includes(name) && modeish(pn.callee.object);
    }
    case 'VariableDeclarator':
      // `const mode = 'complaint'`, and `const next: ModeName = … ? 'safe' : 'triage'` (its type says mode).
      return pn.init === path.node && pn.id.type === 'Identifier' && (isModeName(pn.id.name) || typeNamesMode(pn.id.typeAnnotation) || usedAsMode(ctx, pn.id.name, null) || sentAsMode(ctx, parent.get('id'), field));
    case 'ReturnStatement':
    case 'ArrowFunctionExpression': {
      // `startMode() { return env.START_MODE ?? 'complaint'; }`, `const defaultMode = () => 'complaint'`: what a
      // function named for the mode returns.
      if (pn.type === 'ArrowFunctionExpression' && pn.body !== path.node) return false;
      let fn: Path | null = parent;
      while (fn && !isFunction(fn.node) && fn.node.type !== 'ClassMethod' && fn.node.type !== 'ObjectMethod') fn = parentOf(fn);
      const name = fn ? functionName(fn) : null;
      return !!name && isModeName(name);
    }
    case 'AssignmentPattern':
      return pn.right === path.node && pn.left.type === 'Identifier' && isModeName(pn.left.name);
    case 'AssignmentExpression':
      return pn.right === path.node && modeish(pn.left);
    case 'ArrayExpression': {
      // `INTERVIEW_MODES = [...]`, `INTERVIEW_MODE_NAMES = [...] as const`
      const owner = ownerName(parent);
      // `SELECTABLE_MODES = Object.freeze([MODES.COMPLAINT, MODES.SAFE])`: a list of the mode map's members is a list of modes.
      const ofModeMap = pn.elements.every((e: Node) => isMember(e) && e.object.type === 'Identifier' && isModeName(e.object.name));
      // `SKIPPABLE: ['safe', 'triage']` inside a map of modes (`MODES = { …, SKIPPABLE: [...] }`, a `modes.js` module's value).
      const holder = parentOf(parent)?.node.type === 'ObjectProperty' || parentOf(parent)?.node.type === 'Property' ? parentOf(parentOf(parent)!) : null;
      const inModeMap = !!holder && holder.node.type === 'ObjectExpression' && isModeName(ownerName(holder) ?? moduleValueName(ctx, holder) ?? '');
      return (owner !== null && (isModeName(owner) || isModeKeyedName(owner))) || validatedModeMember(parent, field) || ofModeMap || inModeMap;
    }
    case 'TSLiteralType': {
      let p: Path | null = parentOf(parent)!;
      while (p && (p.node.type === 'TSUnionType' || Array.isArray(p.value))) p = parentOf(p)!;
      if (!p) return false;
      const n = p.node;
      if (n.type === 'TSTypeAliasDeclaration') return isModeName(n.id.name) || isModeKeyedName(n.id.name);
      if (n.type === 'TSTypeAnnotation') {
        const owner = parentOf(p)!.node;
        if (owner.type === 'TSPropertySignature') {
          // `interface Ticket { mode: 'complaint' | 'question' }` is a ticket's mode.
          const declaring = declaringTypeName(parentOf(p)!);
          return (keyName(owner) === field || isModeName(keyName(owner) ?? '')) && !(declaring && namesAnotherThing(declaring));
        }
        if (owner.type === 'Identifier') return isModeName(owner.name);
      }
      return false;
    }
    // `<button type="submit" name="mode" value={InterviewMode.Safe}>`: a form's control that posts the mode (a
    // Remix action, a Next server action); `value="safe"` among controls of that name offering two of the API's modes.
    case 'JSXExpressionContainer':
    case 'JSXAttribute':
      return postedAsField(ctx, path, field);
    default:
      return false;
  }
}


/**
 * Whether a `x.mode` compared with a literal is another thing's: the file's own types give every `mode` another
 * thing's mode type (`interface WidgetPayload { mode: TicketMode }`) and nothing ties `x` to this API.
 */
function othersMode(ctx: FileContext, operand: Path): boolean {
  let p = operand;
  while (p.node && (p.node.type === 'TSNonNullExpression' || p.node.type === 'ParenthesizedExpression' || p.node.type === 'TSAsExpression')) p = p.get('expression');
  if (!isMember(p.node)) return false;
  // `result.ticket.mode` (a callback's `result`): a field of this API's data that has no enumerated values is not a mode.
  const tie = tieOf(ctx, p);
  if (tie && !rulesOfKind('value-renamed').some(({ rule }) => rule.resource === tie.resource)) return true;
  // `(t: Ticket) => t.mode === …`, with the file's `interface Ticket { mode: … }`: the ticket's mode.
  const holder = p.get('object');
  if (holder.node.type === 'Identifier' && typedAsOtherThing(ctx, declaredTypeName(holder))) return true;
  // `ticket.mode === 'complaint'` in a file that imports `openTicket` from a helpdesk client: the mode of the other
  // API's thing the holder is named for, when nothing ties it to this API.
  if (holder.node.type === 'Identifier' && !tie && namedForForeignImport(ctx, holder.node.name) && !tieOf(ctx, holder)) return true;
  if (!fileModesAreOthers(ctx)) return false;
  return !tieOf(ctx, p.get('object')) && !tieOf(ctx, p);
}

/** Whether a name shares a word (of another thing, not a neutral one) with a name the file imports from another API's module. */
function namedForForeignImport(ctx: FileContext, name: string): boolean {
  const foreign = foreignImports(ctx);
  if (foreign.size === 0 || !namesAnotherThing(name)) return false;
  const own = words(name).filter((w) => w.length > 2);
  return [...foreign].some((f) => words(f).some((w) => own.includes(w.replace(/s$/, '')) || own.includes(w)));
}

/**
 * Whether an enumeration schema's name says interview mode (`interviewModeSchema`, `ModesEnum`), or the file
 * validates a mode member with it (`z.object({ mode: stepSchema })`), or other files use it as one.
 */
function modeSchema(ctx: FileContext, name: string, field: string): boolean {
  const subject = schemaSubjectName(name);
  if (isModeName(subject) || isModeKeyedName(subject)) return true;
  const asMember = ctx.nodesOf('Identifier').some((ref: Path) => {
    const up = parentOf(ref)?.node;
    return ref.node.name === name && (up?.type === 'ObjectProperty' || up?.type === 'Property') && up.value === ref.node && keyName(up) === field;
  });
  return asMember || usedAsMode(ctx, name, null);
}

/** The path of `expect(…)`'s first argument under `expect(x).toBe(…)` (and `.not.toBe`, `.resolves.toBe`). */
function pathOfCallee(call: Path): Path {
  let p: Path = call.get('callee');
  while (isMember(p.node)) p = p.get('object');
  return p.get('arguments', 0);
}

/**
 * Whether the object a `.mode` is read from is another thing's: a variable nothing ties to this API, named
 * for no resource, that holds what a function named for no resource returned (`const chat = await
 * openSupportChat(…)`; `expect(chat.mode).toBe('complaint')` is about a chat).
 */
function anotherThingsValue(ctx: FileContext, arg: Path): boolean {
  let p = arg;
  while (p.node && isMember(p.node)) p = p.get('object');
  if (!p.node || p.node.type !== 'Identifier' || nameTie(p.node.name) || tieOf(ctx, p)) return false;
  const init = constInit(p);
  if (!init) return false;
  let value = unwrap(init);
  if (value.node.type === 'AwaitExpression') value = unwrap(value.get('argument'));
  if (!isCall(value.node)) return false;
  const callee = calleeName(value.node.callee);
  // `const state = get(store)` (Svelte), `unref(session)`: the value of what it is given, judged as that.
  if (VALUE_OF.has(callee) && value.node.arguments.length === 1 && value.node.arguments[0].type === 'Identifier') return anotherThingsValue(ctx, value.get('arguments', 0));
  return callee !== '' && !nameTie(callee) && !helperNameTie(callee) && !words(callee).some((w) => nameTie(w)) && !fromResourceModule(ctx, value.get('callee'));
}

/** Calls that give the current value of a store or cell they are handed. */
const VALUE_OF = new Set(['get', 'unref', 'toValue', 'toRaw']);

/** `reducer` of `import reducer from '../src/reducers/interview'`: a function of a module named for a resource. */
function fromResourceModule(ctx: FileContext, callee: Path): boolean {
  const imp = callee.node.type === 'Identifier' ? importOf(callee) : null;
  if (imp && ctx.project.otherApiModule?.(ctx.filePath, imp.specifier)) return false;
  const last = imp ? imp.specifier.split('/').pop()!.replace(/\.[jt]sx?$/, '') : '';
  return last !== '' && !!nounTie(last);
}

/** The name a function is known by: its own, the method's, or the variable or property it is assigned to. */
function functionName(fn: Path): string | null {
  const n = fn.node;
  if (n.id?.type === 'Identifier') return n.id.name;
  if ((n.type === 'ClassMethod' || n.type === 'ObjectMethod') && n.key?.type === 'Identifier') return n.key.name;
  const up = parentOf(fn)?.node;
  if (up?.type === 'VariableDeclarator' && up.id.type === 'Identifier') return up.id.name;
  if ((up?.type === 'ObjectProperty' || up?.type === 'Property' || up?.type === 'ClassProperty' || up?.type === 'PropertyDefinition' || up?.type === 'MethodDefinition') && up.key?.type === 'Identifier') return up.key.name;
  return null;
}


/** `const PROBE_MODE = env.X || 'complaint'` sent as `{ mode: PROBE_MODE }` in a request of this API's resource with that field. */
function sentAsMode(ctx: FileContext, id: Path, field: string): boolean {
  const scopePath = (id as { scope?: { path?: Path } }).scope?.path;
  if (!scopePath) return false;
  let sent = false;
  ctx.identifiersIn(scopePath, id.node.name).forEach((ref: Path) => {
    if (sent || ref.node === id.node) return;
    const prop = parentOf(ref);
    if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== ref.node || keyName(prop.node) !== field) return;
    const t = tieOf(ctx, parentOf(prop)!);
    sent = !!t && t.role === 'request' && t.path.length === 0 && rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && rule.resource === t.resource);
  });
  return sent;
}

/** Whether other files of the run use this file's constant (`name`, member `key`) as an interview mode. */
function usedAsMode(ctx: FileContext, name: string, key: string | null): boolean {
  return ctx.project.usesOf(ctx.filePath, name, key).some((u) => u.role === 'mode');
}

/** Whether an object literal's key is an interview mode: a key of a map named for modes (`MODE_LABELS`). */
export function isModeKey(ctx: FileContext, propPath: Path): boolean {
  const obj = parentOf(propPath);
  if (!obj || obj.node.type !== 'ObjectExpression' || sentElsewhere(ctx, obj) || declaredForOtherMode(obj)) return false;
  const owner = ownerName(obj);
  if (owner === null || !ctx.touchesApi()) return false;
  return isModeName(owner) || isModeKeyedName(owner) || indexedByMode(ctx, obj, owner) || ctx.project.usesOf(ctx.filePath, owner, null).some((u) => u.role === 'mode-key');
}

/** `STEP_LABELS[interview.mode]`: a map this file looks up with an interview mode is keyed by modes. */
function indexedByMode(ctx: FileContext, obj: Path, owner: string): boolean {
  const decl = parentOf(obj);
  if (!decl || decl.node.type !== 'VariableDeclarator') return false;
  return ctx.nodesOf('MemberExpression', 'OptionalMemberExpression').some((m: Path) => {
    const n = m.node;
    if (!n.computed || n.object.type !== 'Identifier' || n.object.name !== owner) return false;
    const key = n.property;
    return (key.type === 'Identifier' && isModeName(key.name)) || (isMember(key) && (memberName(key) === api.modeField || isModeName(memberName(key) ?? '')));
  });
}

/** The name an object or array literal is bound to, through `as const`, `satisfies`, `Object.freeze` and object nesting. */
export function ownerName(path: Path): string | null {
  let p: Path | null = path;
  for (let i = 0; i < 4 && p; i++) {
    const parent: Path | null = parentOf(p);
    if (!parent) return null;
    const n = parent.node;
    if (n.type === 'VariableDeclarator' && n.init === p.node) return n.id.type === 'Identifier' ? n.id.name : null;
    if ((n.type === 'ObjectProperty' || n.type === 'Property' || n.type === 'ClassProperty' || n.type === 'PropertyDefinition') && n.value === p.node) return keyName(n);
    if (n.type === 'AssignmentExpression' && n.right === p.node) return isMember(n.left) ? memberName(n.left) : n.left.type === 'Identifier' ? n.left.name : null;
    if (!['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression', 'CallExpression'].includes(n.type)) return null;
    // A value registered under a name: `.constant('SC_MODES', {…})` (AngularJS), `provide('MODES', {…})`, `define('modes', {…})`.
    if (n.type === 'CallExpression' && n.arguments.length === 2 && n.arguments[1] === p.node && ['constant', 'value', 'provide', 'define', 'register', 'set'].includes(calleeName(n.callee))) {
      return stringValue(n.arguments[0]);
    }
    if (n.type === 'CallExpression' && calleeName(n.callee) !== 'freeze') return null;
    p = parent;
  }
  return null;
}

/** Words in a key that name this API (`scStartMode`, `symptomCheckerMode`). */
const OWN_QUALIFIERS = new Set(['sc', 'symptom', 'checker']);

/** Whether a wrapper (of this file or, by the run's facts, of another) sends the argument as the field of a resource that has its values. */
function sentAsField(ctx: FileContext, arg: Path, field: string): boolean {
  const sent = wrapperParamTie(ctx, arg)?.tie;
  return !!sent && sent.role === 'request' && sent.path.length === 1 && sent.path[0] === field && rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && rule.resource === sent.resource);
}
