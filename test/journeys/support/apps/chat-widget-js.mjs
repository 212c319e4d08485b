// Journey driver of fixtures/apps/legacy/chat-widget-js (and of its migrated, completed copy): the widget's
// non-UI modules src/flow.js → src/api.js → src/auth.js, src/config.js, in the order the widget calls them.
// The React component (src/ui/) is not executed. Node stands in for the browser: `window` is an EventTarget
// (the widget dispatches `sc:complaint` on it), @sentry/browser is a local stub.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const load = (rel) => import(pathToFileURL(path.resolve(rel)).href);
globalThis.window = new EventTarget();
const complaints = [];
globalThis.window.addEventListener('sc:complaint', (e) => complaints.push(e.detail));

const flow = await load('src/flow.js');
const api = await load('src/api.js');
const step = (what, value) => console.log(`${what}:`, JSON.stringify(value));

// token (auth.js, on the first request) + create interview + the first mode update (flow.startInterview)
const started = await flow.startInterview({ age: 34, sex: 'female' }, null);
if (started.error || !started.interview) throw new Error(`startInterview: ${started.error}`);
const interview = started.interview;
step('interview', interview.token);

// complaint and intent
const { complaint, note } = await flow.submitComplaint(interview, 'headache since yesterday', 'since breakfast');
if (!complaint || !complaint.token) throw new Error('no complaint');
if (complaints.length !== 1) throw new Error('the sc:complaint event was not dispatched');
step('complaint', { token: complaint.token, note });
const intent = await flow.submitIntent(interview, 'care', 'urgent care');
step('intent', intent);

// mode update to the questions, then every question the interview asks
const protocol = await api.setMode(interview.token, 'protocol');
step('mode', protocol.message ?? null);
for (let i = 0; i < 10; i++) {
  const next = await flow.advance({ ...interview, mode: 'protocol' });
  if (next.screen !== 'question') throw new Error(`advance: screen ${next.screen}`);
  if (!next.question) break;
  const q = next.question;
  const answered = await flow.answer(q, q.options[0].token, 24);
  if (!answered || answered.token !== q.token) throw new Error(`answer to ${q.token} refused: ${JSON.stringify(answered)}`);
  step('answered', q.type);
}

// result: the next link of the interview leads to it
const done = await api.setMode(interview.token, 'protocol');
const next = done.interview && done.interview._links && done.interview._links.next;
if (!next || !/\/results\/[^/]+\/$/.test(next)) throw new Error(`no result link: ${JSON.stringify(done)}`);
const result = await api.getResult(next.split('/').at(-2));
if (!result || !result.triage || !result.triage.level) throw new Error(`result: ${JSON.stringify(result)}`);
step('triage', result.triage.level);
console.log('journey ok');
