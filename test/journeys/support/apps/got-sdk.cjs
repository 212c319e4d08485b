// Journey driver of fixtures/apps/legacy/got-sdk (and of its migrated, completed copy), run on the app's
// sources transpiled to out/ (CommonJS): the SymptomChecker class of src/client.ts (got, zod, yup) with
// src/constants.ts and src/schemas/. The SDK never asks for a token (its callers' gateway adds one), so its
// journey runs against a stand-in that does not require one. src/helpdesk/tickets.ts (another vendor's API) is
// not executed.
const path = require('node:path');

const { SymptomChecker } = require(path.resolve('out/client'));
const { MODES } = require(path.resolve('out/constants'));
const step = (what, value) => console.log(`${what}:`, JSON.stringify(value));

async function main() {
  const sc = new SymptomChecker();
  const interview = await sc.start(40, 'female');
  step('interview', interview.token);
  const begun = await sc.begin(interview.token);
  step('mode', begun.statusCode);
  const complaint = await sc.describe(interview.token, 'sore throat', 'sdk');
  step('complaint', complaint.statusCode);

  // the SDK has no question calls: its callers answer through their own client; here, the same HTTP client
  const http = sc.http;
  await http.put(`interviews/${interview.token}/`, { json: { mode: MODES.PROTOCOL } });
  for (let i = 0; i < 10; i++) {
    const { body: questions } = await http.get('questions/', { searchParams: { interview: interview.token } });
    if (questions.length === 0) break;
    const q = questions[0];
    await http.put(`questions/${q.token}/`, { json: { token: q.options[0].token, extra: q.type === 'D' ? '6' : '' } });
    step('answered', q.type);
  }
  const { body: current } = await http.get(`interviews/${interview.token}/`);
  const link = current._links && current._links.next;
  if (!link || !/\/results\/[^/]+\/$/.test(link)) throw new Error(`no result link: ${JSON.stringify(current)}`);
  step('result', await sc.result(link.split('/').at(-2)));
  console.log('journey ok');
}

main().catch((err) => {
  console.error(err && err.response ? `${err.message}: ${JSON.stringify(err.response.body)}` : err);
  process.exit(1);
});
