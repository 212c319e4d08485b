import { describe, expect, it } from 'vitest';
import { apiCall, isBasePlusSegment } from '../../../codemods/engine/ties/url';
import { tieCases, V1 } from './harness';

/** ties/url.ts: a call is a request to this API by its URL (host or resource segment), method and body. */
const valid: { code: string; expect: { resource: string; op: string; method: string } }[] = [
  { code: `/*@*/fetch('${V1}results/abc/');`, expect: { resource: 'result', op: 'read', method: 'GET' } },
  { code: `/*@*/fetch('${V1}questions/');`, expect: { resource: 'question', op: 'list', method: 'GET' } },
  { code: `const B = '${V1}';\n/*@*/axios.post(\`\${B}complaints/\`, { text });`, expect: { resource: 'complaint', op: 'create', method: 'POST' } },
  { code: `/*@*/api.put('interviews/' + token + '/', { mode: m });`, expect: { resource: 'interview', op: 'mode-update', method: 'PUT' } },
  { code: `/*@*/http.patch(\`intents/\${id}/\`, body);`, expect: { resource: 'intent', op: 'update', method: 'PATCH' } },
  { code: `/*@*/request('questions/' + q + '/', { method: 'PUT', body: JSON.stringify(answer) });`, expect: { resource: 'question', op: 'answer', method: 'PUT' } },
  { code: `/*@*/axios({ url: 'interviews/anonymous/', method: 'post', data: { profile } });`, expect: { resource: 'interview', op: 'create', method: 'POST' } },
  { code: `/*@*/call(token, 'POST', 'complaints/?interview=' + t, { text });`, expect: { resource: 'complaint', op: 'create', method: 'POST' } },
  // A helper of the file that puts a base before its parameter, whatever its name (msw 1 handlers, a client's own calls).
  { code: `const api = (path) => \`\${BASE}\${path}\`;\n/*@*/rest.put(api('interviews/:token/'), (req, res, ctx) => res(ctx.json({ msg })));`, expect: { resource: 'interview', op: 'update', method: 'PUT' } },
  { code: `function at(p) { return '${V1}' + p; }\n/*@*/rest.post(at('intents/'), (req, res, ctx) => res(ctx.json(intent)));`, expect: { resource: 'intent', op: 'create', method: 'POST' } },
];

const invalid: string[] = [
  `/*@*/fetch('https://desk.example.com/api/complaints/');`, // another host's /api/
  `/*@*/fetch('tickets/');`, // not a resource of this API
  `/*@*/fetch(url);`, // nothing static
  `/*@*/console.log('complaints/ loaded');`, // a message, not a path at the start
  `const desk = (path) => 'https://desk.example.com/api/' + path;\n/*@*/rest.put(desk('interviews/:id/'), (req, res, ctx) => res(ctx.json({ msg })));`, // another host's helper
  `const api = (path, v) => \`\${BASE}\${v}\`;\n/*@*/rest.put(api('interviews/:token/', x), (req, res, ctx) => res(ctx.json({ msg })));`, // the argument is not what it appends
];

tieCases('ties/url: requests to this API', apiCall, valid, invalid);

describe('ties/url: a resource after a base the file cannot read', () => {
  it.each(['{}tickets', '{}tickets?page=2', '{}requests#top'])('%s is one', (text) => expect(isBasePlusSegment(text)).toBe(true));
  it.each(['{}', '{}{}', 'tickets', '{}tickets/1', '{}/tickets', 'https://x.test/tickets', '{} loaded'])('%s is not', (text) => expect(isBasePlusSegment(text)).toBe(false));
});
