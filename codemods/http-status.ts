import { words } from './engine/words';

/**
 * Reason phrases of the HTTP status codes (RFC 9110), so that a library's named status — `http.StatusAccepted`,
 * `HttpStatus.ACCEPTED`, `HttpStatusCode.BadRequest`, `StatusCodes.UNPROCESSABLE_ENTITY`, `:bad_request` — is read
 * as the code it names. HTTP's vocabulary, not the API's: which codes changed is the catalogue's.
 */
const REASONS: [phrase: string, code: number][] = [
  ['ok', 200], ['created', 201], ['accepted', 202], ['no content', 204], ['bad request', 400], ['unauthorized', 401],
  ['forbidden', 403], ['not found', 404], ['conflict', 409], ['unprocessable entity', 422], ['unprocessable content', 422],
  ['too many requests', 429], ['internal server error', 500],
];
/** Words around a reason phrase in such names (`StatusAccepted`, `HTTP_STATUS_CODE_OK`). */
const NOISE = new Set(['http', 'status', 'code', 'sc', 'response', 'statuses', 'codes']);

/** The status code an identifier names (`StatusAccepted` → 202, `BAD_REQUEST` → 400), or null. */
export function statusOfName(name: string): number | null {
  const w = words(name).filter((x) => !NOISE.has(x)).join(' ');
  if (!w) return null;
  return REASONS.find(([phrase]) => phrase === w)?.[1] ?? null;
}
