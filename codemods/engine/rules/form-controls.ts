import { bindingOf, calleeName, constInit, isCall, isMember, memberName, parentOf, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { foreignImports } from '../other-api';
import { helperNameTie } from '../ties/names';
import type { Tie } from '../ties/tie';

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
    const action = formAction(ctx, el);
    if (action && at(action)) visit(el, nameAttr);
  }
}

const CONTROLS = new Set(['input', 'textarea', 'select']);

function attribute(el: Node, name: string): Node | null {
  return (el.attributes ?? []).find((a: Node) => a.type === 'JSXAttribute' && a.name?.name === name) ?? null;
}

/** The operation the nearest enclosing `<form action={…}>` performs, by the name of the function it is given. */
function formAction(ctx: FileContext, control: Path): Tie | null {
  for (let p = parentOf(control); p; p = parentOf(p)) {
    const n = p.node;
    if (n.type !== 'JSXElement') continue;
    const opening = n.openingElement;
    const tag = opening.name?.type === 'JSXIdentifier' ? opening.name.name : null;
    if (tag !== 'form' && tag !== 'Form') continue;
    const attr = attribute(opening, 'action');
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
