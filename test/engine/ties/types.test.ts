import { describe, expect, it } from 'vitest';
import { typeNameTie } from '../../../codemods/engine/ties/types';

/** ties/types.ts: declared types that model a resource, as a request or a response. */
describe('ties/types', () => {
  it.each([
    ['Result', { resource: 'result', role: 'response' }],
    ['TriageResult', { resource: 'result', role: 'response' }],
    ['ResultDto', { resource: 'result', role: 'response' }],
    ['ComplaintBody', { resource: 'complaint', role: 'request' }],
    ['CreateIntentRequest', { resource: 'intent', role: 'request' }],
    ['ModeUpdateResponse', { resource: 'interview', role: 'response' }],
    ['ResultSchema', { resource: 'result', role: 'response' }],
    ['Profile', { resource: 'interview', path: ['profile'] }],
  ])('%s models a resource', (name, want) => expect(typeNameTie(name)).toMatchObject(want));
  it.each(['ResultCardProps', 'SearchResults2', 'TicketReply', 'ThemeMode'])('%s does not', (name) => expect(typeNameTie(name)).toBeNull());
});
