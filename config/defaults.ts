import type { Config } from './types';

/**
 * Built-in environments: the service's public hosts from its v2 migration guide
 * (docs/spec/public-facts.md). The spec itself names no host ("{base_url}", "{auth_url}"), so every value
 * here is an assumption that a config file replaces. The v1 audience is not published; the spec says it was
 * "based on the old shared host and path /api/", so the v1 base address stands in for it.
 */
export const defaultConfig: Config = {
  environments: {
    sandbox: {
      v1: { baseUrl: 'https://sandbox.buoyhealth.com/api/', audience: 'https://sandbox.buoyhealth.com/api/' },
      v2: {
        baseUrl: 'https://api.sandbox.buoyhealth.com/symptom-checker/v2/',
        audience: 'https://api.sandbox.buoyhealth.com',
      },
      authUrl: 'https://auth.sandbox.buoyhealth.com',
    },
    production: {
      v1: { baseUrl: 'https://www.buoyhealth.com/api/', audience: 'https://www.buoyhealth.com/api/' },
      v2: { baseUrl: 'https://api.buoyhealth.com/symptom-checker/v2/', audience: 'https://api.buoyhealth.com' },
      authUrl: 'https://auth.buoyhealth.com',
    },
  },
};

/**
 * Claims of a bearer token (a JWT) that name the OAuth client, first present wins: `azp` (OpenID Connect,
 * Auth0) and `client_id` (RFC 9068). The proxy decodes them to attribute legacy traffic; it never verifies
 * the token (the upstream does) and never logs or keeps it.
 */
export const defaultTokenClaims: readonly string[] = ['azp', 'client_id'];
