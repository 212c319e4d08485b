import { tieOf } from '../../../codemods/engine/ties/flow';
import { tieCases, V1 } from './harness';

/** ties/flow.ts: what a value is, following it from an API call; values the caller only sends are requests. */
const valid: { code: string; expect: Record<string, unknown> }[] = [
  { code: `const res = await fetch('${V1}results/1/');\nconst body = await res.json();\n/*@*/body.advice;`, expect: { resource: 'result', role: 'body', path: ['advice'], via: 'flow' } },
  { code: `const { data } = await axios.get('${V1}results/1/');\n/*@*/data.advice;`, expect: { resource: 'result', role: 'body', path: ['advice'] } },
  { code: `fetch('${V1}questions/').then((r) => r.json()).then((qs) => qs.map((q) => /*@*/q.preselected));`, expect: { resource: 'question', path: ['preselected'] } },
  { code: `const res = await axios.get('${V1}questions/');\nconst first = res.data[0] ?? null;\n/*@*/first.preselected;`, expect: { resource: 'question', path: ['preselected'] } },
  { code: `async function load(t) { const r = await fetch('${V1}results/' + t + '/'); return r.json(); }\nconst r = await load(1);\n/*@*/r.test;`, expect: { resource: 'result', path: ['test'] } },
  { code: `const x = await api.getResult(token);\n/*@*/x.advice;`, expect: { resource: 'result', path: ['advice'], via: 'name' } },
  // A copy of a tied value: `structuredClone`, `cloneDeep`.
  { code: `const res = await axios.get('${V1}questions/');\nconst copy = structuredClone(res.data[0]);\n/*@*/copy.preselected;`, expect: { resource: 'question', path: ['preselected'] } },
  { code: `const res = await axios.get('${V1}results/1/');\nconst data = _.clone(res.data);\n/*@*/data.advice;`, expect: { resource: 'result', path: ['advice'] } },
  { code: `$http.get('${V1}questions/1/').then(function (r) { var q = angular.copy(r.data); return /*@*/q.preselected; });`, expect: { resource: 'question', path: ['preselected'] } },
  // A variable handed, under a key, to a body sent to the resource: it is that key of the request.
  { code: `const profile = { age: 3 };\nif (h) profile.height = /*@*/profile.height;\nawait ky.post('${V1}interviews/anonymous/', { json: { profile, location: null } });`, expect: { resource: 'interview', role: 'request', path: ['profile', 'height'] } },
  // …unless the key is the resource's own name: an envelope (`{ complaint: {…} }`) around the complaint.
  { code: `const complaint = { text: 'x' };\nconst e = /*@*/complaint.extra;\nawait axios.post('${V1}complaints/', { complaint: complaint });`, expect: { resource: 'complaint', role: 'request', path: ['extra'] } },
  { code: `/*@*/this.result.advice;`, expect: { resource: 'result', path: ['advice'], via: 'name' } },
  { code: `/*@*/state.interview.profile.race;`, expect: { resource: 'interview', path: ['profile', 'race'] } },
  { code: `/*@*/session.interview.complaints[0].extra;`, expect: { resource: 'complaint', path: ['extra'] } },
  {
    code: `function call(m, p, b) { return fetch('${V1}' + p, { method: m, body: JSON.stringify(b) }); }\ncall('POST', 'interviews/anonymous/', {}).then((r) => r.json()).then((iv) => call('PUT', 'interviews/' + iv.token + '/', { mode: 'protocol' })).then((r) => r.json()).then((upd) => /*@*/upd.msg);`,
    expect: { resource: 'interview', op: 'mode-update', path: ['msg'] },
  },
  // redux-saga: `yield call(fn, …args)` resumes with what `fn` returns; an update that sets the mode is a mode update.
  { code: `import { call } from 'redux-saga/effects';\nfunction* f() { const r = yield call(client.createInterview, profile);\nif (/*@*/r) {} }`, expect: { resource: 'interview', op: 'create', role: 'result' } },
  { code: `import { call } from 'redux-saga/effects';\nfunction* f() { const r = yield call([client, client.updateInterview], t, { mode: next });\n/*@*/r.data.msg; }`, expect: { resource: 'interview', op: 'mode-update', path: ['msg'] } },
  { code: `import { apply } from 'typed-redux-saga';\nconst load = (t) => fetch('${V1}results/' + t + '/').then((r) => r.json());\nfunction* f() { const r = yield apply(null, load, [t]);\n/*@*/r.advice; }`, expect: { resource: 'result', path: ['advice'], via: 'flow' } },
  // What a helper named for a list returns still has its body: a list of the resource.
  { code: `const r = await sc.listQuestions(t);\n/*@*/r.data[0].preselected;`, expect: { resource: 'question', path: ['preselected'] } },
  // reselect: a combiner's parameters are what its input selectors select (by name, or by what they return).
  { code: `const getLastResult = (s) => s.checkup.latest;\nconst tips = createSelector([getLastResult], (r) => /*@*/r.advice);`, expect: { resource: 'result', path: ['advice'], via: 'name' } },
  { code: `const tips = createSelector((s) => s.visit.result, (s) => s.ui, (r, ui) => /*@*/r.advice);`, expect: { resource: 'result', path: ['advice'] } },
  // jQuery deferreds: `.done` hands the body first and the request object later; `.fail` hands the request object.
  { code: `$.ajax({ url: '${V1}results/1/' }).done(function (data) { /*@*/data.advice; });`, expect: { resource: 'result', role: 'body', path: ['advice'], via: 'flow' } },
  { code: `sc.setMode(m).done(function (data, xhr) { /*@*/xhr; });`, expect: { resource: 'interview', op: 'mode-update', role: 'result' } },
  { code: `sc.createInterview(p).done(function () {}).fail(function (jqXHR) { /*@*/jqXHR; });`, expect: { resource: 'interview', op: 'create', role: 'result' } },
  // Utility collection functions take the list first: `$.grep`, `_.map`; jQuery's `$.each` hands the index first.
  { code: `const res = await axios.get('${V1}questions/');\n$.each(res.data, function (i, q) { /*@*/q.preselected; });`, expect: { resource: 'question', path: ['preselected'] } },
  { code: `const res = await axios.get('${V1}questions/');\n_.map(res.data, (q) => /*@*/q.preselected);`, expect: { resource: 'question', path: ['preselected'] } },  // Vuex: a mutation's payload is what the file's actions commit under its name (namespaced or not); weak.
  { code: `const mutations = { SAVE_RESULT: (state, r) => { state.tips = /*@*/r.advice; } };\nconst actions = { async load({ commit }) { const res = await axios.get('${V1}results/1/'); commit('SAVE_RESULT', res.data); } };`, expect: { resource: 'result', role: 'body', path: ['advice'], weak: true } },
  { code: `export default { mutations: { SAVE (state, q) { state.pre = /*@*/q.preselected; } } };\nexport async function load(vm) { const { data } = await axios.get('${V1}questions/1/'); vm.$store.commit('checker/SAVE', data); }`, expect: { resource: 'question', path: ['preselected'], weak: true } },
  // …and a getter's `state.x` is what the mutations assign to `state.x`; a field copied under its own name mirrors the value.
  { code: `export default { getters: { pre: (state) => /*@*/state.current.preselected }, mutations: { SET (state, q) { state.current = q; } } };\nexport async function load(store) { const { data } = await axios.get('${V1}questions/1/'); store.commit('SET', data); }`, expect: { resource: 'question', path: ['preselected'], weak: true } },
  { code: `export default { getters: { n: (state) => /*@*/state.marketplace }, mutations: { SET (state, iv) { state.marketplace = iv.marketplace; } } };\nexport async function start(store) { const res = await api.createInterview(p); store.commit('SET', res.data); }`, expect: { resource: 'interview', path: ['marketplace'], weak: true } },
  // A paginated list answer keeps its items under `results` / `items`; an empty array's `concat` is the value it is given.
  { code: `const res = await axios.get('${V1}intents/');\nres.data.results.map((d) => /*@*/d.detail);`, expect: { resource: 'intent', path: ['detail'] } },
  { code: `const res = await axios.get('${V1}questions/');\n(res.data.items || []).forEach((q) => /*@*/q.preselected);`, expect: { resource: 'question', path: ['preselected'] } },
  { code: `const { data } = await axios.get('${V1}results/1/');\n[].concat(data.triage_explanation.potential_condition || []).map((pc) => /*@*/pc.triage);`, expect: { resource: 'result', path: ['triage_explanation', 'potential_condition', '*', 'triage'] } },
  // A view model named for a result keeps the potential condition under its camel-cased name.
  { code: `ResultService.read(t).then(function (result) { /*@*/result.potentialCondition.triage; });`, expect: { resource: 'result', path: ['triage_explanation', 'potential_condition', 'triage'], via: 'name' } },
  // Remix / React Router: what the route's loader copied under the field's own name, read through `useLoaderData()`.
  { code: `export const loader = async ({ params }) => {\n  const result = await getResult(params.token);\n  return json({ advice: result.advice ?? null, title: result.triage.title });\n};\nexport default function Page() { const data = useLoaderData();\nreturn /*@*/data.advice; }`, expect: { resource: 'result', path: ['advice'], weak: true } },
  // A variable started empty (`let r = null`) holds what it is assigned later.
  { code: `let r = null;\nasync function load(t) { r = await api.getResult(t); }\n/*@*/r.advice;`, expect: { resource: 'result', path: ['advice'] } },
  // In a test, a bare verb on a holder named for the resource (an AngularJS service) performs the operation.
  { code: `it('reads', function () {\n  ResultService.read('r-1').then(function (res) { /*@*/res.advice; });\n});`, expect: { resource: 'result', path: ['advice'] } },
  // A guard that checks a response and hands it back (imported from elsewhere): that response.
  { code: `import { ensureOk } from './http';\nconst res = await call('PUT', \`interviews/\${t}/\`, { mode });\nconst body = ensureOk(res, 'Update interview').body;\n/*@*/body.msg;`, expect: { resource: 'interview', op: 'mode-update', path: ['msg'] } },
];

const invalid: string[] = [
  `it('reads', function () {\n  TicketService.read('t-1').then(function (res) { /*@*/res.advice; });\n});`,
  `ResultService.read('r-1').then(function (res) { /*@*/res.advice; });`, // outside a test: the app's own service
  `let r = null;\nasync function load(t) { r = await desk.getTicket(t); }\n/*@*/r.advice;`,
  // …not a key the loader fills from elsewhere or under another name, nor another API's answer.
  `export async function loader() { return json({ advice: settings.advice }); }\nexport default function Page() { const data = useLoaderData();\nreturn /*@*/data.advice; }`,
  `export const loader = async ({ params }) => {\n  const result = await getResult(params.token);\n  return json({ heading: result.advice });\n};\nexport default function Page() { const data = useLoaderData();\nreturn /*@*/data.heading; }`,
  `export async function loader() { const res = await fetch('https://desk.example.com/api/tickets/1'); const t = await res.json(); return { advice: t.advice }; }\nexport default function Page() { const data = useLoaderData();\nreturn /*@*/data.advice; }`,
  // Another API's paginated list, a list answer's other keys, and `concat` on something untied.
  `const res = await axios.get('https://desk.example.com/api/tickets/');\nres.data.results.map((d) => /*@*/d.detail);`,
  `const res = await axios.get('${V1}questions/');\n/*@*/res.data.count;`,
  `[].concat(settings.flags || []).map((f) => /*@*/f.triage);`,
  `const res = await axios.get('https://desk.example.com/api/tickets/1');\n[].concat(res.data.tags).map((t) => /*@*/t.triage);`,
  // A `call` that is no saga effect, and a saga effect that calls another API's helper.
  `import { call } from './rpc';\nfunction* f() { const r = yield call(client.createInterview, profile);\nif (/*@*/r) {} }`,
  `import { call } from 'redux-saga/effects';\nfunction* f() { const r = yield call(desk.openTicket, t);\n/*@*/r.data.advice; }`,
  `import { fork } from 'redux-saga/effects';\nfunction* f() { const task = yield fork(client.getResult, t);\n/*@*/task.advice; }`,
  `const copy = structuredClone(settings);\n/*@*/copy.preselected;`, // a copy of something untied
  `const res = await fetch('https://desk.example.com/api/tickets/1');\nconst t = _.clone(await res.json());\n/*@*/t.advice;`, // a copy of another API's answer
  // A variable handed, under a key, to another API's body.
  `const profile = { age: 3 };\nawait ky.post('https://desk.example.com/api/tickets', { json: { profile } });\n/*@*/profile.height;`,
  `const m = /x/.exec(s);\n/*@*/m.advice;`, // a regex match, whatever it is called
  // A guard given another API's response, and a function named like one that does something else.
  `import { ensureOk } from './http';\nconst res = await fetch('https://desk.example.com/api/tickets/1');\nconst body = ensureOk(res, 'Read ticket').body;\n/*@*/body.advice;`,
  `const res = await axios.get('${V1}results/1/');\nconst b = ensureOkay(res).data;\n/*@*/b.advice;`,
  `const res = await fetch('https://desk.example.com/api/tickets/1');\nconst body = await res.json();\n/*@*/body.advice;`, // another API
  `const config = { advice: true };\n/*@*/config.advice;`, // a name that says nothing
  `const getTicket = (s) => s.desk.ticket;\nconst hints = createSelector([getTicket], (t) => /*@*/t.advice);`, // a selector of another thing
  // jQuery deferreds of another API, and parameters that are not the request object.
  `$.ajax({ url: 'https://desk.example.com/api/tickets/1' }).done(function (data) { /*@*/data.advice; });`,
  `sc.setMode(m).done(function (data, textStatus) { /*@*/textStatus; });`,
  `sc.createInterview(p).fail(function (reason) { /*@*/reason; });`,
  `const res = await axios.get('${V1}questions/');\n$.each(res.data, function (i, q) { /*@*/i; });`,
  `$.each(desk.tickets, function (i, t) { /*@*/t.advice; });`,  // Vuex: a mutation given another API's answer, one whose name nothing commits, and a function outside `mutations`.
  `export default { mutations: { SAVE (state, t) { state.tips = /*@*/t.advice; } } };\nexport async function load(store) { const res = await fetch('https://desk.example.com/api/tickets/1'); store.commit('SAVE', await res.json()); }`,
  `export default { mutations: { OTHER (state, r) { state.tips = /*@*/r.advice; } } };\nexport async function load(store) { const res = await axios.get('${V1}results/1/'); store.commit('SAVE', res.data); }`,
  `export default { helpers: { SAVE (state, r) { state.tips = /*@*/r.advice; } } };\nexport async function load(store) { const res = await axios.get('${V1}results/1/'); store.commit('SAVE', res.data); }`,
  // …a state field the mutations fill from another API, and a getter's state outside any store module.
  `export default { getters: { t: (state) => /*@*/state.tips.advice }, mutations: { SET (state, t) { state.tips = t; } } };\nexport async function load(store) { const res = await fetch('https://desk.example.com/api/tickets/1'); store.commit('SET', await res.json()); }`,
  `export default { getters: { n: (state) => /*@*/state.marketplace }, mutations: { SET (state, t) { state.marketplace = t.marketplace; } } };\nexport async function open(store) { const res = await desk.openTicket(f); store.commit('SET', res.data); }`,
  `export default { helpers: { n: (state) => /*@*/state.marketplace }, mutations: { SET (state, iv) { state.marketplace = iv.marketplace; } } };\nexport async function start(store) { const res = await axios.get('${V1}results/1/'); store.commit('SET', res.data); }`,
];

tieCases('ties/flow: values from API calls', tieOf, valid, invalid);
