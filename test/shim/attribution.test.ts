import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { appOfRequest, appOfUserAgent, clientOfBearer, clientOfTokenRequest, labelValue } from '../../shim/attribution';
import { LinkRewriter } from '../../shim/links';

const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('attribution', () => {
  it.each([
    ['MyApp/3.2.1 (iOS 17.1)', 'MyApp', '3.2.1'],
    ['TriageApp/412 CFNetwork/1410.0.3 Darwin/22.6.0', 'TriageApp', '412'],
    ['okhttp/4.12.0', 'okhttp', '4.12.0'],
    ['CFNetwork/1410.0.3 Darwin/22.6.0', 'CFNetwork', '1410.0.3'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'browser-chrome', '120'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'browser-edge', '120'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'browser-firefox', '121'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'browser-safari', '17.1'],
    [undefined, 'unknown', 'unknown'],
  ])('reads app and version from the User-Agent %s', (ua, app, version) => {
    expect(appOfUserAgent(ua)).toEqual({ app, version });
  });

  it('prefers a configured version header, with or without the app name', () => {
    expect(appOfRequest({ 'user-agent': 'okhttp/4.12.0', 'x-app-version': '3.2.1' }, 'x-app-version')).toEqual({ app: 'okhttp', version: '3.2.1' });
    expect(appOfRequest({ 'user-agent': 'okhttp/4.12.0', 'x-app-version': 'Triage/3.2.1' }, 'x-app-version')).toEqual({ app: 'Triage', version: '3.2.1' });
  });

  it('names the client from the token request body, else HTTP Basic', () => {
    expect(clientOfTokenRequest({ client_id: 'abc' }, undefined)).toBe('abc');
    expect(clientOfTokenRequest({}, `Basic ${Buffer.from('basic-client:s3cret').toString('base64')}`)).toBe('basic-client');
    expect(clientOfTokenRequest({}, 'Bearer x')).toBeUndefined();
  });

  it('names the client from a bearer JWT claim, in the configured order, never from an opaque token', () => {
    expect(clientOfBearer(`Bearer ${jwt({ azp: 'web', client_id: 'other' })}`, ['azp', 'client_id'])).toBe('web');
    expect(clientOfBearer(`Bearer ${jwt({ client_id: 'svc' })}`, ['azp', 'client_id'])).toBe('svc');
    expect(clientOfBearer(`Bearer ${jwt({ sub: 'u' })}`, ['azp', 'client_id'])).toBeUndefined();
    expect(clientOfBearer('Bearer 3f2a-opaque', ['azp'])).toBeUndefined();
    expect(clientOfBearer('Bearer a.bm90IGpzb24.c', ['azp'])).toBeUndefined();
  });

  it('turns any value into a short label with no quotes, spaces or newlines', () => {
    expect(labelValue('a"b\nc d')).toBe('a_b_c_d');
    expect(labelValue('x'.repeat(200))).toHaveLength(64);
    expect(labelValue('')).toBe('unknown');
  });
});

describe('link rewriting in raw text', () => {
  const links = new LinkRewriter(['https://api.example.test/symptom-checker/v2/', 'https://old.example.test/api/'], '/api');
  const body =
    '{"self":"https://api.example.test/symptom-checker/v2/interviews/1/","esc":"https:\\/\\/API.example.test\\/symptom-checker\\/v2\\/q\\/2\\/",' +
    '"text":"see https://old.example.test/api/results/3/ now","not":"https://api.example.test/symptom-checker/v2x/","host":"https://api.example.test.evil/symptom-checker/v2/"}';
  const expected =
    '{"self":"http://p.test/api/interviews/1/","esc":"http:\\/\\/p.test\\/api\\/q\\/2\\/",' +
    '"text":"see http://p.test/api/results/3/ now","not":"https://api.example.test/symptom-checker/v2x/","host":"https://api.example.test.evil/symptom-checker/v2/"}';

  it('rewrites upstream bases wherever they occur, escaped slashes too, and only at a path boundary', () => {
    expect(links.rewriteText(body, 'http://p.test')).toBe(expected);
  });

  it('gives the same text when streamed in chunks of any size', async () => {
    for (const size of [1, 2, 7, 31, 64, 1000]) {
      const bytes = Buffer.from(body.repeat(3));
      const chunks = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(chunks).pipe(links.stream('http://p.test'))), `chunks of ${size}`).toBe(expected.repeat(3));
    }
  });
});
