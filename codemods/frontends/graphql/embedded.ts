import { parse, type DocumentNode } from 'graphql';
import { calleeName, constInit, keyName, parentOf, unwrap, type Node, type Path } from '../../engine/ast';
import { importedConst } from '../../engine/ties/constants';
import type { FileContext } from '../../engine/file';
import { norm } from '../config/model';
import { documentSites } from '.';

/** Tags and functions whose template or string is a GraphQL document: Apollo's and graphql-tag's `gql`, Relay's and codegen's `graphql`. */
const DOCUMENT_TAGS = new Set(['gql', 'graphql']);

/** Names of what holds a document: `query:` of `executeOperation`/`client.query`, `typeDefs`, a `RESULT_QUERY` constant. */
const HOLDER_WORDS = /(query|mutation|subscription|document|typedefs|schema|sdl|fragment)$/;

/** Where a document starts: an operation, a fragment, a schema definition, or a query's shorthand (`{ result(…) { … } }`). */
const DOCUMENT_START = /^\s*(?:#[^\n]*\n\s*)*(?:(?:query|mutation|subscription|fragment|type|input|enum|extend|interface|union|schema)\b|\{\s*[_A-Za-z])/;

/** A cheap look at the source before any walk: some tag, or some literal that opens with a GraphQL keyword. */
const MAY_HOLD = /\b(?:gql|graphql)\s*[`(]|GraphQL \*\/|[`'"]\s*(?:query|mutation|subscription|fragment)\b|(?:query|mutation|typeDefs)\s*[:=]\s*[`'"]/;

/**
 * GraphQL documents written in JavaScript and TypeScript: ``gql`…` `` and ``graphql`…` `` templates, codegen's
 * `graphql('…')`, a `/* GraphQL *\/` literal, and strings that hold a document by their place (`query: '{ result(…)
 * { advice } }'` handed to `executeOperation`, `const RESULT_QUERY = \`query …\``). Each is read like a `.graphql`
 * file (schema types, operations; index.ts), at its offsets in the script; `${…}` interpolations (a fragment's
 * constant) are blanked. Reports only; markers go above the statement, never into the document.
 */
export function embeddedGraphqlSites(ctx: FileContext): void {
  if (!MAY_HOLD.test(ctx.source)) return;
  for (const lit of ctx.nodesOf('TemplateLiteral', 'StringLiteral', 'Literal')) {
    const text = literalText(ctx.source, lit.node);
    if (text === null || !DOCUMENT_START.test(text) || !holdsDocument(lit, text)) continue;
    const doc = parseDocument(text);
    if (!doc) continue;
    const offset = lit.node.start + 1;
    documentSites(doc, ctx.changes, (change, start, end, message, subject) => ctx.manual(change, lit, message, { start: start + offset, end: end + offset }, subject));
  }
}

/** The text of a ``gql`…` `` or ``graphql`…` `` template (or `gql('…')`), for the constants a file exports; null for anything else. */
export function taggedDocumentText(source: string, n: Node): string | null {
  if (n?.type === 'TaggedTemplateExpression' && DOCUMENT_TAGS.has(calleeName(n.tag))) return literalText(source, n.quasi);
  if ((n?.type === 'CallExpression' || n?.type === 'OptionalCallExpression') && n.arguments.length === 1 && DOCUMENT_TAGS.has(calleeName(n.callee))) return literalText(source, n.arguments[0]);
  return null;
}

const parsed = new Map<string, DocumentNode | null>();

/** A document's text parsed, or null when it is no GraphQL (memoised: a run's files import the same documents). */
export function parseDocument(text: string): DocumentNode | null {
  let doc = parsed.get(text);
  if (doc !== undefined) return doc;
  try {
    doc = parse(text, { noLocation: false });
  } catch {
    doc = null;
  }
  if (parsed.size > 500) parsed.clear();
  parsed.set(text, doc);
  return doc;
}

/** The document an expression is: a tagged template, a constant of this file that holds one, or one another file of the run exports. */
export function documentOf(ctx: FileContext, path: Path, depth = 0): DocumentNode | null {
  const p = unwrap(path);
  const text = taggedDocumentText(ctx.source, p.node);
  if (text !== null) return parseDocument(text);
  if (p.node?.type !== 'Identifier' || depth > 3) return null;
  const init = constInit(p);
  if (init) return documentOf(ctx, init, depth + 1);
  const imported = importedConst(ctx, p);
  return imported?.value.kind === 'document' ? parseDocument(imported.value.value) : null;
}

/** A plain string or template literal parsed as a document (`executeOperation({ query: '{ result(…) { … } }' })`). */
export function literalDocument(source: string, n: Node): DocumentNode | null {
  const text = literalText(source, n);
  return text !== null && DOCUMENT_START.test(text) ? parseDocument(text) : null;
}

/** A literal's text as written, one character for one (offsets start after the quote); `${…}` blanked; null when escapes would shift it. */
function literalText(source: string, n: Node): string | null {
  if (n.type === 'TemplateLiteral') {
    let text = source.slice(n.start + 1, n.end - 1);
    for (let i = 0; i < n.expressions.length; i++) {
      const from = n.quasis[i].end - n.start - 1;
      const to = n.quasis[i + 1].start - n.start - 1;
      text = text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);
    }
    return /\\(?!["'`])/.test(text) ? null : text;
  }
  if ((n.type !== 'StringLiteral' && n.type !== 'Literal') || typeof n.value !== 'string') return null;
  const text = source.slice(n.start + 1, n.end - 1);
  return /\\(?!["'])/.test(text) ? null : text.replace(/\\(["'])/g, ' $1');
}

/**
 * Whether a literal is a document by where it stands: a tag's template or a tag function's argument, a literal
 * after a `/* GraphQL *\/` comment, or the value of a name that holds one; an operation keyword at its start
 * (`query GetResult(…)`, `mutation {`) is enough on its own.
 */
function holdsDocument(lit: Path, text: string): boolean {
  if (/^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription|fragment)\b/.test(text)) return true;
  if ((lit.node.leadingComments ?? lit.node.comments ?? []).some((c: Node) => /^\s*GraphQL\s*$/i.test(c.value))) return true;
  const parent = parentOf(lit);
  const p = parent?.node;
  if (!p) return false;
  if (p.type === 'TaggedTemplateExpression') return DOCUMENT_TAGS.has(calleeName(p.tag));
  if ((p.type === 'CallExpression' || p.type === 'OptionalCallExpression') && p.arguments[0] === lit.node) return DOCUMENT_TAGS.has(calleeName(p.callee));
  const holder = p.type === 'VariableDeclarator' ? (p.id.type === 'Identifier' ? p.id.name : null) : p.type === 'ObjectProperty' || p.type === 'Property' ? keyName(p) : null;
  return !!holder && HOLDER_WORDS.test(norm(holder));
}
