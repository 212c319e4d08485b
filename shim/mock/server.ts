/**
 * A local, strict stand-in for the v2 API (`sc-migrate mock-v2`), for demos, users' contract tests and this
 * project's tests. Its rules come from the catalogue: it refuses every removed request field the shim strips,
 * every removed value and every old name of a renamed value, leaves out of its answers every field v2 no
 * longer returns, answers mode updates and the location failure with the catalogue's v2 statuses, and checks
 * the v2 audience on its token route. Sample content and the link shape are fixtures (./content.ts).
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '../../catalogue';
import { defaultTokenClaims } from '../../config/defaults';
import type { ResourceName } from '../../catalogue/api';
import { readBody, isJsonType } from '../body';
import { operationOf, isObject } from '../transforms';
import { questions as sampleQuestions, result as sampleResult, vocab, type Json } from './content';
import { segment, LOCATION_FAILURE, MODE_UPDATE_NOTHING, START_MODE, MSG_PATH, ANSWER_EXTRA, OK, CREATED, BAD, UNAUTHORIZED, NOT_FOUND, Refusal, setAt, checkRequest, v2Shape, type Obj } from './strict';

/** Request header that makes interview creation fail as if the location could not be approximated. */
export const LOCATION_FAILURE_HEADER = 'sc-mock-location-failure';

export interface MockV2Options {
  /** Path of the v2 base (`/symptom-checker/v2/`). */
  basePath: string;
  /** Path of the token route (`/oauth/token`). */
  tokenPath: string;
  /** The v2 audience the token route accepts. */
  audience: string;
  /** Absolute base of the links it returns; default: `http://<Host header><basePath>`. */
  linkBase?: string;
  /** Refuse API requests without `Authorization: Bearer <a token it issued>`. */
  requireToken?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path relative to the v2 base (`interviews/anonymous/`), or the token path. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface Interview {
  token: string;
  data: Obj;
  mode: string;
  complaints: number;
  questions: (Obj & { answered: boolean })[];
  result: string | null;
}

// ---- server -----------------------------------------------------------------------------------------------

export class MockV2 {
  readonly server: http.Server;
  /** Every request it received, in order (tests read and clear it). */
  readonly requests: RecordedRequest[] = [];
  private readonly interviews = new Map<string, Interview>();
  private readonly byToken = new Map<string, { kind: ResourceName; interview: Interview; data: Obj }>();
  private readonly issued = new Set<string>();
  private latest: Interview | null = null;
  private readonly basePath: string;

  constructor(readonly options: MockV2Options) {
    this.basePath = `/${options.basePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        const r = err instanceof Refusal ? err : new Refusal(BAD, 'bad-request', 'the request could not be read');
        this.send(res, r.status, { error: { code: r.code, message: r.message } });
      });
    });
  }

  listen(port = 0, host = '127.0.0.1'): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private send(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
    if (res.headersSent) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    let body: unknown;
    const raw = await readBody(req, 10 * 1024 * 1024);
    if (raw.length > 0) {
      if (!isJsonType(req.headers['content-type'])) throw new Refusal(BAD, 'bad-content-type', 'request bodies must be application/json');
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new Refusal(BAD, 'malformed-json', 'the request body is not valid JSON');
      }
    }
    const tokenPath = `/${this.options.tokenPath.replace(/^\/+/, '')}`;
    if (url.pathname === tokenPath || url.pathname === `${tokenPath}/`) {
      this.requests.push({ method, path: tokenPath, headers: req.headers, body });
      if (method !== 'POST') throw new Refusal(NOT_FOUND, 'not-found', 'POST only');
      this.token(res, body);
      return;
    }
    if (!url.pathname.startsWith(this.basePath)) throw new Refusal(NOT_FOUND, 'not-found', `not under ${this.basePath}`);
    const rest = url.pathname.slice(this.basePath.length);
    this.requests.push({ method, path: rest + url.search, headers: req.headers, body });
    if (this.options.requireToken) {
      const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!auth || !this.issued.has(auth[1]!)) throw new Refusal(UNAUTHORIZED, 'unauthorized', 'a Bearer token from the token route is required');
    }
    const segments = rest.split('/').filter(Boolean);
    const resource = (Object.keys(api.resources) as ResourceName[]).find((r) => segment(r) === segments[0]);
    if (!resource) throw new Refusal(NOT_FOUND, 'not-found', `no resource '${segments[0] ?? ''}'`);
    const operation = operationOf(method, resource, segments, body);
    checkRequest(resource, operation, body);
    const base = this.options.linkBase ?? `http://${req.headers.host ?? 'localhost'}${this.basePath}`;
    const link = (r: ResourceName, token: string) => `${base.replace(/\/+$/, '')}/${segment(r)}/${token}/`;

    switch (resource) {
      case 'interview':
        return this.interview(req, res, method, segments, body, link);
      case 'complaint':
      case 'intent':
        return this.submission(res, resource, method, segments, body, link);
      case 'question':
        return this.question(res, method, segments, url, body, link);
      case 'result': {
        const hit = this.lookup(segments[1], 'result');
        this.send(res, OK, this.present('result', hit.data, link, hit.interview, false));
        return;
      }
    }
  }

  private token(res: http.ServerResponse, body: unknown): void {
    const t = api.tokenRequest;
    if (!isObject(body)) throw new Refusal(BAD, 'invalid_request', 'the token request must be a JSON object');
    for (const f of [t.clientIdField, t.clientSecretField, t.audienceField, t.grantTypeField]) {
      if (typeof body[f] !== 'string' || body[f] === '') throw new Refusal(BAD, 'invalid_request', `'${f}' is required`);
    }
    if (body[t.grantTypeField] !== t.grantType) throw new Refusal(BAD, 'unsupported_grant_type', `'${t.grantTypeField}' must be ${t.grantType}`);
    const norm = (s: string) => s.trim().replace(/\/+$/, '').toLowerCase();
    if (norm(body[t.audienceField] as string) !== norm(this.options.audience)) {
      throw new Refusal(BAD, 'access_denied', `'${t.audienceField}' is not the v2 audience of this environment`);
    }
    // Token format: not shown in the spec. Like the OAuth servers that bind tokens to an audience, the stand-in
    // issues a JWT (unsigned here) naming the client in its first client claim (`azp`), so that the proxy's
    // attribution of legacy traffic can be tried against it.
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = { [defaultTokenClaims[0]!]: body[t.clientIdField], aud: this.options.audience, iat: Math.floor(Date.now() / 1000), jti: randomUUID() };
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${Buffer.from(randomUUID()).toString('base64url')}`;
    this.issued.add(token);
    // Token response shape: not shown in the spec; OAuth 2.0 (RFC 6749) fields.
    const r = api.tokenResponse;
    this.send(res, OK, { [r.accessTokenField]: token, [r.tokenTypeField]: 'Bearer', [r.expiresInField]: 86_400 });
  }

  private lookup(token: string | undefined, kind: ResourceName) {
    const hit = token ? this.byToken.get(token) : undefined;
    if (!hit || hit.kind !== kind) throw new Refusal(NOT_FOUND, 'not-found', `no ${kind} '${token ?? ''}'`);
    return hit;
  }

  /** The interview a body or query refers to: any value that is an interview token, else the latest one. */
  private interviewOf(values: unknown[]): Interview {
    for (const v of values) if (typeof v === 'string' && this.interviews.has(v)) return this.interviews.get(v)!;
    if (!this.latest) throw new Refusal(BAD, 'no-interview', 'create an interview first');
    return this.latest;
  }

  /** Where the interview goes next: its first open question, its result, or nowhere before a complaint. */
  private next(iv: Interview, link: (r: ResourceName, t: string) => string): string | null {
    if (iv.complaints === 0) return null;
    const open = iv.questions.find((q) => !q.answered);
    if (open) return link('question', open[vocab.id] as string);
    if (!iv.result) {
      iv.result = randomUUID();
      this.byToken.set(iv.result, { kind: 'result', interview: iv, data: { ...structuredClone(sampleResult), [vocab.id]: iv.result } });
    }
    return link('result', iv.result);
  }

  private present(kind: ResourceName, data: Obj, link: (r: ResourceName, t: string) => string, iv: Interview, withNext: boolean, msg?: string): Obj {
    const out = v2Shape(kind, data);
    const links: Obj = { [vocab.self]: link(kind, data[vocab.id] as string) };
    if (withNext) {
      const next = this.next(iv, link);
      if (next) links[vocab.next] = next;
    }
    out[api.linksField] = links;
    if (msg !== undefined) setAt(out, MSG_PATH, msg);
    return out;
  }

  private interview(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    segments: string[],
    body: unknown,
    link: (r: ResourceName, t: string) => string,
  ): void {
    if (method === 'POST') {
      const profile = api.subjects.profile!.path[0]!;
      if (!isObject(body) || !isObject(body[profile])) throw new Refusal(BAD, 'invalid', `an interview needs a ${profile} object`);
      if (req.headers[LOCATION_FAILURE_HEADER] !== undefined) {
        this.send(res, LOCATION_FAILURE, { error: { code: 'location', message: 'the location could not be approximated from the IP address' } });
        return;
      }
      const token = randomUUID();
      const iv: Interview = {
        token,
        data: { ...(body as Obj), [vocab.id]: token, [api.modeField]: START_MODE },
        mode: START_MODE,
        complaints: 0,
        questions: sampleQuestions.map((q) => ({ ...structuredClone(q), [vocab.id]: randomUUID(), answered: false })),
        result: null,
      };
      this.interviews.set(token, iv);
      this.latest = iv;
      this.byToken.set(token, { kind: 'interview', interview: iv, data: iv.data });
      for (const q of iv.questions) this.byToken.set(q[vocab.id] as string, { kind: 'question', interview: iv, data: q });
      this.send(res, CREATED, this.present('interview', iv.data, link, iv, false), { location: link('interview', token) });
      return;
    }
    const hit = this.lookup(segments[1], 'interview');
    const iv = hit.interview;
    if (method === 'GET') {
      this.send(res, OK, this.present('interview', iv.data, link, iv, true));
      return;
    }
    if (method !== 'PUT' && method !== 'PATCH') throw new Refusal(NOT_FOUND, 'not-found', `${method} is not served`);
    if (!isObject(body)) throw new Refusal(BAD, 'invalid', 'an interview update needs a JSON object');
    const mode = body[api.modeField];
    for (const [k, v] of Object.entries(body)) if (k !== api.modeField && k !== vocab.id) iv.data[k] = v as Json;
    if (typeof mode !== 'string') {
      this.send(res, OK, this.present('interview', iv.data, link, iv, true, 'interview updated'));
      return;
    }
    const changed = mode !== iv.mode;
    iv.mode = mode;
    iv.data[api.modeField] = mode;
    const next = this.next(iv, link);
    const msg = next ? `mode '${mode}' set` : changed ? `mode '${mode}' set; nothing to ask yet` : `mode is already '${mode}'; nothing changed`;
    this.send(res, next ? OK : MODE_UPDATE_NOTHING, this.present('interview', iv.data, link, iv, true, msg));
  }

  private submission(
    res: http.ServerResponse,
    kind: ResourceName,
    method: string,
    segments: string[],
    body: unknown,
    link: (r: ResourceName, t: string) => string,
  ): void {
    if (method === 'POST') {
      if (!isObject(body)) throw new Refusal(BAD, 'invalid', `a ${kind} needs a JSON object`);
      const iv = this.interviewOf(Object.values(body));
      const token = randomUUID();
      const data: Obj = { ...(body as Obj), [vocab.id]: token };
      this.byToken.set(token, { kind, interview: iv, data });
      if (kind === 'complaint') iv.complaints++;
      this.send(res, CREATED, this.present(kind, data, link, iv, true), { location: link(kind, token) });
      return;
    }
    const hit = this.lookup(segments[1], kind);
    if (method === 'PUT' || method === 'PATCH') {
      if (!isObject(body)) throw new Refusal(BAD, 'invalid', `a ${kind} update needs a JSON object`);
      Object.assign(hit.data, body, { [vocab.id]: hit.data[vocab.id] });
    } else if (method !== 'GET') throw new Refusal(NOT_FOUND, 'not-found', `${method} is not served`);
    this.send(res, OK, this.present(kind, hit.data, link, hit.interview, true));
  }

  private question(res: http.ServerResponse, method: string, segments: string[], url: URL, body: unknown, link: (r: ResourceName, t: string) => string): void {
    const strip = (q: Obj): Obj => {
      const { answered: _answered, ...rest } = q;
      return rest;
    };
    if (segments.length <= 1) {
      if (method !== 'GET') throw new Refusal(NOT_FOUND, 'not-found', `${method} is not served`);
      const iv = this.interviewOf([...url.searchParams.values()]);
      this.send(res, OK, iv.questions.filter((q) => !q.answered).map((q) => this.present('question', strip(q), link, iv, false)));
      return;
    }
    const hit = this.lookup(segments[1], 'question');
    const q = hit.data as Obj & { answered: boolean };
    if (method === 'GET') {
      this.send(res, OK, this.present('question', strip(q), link, hit.interview, false));
      return;
    }
    if (method !== 'PUT' && method !== 'PATCH') throw new Refusal(NOT_FOUND, 'not-found', `${method} is not served`);
    if (!isObject(body)) throw new Refusal(BAD, 'invalid', 'an answer needs a JSON object');
    const visible = v2Shape('question', strip(q))[vocab.options];
    const chosen = body[vocab.answerOption];
    if (!Array.isArray(visible) || !visible.some((o) => isObject(o) && o[vocab.id] === chosen)) {
      throw new Refusal(BAD, 'invalid-answer', `'${vocab.answerOption}' must be the token of one of the question's options`);
    }
    let extra: unknown = body;
    for (const seg of ANSWER_EXTRA) extra = isObject(extra) ? extra[seg] : undefined;
    if (q[vocab.type] === vocab.durationType) {
      if (typeof extra !== 'string' || !/^\d+$/.test(extra)) {
        throw new Refusal(BAD, 'invalid-answer', `'${ANSWER_EXTRA.join('.')}' is required for ${vocab.durationType} questions: the duration in hours, as digits`);
      }
    } else if (extra !== undefined && typeof extra !== 'string') {
      throw new Refusal(BAD, 'invalid-answer', `'${ANSWER_EXTRA.join('.')}' must be a string when given`);
    }
    q.answered = true;
    this.send(res, OK, this.present('question', strip(q), link, hit.interview, true));
  }
}
