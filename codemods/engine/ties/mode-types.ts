import { api } from '../../../catalogue';
import { keyName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { words } from '../words';
import { isModeKeyedName, isModeName } from './names';

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
  const answer = others > 0 && ours === 0;
  cache.set(ctx, answer);
  return answer;
}
const cache = new WeakMap<FileContext, boolean>();

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
