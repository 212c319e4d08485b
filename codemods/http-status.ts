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

/** What turns a library's status into its number (`.getStatusCode()`, `.value()`, `.rawValue`, `.as_u16()`, `.code`). */
const TO_NUMBER = /\s*(?:\.|::)\s*(?:get_?)?(?:status_?code|value|code|raw_?value|as_u16|as_u?int|int_?value|to_?int)\s*(?:\(\s*\))?$/i;
/** A cast or a conversion around it (`(int)HttpStatusCode.Accepted`, `int(HTTPStatus.ACCEPTED)`, `Int(…)`). */
const CAST = /^\(\s*(?:int|uint|short|long|u?int(?:16|32|64)|Int(?:16|32)?)\s*\)\s*/;
const CONVERSION = /^(?:int|Int|u16|uint16|Number|intval|Integer\.valueOf)\s*\(\s*([\s\S]*?)\s*\)$/;

/**
 * The status a library's named status spells, whatever the language: `http.StatusAccepted` (Go),
 * `HttpStatusCode.Accepted` and `(int)HttpStatusCode.Accepted` (C#, Kotlin), `HTTPStatus.ACCEPTED` (Python),
 * `status.HTTP_202_ACCEPTED` (Django REST, FastAPI), `Response.Status.ACCEPTED.getStatusCode()` (JAX-RS),
 * `HttpStatus.BAD_REQUEST.value()` (Spring), `Response::HTTP_ACCEPTED` (Symfony), `StatusCode::ACCEPTED` (Rust),
 * `HttpStatus.accepted` (Dart), `.accepted` (Swift), `:accepted` (Ruby). A bare name is not one: it may be
 * anything (`ACCEPTED` of a ticket's states); a holder must qualify it.
 */
export function statusOfSpelling(text: string): number | null {
  let t = text.trim().replace(CAST, '');
  const conv = CONVERSION.exec(t);
  if (conv) t = conv[1]!;
  let prev = '';
  while (prev !== t) {
    prev = t;
    // Not the holder itself read as a number (`Status.code`): the name before must still be qualified.
    if (/(?:\.|::)[\s\S]*(?:\.|::)/.test(t)) t = t.replace(TO_NUMBER, '');
  }
  const m = /^(?::|\.)(\w+)$/.exec(t) ?? /^(?:[A-Za-z_]\w*\s*(?:\.|::|->|\\)\s*)+([A-Za-z_]\w*)$/.exec(t);
  return m ? statusOfNumberedName(m[1]!) : null;
}

/** `HTTP_202_ACCEPTED`, `Status400BadRequest`: the number a name carries, when its words do not name another. */
export function statusOfNumberedName(name: string): number | null {
  const named = statusOfName(name);
  if (named !== null) return named;
  const w = words(name.replace(/(\D)(\d{3})(?!\d)/g, '$1_$2_')).filter((x) => !NOISE.has(x));
  const nums = w.filter((x) => /^\d{3}$/.test(x));
  if (nums.length !== 1) return null;
  const code = Number(nums[0]);
  const rest = w.filter((x) => x !== nums[0]).join(' ');
  return !rest || REASONS.some(([phrase, c]) => phrase === rest && c === code) ? code : null;
}

/**
 * Whether a file imports bare status names from a holder of statuses, so that `ACCEPTED` there is the code:
 * `import play.api.http.Status._` (Scala), `import static org.springframework.http.HttpStatus.*` (Java),
 * `import io.ktor.http.HttpStatusCode.Companion.Accepted` (Kotlin), `from starlette.status import HTTP_202_ACCEPTED`.
 */
export function importsStatusName(source: string, name: string): boolean {
  if (!/status/i.test(source)) return false;
  const jvm = new RegExp(String.raw`\bimport\s+(?:static\s+)?(?:[\w]+\.)*\w*Status\w*(?:\.Companion)?\.(?:_|\*|\{[^}]*\b${name}\b[^}]*\}|${name}\b)`);
  const python = new RegExp(String.raw`\bfrom\s+(?:\w+\.)*status\s+import\s+(?:\*|\(?[^\n]*\b${name}\b)`);
  return jvm.test(source) || python.test(source);
}
