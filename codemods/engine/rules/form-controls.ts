import { rulesOfKind } from '../../../catalogue';
import { bindingOf, calleeName, constInit, isCall, isMember, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { foreignImports } from '../other-api';
import { helperNameTie, isModeKeyedName, isModeName } from '../ties/names';
import type { Tie } from '../ties/tie';
import { routeActionFieldTie } from '../ties/route-data';

/**
 * Controls of a JSX form whose action is a server function named for an operation of the API (a Next.js server
 * action, `<form action={submitComplaint.bind(null, token)}>`, `<form action={createIntent}>`): what they post
 * under a removed request field's name (`<input name="extra" />`) is what that function sends on as the field. A
 * site for a person (the form and the action change together). A form whose action another API's module gives
 * (`fileTicket` of a helpdesk client), or is named for nothing of this API, is left alone.
 */
export function postedControls(ctx: FileContext, field: string, at: (tie: Tie) => boolean, visit: (control: Path, name: Node) => void): void {
  if (!ctx.touchesApi() || ctx.otherApiOnly()) return;
  for (const el of ctx.nodesOf('JSXOpeningElement') as Path[]) {
    const tag = el.node.name?.type === 'JSXIdentifier' ? el.node.name.name : null;
    if (!tag || !CONTROLS.has(tag)) continue;
    const nameAttr = attribute(el.node, 'name');
    if (!nameAttr || nameAttr.value?.value !== field) continue;
    const action = formAction(ctx, el, field);
    if (action && at(action)) visit(el, nameAttr);
  }
}

const CONTROLS = new Set(['input', 'textarea', 'select']);

function attribute(el: Node, name: string): Node | null {
  return (el.attributes ?? []).find((a: Node) => a.type === 'JSXAttribute' && a.name?.name === name) ?? null;
}

/** The operation the nearest enclosing `<form action={…}>` performs, by the name of the function it is given. */
function formAction(ctx: FileContext, control: Path, field: string): Tie | null {
  for (let p = parentOf(control); p; p = parentOf(p)) {
    const n = p.node;
    if (n.type !== 'JSXElement') continue;
    const opening = n.openingElement;
    const tag = opening.name?.type === 'JSXIdentifier' ? opening.name.name : null;
    if (tag !== 'form' && tag !== 'Form') continue;
    const attr = attribute(opening, 'action');
    // A Remix / React Router `<Form method="post">` with no action posts to the route module's own `action`.
    if (!attr) return /^post$/i.test(attribute(opening, 'method')?.value?.value ?? '') ? routeActionFieldTie(ctx, field) : null;
    if (attr?.value?.type !== 'JSXExpressionContainer') return null;
    const i = opening.attributes.indexOf(attr);
    return actionTie(ctx, p.get('openingElement', 'attributes', i, 'value', 'expression'));
  }
  return null;
}

/** `submitComplaint`, `submitComplaint.bind(null, token)`, `complaintAction` of `const complaintAction = submitComplaint.bind(…)`. */
function actionTie(ctx: FileContext, expr: Path, depth = 0): Tie | null {
  const n = expr.node;
  if (depth > 3 || !n) return null;
  if (isCall(n) && isMember(n.callee) && memberName(n.callee) === 'bind') return actionTie(ctx, expr.get('callee', 'object'), depth + 1);
  if (n.type !== 'Identifier') return null;
  const init = constInit(expr);
  if (init && isCall(init.node) && calleeName(init.node.callee) === 'bind') return actionTie(ctx, init, depth + 1);
  const binding = bindingOf(expr);
  if (init && !isImport(binding)) return null;
  if (foreignImports(ctx).has(n.name)) return null;
  const t = helperNameTie(n.name);
  return t && t.op ? t : null;
}

function isImport(binding: Path | null): boolean {
  const up = binding ? parentOf(binding) : null;
  return !!up && /^Import/.test(up.node.type);
}

/**
 * Whether a JSX attribute's value is what a form control named for the field posts: `value`/`defaultValue` of an
 * element whose `name` is the field or a mode name. A member of a constant map must be of one named for the mode
 * (`TicketMode.Complaint` is another thing's); a literal counts where the file's controls of that name offer two
 * of the API's modes (a helpdesk's `complaint` among `question` and `praise` is another thing's).
 */
export function postedAsField(ctx: FileContext, value: Path, field: string): boolean {
  let attr = parentOf(value);
  if (attr?.node.type === 'JSXExpressionContainer') attr = parentOf(attr);
  if (!attr || attr.node.type !== 'JSXAttribute' || !['value', 'defaultValue'].includes(attr.node.name?.name)) return false;
  const posted = controlName(parentOf(attr)?.node);
  if (!posted || (posted !== field && !isModeName(posted))) return false;
  const n = value.node;
  if (isMember(n)) return n.object.type !== 'Identifier' || isModeName(n.object.name) || isModeKeyedName(n.object.name);
  if (n.type === 'Identifier') return true;
  if (typeof n.value !== 'string') return false;
  const modes = new Set([...rulesOfKind('value-renamed').flatMap(({ rule }) => [rule.from, rule.to]), ...rulesOfKind('value-removed').flatMap(({ rule }) => rule.values)]);
  const offered = new Set<string>();
  for (const el of ctx.nodesOf('JSXOpeningElement') as Path[]) {
    if (controlName(el.node) !== posted) continue;
    for (const a of el.node.attributes ?? []) if (a.type === 'JSXAttribute' && a.name?.name === 'value' && typeof a.value?.value === 'string' && modes.has(a.value.value)) offered.add(a.value.value);
  }
  return offered.size >= 2;
}

/** The `name` a JSX form control posts under: `<button name="mode">`, `<select name="mode">`. */
function controlName(el: Node | undefined): string | null {
  if (el?.type !== 'JSXOpeningElement') return null;
  const a = (el.attributes ?? []).find((x: Node) => x.type === 'JSXAttribute' && x.name?.name === 'name');
  return a && typeof a.value?.value === 'string' ? a.value.value : null;
}
