// Journey driver of fixtures/apps/legacy/svelte-astro (and of its migrated, completed copy), run on the app's
// sources transpiled to out/ (CommonJS; `import.meta.env` replaced by `{}`, as a Vite build without VITE_SC_API
// would): src/lib/config.ts, src/lib/stores/begin.ts (interview creation) and src/lib/stores/interview.ts (mode
// update, svelte/store). That is all the API calls its non-UI modules make. Not executed: the components
// (src/routes/Begin.svelte, src/lib/components/Result.svelte), site/index.astro and src/lib/desk.ts (another
// vendor). The app takes its bearer token from its host page; this driver asks TOKEN_URL for one, with the
// audience the test gives (SC_JOURNEY_AUDIENCE: v1 before the migration, v2 after).
const path = require('node:path');

const { TOKEN_URL } = require(path.resolve('out/lib/config'));
const { beginCheck } = require(path.resolve('out/lib/stores/begin'));
const store = require(path.resolve('out/lib/stores/interview'));
const step = (what, value) => console.log(`${what}:`, JSON.stringify(value));

async function main() {
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: process.env.SC_CLIENT_ID, client_secret: process.env.SC_CLIENT_SECRET, audience: process.env.SC_JOURNEY_AUDIENCE, grant_type: 'client_credentials' }),
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  const bearer = (await res.json()).access_token;

  const interview = await beginCheck({ age: 30, sex: 'female' }, bearer);
  if (!interview || !interview.token) throw new Error(`interview: ${JSON.stringify(interview)}`);
  step('interview', interview.token);
  const message = await store.changeMode(interview.token, bearer);
  let current;
  store.interview.subscribe((value) => (current = value))();
  if (!current || current.token !== interview.token) throw new Error(`store: ${JSON.stringify(current)}`);
  step('mode', { mode: current.mode, message: message ?? null });
  console.log('journey ok');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
