// Journey driver of fixtures/apps/legacy/triage-service-ts (and of its migrated, completed copy), run on the
// app's sources transpiled to out/ (CommonJS, as its tsconfig builds them): the modules src/index.ts re-exports
// (interviews, complaints, intents, questions, results, summary) over src/client.ts (axios, node-config, pino).
// src/index.ts itself is not executed: it only starts the readiness server on the configured port. Neither is
// summary.describePatient: through the shim it throws on the legacy app (the shim puts the removed `bmi` back as
// null, the app tests `bmi !== undefined`), a limit of the shim the README of fixtures/apps records.
const path = require('node:path');

const app = (name) => require(path.resolve('out', name));
const interviews = app('interviews');
const complaints = app('complaints');
const intents = app('intents');
const questions = app('questions');
const results = app('results');
const summary = app('summary');
const step = (what, value) => console.log(`${what}:`, JSON.stringify(value));

async function main() {
  // token (client.ts interceptor, on the first request) + create interview
  const interview = await interviews.createInterview({ age: 45, sex: 'male' }, null);
  if (!interview || !interview.token) throw new Error(`no interview: ${JSON.stringify(interview)}`);
  step('interview', interview.token);

  const started = await interviews.startComplaintMode(interview.token);
  step('mode', started.message ?? null);
  const complaint = await complaints.createComplaint(interview.token, 'back pain', 'kiosk');
  step('complaint', complaint.token);
  const intent = await intents.createIntent(interview.token, 'care', 'nurse line');
  step('intent', await intents.describeIntent(intent.token));

  await interviews.updateMode(interview.token, 'protocol');
  const next = await complaints.nextQuestionUrl(complaint.token);
  step('next question', next && next.replace(/^.*\/questions\//, 'questions/'));
  for (let i = 0; i < 10; i++) {
    const [question] = await questions.listQuestions(interview.token);
    if (!question) break;
    const options = questions.visibleOptions(question);
    await questions.answerQuestion(question, options[0].token, 12);
    step('answered', question.type);
  }

  const done = await interviews.updateMode(interview.token, 'protocol');
  const link = done.interview._links && done.interview._links.next;
  if (!link || !/\/results\/[^/]+\/$/.test(link)) throw new Error(`no result link: ${JSON.stringify(done.interview)}`);
  const result = await results.getResult(link.split('/').at(-2));
  step('triage', results.overallTriage(result).level);
  step('headline', summary.headline(result));
  step('summary', summary.summarize(result));
  console.log('journey ok');
}

main().catch((err) => {
  console.error(err && err.response ? `${err.message}: ${JSON.stringify(err.response.data)}` : err);
  process.exit(1);
});
