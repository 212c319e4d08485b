import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('client objects of another file', () => {
  it("a value handed to a method of an exported client object that sends it as a removed field is reported where it is built and passed (a desk client's is not)", async () => {
    writeTree(dir, {
      'src/api/checker.js': `import http from './http';\nexport default {\n  fileComplaint(token, text, extra = {}) {\n    return http.post('complaints/', { interview: token, text, extra });\n  },\n};\n`,
      'src/api/desk.js': `import http from './http';\nexport const desk = {\n  note: (id, text, extra) => http.post('https://desk.example.com/api/complaints/', { ticket: id, text, extra }),\n};\n`,
      'src/store/complaints.js': `import api from '../api/checker';\nimport { desk } from '../api/desk';\nexport async function add(interview, form) {\n  const extra = { onset: form.onset };\n  await api.fileComplaint(interview.token, form.text, extra);\n  const deskExtra = { onset: form.onset };\n  return desk.note(form.ticket, form.text, deskExtra);\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    // The wrapper loses the field automatically; its callers still build and pass it, for a person to drop.
    expect(findings('src/api/checker.js')).toEqual([[4, 'complaint-extra-removed', 'auto']]);
    expect(findings('src/store/complaints.js')).toEqual([
      [4, 'complaint-extra-removed', 'manual'],
      [5, 'complaint-extra-removed', 'manual'],
    ]);
    expect(findings('src/api/desk.js')).toEqual([]);
  });
});
