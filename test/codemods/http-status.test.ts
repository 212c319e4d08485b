import { describe, expect, it } from 'vitest';
import { statusOfName, statusOfSpelling } from '../../codemods/http-status';

/** codemods/http-status.ts: a library's named status is the code its reason phrase names (JS and polyglot front-ends). */
describe('statusOfName', () => {
  it.each([
    ['Accepted', 202], ['ACCEPTED', 202], ['StatusAccepted', 202], ['BAD_REQUEST', 400], ['BadRequest', 400], ['bad_request', 400],
    ['UNPROCESSABLE_ENTITY', 422], ['UnprocessableContent', 422], ['HTTP_STATUS_OK', 200], ['NoContent', 204],
  ])('%s is %i', (name, code) => expect(statusOfName(name)).toBe(code));
  it.each(['Queued', 'StatusQueued', 'Status', 'BadGatewayish', ''])('%s names no status', (name) => expect(statusOfName(name)).toBeNull());
});

describe('statusOfSpelling', () => {
  it.each([
    ['http.StatusAccepted', 202], ['HttpStatusCode.Accepted', 202], ['(int)HttpStatusCode.BadRequest', 400], ['HTTPStatus.ACCEPTED', 202],
    ['HTTPStatus.ACCEPTED.value', 202], ['int(HTTPStatus.BAD_REQUEST)', 400], ['status.HTTP_202_ACCEPTED', 202], ['requests.codes.accepted', 202],
    ['Response.Status.ACCEPTED.getStatusCode()', 202], ['HttpStatus.BAD_REQUEST.value()', 400], ['HttpURLConnection.HTTP_ACCEPTED', 202],
    ['HttpServletResponse.SC_BAD_REQUEST', 400], ['Response::HTTP_ACCEPTED', 202], ['StatusCode::ACCEPTED.as_u16()', 202],
    ['HttpStatusCode.Accepted.value', 202], ['StatusCodes.Status400BadRequest', 400], ['HttpStatus.badRequest', 400], ['.accepted', 202],
    [':bad_request', 400],
  ])('%s is %i', (text, code) => expect(statusOfSpelling(text)).toBe(code));
  // A bare name may be anything; a holder read as a number is not a status; a number contradicting its words is not one.
  it.each(['ACCEPTED', 'HTTP_ACCEPTED', 'Status.code', 'response.status', 'TicketState.QUEUED', 'status.HTTP_202_OK', 'e.response.code'])(
    '%s names no status',
    (text) => expect(statusOfSpelling(text)).toBeNull(),
  );
});
