import { tieOf } from '../../../codemods/engine/ties/flow';
import { tieCases, V1, V1_SANDBOX } from './harness';

/**
 * ties/assertions.ts and ties/mocks.ts: what tests say the code sends. A body a test double received is the
 * request of its endpoint; a literal a test expects such a body to equal is that request too.
 */
const valid: { code: string; expect: Record<string, unknown> }[] = [
  // msw 1: the resolver's `req.json()`, captured in a variable declared without a value.
  {
    code: `let sent: unknown;\nserver.use(rest.post('${V1}complaints/', async (req, res, ctx) => { sent = await req.json(); return res(ctx.status(201)); }));\nexpect(sent).toEqual(/*@*/{ text: 'cough', extra: {} });`,
    expect: { resource: 'complaint', role: 'request', weak: true },
  },
  // msw 1's parsed `req.body`, captured in a `let` and read after the call.
  {
    code: `import { rest } from 'msw';\nlet body: any;\nserver.use(rest.post('${V1}complaints/', (req, res, ctx) => { body = req.body; return res(ctx.status(201)); }));\nexpect(/*@*/body.extra).toBe('x');`,
    expect: { resource: 'complaint', role: 'request', path: ['extra'], received: true },
  },
  // msw 2: `({ request }) => request.json()`.
  { code: `http.post('${V1}intents/', async ({ request }) => { const body = await request.json(); return /*@*/body; });`, expect: { resource: 'intent', role: 'request', received: true } },
  // nock's body matcher, also after another interceptor of the same scope.
  {
    code: `nock('${V1_SANDBOX.replace(/\/api\/$/, '')}').post('/api/complaints/', { text: 'x' }).reply(201, {}).post('/api/intents/', (body) => { return /*@*/body.detail; });`,
    expect: { resource: 'intent', role: 'request', path: ['detail'], received: true },
  },
  // chai: `expect(x).to.deep.equal(literal)` on a request received by a double.
  {
    code: `let got;\nnock('https://sandbox.buoyhealth.com').post('/api/intents/', (b) => { got = b; return true; });\nexpect(got).to.deep.equal(/*@*/{ detail: 'x' });`,
    expect: { resource: 'intent', role: 'request' },
  },
];

const invalid: string[] = [
  // A double of another API: its request is not this one's.
  `http.post('https://desk.example.com/api/tickets/', async ({ request }) => { const body = await request.json(); return /*@*/body; });`,
  // `req.json()` outside any double.
  `import { rest } from 'msw';\nlet body: any;\nserver.use(rest.post('https://desk.example.com/api/tickets/', (req, res, ctx) => { body = req.body; return res(ctx.status(201)); }));\nexpect(/*@*/body.extra).toBe('x');`,
  // An app's own server route with the API's path: `req.body` is what its callers sent it.
  `import express from 'express';\nconst app = express();\napp.post('/api/complaints/', (req, res, next) => { const b = req.body; res.json(/*@*/b.extra); });`,
  `async function handler(req) { const body = await req.json(); return /*@*/body; }`,
  // A literal expected to equal something untied.
  `expect(summary).toEqual(/*@*/{ extra: 1 });`,
];

tieCases('ties/assertions and mocks: what tests say the code sends', tieOf, valid, invalid);
