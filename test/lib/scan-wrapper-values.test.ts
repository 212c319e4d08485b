import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('client objects of another file', () => {
  it("a value handed to a method of an exported client object that sends it as a removed field is reported where it is passed, and where it is built (a desk client's is not); so is one the client's body loses in the run, since the parameter that carried it is then dead", async () => {
    writeTree(dir, {
      'src/api/checker.js': `import http from './http';\nexport default {\n  startCheckup(age, sex, height) {\n    return http.post('interviews/anonymous/', { profile: { age, sex, height } });\n  },\n  fileComplaint(token, text, extra = {}) {\n    return http.post('complaints/', { interview: token, text, extra });\n  },\n};\n`,
      'src/api/desk.js': `import http from './http';\nexport const desk = {\n  intake: (age, sex, height) => http.post('https://desk.example.com/api/interviews/', { profile: { age, sex, height } }),\n};\n`,
      'src/store/checkup.js': `import api from '../api/checker';\nimport { desk } from '../api/desk';\nexport async function start(form) {\n  const height = Number(form.height);\n  await api.startCheckup(form.age, form.sex, height);\n  const extra = { onset: form.onset };\n  await api.fileComplaint('t', form.text, extra);\n  return desk.intake(form.age, form.sex, height);\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('src/store/checkup.js')).toEqual([
      [5, 'interview-profile-fields-removed', 'manual'],
      [6, 'complaint-extra-removed', 'manual'],
      [7, 'complaint-extra-removed', 'manual'],
    ]);
    // The client's parameter that only carried the field it loses is reported beside the deletion.
    expect(findings('src/api/checker.js')).toContainEqual([6, 'complaint-extra-removed', 'manual']);
    expect(findings('src/api/desk.js')).toEqual([]);
  });
});

describe('the exported instance of a client class', () => {
  it("a value handed to a method of `export const client = new Client()` that sends it as a removed field is reported where it is passed; a desk client's instance is not", async () => {
    writeTree(dir, {
      'utils/buoy.ts': `class BuoyClient {\n  async request(method: string, path: string, body?: unknown) {\n    return fetch('https://old.example.test/api/' + path, { method, body: JSON.stringify(body) });\n  }\n  addIntent(interview: string, detail: string | null, context: string | null) {\n    return this.request('POST', 'intents/', { interview, detail, context });\n  }\n}\nexport const buoy = new BuoyClient();\n`,
      'utils/desk.ts': `class DeskClient {\n  addNote(ticket: string, detail: string) {\n    return fetch('https://desk.example.com/api/notes/', { method: 'POST', body: JSON.stringify({ ticket, detail }) });\n  }\n}\nexport const desk = new DeskClient();\n`,
      'routes/start.ts': `import { buoy } from '../utils/buoy.ts';\nimport { desk } from '../utils/desk.ts';\nexport async function start(token: string, body: { detail?: string }) {\n  await buoy.addIntent(token, body.detail ?? null, null);\n  await desk.addNote(token, body.detail ?? '');\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('routes/start.ts')).toEqual([[4, 'intent-detail-context-removed', 'manual']]);
    expect(findings('utils/desk.ts')).toEqual([]);
  });
});
