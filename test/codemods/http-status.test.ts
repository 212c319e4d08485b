import { describe, expect, it } from 'vitest';
import { statusOfName } from '../../codemods/http-status';

/** codemods/http-status.ts: a library's named status is the code its reason phrase names (JS and polyglot front-ends). */
describe('statusOfName', () => {
  it.each([
    ['Accepted', 202], ['ACCEPTED', 202], ['StatusAccepted', 202], ['BAD_REQUEST', 400], ['BadRequest', 400], ['bad_request', 400],
    ['UNPROCESSABLE_ENTITY', 422], ['UnprocessableContent', 422], ['HTTP_STATUS_OK', 200], ['NoContent', 204],
  ])('%s is %i', (name, code) => expect(statusOfName(name)).toBe(code));
  it.each(['Queued', 'StatusQueued', 'Status', 'BadGatewayish', ''])('%s names no status', (name) => expect(statusOfName(name)).toBeNull());
});
