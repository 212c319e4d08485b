// Journey driver of fixtures/apps/legacy/vue-portal (and of its migrated, completed copy), run on the app's
// sources transpiled to out/ (CommonJS): src/api/client.ts (axios, the token request), src/api/interview.ts
// and src/api/types.ts (the InterviewMode enum). Not executed: the components (src/components/*.vue), the pinia
// store (src/stores/session.ts) and public/check.html. The portal's bootstrap that puts the token on the axios
// instance is not in the fixture; this driver does it, as that bootstrap would.
const path = require('node:path');

const client = require(path.resolve('out/api/client'));
const sc = require(path.resolve('out/api/interview'));
const { InterviewMode } = require(path.resolve('out/api/types'));
const step = (what, value) => console.log(`${what}:`, JSON.stringify(value));

async function main() {
  const token = await client.requestToken(process.env.SC_CLIENT_ID, process.env.SC_CLIENT_SECRET);
  client.http.defaults.headers.common.Authorization = `Bearer ${token}`;

  const interview = await sc.startInterview(52, 'male');
  step('interview', interview.token);
  step('mode', await sc.setMode(interview.token));
  const complaint = await sc.describe(interview.token, 'dizzy when standing up');
  step('complaint', complaint.token);
  step('mode', await sc.setMode(interview.token, InterviewMode.Protocol));

  // answers: the portal's QuestionCard posts them through the same axios instance
  for (let i = 0; i < 10; i++) {
    const question = await sc.nextQuestion(interview.token);
    if (!question) break;
    await client.http.put(`questions/${question.token}/`, { token: question.options[0].token, extra: question.type === 'D' ? '3' : '' });
    step('answered', question.type);
  }
  const { data: current } = await client.http.get(`interviews/${interview.token}/`);
  const link = current._links && current._links.next;
  if (!link || !/\/results\/[^/]+\/$/.test(link)) throw new Error(`no result link: ${JSON.stringify(current)}`);
  const result = await sc.loadResult(link.split('/').at(-2));
  if (!result.triage || !result.triage.level) throw new Error(`result: ${JSON.stringify(result)}`);
  step('triage', result.triage.level);
  console.log('journey ok');
}

main().catch((err) => {
  console.error(err && err.response ? `${err.message}: ${JSON.stringify(err.response.data)}` : err);
  process.exit(1);
});
