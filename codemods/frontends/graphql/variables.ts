import { Kind, type DocumentNode } from 'graphql';
import { api, rulesOfKind } from '../../../catalogue';
import { bindingOf, isCall, keyName, objectLiteral, parentOf, stringValue, type Node, type Path } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import { norm } from '../config/model';
import { documentOf, literalDocument } from './embedded';
import { fieldOf, partPath } from './models';
import { variableRoles, type VariableRole } from './operations';
import { modeValueSites } from './schema';

/** Keys of an options object that hold the document it runs: Apollo's `client.mutate({ mutation })`, urql's `useQuery({ query })`. */
const DOCUMENT_KEYS = new Set(['query', 'mutation', 'subscription', 'document']);

/** A cheap look at the source: some call that could run a document with variables. */
const MAY_SEND = /\b(?:variables|useMutation|useLazyQuery|request|mutation)\b/;

/**
 * The variables a script sends with a GraphQL operation, read against what the operation does with them: a key
 * sent as an argument v2 no longer takes, or inside an input object, and a renamed or removed mode sent as the mode
 * (`useMutation(ADD_COMPLAINT)` then `addComplaint({ variables: { input: { text, extra } } })`;
 * `setMode({ variables: { mode: 'TRIAGE' } })`; `client.mutate({ mutation, variables })`; graphql-request's
 * `request(DOCUMENT, variables)`; urql's `executeMutation(variables)`). The document is written here or exported by
 * another file of the run. Reports only: the operation is the gateway's, and its schema may map the values.
 */
export function sentVariableSites(ctx: FileContext): void {
  if (!MAY_SEND.test(ctx.source)) return;
  for (const call of ctx.nodesOf('CallExpression', 'OptionalCallExpression')) {
    const args: Path[] = call.node.arguments.map((_: Node, i: number) => call.get('arguments', i));
    for (let i = 0; i < args.length; i++) {
      const options = objectLiteral(args[i]!);
      const docProp = options?.node.properties.findIndex((p: Node) => DOCUMENT_KEYS.has(keyName(p) ?? '') && p.value);
      if (options && docProp !== undefined && docProp >= 0) {
        const doc = documentAt(ctx, options.get('properties', docProp, 'value'));
        if (doc) variablesIn(ctx, options, doc, true);
        continue;
      }
      const doc = args[i]!.node.type === 'ObjectExpression' ? null : documentOf(ctx, args[i]!);
      if (!doc) continue;
      if (args[i + 1]) variablesIn(ctx, args[i + 1]!, doc, false);
      returnedRunners(ctx, call, doc);
    }
  }
}

function documentAt(ctx: FileContext, path: Path): DocumentNode | null {
  return documentOf(ctx, path) ?? literalDocument(ctx.source, path.node);
}

/** `const [addComplaint] = useMutation(DOC)`, `const { mutate } = useMutation(DOC)`: calls of what the hook returns. */
function returnedRunners(ctx: FileContext, call: Path, doc: DocumentNode): void {
  const decl = parentOf(call);
  const id = decl?.node.type === 'VariableDeclarator' && decl.node.init === call.node ? decl.node.id : null;
  if (!id) return;
  const names: Node[] = id.type === 'ArrayPattern' ? id.elements : id.type === 'ObjectPattern' ? id.properties.map((p: Node) => p.value) : [];
  for (const n of names) {
    if (n?.type !== 'Identifier') continue;
    for (const use of ctx.identifiersIn(ctx.root.paths()[0]!, n.name)) {
      const c = parentOf(use);
      if (!c || !isCall(c.node) || c.node.callee !== use.node || !c.node.arguments[0] || bindingOf(use)?.node !== n) continue;
      variablesIn(ctx, c.get('arguments', 0), doc, false);
    }
  }
}

/**
 * The variables in `at`: its `variables` property, or (unless `optionsOnly`) the object itself when every key it has
 * is a variable the document declares.
 */
function variablesIn(ctx: FileContext, at: Path, doc: DocumentNode, optionsOnly: boolean): void {
  const obj = objectLiteral(at);
  if (!obj) return;
  const declared = new Set(doc.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value) : [])));
  const i = obj.node.properties.findIndex((p: Node) => keyName(p) === 'variables' && p.value);
  const vars = i >= 0 ? objectLiteral(obj.get('properties', i, 'value')) : null;
  const keys = obj.node.properties.map((p: Node) => keyName(p));
  const target = vars ?? (!optionsOnly && keys.length > 0 && keys.every((k: string | null) => k !== null && declared.has(k)) ? obj : null);
  if (!target) return;
  const roles = variableRoles(doc);
  target.node.properties.forEach((p: Node, j: number) => {
    const role = roles.get(keyName(p) ?? '');
    if (role && p.value) sentValue(ctx, target.get('properties', j), role);
  });
}

/** One property sent as `role`: the field it is sent as, a mode it holds, and the fields of an input object it holds. */
function sentValue(ctx: FileContext, prop: Path, role: VariableRole): void {
  const value = prop.get('value');
  if (role.field !== null) {
    for (const { change, rule } of rulesOfKind('request-field-removed', ctx.changes)) {
      if (rule.resource === role.resource && fieldOf(role, role.field, rule.path)) ctx.manual(change, prop, `this variable is sent as the ${role.resource}'s \`${role.field}\`: ${rule.message}`, prop.node.key, role.field);
    }
    const mode = role.path.length === 0 && norm(role.field) === api.modeField && modeOwner(role.resource) ? stringValue(value.node) : null;
    if (mode !== null) {
      modeValueSites((change, start, end, message, subject) => ctx.manual(change, value, message, { start, end }, subject), ctx.changes, mode, value.node.start, value.node.end, `this variable sends the interview ${api.modeField}`, (to) => ` Send the value the gateway's schema maps to '${to}'.`);
    }
  }
  const inner = role.field === null ? role.path : partPath(role, role.field);
  const obj = inner ? objectLiteral(value) : null;
  if (!obj || !inner) return;
  obj.node.properties.forEach((p: Node, j: number) => {
    const k = keyName(p);
    if (k && p.value) sentValue(ctx, obj.get('properties', j), { resource: role.resource, path: inner, field: k });
  });
}

function modeOwner(resource: VariableRole['resource']): boolean {
  return [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].some(({ rule }) => rule.field === api.modeField && rule.resource === resource);
}
