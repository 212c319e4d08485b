const url = { type: 'string', pattern: '^https?://[^\\s/]+' } as const;

const endpoint = {
  type: 'object',
  additionalProperties: false,
  required: ['baseUrl', 'audience'],
  properties: { baseUrl: url, audience: url },
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
    shim: { type: 'object' },
  },
} as const;
