import { calleeName, isCall, parentOf, stringValue, type Path } from '../ast';
import type { FileContext } from '../file';
import { nameTie } from '../ties/names';

/** Calls that check what a test rendered or got: Testing Library's queries, and the usual matchers and asserts. */
const CHECKS = new Set(['getByText', 'queryByText', 'findByText', 'getAllByText', 'getByDisplayValue', 'toBe', 'toEqual', 'toContain', 'toHaveTextContent', 'toMatch', 'equal', 'strictEqual', 'include', 'contains']);

/** Shorter texts than this are too common to say they came from a fixture when only part of its value. */
const MIN_PART = 12;

/**
 * Texts a test checks that are a removed field's value in a fixture it imports: `screen.getByText('Rest and drink
 * plenty of fluids.')` with `resultFixture` (named for a result) whose `advice` is that text in another file of the
 * run. The test expects the app to show a field v2 no longer sends. Each literal is visited once per field.
 */
export function assertedFixtureValues(ctx: FileContext, resource: string, field: string, visit: (literal: Path) => void): void {
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return;
  const values: string[] = [];
  for (const imp of ctx.imports()) {
    const tie = nameTie(imp.local) ?? nameTie(imp.exportName);
    if (!tie || tie.list || tie.path.length > 0 || tie.resource !== resource) continue;
    const fact = ctx.project.importedConst(ctx.filePath, imp.specifier, imp.exportName);
    const v = fact?.kind === 'map' ? fact.entries[field] : undefined;
    if (v && v.trim().length > 0) values.push(v);
  }
  if (values.length === 0) return;
  for (const p of ctx.nodesOf('StringLiteral', 'Literal', 'TemplateLiteral')) {
    const text = stringValue(p.node);
    if (!text || !values.some((v) => v === text || (text.length >= MIN_PART && v.includes(text)))) continue;
    const call = parentOf(p);
    if (call && isCall(call.node) && call.node.arguments.includes(p.node) && CHECKS.has(calleeName(call.node.callee))) visit(p);
  }
}
