import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathOf, request, startStack, V1_AUDIENCE, V2_AUDIENCE, type Stack } from './helpers';

/**
 * A whole legacy interview through the proxy against the v2 stand-in, over real loopback sockets, for a
 * client pinned at `v1` (v1 as of July 2021) and one pinned at `2020-06`.
 */
describe.each([
  { pin: 'v1', startMode: 'input' },
  { pin: '2020-06', startMode: 'complaint' },
])('legacy interview at $pin', ({ pin, startMode }) => {
  let stack: Stack;
  const old = pin === '2020-06';

  beforeEach(async () => {
    stack = await startStack({ flags: { legacyVersion: pin }, requireToken: true });
  });
  afterEach(async () => {
    await stack.close();
  });

  it('sees v1 shapes, statuses and links; the stand-in sees v2 requests', async () => {
    const P = stack.proxyUrl;
    const api = `${P}/api`;
    const received = () => stack.mock.requests.at(-1)!;

    // --- token, v1 audience -------------------------------------------------------------------------
    const tok = await request(P, 'POST', '/oauth/token', {
      body: { client_id: 'legacy-app', client_secret: 'not-a-real-secret', audience: V1_AUDIENCE, grant_type: 'client_credentials' },
    });
    expect(tok.status).toBe(200);
    expect(typeof tok.json.access_token).toBe('string');
    expect(received().path).toBe('/auth/oauth/token');
    expect(received().body).toMatchObject({ audience: V2_AUDIENCE, client_id: 'legacy-app' });
    const auth = { authorization: `Bearer ${tok.json.access_token}` };

    // --- create interview ---------------------------------------------------------------------------
    const createBody: Record<string, unknown> = { profile: { age: 34, sex: 'female' }, location: { zip: '02139' } };
    if (old) createBody.interview_mode = true;
    const created = await request(P, 'POST', '/api/interviews/anonymous/', { body: createBody, headers: auth });
    expect(created.status).toBe(201);
    const iv = created.json;
    expect(iv.profile).toEqual({ age: 34, sex: 'female', race: null, height: null, weight: null, bmi: null });
    expect(iv.marketplace).toBeNull();
    expect(iv.variant).toBeNull();
    expect(iv.mode).toBe(startMode);
    if (old) expect(iv.interview_mode).toBeNull();
    else expect(iv).not.toHaveProperty('interview_mode');
    const ivUrl = `${api}/interviews/${iv.token}/`;
    expect(iv._links.self).toBe(ivUrl);
    expect(created.headers.location).toBe(ivUrl);
    expect(received().path).toBe('interviews/anonymous/');
    expect(received().body).toEqual({ profile: { age: 34, sex: 'female' }, location: { zip: '02139' } });
    expect(received().headers.authorization).toBe(auth.authorization);
    expect(received().headers['sc-legacy-version']).toBeUndefined();

    // --- mode update before any complaint: nothing produced -------------------------------------------
    const idle = await request(P, 'PUT', pathOf(ivUrl), { body: { mode: startMode }, headers: auth });
    expect(received().body).toEqual({ mode: 'input' });
    expect(idle.status).toBe(old ? 202 : 200);
    expect(typeof idle.json._links.msg).toBe('string');
    if (old) expect(idle.json.msg).toBe(idle.json._links.msg);
    else expect(idle.json).not.toHaveProperty('msg');
    expect(idle.json.mode).toBe(startMode);
    expect(idle.json.profile.race).toBeNull();

    // --- complaint, with the removed extra ------------------------------------------------------------
    const complaint = await request(P, 'POST', '/api/complaints/', {
      body: { interview: iv.token, text: 'headache', extra: 'since Monday' },
      headers: auth,
    });
    expect(complaint.status).toBe(201);
    expect(received().body).toEqual({ interview: iv.token, text: 'headache' });
    expect(complaint.json.extra).toBeNull();
    expect(complaint.json.text).toBe('headache');
    expect(complaint.headers.location).toBe(`${api}/complaints/${complaint.json.token}/`);

    // --- intent, with the removed detail and context ---------------------------------------------------
    const intent = await request(P, 'POST', '/api/intents/', {
      body: { interview: iv.token, text: 'find care', detail: 'urgent', context: 'work' },
      headers: auth,
    });
    expect(intent.status).toBe(201);
    expect(received().body).toEqual({ interview: iv.token, text: 'find care' });
    expect(intent.json).toMatchObject({ text: 'find care', detail: null, context: null });

    // --- mode update that produces a question: 200 at every pin ---------------------------------------
    const started = await request(P, 'PUT', pathOf(ivUrl), { body: { mode: startMode }, headers: auth });
    expect(started.status).toBe(200);
    expect(received().body).toEqual({ mode: 'input' });
    if (old) expect(started.json.msg).toBe(started.json._links.msg);
    let next: string = started.json._links.next;
    expect(next.startsWith(`${api}/questions/`)).toBe(true);

    // --- question list ----------------------------------------------------------------------------------
    const list = await request(P, 'GET', `/api/questions/?interview=${iv.token}`, { headers: auth });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(3);
    for (const q of list.json) {
      expect(q.preselected).toBeNull();
      expect(q._links.self.startsWith(`${api}/questions/`)).toBe(true);
      for (const o of q.options) {
        expect(o.preselected).toBeNull();
        if (old) {
          expect(o).not.toHaveProperty('free_text');
          expect(o).not.toHaveProperty('media_alttext');
        } else {
          expect(o).toHaveProperty('free_text');
          expect(o).toHaveProperty('media_alttext');
        }
      }
      if (old) expect(q).not.toHaveProperty('media_alttext');
      else expect(q).toHaveProperty('media_alttext');
    }
    // v2 leaves out pre-selected options; they cannot be restored.
    expect(list.json[0].options.map((o: { token: string }) => o.token)).toEqual(['mild', 'severe']);

    // --- follow the links: read and answer every question ----------------------------------------------
    let answered = 0;
    while (next.startsWith(`${api}/questions/`)) {
      const q = await request(P, 'GET', pathOf(next), { headers: auth });
      expect(q.status).toBe(200);
      expect(q.json.preselected).toBeNull();
      const answer: Record<string, unknown> = { token: q.json.options[0].token };
      if (q.json.type === 'D') answer.extra = '48';
      else answer.extra = '';
      const a = await request(P, 'PUT', pathOf(next), { body: answer, headers: auth });
      expect(a.status).toBe(200);
      expect(received().body).toEqual(answer);
      next = a.json._links.next;
      answered++;
    }
    expect(answered).toBe(3);
    expect(next).toMatch(new RegExp(`^${api}/results/[0-9a-f-]+/$`));

    // --- result -----------------------------------------------------------------------------------------
    const result = await request(P, 'GET', pathOf(next), { headers: auth });
    expect(result.status).toBe(200);
    expect(result.json.advice).toBeNull();
    expect(result.json.test).toBeNull();
    expect(result.json.triage.level).toBe('primary_care');
    if (old) expect(result.json.triage_explanation.potential_condition.triage).toEqual(result.json.triage);
    else expect(result.json.triage_explanation.potential_condition).not.toHaveProperty('triage');
    expect(result.json._links.self).toBe(next);

    // Every API request the stand-in saw went to the v2 base with the client's token.
    const apiCalls = stack.mock.requests.filter((r) => r.path !== '/auth/oauth/token');
    expect(apiCalls.length).toBeGreaterThan(8);
    for (const r of apiCalls) expect(r.headers.authorization).toBe(auth.authorization);
    expect(JSON.stringify(stack.mock.requests.map((r) => r.body))).not.toMatch(/"(extra|detail|context|interview_mode)":"?(since|urgent|work|true)/);
  });

  it('answers the location failure with the status the pinned client knows', async () => {
    const tok = await request(stack.proxyUrl, 'POST', '/oauth/token', {
      body: { client_id: 'legacy-app', client_secret: 'x', audience: V1_AUDIENCE, grant_type: 'client_credentials' },
    });
    const r = await request(stack.proxyUrl, 'POST', '/api/interviews/anonymous/', {
      body: { profile: { age: 40, sex: 'male' } },
      headers: { 'sc-mock-location-failure': '1', authorization: `Bearer ${tok.json.access_token}` },
    });
    expect(r.status).toBe(old ? 400 : 422);
    expect(r.json.error).toBeDefined();
    // error bodies get no put-back fields
    expect(r.json).not.toHaveProperty('marketplace');
  });
});

describe('pins and removed values', () => {
  let stack: Stack;
  beforeEach(async () => {
    stack = await startStack();
  });
  afterEach(async () => {
    await stack.close();
  });

  async function interview(headers: Record<string, string> = {}) {
    const r = await request(stack.proxyUrl, 'POST', '/api/interviews/anonymous/', { body: { profile: { age: 30, sex: 'female' } }, headers });
    expect(r.status).toBe(201);
    return r.json;
  }

  it.each(['safe', 'triage'])("refuses mode '%s' for a client pinned before July 2020, saying it was removed", async (mode) => {
    const iv = await interview();
    const before = stack.mock.requests.length;
    const r = await request(stack.proxyUrl, 'PUT', `/api/interviews/${iv.token}/`, {
      body: { mode },
      headers: { 'SC-Legacy-Version': '2020-06' },
    });
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.json.error.code).toBe('removed-value');
    expect(r.json.error.message).toMatch(/removed in July 2020/);
    expect(r.json.error.change).toBe('mode-safe-triage-removed');
    expect(stack.mock.requests.length).toBe(before);
  });

  it('lets SC-Legacy-Version override the pin per request', async () => {
    const v1 = await interview();
    expect(v1.mode).toBe('input');
    expect(v1).not.toHaveProperty('interview_mode');
    const old = await interview({ 'SC-Legacy-Version': '2020-06' });
    expect(old.mode).toBe('complaint');
    expect(old.interview_mode).toBeNull();
    // 2020-09 knows the July 2020 changes but not the November 2020 ones
    const q = await request(stack.proxyUrl, 'GET', `/api/questions/?interview=${old.token}`, { headers: { 'SC-Legacy-Version': '2020-09' } });
    expect(q.json[0]).not.toHaveProperty('media_alttext');
    const sept = await interview({ 'SC-Legacy-Version': '2020-09' });
    expect(sept.mode).toBe('input');
  });

  it('answers a bad SC-Legacy-Version with a JSON 400', async () => {
    const r = await request(stack.proxyUrl, 'GET', '/api/questions/', { headers: { 'SC-Legacy-Version': 'v0' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad-legacy-version');
  });

  it('accepts older request dialects at any pin, answering in the pinned shape', async () => {
    const iv = await interview();
    // pinned at v1 (July 2021), a client still sending the 2020 flag and mode name is translated...
    const r = await request(stack.proxyUrl, 'PUT', `/api/interviews/${iv.token}/`, { body: { mode: 'complaint', interview_mode: true } });
    expect(r.status).toBe(200);
    expect(stack.mock.requests.at(-1)!.body).toEqual({ mode: 'input' });
    // ...but answered as v1 answered in July 2021: the new mode name, no top-level msg
    expect(r.json.mode).toBe('input');
    expect(r.json).not.toHaveProperty('msg');
    const safe = await request(stack.proxyUrl, 'PUT', `/api/interviews/${iv.token}/`, { body: { mode: 'safe' } });
    expect(safe.status).toBe(400);
    expect(safe.json.error.code).toBe('removed-value');
  });
});
