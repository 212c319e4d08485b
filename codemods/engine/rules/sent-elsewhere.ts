import { calleeName, isCall, isFunction, isMember, memberName, parentOf, propertyPath, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import { staticText } from '../ties/static-text';
import { schemaSubjectName } from '../ties/schemas';
import { tieOf } from '../ties/flow';
import { declaredTypeName, headNamesAnotherThing, namesAnotherThing } from '../ties/mode-types';
import { isBasePlusSegment, isDocumentPath, requestConfig, urlTarget } from '../ties/url';
import { calleeFunction, paramAt } from '../ties/wrappers';
import { words } from '../words';
import { answersElsewhere } from '../ties/answers-elsewhere';

/** Objects of a mode rule's value context that another service gets (value-context.ts asks before renaming). */

/** Methods of validation schemas that check a value (zod, yup, valibot, superstruct, joi). */
const VALIDATING = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'validate', 'validateSync', 'cast', 'is', 'assert', 'create', 'mask']);

/** Verbs of helpers that hand an object to some service to make something of it. */
const HANDING_VERBS = new Set(['open', 'create', 'submit', 'file', 'raise', 'send', 'post', 'log', 'report', 'add', 'new']);

/**
 * `this.supportDesk.openTicket({ subject, mode: 'complaint' })`: an object handed to a helper named for making
 * another thing (a ticket, a case, an event), that nothing in this file ties to the API.
 */
export function handedToOtherThingsHelper(ctx: FileContext, objPath: Path): boolean {
  const call = parentOf(objPath);
  if (!call || !isCall(call.node) || !call.node.arguments.includes(objPath.node)) return false;
  // `ticketInputSchema.safeParse({ mode: form.mode || 'complaint', … })`: validated as another thing's input.
  const callee = call.node.callee;
  if (isMember(callee) && VALIDATING.has(memberName(callee) ?? '') && callee.object.type === 'Identifier' && headNamesAnotherThing(schemaSubjectName(callee.object.name).replace(/_?(input|output|form|body|payload|request|data)$/i, ''))) return !tieOf(ctx, objPath);
  // `this.submit({ mode: 'complaint', … })` where `submit(input: TicketInput)`: the parameter is another thing's.
  const fn = calleeFunction(call);
  const param = fn ? paramAt(fn, call.node.arguments.indexOf(objPath.node)) : null;
  const type = param ? declaredTypeName(param) : null;
  if (type && namesAnotherThing(type)) return !tieOf(ctx, objPath);
  const w = words(calleeName(callee));
  if (w.length < 2 || !HANDING_VERBS.has(w[0]!) || !namesAnotherThing(w.slice(1).join('_'))) return false;
  return !tieOf(ctx, objPath);
}

/**
 * Whether an object literal is sent to another API: an argument (or nested in one) of a call whose first
 * argument is a URL or path that is not this API's (`desk.post('tickets/', {…})`).
 */
export function sentElsewhere(ctx: FileContext, objPath: Path, ownKey = false): boolean {
  // `{ url: 'https://desk.example.com/api/', defaultMode: 'complaint' }`: settings of another API.
  if (!ownKey && objPath.node.type === 'ObjectExpression' && objPath.node.properties.some((q: Node) => {
    const t = q.value ? stringValue(q.value.type === 'LogicalExpression' ? q.value.right : q.value) : null;
    return t !== null && /^https?:\/\//.test(t) && urlTarget(ctx, t) === null && !ctx.apiHosts.some((h) => t.toLowerCase().includes(h));
  })) return true;
  let p: Path | null = objPath;
  for (let i = 0; i < 8 && p; i++) {
    // `{ url: 'complaints/', method: 'POST', body: {…} }` (RTK Query, axios configs): the request it describes says.
    const url = p.node.type === 'ObjectExpression' ? propertyPath(p, 'url') : null;
    const urlText = url ? staticText(ctx, url.get('value')) : null;
    if (urlText !== null && /\//.test(urlText)) return requestConfig(ctx, p) === null;
    const parent: Path | null = parentOf(p);
    if (!parent) return false;
    // `httpMock.expectOne(`${DESK}tickets/`).flush({ mode: 'complaint' })`: the answer of a double matched by another host's URL.
    if (isCall(parent.node) && (parent.node.arguments[0] === p.node || parent.node.arguments[parent.node.arguments.length - 1] === p.node) && answersElsewhere(ctx, parent)) return true;
    if ((isCall(parent.node) || parent.node.type === 'NewExpression') && parent.node.arguments.includes(p.node) && parent.node.arguments[0] !== p.node) {
      // `new Request('http://localhost/feedback', { body: JSON.stringify({…}) })`, `request('/support/tickets', send('POST', {…}))`: a first argument that is no URL or path (a method) says nothing; look further out.
      const text = staticText(ctx, parent.get('arguments', 0));
      // `${HELPDESK_URL}tickets`: a base this file cannot read, then a path of its own.
      if (text !== null && (/\/|^https?:/.test(text) || isDocumentPath(text) || isBasePlusSegment(text))) return urlTarget(ctx, text) === null;
    } else if (isFunction(parent.node) && (parent.node.body === p.node || parent.node.body.type === 'BlockStatement')) {
      // A handler of another API's route answers with it: msw's `rest.put('https://desk…/tickets/:id', (req, res, ctx) =>
      // res(ctx.json({ mode: 'complaint' })))`, `http.get(url, () => { return HttpResponse.json({…}) })`.
      const route = parentOf(parent);
      if (!route || !isCall(route.node) || route.node.arguments[route.node.arguments.length - 1] !== parent.node || route.node.arguments.length < 2) return false;
      const text = staticText(ctx, route.get('arguments', 0));
      return text !== null && /^https?:\/\/[^/]+\/\S*$/.test(text) && urlTarget(ctx, text) === null && !ctx.apiHosts.some((h) => text.toLowerCase().includes(h));
    } else if (['ReturnStatement', 'BlockStatement'].includes(parent.node.type)) {
      // `() => { return HttpResponse.json({…}) }`: up to the function.
    } else if (!isCall(parent.node) && !['ObjectProperty', 'Property', 'ObjectExpression', 'ArrayExpression', 'NewExpression'].includes(parent.node.type)) {
      return false;
    }
    p = parent;
  }
  return false;
}
