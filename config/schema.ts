const url = { type: 'string', pattern: '^https?://[^\\s/]+' } as const;

const endpoint = {
  type: 'object',
  additionalProperties: false,
  required: ['baseUrl', 'audience'],
  properties: { baseUrl: url, audience: url },
} as const;

/**
 * Settings of `sc-migrate proxy` (config/types.ts ShimConfig; docs/shim.md). Values whose form the schema cannot
 * describe with a clear message (legacy pins, sizes, durations, `defaults` keys) are checked by shim/options.ts.
 */
const shimSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    legacyVersion: { type: 'string' },
    defaults: { type: 'object' },
    resources: {
      type: 'object',
      additionalProperties: { enum: ['interview', 'complaint', 'intent', 'question', 'result'] },
    },
    publicUrl: url,
    deprecation: { type: ['boolean', 'string'] },
    sunset: { type: 'string', minLength: 1 },
    link: url,
    maxBody: { type: ['integer', 'string'] },
    upstreamTimeout: { type: ['integer', 'string'] },
    requestTimeout: { type: ['integer', 'string'] },
    clientIdleTimeout: { type: ['integer', 'string'] },
    maxConnections: { type: 'integer', minimum: 1 },
    allowedHosts: { type: 'array', items: { type: 'string', minLength: 1 } },
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    logFormat: { enum: ['json', 'pretty'] },
    logSample: { type: 'number', minimum: 0, maximum: 1 },
    workers: { type: 'integer', minimum: 0 },
    legacyClients: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxValues: { type: 'integer', minimum: 1 },
        appVersionHeader: { type: 'string', pattern: '^[A-Za-z0-9-]+$' },
        tokenClaims: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      },
    },
  },
} as const;

/** JSON Schema of sc-migrate.config.json. */
export const configSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'sc-migrate configuration',
  type: 'object',
  additionalProperties: false,
  required: ['environments'],
  properties: {
    $schema: { type: 'string' },
    environments: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['v1', 'v2', 'authUrl'],
        properties: { v1: endpoint, v2: endpoint, authUrl: url },
      },
    },
    shim: shimSchema,
  },
} as const;
