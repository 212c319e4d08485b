import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getChange } from '../../catalogue';
import type { Finding } from '../../codemods/types';
import { importSpecifiers } from '../../codemods/frontends/js';
import { conformEol, looksMinified, mergeTypeAwareFindings, resolveImport, scan, type FileOutcome } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';
import { defaultFrontEnds } from '../../lib/frontends';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';
const scanDir = (roots = ['.'], extra: { only?: string[] } = {}) =>
  scan({ roots, config: customConfig, cwd: dir, types: 'off', ...extra });

describe('scan', () => {
  it('parses files that pass the text scan plus files importing one of them (one hop), counting every file', async () => {
    writeTree(dir, {
      'src/api/client.ts': `export const BASE = '${V1}';\n`,
      'src/api/index.ts': `export * from './client';\n`,
      'src/esm.ts': `import { BASE } from './api/client.js';\nexport const b = BASE;\n`,
      'src/req.js': `const c = require('./api/client');\nmodule.exports = c;\n`,
      'src/models.ts': `import { BASE } from './api';\nexport const m = BASE;\n`,
      'src/unrelated.ts': `export const u = 1;\n`,
      'src/imports-unrelated.ts': `import { u } from './unrelated';\nexport const v = u;\n`,
    });
    const result = await scanDir();
    expect(result.filesScanned).toBe(7);
    expect(result.outcomes.map((o) => o.relPath)).toEqual(['src/api/client.ts', 'src/api/index.ts', 'src/esm.ts', 'src/req.js']);
    for (const o of result.outcomes) {
      expect(o.kind).toBe('js');
      expect(o.absPath).toBe(path.join(dir, o.relPath));
      expect(o.root).toBe('.');
    }
  });

  it('never parses a source that looks minified, named or not, but reports the v1 addresses in it', async () => {
    const bundle = `var a='${V1}';/*${'x'.repeat(30_000)}*/`;
    writeTree(dir, { 'public/bundle.js': bundle, 'src/a.js': `fetch('${V1}interviews/');\n` });
    for (const roots of [['.'], ['public/bundle.js']]) {
      const result = await scanDir(roots);
      const o = result.outcomes.find((x) => x.relPath.endsWith('bundle.js'))!;
      expect(o).toMatchObject({ status: 'unchanged', skipped: 'minified', before: bundle, after: bundle });
      expect(o.findings.map((f) => [f.line, f.column, f.change, f.fix])).toEqual([[1, 8, 'base-url', 'manual']]);
      expect(o.findings[0]!.message).toMatch(/minified/);
      expect(result.skipped!.minified).toBe(1);
    }
  });

  it('marks a file that does not parse as failed, keeps it as it was, and goes on', async () => {
    const broken = `const url = '${V1}' +;\n`;
    writeTree(dir, { 'src/broken.js': broken, '.env': `API=${V1}\n`, 'src/ok.js': `fetch('${V1}');\n` });
    const result = await scanDir();
    const byPath = Object.fromEntries(result.outcomes.map((o) => [o.relPath, o]));
    expect(byPath['src/broken.js']).toMatchObject({ status: 'failed', before: broken, after: broken });
    // The text pass still reports the v1 address inside the file it could not parse.
    expect(byPath['src/broken.js']!.findings.map((f) => [f.line, f.change, f.fix])).toEqual([[1, 'base-url', 'manual']]);
    expect(byPath['src/broken.js']!.error).toMatch(/^cannot parse: line 1, column \d+: /);
    expect(byPath['src/broken.js']!.error).not.toContain(dir);
    expect(byPath['.env']!.status).toBe('changed');
    expect(byPath['src/ok.js']!.status).not.toBe('failed');
  });

  it('rewrites text files in memory keeping BOM and CRLF, with findings from the catalogue ids', async () => {
    const env = `\uFEFFAPI=${V1}interviews/\r\n# keep me\r\nAUDIENCE=https://audience.old.example.test\r\n`;
    writeTree(dir, { '.env': env });
    const [o] = (await scanDir()).outcomes;
    expect(o!.kind).toBe('env');
    expect(o!.status).toBe('changed');
    expect(o!.before).toBe(env);
    expect(o!.after).toBe(
      '\uFEFFAPI=https://api.example.test/symptom-checker/v2/interviews/\r\n# keep me\r\nAUDIENCE=https://api.example.test\r\n',
    );
    expect(o!.findings.map((f) => [f.line, f.column, f.change])).toEqual([
      [1, 5, getChange('base-url').id],
      [3, 10, getChange('token-audience').id],
    ]);
  });

  it('refuses to migrate a file that is not UTF-8 (it could not be written back intact)', async () => {
    const bytes = Buffer.concat([Buffer.from(`# caf`), Buffer.from([0xe9]), Buffer.from(`\nAPI=${V1}\n`)]);
    writeTree(dir, { '.env': bytes });
    const [o] = (await scanDir()).outcomes;
    expect(o).toMatchObject({ status: 'failed', error: 'not UTF-8 text; left as it is' });
    expect(o!.after).toBe(o!.before);
    expect(o!.findings.map((f) => [f.line, f.change, f.fix])).toEqual([[2, 'base-url', 'manual']]);
  });

  it('finds v1 usage in UTF-16 files (with or without a byte order mark) and never writes them back', async () => {
    const src = `// settings\r\nconst string Api = "${V1}";\r\n`;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(src, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(src, 'utf16le').swap16()]);
    const bare = Buffer.from(src, 'utf16le');
    const other = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(src.replace(V1, 'https://desk.example.com/api/'), 'utf16le')]);
    writeTree(dir, { 'Le.cs': le, 'Be.cs': be, 'Bare.cs': bare, 'Desk.cs': other });
    const result = await scanDir();
    const byPath = Object.fromEntries(result.outcomes.map((o) => [o.relPath, o]));
    for (const [name, enc] of [['Le.cs', 'UTF-16LE'], ['Be.cs', 'UTF-16BE'], ['Bare.cs', 'UTF-16LE']] as const) {
      expect(byPath[name], name).toMatchObject({ status: 'failed', error: `${enc} text: sc-migrate writes only UTF-8; left as it is` });
      expect(byPath[name]!.after).toBe(byPath[name]!.before);
      expect(byPath[name]!.findings.map((f) => [f.line, f.change, f.fix])).toEqual([[2, 'base-url', 'manual']]);
    }
    expect(byPath['Desk.cs']?.findings ?? []).toEqual([]);
    expect(result.skipped).toMatchObject({ binary: 0 });
  });

  it('restricts to --only ids (the text scan and the migration)', async () => {
    writeTree(dir, { '.env': `API=${V1}\n` });
    const result = await scanDir(['.'], { only: [getChange('token-audience').id] });
    expect(result.outcomes.every((o) => o.status === 'unchanged')).toBe(true);
  });

  it('reports progress for every selected file', async () => {
    writeTree(dir, { 'a.js': `x('${V1}')\n`, 'b.js': `import './a';\n`, 'c.js': '', 'd.json': '{}' });
    const calls: [number, number][] = [];
    await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off', onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toHaveLength(4);
    expect(calls.at(-1)).toEqual([4, 4]);
  });

  it('reads each selected file once, in the first pass, when it has no importers to resolve: no file is read again', async () => {
    writeTree(dir, { 'a.js': `x('${V1}')\n`, 'b.js': `y()\n` });
    // The first pass reads synchronously; every later pass (importers, linked files, re-analysis) reads with fs.promises.
    const spy = fs.promises.readFile;
    let again = 0;
    fs.promises.readFile = ((...args: Parameters<typeof spy>) => {
      again++;
      return spy(...args);
    }) as typeof spy;
    let result: Awaited<ReturnType<typeof scanDir>> | undefined;
    try {
      result = await scanDir();
    } finally {
      fs.promises.readFile = spy;
    }
    expect(again).toBe(0);
    expect(result?.filesScanned).toBe(2);
  });

  it('counts a file over the size limit as binary when its first bytes say so, and searches only a large text', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), Buffer.alloc(4096, 0x41), Buffer.from(`\n${V1}\n`)]);
    writeTree(dir, { 'lib/app.jar': big, 'notes.txt': `${'x'.repeat(5000)}\n${V1}\n` });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off', maxFileSize: 1024 });
    expect(result.skipped).toMatchObject({ binary: 1, 'too-large': 1 });
    expect(result.outcomes.map((o) => o.relPath)).toEqual(['notes.txt']);
  });

  it("a front-end that fails on a file (not a syntax error) leaves it as it is, fails it with the reason, and the text pass still reports its v1 address", async () => {
    writeTree(dir, { 'src/client.js': `export const BASE = '${V1}';\n` });
    const frontEnds = defaultFrontEnds();
    const js = frontEnds.forFile(path.join(dir, 'src/client.js'));
    frontEnds.register({ ...js, id: 'js-failing', analyze: () => { throw new Error('index out of range'); } }, { first: true });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off', frontEnds });
    const o = result.outcomes.find((x) => x.relPath === 'src/client.js')!;
    expect(o.status).toBe('failed');
    expect(o.after).toBe(o.before);
    expect(o.error).toBe('sc-migrate could not migrate this file: index out of range');
    expect(o.findings.map((f) => [f.line, f.change, /in a file sc-migrate failed on/.test(f.message)])).toEqual([[1, 'base-url', true]]);
  });

  it('names imported from a module that talks only to another API tie nothing to this one (a helpdesk client\'s `fileComplaint`)', async () => {
    writeTree(dir, {
      'src/desk.js': `import axios from 'axios';\nconst desk = axios.create({ baseURL: process.env.DESK_URL });\nexport function openTicket(t, mode = 'question') {\n  return desk.post('tickets.json', { ticket: { subject: t.subject, mode } });\n}\nexport const fileComplaint = (t) => openTicket(t, 'complaint');\n`,
      'src/deskSaga.js': `import { call } from 'redux-saga/effects';\nimport { fileComplaint, openTicket } from './desk';\nexport function* contact({ payload }) {\n  const { mode, subject } = payload;\n  return mode === 'complaint' ? yield call(fileComplaint, { subject }) : yield call(openTicket, { subject });\n}\n`,
      // What the file hands to the helpdesk (`interview:` as a key of its payload) does not make it this API's.
      'src/routes/contact.js': `import { openTicket } from '../desk';\nexport async function send(form, sessionId) {\n  const mode = form.get('mode') ?? 'question';\n  return openTicket({\n    subject: mode === 'complaint' ? 'A complaint' : 'A question',\n    mode,\n    extra: { interview: sessionId },\n  });\n}\n`,
      'src/checkerSaga.js': `import { call } from 'redux-saga/effects';\nimport { fileComplaint } from './desk';\nexport function* next(interview) {\n  if (interview.mode === 'complaint') yield call(fileComplaint, { subject: 'x' });\n  yield call(fetch, '${V1}interviews/1/', { method: 'PUT', body: JSON.stringify({ mode: 'complaint' }) });\n}\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/desk.js')).toEqual([]);
    expect(findings('src/deskSaga.js')).toEqual([]);
    expect(findings('src/routes/contact.js')).toEqual([]);
    // A file that also speaks to this API keeps its own modes.
    expect(findings('src/checkerSaga.js').filter(([, c]) => c !== 'base-url')).toEqual([[4, 'mode-complaint-renamed-input'], [5, 'mode-complaint-renamed-input']]);
  });

  it("another API's modes stay its own: a desk client on `${DESK_URL}tickets`, its ticket's mode in a page, a chat store's mode map and a component bound to that store", async () => {
    writeTree(dir, {
      'src/desk.server.ts': `export async function openTicket(form: { kind: string }, interviewToken?: string) {\n  const res = await fetch(\`\${process.env.DESK_URL}tickets\`, {\n    method: 'POST',\n    body: JSON.stringify({ mode: form.kind === 'complaint' ? 'complaint' : 'general' }),\n  });\n  return res.json();\n}\n`,
      'src/checker.server.ts': `export async function startInterview(token: string) {\n  const res = await fetch(\`\${process.env.SC_URL}interviews/\${token}/\`, { method: 'PUT', body: JSON.stringify({ mode: 'complaint' }) });\n  return res.json();\n}\n`,
      'src/routes/support.tsx': `import { openTicket } from '../desk.server';\nimport { startInterview } from '../checker.server';\nexport function Support({ ticket, summary }: any) {\n  return <div>{ticket.mode === 'complaint' ? <p>We will review it.</p> : null}{summary.mode === 'complaint' ? <p>Tell us more.</p> : null}</div>;\n}\nexport const send = (f: any, t: string) => openTicket(f, t).then(() => startInterview(t));\n`,
      'src/modes.js': `export const INTERVIEW_MODES = Object.freeze({ COMPLAINT: 'complaint' });\nexport const CHAT_MODES = Object.freeze({ QUESTION: 'question', COMPLAINT: 'complaint' });\n`,
      'src/store/chat.js': `import * as desk from '../desk.server';\nimport { CHAT_MODES } from '../modes';\nexport default {\n  state: () => ({ mode: CHAT_MODES.QUESTION }),\n  getters: { isComplaint: (state) => state.mode === 'complaint' },\n  actions: {\n    async fileComplaint({ commit }, subject) {\n      await desk.openTicket({ kind: 'complaint' });\n      commit('SET', { mode: CHAT_MODES.COMPLAINT });\n    },\n  },\n};\n`,
      'src/store/interview.js': `import { INTERVIEW_MODES } from '../modes';\nimport { startInterview } from '../checker.server';\nexport default { state: () => ({ mode: INTERVIEW_MODES.COMPLAINT }), actions: { start: (_, t) => startInterview(t) } };\n`,
      'src/Chat.vue': `<template>\n  <button v-if="mode === 'complaint'">Talk to a person</button>\n</template>\n<script>\nimport { mapState } from 'vuex'\nexport default { computed: { ...mapState('helpdesk', ['mode']) } }\n</script>\n`,
      'src/Step.vue': `<template>\n  <p v-if="mode === 'complaint'">Describe it</p>\n</template>\n<script>\nimport { mapState } from 'vuex'\nexport default { computed: { ...mapState('interview', ['mode']) } }\n</script>\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    const mode = 'mode-complaint-renamed-input';
    expect(findings('src/desk.server.ts')).toEqual([]);
    expect(findings('src/checker.server.ts')).toEqual([[2, mode, 'auto']]);
    // The ticket's mode is the desk's; the summary of the interview keeps its site.
    expect(findings('src/routes/support.tsx')).toEqual([[4, mode, 'auto']]);
    expect(findings('src/store/chat.js')).toEqual([]);
    expect(findings('src/modes.js')).toEqual([[1, mode, 'auto']]);
    expect(findings('src/Chat.vue')).toEqual([]);
    expect(findings('src/Step.vue')).toEqual([[2, mode, 'manual']]);
    expect(result.outcomes.find((o) => o.relPath === 'src/Chat.vue')?.after).toBe(result.outcomes.find((o) => o.relPath === 'src/Chat.vue')?.before);
  });

  it("a constant that aliases another (`INITIAL_MODE = MODES.COMPLAINT`) is reported where it is written, not where it is used; a desk's alias stays the desk's", async () => {
    writeTree(dir, {
      'src/modes.js': `export const MODES = { COMPLAINT: 'complaint', TRIAGE: 'other' };\nexport const INITIAL_MODE = MODES.COMPLAINT;\nexport const START_MODE = 'complaint';\n`,
      'src/reducer.js': `import { INITIAL_MODE, MODES, START_MODE } from './modes';\nexport const initialState = { token: null, mode: INITIAL_MODE };\nexport const reset = () => ({ mode: MODES.COMPLAINT });\nexport const start = () => ({ mode: START_MODE });\nexport const put = (t) => fetch(\`${V1}interviews/\${t}/\`, { method: 'PUT', body: JSON.stringify({ mode: INITIAL_MODE }) });\n`,
      'src/desk-modes.js': `export const TICKET_MODES = { COMPLAINT: 'complaint' };\nexport const DEFAULT_TICKET = TICKET_MODES.COMPLAINT;\n`,
      'src/desk.js': `import axios from 'axios';\nimport { DEFAULT_TICKET } from './desk-modes';\nconst desk = axios.create({ baseURL: process.env.DESK_URL });\nexport const open = (subject) => desk.post('tickets', { subject, mode: DEFAULT_TICKET });\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    const mode = 'mode-complaint-renamed-input';
    expect(findings('src/modes.js')).toEqual([[1, mode, 'auto'], [2, mode, 'auto'], [3, mode, 'auto']]);
    // The uses of `MODES.COMPLAINT` and of the literal's constant keep their notes; the alias's uses have none.
    expect(findings('src/reducer.js')).toEqual([[3, mode, 'auto'], [4, mode, 'auto']]);
    expect(findings('src/desk-modes.js')).toEqual([]);
    expect(findings('src/desk.js')).toEqual([]);
  });

  it("a wrapper whose URL is another file's constant sends its parameters to callers that import it as a namespace (`yield call(api.createComplaint, …, extra)`); a desk wrapper's do not", async () => {
    writeTree(dir, {
      'src/endpoints.js': `export const ENDPOINTS = { complaints: 'complaints/' };\nexport const DESK = { tickets: 'tickets/' };\n`,
      'src/api.js': `import { ENDPOINTS } from './endpoints';\nconst request = (path, body) => fetch(\`${V1}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\nexport const createComplaint = (interview, text, extra) => request(ENDPOINTS.complaints, { interview, text, extra });\n`,
      'src/desk.js': `import { DESK } from './endpoints';\nconst request = (path, body) => fetch(\`\${process.env.DESK_URL}\${path}\`, { method: 'POST', body: JSON.stringify(body) });\nexport const createTicket = (subject, mode, extra) => request(DESK.tickets, { subject, mode, extra });\n`,
      'src/saga.js': `import { call } from 'redux-saga/effects';\nimport * as api from './api';\nimport * as desk from './desk';\nexport function* submit({ payload }) {\n  yield call(api.createComplaint, payload.token, payload.text, payload.extra);\n  yield call(desk.createTicket, payload.text, 'complaint', payload.extra);\n  return api.createComplaint(payload.token, payload.text, payload.note);\n}\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    const extra = 'complaint-extra-removed';
    expect(findings('src/saga.js')).toEqual([[5, extra, 'manual'], [7, extra, 'manual']]);
    expect(findings('src/desk.js')).toEqual([]);
  });

  it("an argument another file's wrapper sends as the mode is a mode (`yield call(api.moveTo, token, 'safe')`); one a desk wrapper sends as a ticket's mode is not", async () => {
    writeTree(dir, {
      'src/endpoints.js': `export const ENDPOINTS = { interview: (t) => \`interviews/\${t}/\` };\nexport const DESK = { ticket: (id) => \`tickets/\${id}/\` };\n`,
      'src/api.js': `import { ENDPOINTS } from './endpoints';\nconst put = (path, body) => fetch(\`${V1}\${path}\`, { method: 'PUT', body: JSON.stringify(body) });\nexport const moveTo = (token, next) => put(ENDPOINTS.interview(token), { mode: next });\n`,
      'src/desk.js': `import { DESK } from './endpoints';\nconst put = (path, body) => fetch(\`\${process.env.DESK_URL}\${path}\`, { method: 'PUT', body: JSON.stringify(body) });\nexport const moveTicket = (id, next) => put(DESK.ticket(id), { mode: next });\n`,
      'src/saga.js': `import { call } from 'redux-saga/effects';\nimport * as api from './api';\nimport * as desk from './desk';\nexport function* escalateInterview(token, ticket) {\n  yield call(api.moveTo, token, 'safe');\n  yield call(desk.moveTicket, ticket, 'safe');\n}\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('src/saga.js')).toEqual([[5, 'mode-safe-triage-removed', 'manual']]);
    expect(findings('src/desk.js')).toEqual([]);
  });

  it('an enum another file uses as the interview mode is the mode type: its other members are modes too (a desk enum used for tickets is not)', async () => {
    writeTree(dir, {
      'src/steps.ts': `export enum Step {\n  Complaint = 'complaint',\n  Safe = 'safe',\n  Symptoms = 'symptoms',\n}\n`,
      'src/api.ts': `import axios from 'axios';\nimport { Step } from './steps';\nexport const toSymptoms = (t: string) => axios.put(\`${V1}interviews/\${t}/\`, { mode: Step.Symptoms });\n`,
      'src/desk-kinds.ts': `export enum Kind {\n  Complaint = 'complaint',\n  Safe = 'safe',\n  Question = 'question',\n}\n`,
      'src/desk.ts': `import axios from 'axios';\nimport { Kind } from './desk-kinds';\nexport const ask = (text: string) => axios.post('https://desk.example.com/api/tickets/', { mode: Kind.Question, text });\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('src/steps.ts')).toEqual([
      [2, 'mode-complaint-renamed-input', 'auto'],
      [3, 'mode-safe-triage-removed', 'manual'],
    ]);
    expect(findings('src/desk-kinds.ts')).toEqual([]);
    expect(findings('src/desk.ts')).toEqual([]);
  });

  it('a reducer reads what other files dispatch under its case\'s action type (redux-saga `put`, a thunk\'s `dispatch`)', async () => {
    writeTree(dir, {
      'src/types.js': `export const GOT_RESULT = 'results/GOT';\nexport const GOT_TICKET = 'desk/GOT_TICKET';\n`,
      'src/saga.js': `import { call, put } from 'redux-saga/effects';\nimport * as A from './types';\nexport function* load({ token }) {\n  const res = yield call(fetch, '${V1}results/' + token + '/');\n  yield put({ type: A.GOT_RESULT, payload: res.data });\n}\n`,
      'src/thunk.js': `import { GOT_TICKET } from './types';\nexport const loadTicket = (id) => async (dispatch) => {\n  const res = await fetch('https://desk.example.com/api/tickets/' + id);\n  dispatch({ type: GOT_TICKET, payload: await res.json() });\n};\n`,
      'src/reducer.js': `import * as A from './types';\nexport default function checkup(state = {}, action) {\n  switch (action.type) {\n    case A.GOT_RESULT:\n      return { ...state, tips: action.payload.advice };\n    case A.GOT_TICKET:\n      return { ...state, hints: action.payload.advice };\n    default:\n      return state;\n  }\n}\n`,
      'src/literal-reducer.js': `import { GOT_TICKET } from './types';\nexport function tips(state = [], action) {\n  if (action.type === 'results/GOT') return action.payload.advice;\n  return state;\n}\n`,
    });
    const result = await scanDir();
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    // The ticket's `advice` (another API's payload) stays unreported.
    expect(findings('src/reducer.js')).toEqual([[5, 'result-advice-test-removed', 'manual']]);
    expect(findings('src/literal-reducer.js')).toEqual([[3, 'result-advice-test-removed', 'manual']]);
  });
});

describe('helpers', () => {
  it('conformEol: CRLF files get CRLF on inserted lines; LF and mixed files are left alone', () => {
    expect(conformEol('a\r\nb\r\n', 'x\na\r\nb\r\n')).toBe('x\r\na\r\nb\r\n');
    expect(conformEol('a\nb\n', 'x\na\nb\n')).toBe('x\na\nb\n');
    expect(conformEol('a\r\nb\n', 'x\na\r\nb\n')).toBe('x\na\r\nb\n');
  });

  it('looksMinified: long lines or a huge mean line length', () => {
    expect(looksMinified('const a = 1;\n'.repeat(500))).toBe(false);
    expect(looksMinified('a;'.repeat(20_000))).toBe(true);
    expect(looksMinified(('x'.repeat(600) + '\n').repeat(10))).toBe(true);
  });

  it('importSpecifiers and resolveImport: relative specifiers, extensions, index files, .js → .ts', () => {
    const src = `import a from './a';\nimport './side';\nexport { b } from "../b";\nconst c = require('./c');\nconst d = await import('./d.js');\nimport e from 'e';\nimport f from '.';`;
    expect(importSpecifiers(src).sort()).toEqual(['.', '../b', './a', './c', './d.js', './side']);
    const known = new Set(['/r/src/a.tsx', '/r/b/index.ts', '/r/src/d.ts', '/r/src/index.js']);
    expect(resolveImport('/r/src/x.ts', './a', known)).toBe('/r/src/a.tsx');
    expect(resolveImport('/r/src/x.ts', '../b', known)).toBe('/r/b/index.ts');
    expect(resolveImport('/r/src/x.ts', './d.js', known)).toBe('/r/src/d.ts');
    expect(resolveImport('/r/src/x.ts', '.', known)).toBe('/r/src/index.js');
    expect(resolveImport('/r/src/x.ts', './missing', known)).toBeNull();
  });

  it('mergeTypeAwareFindings: adds findings to their outcomes without duplicates', () => {
    const f = (line: number, column: number, change = 'result-advice-test-removed'): Finding => ({
      line,
      column,
      endLine: line,
      endColumn: column + 1,
      change,
      fix: 'manual',
      message: 'm',
    });
    const outcome: FileOutcome = {
      root: '.',
      absPath: '/r/a.ts',
      relPath: 'a.ts',
      kind: 'js',
      status: 'unchanged',
      findings: [f(3, 1)],
      before: '',
      after: '',
    };
    const merged = mergeTypeAwareFindings([outcome], new Map([['/r/a.ts', [f(3, 1), f(1, 2), f(3, 1, 'base-url')]], ['/r/zz.ts', [f(1, 1)]]]));
    expect(merged).toHaveLength(1);
    expect(merged[0]!.findings.map((x) => [x.line, x.column, x.change])).toEqual([
      [1, 2, 'result-advice-test-removed'],
      [3, 1, 'result-advice-test-removed'],
      [3, 1, 'base-url'],
    ]);
    expect(outcome.findings).toHaveLength(1);
  });
});
