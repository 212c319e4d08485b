import { requestTieOfObject } from '../../../codemods/engine/ties/requests';
import { tieCases, V1 } from './harness';

/**
 * ties/requests.ts: which object literals are request bodies: sent directly, through a const, a local wrapper, a
 * mutation named for a resource, a helper named for a create or update; and where inside the body they sit.
 */
const valid: { code: string; expect: Record<string, unknown> }[] = [
  { code: `fetch('${V1}complaints/', { method: 'POST', body: JSON.stringify(/*@*/{ text: 'x', extra: 1 }) });`, expect: { resource: 'complaint', role: 'request', op: 'create', path: [] } },
  { code: `const body = /*@*/{ intent: 'x', detail: 'y' };\naxios.post('${V1}intents/', body);`, expect: { resource: 'intent', role: 'request', via: 'flow' } },
  { code: `axios.post('${V1}interviews/anonymous/', { profile: /*@*/{ age: 30, sex: 'male' } });`, expect: { resource: 'interview', role: 'request', path: ['profile'] } },
  { code: `function send(intent) { return fetch('${V1}intents/', { method: 'POST', body: JSON.stringify(intent) }); }\nsend(/*@*/{ detail: 'x' });`, expect: { resource: 'intent', role: 'request', path: [] } },
  { code: `function start(profile) { return api.post('interviews/anonymous/', { profile, location: null }); }\nstart(/*@*/{ age: 1, sex: 'f' });`, expect: { resource: 'interview', role: 'request', path: ['profile'] } },
  { code: `sc.createIntent(token, /*@*/{ intent: 'care', detail: 'x' });`, expect: { resource: 'intent', role: 'request', weak: true } },
  { code: `const complaint = trpc.useMutation('checker.complaint');\ncomplaint.mutate(/*@*/{ text: 'x', extra: 1 });`, expect: { resource: 'complaint', role: 'request', via: 'name', weak: true } },
  { code: `const c = trpc.sc.createComplaint.useMutation();\nc.mutateAsync(/*@*/{ text: 'x' });`, expect: { resource: 'complaint', op: 'create', weak: true } },
  { code: `const { trigger } = useSWRMutation('/api/complaints', createComplaint);\ntrigger(/*@*/{ text: 'x' });`, expect: { resource: 'complaint', op: 'create', weak: true } },
  // The team's own mutation hook, defined in another file and named for the helper it runs.
  { code: `import { useCreateComplaint } from '../hooks/useSymptomChecker';\nconst createComplaint = useCreateComplaint();\nfetch('${V1}complaints/');\ncreateComplaint.mutateAsync(/*@*/{ text: 'x', extra: 1 });`, expect: { resource: 'complaint', op: 'create', weak: true } },
  { code: `import { useCreateIntent } from './hooks';\nconst { mutate } = useCreateIntent();\nfetch('${V1}intents/');\nmutate(/*@*/{ intent: 'x', detail: 'y' });`, expect: { resource: 'intent', op: 'create', weak: true } },
  // What a test asserts a mocked transport was called with; `expect.objectContaining` stands for its object.
  { code: `expect(http.put).toHaveBeenCalledWith('${V1}interviews/t/', expect.objectContaining(/*@*/{ mode: 'x' }));`, expect: { resource: 'interview', op: 'mode-update', role: 'request' } },
  { code: `expect(vi.mocked(api.post)).toHaveBeenLastCalledWith('${V1}complaints/', /*@*/{ text: 'x', extra: 1 });`, expect: { resource: 'complaint', op: 'create' } },
  // redux-saga: the function called comes first.
  { code: `function* f() { yield call(client.put, 'interviews/t/', /*@*/{ mode: 'x' }); }`, expect: { resource: 'interview', op: 'mode-update' } },
  // A request described by a config object (RTK Query's `query`).
  { code: `const q = { query: (t) => ({ url: 'complaints/', method: 'POST', body: /*@*/{ text: t, extra: 1 } }) };`, expect: { resource: 'complaint', op: 'create' } },
  // redux-saga effects call their function with the arguments after it: a wrapper of this file, a helper named for a create.
  { code: `import { call } from 'redux-saga/effects';\nconst save = (t, body) => http.post('complaints/', { interview: t, ...body });\nfunction* f() { yield call(save, t, /*@*/{ text: 'x', extra: 1 }); }`, expect: { resource: 'complaint', role: 'request', op: 'create' } },
  { code: `import { call } from 'redux-saga/effects';\nfunction* f() { yield call([sc, sc.createIntent], t, /*@*/{ name: 'x', detail: 'y' }); }`, expect: { resource: 'intent', role: 'request', weak: true } },
  { code: `import { apply } from 'redux-saga/effects';\nfunction* f() { yield apply(sc, sc.createComplaint, [t, /*@*/{ text: 'x', extra: 1 }]); }`, expect: { resource: 'complaint', role: 'request', weak: true } },
];

const invalid: string[] = [
  `import { call } from 'redux-saga/effects';\nfunction* f() { yield call(desk.openTicket, /*@*/{ mode: 'complaint', extra: 1 }); }`, // a helper named for nothing of this API
  `import { call } from './rpc';\nfunction* f() { yield call(sc.createComplaint, t, /*@*/{ extra: 1 }); }`, // not a saga effect
  `axios.post('https://desk.example.com/api/tickets/', /*@*/{ mode: 'complaint', extra: 1 });`, // another API
  `const t = trpc.useMutation('desk.ticket');\nt.mutate(/*@*/{ extra: 1 });`, // a mutation named for another thing
  `const q = trpc.sc.getResult.useMutation();\nq.mutate(/*@*/{ token: 'x' });`, // named for a read
  `import { useCreateTicket } from './hooks';\nconst t = useCreateTicket();\nfetch('${V1}complaints/');\nt.mutateAsync(/*@*/{ mode: 'complaint', extra: 1 });`, // the team's hook for another thing
  `import { useInterview } from './hooks';\nconst { mutate } = useInterview();\nfetch('${V1}interviews/');\nmutate(/*@*/{ mode: 'complaint' });`, // a hook named for no helper (SWR's bound mutate)
  `const settings = /*@*/{ extra: true };`, // never sent
  `expect(http.put).toHaveBeenCalledWith('https://desk.example.com/api/tickets/1/', expect.objectContaining(/*@*/{ extra: 1 }));`, // another API
  // A config object of a client whose base address is another API's.
  `const b = fetchBaseQuery({ baseUrl: 'https://desk.example.com/api/' });\nconst q = { query: () => ({ url: 'complaints/', method: 'POST', body: /*@*/{ extra: 1 } }) };`,
];

tieCases('ties/requests: request bodies', (ctx, path) => requestTieOfObject(ctx, path), valid, invalid);
