import { api, rulesOfKind } from '../../../catalogue';
import { bindingOf, calleeName, isCall, isMember, keyName, parentOf, type Node, type Path } from '../ast';
import { nodesBelow } from '../node-index';
import type { FileContext } from '../file';
import { words } from '../words';
import { isModeKeyedName, isModeName, nounTie } from './names';
import { typeNameTie } from './types';

/**
 * What a file's own types say its `mode`s are. A team that types its objects says whose mode a `mode` holds:
 * `interface WidgetPayload { mode: TicketMode }` with `type TicketMode = 'complaint' | 'question'` is a
 * helpdesk ticket's mode, and so is a map declared `Record<TicketMode, string[]>`. The spec does not show the
 * full list of interview modes, so the values of a union say nothing; the name of the type does.
 */

/** The name of a type reference (`TicketMode`, `Record<TicketMode, X>` → both names), shallowly. */
function referencedNames(t: Node | null | undefined, out: string[] = []): string[] {
  if (!t) return out;
  if (t.type === 'TSTypeAnnotation') return referencedNames(t.typeAnnotation, out);
  if (t.type === 'TSTypeReference' && t.typeName?.type === 'Identifier') {
    out.push(t.typeName.name);
    for (const p of t.typeParameters?.params ?? []) referencedNames(p, out);
  } else if (t.type === 'TSUnionType' || t.type === 'TSIntersectionType') {
    for (const u of t.types) referencedNames(u, out);
  } else if (t.type === 'TSArrayType') {
    referencedNames(t.elementType, out);
  }
  return out;
}

/** A type named for another thing's mode: its last word says mode, the words before it another thing (`TicketMode`, `ThemeMode`). */
export function namesOtherMode(name: string): boolean {
  const w = words(name);
  const last = w[w.length - 1] ?? '';
  const field = api.modeField.toLowerCase();
  return w.length > 1 && (last === field || last === `${field}s`) && !isModeName(name);
}

/**
 * Whether every `mode` property the file's own interfaces and type literals declare is typed with a type named
 * for another thing (`mode: TicketMode`, `mode: WidgetTheme`), and there is at least one: then a `x.mode` in this
 * file that nothing ties to the API is that thing's mode.
 */
export function fileModesAreOthers(ctx: FileContext): boolean {
  const cached = cache.get(ctx);
  if (cached !== undefined) return cached;
  let others = 0;
  let ours = 0;
  for (const p of ctx.nodesOf('TSPropertySignature', 'ClassProperty', 'PropertyDefinition')) {
    if (keyName(p.node) !== api.modeField) continue;
    // A type named for the interview's mode (`Mode`, `InterviewMode`, `ModeValue`), a plain string or no type
    // could be ours; a type named for another thing (`TicketMode`, `WidgetTheme`) is not.
    const names = referencedNames(p.node.typeAnnotation);
    if (names.length > 0 && !names.some((n) => isModeName(n) || isModeKeyedName(n))) others++;
    else ours++;
  }
  // Values taken from constant maps: `mode: CHAT_MODES.QUESTION` is a chat's mode, `mode: MODES.COMPLAINT` could be ours.
  for (const p of ctx.nodesOf('ObjectProperty', 'Property')) {
    const v = p.node.value;
    if (keyName(p.node) !== api.modeField || !v || !isMember(v) || v.object.type !== 'Identifier') continue;
    const map: string = v.object.name;
    if (isModeName(map) || isModeKeyedName(map)) ours++;
    else if (namesAnotherThing(map)) others++;
  }
  const answer = others > 0 && ours === 0;
  cache.set(ctx, answer);
  return answer;
}
const cache = new WeakMap<FileContext, boolean>();

/**
 * Whether a variable is bound to another thing's mode by its declared type: `let mode: TicketMode`, or a state hook's
 * pair typed so (`const [mode, setMode] = useState<TicketMode>('complaint')`, the value and its setter alike).
 */
export function boundToOtherMode(id: Path): boolean {
  if (id.node.type !== 'Identifier') return false;
  const binding = bindingOf(id);
  if (!binding) return false;
  if (referencedNames(binding.node.typeAnnotation).some(namesOtherMode)) return true;
  let decl = parentOf(binding);
  if (decl?.node.type === 'ArrayPattern' || decl?.node.type === 'ObjectPattern') decl = parentOf(decl);
  if (decl?.node.type !== 'VariableDeclarator' || decl.node.id === binding.node) return false;
  const init = decl.node.init;
  const typeArgs: Node[] = init && isCall(init) ? (init.typeParameters ?? init.typeArguments)?.params ?? [] : [];
  return [...typeArgs, decl.node.id.typeAnnotation].some((t) => referencedNames(t).some(namesOtherMode));
}

/** Whether a call's only type argument is the interview's mode type (`useState<InterviewMode>(…)`, not `useState<TicketMode>(…)`). */
export function typeArgumentsNameMode(call: Node): boolean {
  const params: Node[] = (call.typeParameters ?? call.typeArguments)?.params ?? [];
  if (params.length !== 1) return false;
  const names = referencedNames(params[0]);
  return names.length === 1 && isModeName(names[0]!) && !namesOtherMode(names[0]!);
}

/** Whether an object literal is declared as another thing's mode map: `const TAGS: Record<TicketMode, string[]> = {…}`. */
export function declaredForOtherMode(obj: Path): boolean {
  let p: Path | null = obj;
  for (let i = 0; i < 3 && p; i++) {
    const parent: Path | null = parentOf(p);
    if (!parent) return false;
    const n = parent.node;
    if (n.type === 'VariableDeclarator' && n.init === p.node) {
      const names = referencedNames(n.id.typeAnnotation);
      return names.some(namesOtherMode);
    }
    if (n.type === 'TSSatisfiesExpression' || n.type === 'TSAsExpression') {
      if (referencedNames(n.typeAnnotation).some(namesOtherMode)) return true;
    } else if (n.type !== 'ParenthesizedExpression') {
      return false;
    }
    p = parent;
  }
  return false;
}

/**
 * Whether an object literal is declared as another thing's value: `const ticketFixture: FeedbackTicket = { mode:
 * 'complaint' }`, `{…} satisfies SupportCase`. Its `mode` is that thing's, whatever the file imports beside it.
 */
export function declaredAsOtherThing(obj: Path): boolean {
  let p: Path | null = obj;
  for (let i = 0; i < 3 && p; i++) {
    const parent: Path | null = parentOf(p);
    if (!parent) return false;
    const n = parent.node;
    const annotation = n.type === 'VariableDeclarator' && n.init === p.node ? n.id.typeAnnotation : n.type === 'TSSatisfiesExpression' || n.type === 'TSAsExpression' ? n.typeAnnotation : undefined;
    if (annotation !== undefined) {
      const names = referencedNames(annotation);
      return names.length === 1 && names[0] !== 'const' && namesAnotherThing(names[0]!);
    }
    if (n.type !== 'ParenthesizedExpression') return false;
    p = parent;
  }
  return false;
}

/**
 * Words that say nothing about whose data a type models: `State`, `Props`, `FormValues`, `TriageStep` could hold
 * an interview's mode; a type named with another word and none of this API's nouns (`Ticket`, `ChatSession`)
 * models another thing.
 */
const NEUTRAL_WORDS = new Set([
  'state', 'props', 'store', 'slice', 'data', 'payload', 'context', 'params', 'param', 'options', 'config', 'settings',
  'values', 'value', 'model', 'response', 'request', 'body', 'dto', 'form', 'input', 'output', 'args', 'session', 'step',
  'steps', 'flow', 'wizard', 'page', 'screen', 'view', 'component', 'app', 'ui', 'local', 'initial', 'default', 'api',
  'sc', 'symptom', 'symptoms', 'checker', 'triage', 'v1', 'v2', 'type', 'types', 'shape', 'entity', 'record', 'item',
  'info', 'details', 'update', 'create', 'new', 'start', 'current', 'next', 'user', 'patient', 'member', 'care',
  'health', 'visit', 'assessment', 'check', 'checkup', 'web', 'mobile', 'client', 'server', 'raw', 'vm', 'query',
  'mutation', 'action', 'event', 'message', 'status', 'i', 't', 'base', 'common', 'shared', 'public', 'internal',
  api.modeField.toLowerCase(),
  `${api.modeField.toLowerCase()}s`,
]);

/** Whether a type's name says it models another thing than this API's data (`Ticket`, `SupportCase`). */
export function namesAnotherThing(name: string): boolean {
  const w = words(name);
  if (w.length === 0 || isModeName(name) || isModeKeyedName(name)) return false;
  for (let i = 0; i < w.length; i++) {
    if (nounTie(w[i]!) || (i + 1 < w.length && nounTie(w.slice(i, i + 2).join('_')))) return false;
  }
  return w.some((x) => !NEUTRAL_WORDS.has(x));
}

/** A name whose head noun, its last word, is another thing (`ticket`, `helpdeskTicket`; not `firstStep`). */
export function headNamesAnotherThing(name: string): boolean {
  const w = words(name);
  return w.length > 0 && !NEUTRAL_WORDS.has(w[w.length - 1]!) && namesAnotherThing(name);
}

/** The name of the interface or type alias a member signature (or Flow object type property) belongs to. */
export function declaringTypeName(member: Path): string | null {
  let p: Path | null = parentOf(member);
  for (let i = 0; i < 4 && p; i++) {
    const n = p.node;
    if (['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TypeAlias', 'InterfaceDeclaration'].includes(n.type)) return n.id?.name ?? null;
    if (!['TSInterfaceBody', 'TSTypeLiteral', 'ObjectTypeAnnotation'].includes(n.type)) return null;
    p = parentOf(p);
  }
  return null;
}

/**
 * Whether a value is declared with a type of this file named for another thing that has a `mode` of its own:
 * `(t: Ticket) => t.mode === 'complaint'` with `interface Ticket { mode: 'complaint' | 'question' }`.
 */
export function typedAsOtherThing(ctx: FileContext, name: string | null): boolean {
  if (!name || !namesAnotherThing(name)) return false;
  return ctx.nodesOf('TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TypeAlias', 'InterfaceDeclaration').some((d: Path) => {
    if (d.node.id?.name !== name) return false;
    let own = false;
    nodesBelow(ctx.j, d).forEach((m: Path) => {
      if ((m.node.type === 'TSPropertySignature' || m.node.type === 'ObjectTypeProperty') && keyName(m.node) === api.modeField) own = true;
    });
    return own;
  });
}

/** Validation decorators that list a member's allowed values (class-validator, and look-alikes). */
const ALLOWED_VALUES = new Set(['IsIn', 'IsEnum', 'Equals', 'IsOneOf', 'OneOf']);

/**
 * `class UpdateInterviewModeDto { @IsIn(['complaint', 'protocol']) mode!: string }`: the allowed values of a
 * model's `mode` member, when the class models a resource with that field (a `SupportTicketDto`'s are its own).
 */
export function validatedModeMember(array: Path, field: string): boolean {
  const call = parentOf(array);
  if (!call || !isCall(call.node) || call.node.arguments[0] !== array.node || !ALLOWED_VALUES.has(calleeName(call.node.callee))) return false;
  const decorator = parentOf(call);
  const member = decorator?.node.type === 'Decorator' ? parentOf(decorator) : null;
  if (!member || !['ClassProperty', 'PropertyDefinition', 'ClassAccessorProperty'].includes(member.node.type)) return false;
  const key = keyName(member.node) ?? '';
  if (key !== field && !isModeName(key)) return false;
  let cls: Path | null = parentOf(member);
  while (cls && cls.node.type !== 'ClassDeclaration' && cls.node.type !== 'ClassExpression') cls = parentOf(cls);
  const name: string | undefined = cls?.node.id?.name;
  if (!name) return false;
  // `StartInterviewDto`, `UpdateInterviewModeDto`, `SetModeDto`; not `ComplaintTicketDto`.
  const tie = typeNameTie(name);
  return (!!tie || isModeKeyedName(name)) && rulesOfKind('value-renamed').some(({ rule }) => rule.field === field && (!tie || rule.resource === tie.resource));
}

/** The name of the type a variable is declared with (`t: Ticket`, Flow `t: ?Ticket`), if a plain reference. */
export function declaredTypeName(id: Path): string | null {
  const binding = bindingOf(id);
  let t = binding?.node.typeAnnotation?.typeAnnotation;
  while (t && (t.type === 'NullableTypeAnnotation' || t.type === 'TypeAnnotation')) t = t.typeAnnotation;
  if (t?.type === 'TSTypeReference' && t.typeName?.type === 'Identifier') return t.typeName.name;
  if (t?.type === 'GenericTypeAnnotation' && t.id?.type === 'Identifier') return t.id.name;
  return null;
}

/** Whether a type annotation names a mode type (`mode: InterviewMode`, `m: ModeValue`; Flow's `m: ModeName`, `?ModeName`). */
export function typeNamesMode(annotation: Node | null | undefined): boolean {
  let t = annotation?.typeAnnotation;
  while (t && (t.type === 'NullableTypeAnnotation' || t.type === 'TypeAnnotation' || t.type === 'TSTypeAnnotation')) t = t.typeAnnotation;
  const name =
    t?.type === 'TSTypeReference' && t.typeName?.type === 'Identifier' ? t.typeName.name
    : t?.type === 'GenericTypeAnnotation' && t.id?.type === 'Identifier' ? t.id.name
    : null;
  return !!name && (isModeName(name) || isModeKeyedName(name));
}

/**
 * Whether a variable, whatever its name, is declared with a mode type: a parameter `(from: ModeName)`, `const
 * next: ModeName`, or a member destructured from a typed value (`const { from } = await c.req.json<{ from?:
 * ModeName }>()`, `({ from }: { from: ModeName })`).
 */
export function declaredAsMode(id: Path): boolean {
  const binding = bindingOf(id);
  if (!binding) return false;
  if (typeNamesMode(binding.node.typeAnnotation)) return true;
  const prop = parentOf(binding);
  if (!prop || (prop.node.type !== 'ObjectProperty' && prop.node.type !== 'Property') || prop.node.value !== binding.node) return false;
  const key = keyName(prop.node);
  const pattern = parentOf(prop);
  if (!key || pattern?.node.type !== 'ObjectPattern') return false;
  const literals: Node[] = [pattern.node.typeAnnotation?.typeAnnotation];
  const decl = parentOf(pattern);
  if (decl?.node.type === 'VariableDeclarator' && decl.node.id === pattern.node) {
    let init = decl.node.init;
    while (init && (init.type === 'AwaitExpression' || init.type === 'TSAsExpression')) init = init.type === 'AwaitExpression' ? init.argument : init.expression;
    if (isCall(init)) literals.push(...(init.typeParameters?.params ?? init.typeArguments?.params ?? []));
  }
  return literals.some((t: Node) => (t?.type === 'TSTypeLiteral' || t?.type === 'ObjectTypeAnnotation') && (t.members ?? t.properties ?? []).some((m: Node) => keyName(m) === key && typeNamesMode(m.type === 'ObjectTypeProperty' ? { typeAnnotation: m.value } : m.typeAnnotation)));
}

/** Reactive cells that hold one value of their type argument: Vue's `ref<InterviewMode>()`, Angular's `signal<…>()`. */
const CELLS = new Set(['ref', 'shallowRef', 'signal', 'writable', 'useRef']);

/** Whether an identifier is a reactive cell declared with a mode type (`const mode = ref<InterviewMode>(…)`): its `.value` is a mode. */
export function cellOfMode(id: Path): boolean {
  if (id.node.type !== 'Identifier') return false;
  const binding = bindingOf(id);
  const decl = binding ? parentOf(binding) : null;
  const init = decl?.node.type === 'VariableDeclarator' && decl.node.id === binding!.node ? decl.node.init : null;
  if (!isCall(init) || init.callee.type !== 'Identifier' || !CELLS.has(init.callee.name)) return false;
  const arg = (init.typeParameters?.params ?? init.typeArguments?.params ?? [])[0];
  return !!arg && typeNamesMode({ typeAnnotation: arg });
}

