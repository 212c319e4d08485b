/**
 * The API's vocabulary: the names the spec gives to resources, fields and endpoints that several changes
 * share. Every consumer (codemods, reports, shim, mock server, docs) reads these names from here or from a
 * change module; none writes them itself.
 *
 * Where the spec leaves a fact out ("not shown"), the value here is an assumption taken from the service's
 * public v2 docs (docs/spec/public-facts.md) and is marked `assumption` so the docs can list it.
 */

export type ResourceName = 'interview' | 'complaint' | 'intent' | 'question' | 'result';

export interface ResourceInfo {
  /** First path segment of the resource's endpoints, relative to the base address. */
  segment: string;
  /** Words that name this resource in client code (identifiers, type names). */
  nouns: string[];
  /** True where the segment is not in the spec but in the public docs. */
  assumption: boolean;
}

export const resources: Record<ResourceName, ResourceInfo> = {
  interview: { segment: 'interviews', nouns: ['interview'], assumption: true },
  complaint: { segment: 'complaints', nouns: ['complaint'], assumption: true },
  intent: { segment: 'intents', nouns: ['intent'], assumption: true },
  // questions_list and questions_read are in the spec (section 4): GET /questions/ and GET /questions/<token>.
  question: { segment: 'questions', nouns: ['question'], assumption: false },
  // results_read is in the spec (section 4): GET /results/<token>/.
  result: { segment: 'results', nouns: ['result'], assumption: false },
};

export const resourceNames = Object.keys(resources) as ResourceName[];

/**
 * Objects nested inside a resource that client code often holds on their own (`const { profile } = interview`).
 * `path` is where the object sits in the parent resource; `*` stands for every item of a list.
 */
export interface SubjectInfo {
  parent: ResourceName;
  path: string[];
  nouns: string[];
  /** Keys whose presence together says an object literal is one of these (assumption: the public docs' example bodies). */
  keys?: string[];
}

export const subjects: Record<string, SubjectInfo> = {
  // The public docs create interviews with a profile of `age` and `sex` (docs/spec/public-facts.md).
  profile: { parent: 'interview', path: ['profile'], nouns: ['profile'], keys: ['age', 'sex'] },
  option: { parent: 'question', path: ['options', '*'], nouns: ['option'] },
  potentialCondition: {
    parent: 'result',
    path: ['triage_explanation', 'potential_condition'],
    nouns: ['condition', 'potentialCondition', 'potential_condition'],
  },
};

/** Operations the spec names (section 4). Methods and paths for most are "not shown". */
export type Operation =
  | 'create'
  | 'update'
  | 'mode-update'
  | 'read'
  | 'list'
  | 'answer';

/** The interview field that carries the interview mode (spec section 3; public docs: PUT interviews/<token>/ { mode }). */
export const modeField = 'mode';

/**
 * The field that identifies a resource in its representation (public docs: "resources are addressed by a UUID
 * `token`"; the spec shows `token` in the Answer body, section 2). Assumption, used by the v2 stand-in and by
 * `replay`, which maps recorded ids to the ones v2 returns and does not compare their values.
 */
export const idField = 'token';

/** The links object of a representation (spec section 2: `_links`, holding `msg` and the next links). */
export const linksField = '_links';

/** Token request (spec section 5). */
export const tokenRequest = {
  /** POST {auth_url}/oauth/token */
  path: 'oauth/token',
  method: 'POST',
  audienceField: 'audience',
  grantTypeField: 'grant_type',
  grantType: 'client_credentials',
  clientIdField: 'client_id',
  clientSecretField: 'client_secret',
} as const;

/**
 * Token response fields. The spec says the shape is "not shown"; these follow OAuth 2.0 (RFC 6749), which the
 * token service follows as an Auth0 tenant (public docs). Assumption, used by the v2 stand-in and the demo.
 */
export const tokenResponse = {
  accessTokenField: 'access_token',
  tokenTypeField: 'token_type',
  expiresInField: 'expires_in',
} as const;

/** The v2 base path (spec sections 4 and 9.1: "the path segment /symptom-checker/v2/"). */
export const v2BasePath = '/symptom-checker/v2/';

/** Sub-path of the create-interview request under the interviews segment (public docs: `interviews/anonymous/`). */
export const createInterviewPath = 'anonymous/';

/**
 * Values that must never reach a log: request body fields and headers that carry credentials.
 * The token response's shape is "not shown" in the spec; `access_token` is the OAuth 2.0 convention
 * (RFC 6749) the token service follows as an Auth0 tenant (public docs), so it is redacted too.
 */
export const secrets = {
  bodyFields: [tokenRequest.clientSecretField, 'access_token', 'refresh_token', 'id_token'] as string[],
  headers: ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'],
} as const;

/**
 * HTTP methods per operation. The spec gives methods only for questions_list, questions_read and
 * results_read; the rest follow the public docs (POST creates, PUT updates) and REST convention
 * (PATCH also updates). Assumption, documented in the README.
 */
export const methodOperations: Record<string, Operation> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  GET: 'read',
};

/**
 * Answers are sent with the update question request (spec section 2, "Answer (body of the update
 * question request)"); method and path: not shown. The public docs address questions by token.
 */
export const answerResource: ResourceName = 'question';
