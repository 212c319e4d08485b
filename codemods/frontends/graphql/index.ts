import { parse, type DocumentNode } from 'graphql';
import type { Change } from '../../../catalogue';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../../lib/types';
import { COMMENTS } from '../../markers';
import { ParseError } from '../../types';
import { TextFile } from '../text-file';
import { plainTextAddresses } from '../text';
import { operationSites } from './operations';
import { schemaSites, type GraphqlSink } from './schema';

/**
 * GraphQL documents (`.graphql`, `.gql`): a gateway's or BFF's schema types that mirror the API's payloads, and the
 * operations a client or a test sends (schema.ts, operations.ts). All sites are manual: the schema is the gateway's
 * own contract with its clients, and an operation is only as right as the schema it runs against. v1 addresses in
 * descriptions and comments are rewritten as in any text; markers are `#` comments.
 */
export const graphqlFrontEnd: FrontEnd = {
  id: 'graphql',
  describe: 'GraphQL documents (.graphql, .gql): schema types and inputs that mirror the API\'s resources, by name or by the field that holds them, enums of interview modes, and the fields operations select and send; manual findings',
  matches: (absPath) => /\.(graphqls?|gql)$/i.test(absPath),
  // A schema names no address: `type Result { advice: [String] }` is read whatever the file holds.
  always: true,
  analyze: analyzeDocument,
};

function analyzeDocument(input: FrontEndInput): FrontEndOutput {
  let doc: DocumentNode;
  try {
    doc = parse(input.source, { noLocation: false });
  } catch (e) {
    const loc = (e as { locations?: { line: number; column: number }[] }).locations?.[0];
    throw new ParseError(`cannot parse: ${(e as Error).message.split('\n')[0]}`, loc?.line, loc?.column);
  }
  const file = new TextFile(input.source, input.changes, COMMENTS.hash);
  plainTextAddresses(file, input, { rewrite: true });
  documentSites(doc, input.changes, (change, start, end, message, subject) => file.manual(change.id, start, end, message, { subject }));
  return file.finish(input.markers);
}

/** Every site of one document: its schema's types and enums, then its operations read with the types it defines. */
export function documentSites(doc: DocumentNode, changes: readonly Change[], sink: GraphqlSink): void {
  operationSites(doc, changes, sink, schemaSites(doc, changes, sink));
}
