/**
 * The request half of the two facade routes: `<v1 path>/...` (pin, path checks, request rules) and
 * `POST /oauth/token` (audience). Bodies are read only when a rule could apply, with a size limit and the
 * client's idle timeout; everything else streams.
 */
import { api, catalogue, rulesOfKind } from '../catalogue';
import { clientOfTokenRequest } from './attribution';
import { BodyTooLargeError, decodeBody, isFormType, isJsonType, isSupportedEncoding, readBody } from './body';
import { PROXY_STATUS } from './errors';
import { armClientTimer, fail, hasBody, stopClientTimer } from './client';
import type { Forwarder } from './forward';
import { checkPin } from './options';
import type { ProxyContext, RequestState } from './state';
import { changesForPin, isObject, operationOf, transformRequest } from './transforms';
import { tolerantUrlPattern } from '../config/urls';

/** Header a request may set to override the proxy's pin for itself. */
export const LEGACY_VERSION_HEADER = 'sc-legacy-version';

/** Characters without which no segment can be a dot segment or hide a slash (the checks below run only then). */
const SUSPECT = /[.%\\]/;

/** The non-empty segments of a path (`a//b/` → `a`, `b`). */
function pathSegments(path: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i === path.length || path.charCodeAt(i) === 47 /* / */) {
      if (i > start) out.push(path.slice(start, i));
      start = i + 1;
    }
  }
  return out;
}

const BASE_URL_CHANGE = rulesOfKind('base-url')[0]!.change.id;
const TOKEN_AUDIENCE = rulesOfKind('token-audience')[0]!;

export class Facade {
  private readonly v2: URL;
  private readonly auth: URL;
  /** The v2 base path without trailing slash. */
  private readonly v2Path: string;
  private readonly v1Audience: RegExp;
  private readonly v2Audience: RegExp;

  constructor(
    private readonly ctx: ProxyContext,
    private readonly forwarder: Forwarder,
  ) {
    const env = ctx.options.environment;
    this.v2 = new URL(env.v2.baseUrl);
    this.auth = new URL(env.authUrl);
    this.v2Path = this.v2.pathname.replace(/\/+$/, '');
    this.v1Audience = new RegExp(`^${tolerantUrlPattern(env.v1.audience, '').source}/?$`, 'i');
    this.v2Audience = new RegExp(`^${tolerantUrlPattern(env.v2.audience, '').source}/?$`, 'i');
  }

  /**
   * A facade API request. Synchronous unless the body must be read (then the returned promise settles when the
   * request is forwarded or refused): a GET costs no promise.
   */
  api(state: RequestState, rest: string, query: string): Promise<void> | undefined {
    const { req } = state;
    const header = req.headers[LEGACY_VERSION_HEADER];
    const pinText = Array.isArray(header) ? header[0] : header;
    try {
      state.pin = pinText ? checkPin(pinText.trim(), `${LEGACY_VERSION_HEADER} header`) : this.ctx.options.legacyVersion;
    } catch (err) {
      req.resume();
      fail(state, PROXY_STATUS.badRequest, 'bad-legacy-version', (err as Error).message);
      return;
    }
    const segments = pathSegments(rest);
    if (SUSPECT.test(rest) && segments.some((s) => /^(\.|%2e){1,2}$/i.test(s) || /%2f|%5c|\\/i.test(s))) {
      req.resume();
      fail(state, PROXY_STATUS.badRequest, 'bad-path', 'the path has dot segments or encoded slashes that would leave the API base; refused');
      return;
    }
    state.resource = this.ctx.options.resources.get(segments[0] ?? '') ?? null;
    state.changes = changesForPin(state.pin);
    state.applied.add(BASE_URL_CHANGE);

    if (hasBody(req) && isJsonType(req.headers['content-type']) && this.ctx.plans.needsRequestBody(state.resource)) {
      return this.apiWithBody(state, segments, rest, query);
    }
    state.operation = operationOf(state.method, state.resource, segments, undefined);
    this.forwardApi(state, rest, query, undefined);
    return undefined;
  }

  /** The request rules on a JSON body read whole, then forwarded with the translated body. */
  private async apiWithBody(state: RequestState, segments: string[], rest: string, query: string): Promise<void> {
    const { req } = state;
    const raw = await this.read(state);
    if (raw === null) return;
    let parsed: unknown;
    if (raw.length > 0) {
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        // The parser's message quotes the body, which may hold secrets: never log or echo it.
        fail(state, PROXY_STATUS.badRequest, 'malformed-json', 'the request body is not valid JSON');
        return;
      }
    }
    state.operation = operationOf(state.method, state.resource, segments, parsed);
    // Requests are accepted in every older dialect, whatever the pin: a request rule only translates or
    // refuses what v2 would refuse anyway (docs/shim.md, assumption 7). Responses follow the pin.
    const outcome = transformRequest(parsed, { resource: state.resource, operation: state.operation, changes: catalogue });
    if (outcome.refused) {
      state.applied.add(outcome.changeId);
      fail(state, PROXY_STATUS.badRequest, 'removed-value', outcome.message, { change: outcome.changeId });
      return;
    }
    for (const id of outcome.applied) state.applied.add(id);
    state.requestBody = parsed;
    const buffer = raw.length > 0 ? Buffer.from(JSON.stringify(parsed)) : raw;
    delete req.headers['content-encoding'];
    delete req.headers['transfer-encoding'];
    req.headers['content-length'] = String(buffer.length);
    this.forwardApi(state, rest, query, buffer);
  }

  private forwardApi(state: RequestState, rest: string, query: string, buffer: Buffer | undefined): void {
    const { req } = state;
    delete req.headers[LEGACY_VERSION_HEADER];
    req.url = `${this.v2Path}/${rest}${query}`;
    this.forwarder.forward(state, this.v2, this.forwarder.agent, buffer);
  }

  async token(state: RequestState): Promise<void> {
    const { req } = state;
    const contentType = req.headers['content-type'];
    const json = isJsonType(contentType);
    if (!json && !isFormType(contentType)) {
      req.resume();
      fail(state, PROXY_STATUS.unsupportedMediaType, 'unsupported-token-body', 'token requests must be JSON or form-encoded');
      return;
    }
    const raw = await this.read(state);
    if (raw === null) return;
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = json ? JSON.parse(raw.toString('utf8')) : Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      if (!isObject(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      fail(state, PROXY_STATUS.badRequest, 'malformed-json', `the token request body is not a valid ${json ? 'JSON object' : 'form'}`);
      return;
    }
    state.client = clientOfTokenRequest(body, req.headers.authorization);
    const field = api.tokenRequest.audienceField;
    const audience = body[field];
    if (typeof audience !== 'string' || audience.trim() === '') {
      fail(state, PROXY_STATUS.badRequest, 'missing-audience', `the token request has no '${field}'`, { change: TOKEN_AUDIENCE.change.id });
      return;
    }
    const env = this.ctx.options.environment;
    if (this.v1Audience.test(audience.trim())) {
      body[field] = env.v2.audience;
      state.applied.add(TOKEN_AUDIENCE.change.id);
    } else if (!this.v2Audience.test(audience.trim())) {
      fail(
        state,
        PROXY_STATUS.badRequest,
        'unknown-audience',
        `${TOKEN_AUDIENCE.rule.unknownAudienceMessage} (got '${audience}'; v1 audience of ${this.ctx.options.env}: '${env.v1.audience}')`,
        { change: TOKEN_AUDIENCE.change.id },
      );
      return;
    }
    // The spec's token request is JSON (section 5), whatever the legacy client sent.
    const out = Buffer.from(JSON.stringify(body));
    delete req.headers['content-encoding'];
    delete req.headers['transfer-encoding'];
    delete req.headers[LEGACY_VERSION_HEADER];
    req.headers['content-type'] = 'application/json';
    req.headers['content-length'] = String(out.length);
    req.url = `${this.auth.pathname.replace(/\/+$/, '')}/${api.tokenRequest.path}`;
    this.forwarder.forward(state, this.auth, this.forwarder.authAgent, out);
  }

  /** Read a request body that must be transformed; answers the client itself and returns null on failure. */
  private async read(state: RequestState): Promise<Buffer | null> {
    const { req, res } = state;
    const limit = this.ctx.options.maxBody;
    const declared = Number(req.headers['content-length']);
    const tooLarge = () => {
      fail(state, PROXY_STATUS.tooLarge, 'body-too-large', `the request body is larger than the proxy's limit of ${limit} bytes (--max-body)`, { close: true });
      req.resume();
    };
    if (Number.isFinite(declared) && declared > limit) {
      tooLarge();
      return null;
    }
    const encoding = req.headers['content-encoding'];
    if (!isSupportedEncoding(encoding)) {
      req.resume();
      fail(state, PROXY_STATUS.unsupportedMediaType, 'unsupported-encoding', `content-encoding '${encoding}' is not supported`);
      return null;
    }
    if (!req.complete) armClientTimer(this.ctx, state);
    try {
      const raw = await readBody(req, limit, () => armClientTimer(this.ctx, state));
      // An identity body (most) is the bytes read: no decoder, no second promise.
      return encoding === undefined ? raw : await decodeBody(raw, encoding, limit);
    } catch (err) {
      if (state.reason) return null; // timed out: already answered
      if (err instanceof BodyTooLargeError) tooLarge();
      else if (!res.destroyed) fail(state, PROXY_STATUS.badRequest, 'malformed-json', 'the request body could not be read or decoded');
      return null;
    } finally {
      stopClientTimer(state);
    }
  }
}

